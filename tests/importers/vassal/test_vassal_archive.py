"""Hostile archives and savedGame encodings: one-line typed errors, never a crash."""

from __future__ import annotations

import io
import struct
import zipfile
from pathlib import Path

import pytest

from adjudicator.core.errors import MalformedInput
from importers.vassal.archive import Archive, Limits
from importers.vassal.obfuscation import PLAIN, VCSK, VOBS, Encoding, decode_saved_game, encode_saved_game


def make_zip(entries: list[tuple[str, bytes]], method: int = zipfile.ZIP_DEFLATED) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", method) as z:
        for name, data in entries:
            z.writestr(zipfile.ZipInfo(name), data, compress_type=method)
    return buf.getvalue()


def one_line(e: pytest.ExceptionInfo[MalformedInput]) -> str:
    text = e.value.one_line()
    assert "\n" not in text and "Traceback" not in text
    return text


def test_reads_a_plain_archive() -> None:
    a = Archive(make_zip([("savedGame", b"begin_save"), ("images/x.png", b"png")]), "t.vsav")
    assert a.read("savedGame") == b"begin_save"
    assert a.kind() == "save"


def test_ratio_bomb_is_refused() -> None:
    data = make_zip([("savedGame", b"\0" * (3 * 1024 * 1024))])
    with pytest.raises(MalformedInput) as e:
        Archive(data, "bomb.vsav")
    assert "compression ratio" in one_line(e) and "bomb.vsav: savedGame" in one_line(e)


def test_entry_and_total_size_limits() -> None:
    data = make_zip([("a", b"x" * 5000), ("b", b"y" * 5000)], zipfile.ZIP_STORED)
    with pytest.raises(MalformedInput, match="per-entry limit"):
        Archive(data, "big.vmod", Limits(max_entry_bytes=4000))
    with pytest.raises(MalformedInput, match="inflate to 10000 bytes"):
        Archive(data, "big.vmod", Limits(max_total_bytes=8000))


def test_entry_count_limit() -> None:
    data = make_zip([(f"e{i}", b"") for i in range(30)])
    with pytest.raises(MalformedInput, match="30 entries"):
        Archive(data, "many.vmod", Limits(max_entries=20))


def test_lying_central_directory_size_is_caught_when_inflating() -> None:
    data = bytearray(make_zip([("savedGame", b"z" * 100_000)]))
    # Patch the uncompressed size in the central directory and local header to 10.
    cd = data.rfind(b"PK\x01\x02")
    struct.pack_into("<I", data, cd + 24, 10)
    struct.pack_into("<I", data, 22, 10)
    a = Archive(bytes(data), "liar.vsav")
    with pytest.raises(MalformedInput) as e:
        a.read("savedGame")
    assert "liar.vsav: savedGame" in one_line(e)


@pytest.mark.parametrize("name", ["../evil.txt", "/etc/passwd", "a/../../b", "C:\\x", "images\\..\\..\\x"])
def test_path_traversal_names_are_refused(name: str) -> None:
    with pytest.raises(MalformedInput) as e:
        Archive(make_zip([(name, b"x")]), "trav.vmod")
    assert "path traversal" in one_line(e) and "offset" in one_line(e)


def test_duplicate_entries_are_refused() -> None:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("savedGame", b"a")
        with pytest.warns(UserWarning):
            z.writestr("savedGame", b"b")
    with pytest.raises(MalformedInput, match="duplicate entry"):
        Archive(buf.getvalue(), "dup.vsav")


def test_truncated_archive_names_the_file() -> None:
    data = make_zip([("savedGame", b"begin_save" * 100)])
    with pytest.raises(MalformedInput) as e:
        Archive(data[: len(data) // 2], "cut.vsav")
    assert one_line(e).startswith("cut.vsav: ")


def test_corrupt_entry_names_entry_and_offset() -> None:
    data = bytearray(make_zip([("buildFile.xml", b"<a>" + b"hello world " * 200 + b"</a>")]))
    data[40:60] = b"\xff" * 20
    a = Archive(bytes(data), "bad.vmod")
    with pytest.raises(MalformedInput) as e:
        a.read("buildFile.xml")
    assert "bad.vmod: buildFile.xml" in one_line(e) and "offset 0" in one_line(e)


def test_encrypted_entries_are_refused() -> None:
    data = bytearray(make_zip([("savedGame", b"x")], zipfile.ZIP_STORED))
    struct.pack_into("<H", data, 6, 1)
    cd = data.rfind(b"PK\x01\x02")
    struct.pack_into("<H", data, cd + 8, 1)
    with pytest.raises(MalformedInput, match="encrypted"):
        Archive(bytes(data), "enc.vsav")


def test_missing_file_and_directory(tmp_path: Path) -> None:
    with pytest.raises(MalformedInput, match="no such file"):
        Archive.open(tmp_path / "nope.vsav")
    with pytest.raises(MalformedInput, match="directory"):
        Archive.open(tmp_path)


# -- savedGame encodings -------------------------------------------------------------


@pytest.mark.parametrize("enc", [Encoding(VCSK, 0xD6), Encoding(VOBS, 7), Encoding(PLAIN, 0)])
def test_encodings_roundtrip_byte_exact(enc: Encoding) -> None:
    text = "begin_save\x1bCHAT Müller → ok\x1bend_save"
    data = encode_saved_game(text, enc)
    back, found = decode_saved_game(data, "x")
    assert back == text and found == enc
    assert encode_saved_game(back, found) == data


def test_vcsk_layout_is_lowercase_hex_of_xor() -> None:
    assert encode_saved_game("A", Encoding(VCSK, 0x01)) == b"!VCSK0140"


def test_bad_hex_digit_names_the_offset() -> None:
    with pytest.raises(MalformedInput, match="bad hex digit at offset 9") as e:
        decode_saved_game(b"!VCSK01" + b"40zz", "g.vsav: savedGame")
    assert one_line(e).startswith("g.vsav: savedGame: ")


def test_odd_hex_and_bad_key_and_unknown_header() -> None:
    with pytest.raises(MalformedInput, match="truncated"):
        decode_saved_game(b"!VCSK01404", "w")
    with pytest.raises(MalformedInput, match="key"):
        decode_saved_game(b"!VCSKzz40", "w")
    with pytest.raises(MalformedInput, match="unknown savedGame encoding '!VCSZ'"):
        decode_saved_game(b"!VCSZ0000", "w")
    with pytest.raises(MalformedInput, match="whitespace|bad hex"):
        decode_saved_game(b"!VCSK01 40 41", "w")


def test_invalid_utf8_names_decoded_and_entry_offsets() -> None:
    data = encode_saved_game("ab", Encoding(VCSK, 0))[:-2] + b"ff"
    with pytest.raises(MalformedInput, match=r"decoded byte 1, entry offset 9"):
        decode_saved_game(data, "w")
    with pytest.raises(MalformedInput, match=r"decoded byte 2, entry offset 2"):
        decode_saved_game(b"ab\xff", "w")
