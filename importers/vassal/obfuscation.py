"""The three encodings of a save's `savedGame` entry (research notes §3.2).

* `!VCSK` + two hex digits of a key k + every UTF-8 byte XOR k as two hex
  digits (written by VASSAL 3.2 to 3.7);
* `VOBS` + one raw key byte + the raw bytes XOR k (VASSAL >= 3.8);
* plain UTF-8 text with no header (VASSAL before 3.2, and accepted always).

Decoding uses `binascii.a2b_hex` (on a view of the entry, without copying it)
and `bytes.translate`, the primitives of the benchmark floor. Errors name the
byte offset inside the entry.
"""

from __future__ import annotations

import binascii
import re
from collections.abc import Iterable
from itertools import chain

from adjudicator.core.errors import MalformedInput
from adjudicator.core.record import FrozenRecord

VCSK = "!VCSK"
VOBS = "VOBS"
PLAIN = "plain"


class Encoding(FrozenRecord):
    """How a `savedGame` entry was (or will be) written."""

    __slots__ = ("kind", "key")

    kind: str
    key: int

    def __init__(self, kind: str = VCSK, key: int = 0x2A) -> None:
        if kind not in (VCSK, VOBS, PLAIN):
            raise ValueError(f"unknown savedGame encoding {kind!r}")
        if not 0 <= key <= 255:
            raise ValueError("the key is one byte")
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "key", key)


_TABLES: dict[int, bytes] = {}
_NON_HEX = re.compile(rb"[^0-9a-fA-F]")


def _table(key: int) -> bytes:
    t = _TABLES.get(key)
    if t is None:
        t = bytes(b ^ key for b in range(256))
        _TABLES[key] = t
    return t


_CHUNK = 1 << 20


def deobfuscate(data: bytes, where: str) -> tuple[bytes | bytearray, Encoding, int]:
    """The UTF-8 bytes of the command stream, the encoding found, and the offset
    in `data` of decoded byte 0 with the number of entry bytes per decoded byte
    (for error offsets: entry offset = start + i * width)."""
    if data.startswith(b"!VCSK"):
        key_hex = data[5:7]
        try:
            key = int(key_hex.decode("ascii"), 16)
            if len(key_hex) != 2 or not all(c in b"0123456789abcdefABCDEF" for c in key_hex):
                raise ValueError
        except (ValueError, UnicodeDecodeError):
            raise MalformedInput(f"bad !VCSK key {key_hex!r} at offset 5", where) from None
        body = memoryview(data)[7:]  # no copy of a multi-MB entry
        if len(body) % 2:
            raise MalformedInput(f"odd number of hex digits: the entry is truncated at offset {len(data)}", where)
        table = _table(key)
        if len(body) <= 2 * _CHUNK:
            try:
                raw = binascii.a2b_hex(body)  # like VASSAL: no whitespace allowed
            except binascii.Error:
                raise MalformedInput(f"bad hex digit at offset {7 + _first_non_hex(bytes(body))}", where) from None
            return raw.translate(table), Encoding(VCSK, key), 7
        # A big entry is decoded in 1 MB pieces into one buffer: the hex and
        # the key's XOR are never both whole in memory beside the entry.
        out = bytearray(len(body) // 2)
        for i in range(0, len(body), 2 * _CHUNK):
            try:
                out[i // 2 : i // 2 + _CHUNK] = binascii.a2b_hex(body[i : i + 2 * _CHUNK]).translate(table)
            except binascii.Error:
                raise MalformedInput(f"bad hex digit at offset {7 + i + _first_non_hex(bytes(body[i:i + 2 * _CHUNK]))}",
                                     where) from None
        return out, Encoding(VCSK, key), 7
    if data.startswith(b"VOBS"):
        if len(data) < 5:
            raise MalformedInput("VOBS header without a key: the entry is truncated at offset 4", where)
        key = data[4]
        return data[5:].translate(_table(key)), Encoding(VOBS, key), 5
    if data[:1] == b"!" and data[1:5].isalpha() and data[1:5].isupper():
        raise MalformedInput(f"unknown savedGame encoding {data[:5].decode('ascii', 'replace')!r} at offset 0", where)
    return data, Encoding(PLAIN, 0), 0


def deobfuscate_stream(pieces: Iterable[bytes], where: str) -> tuple[bytes | bytearray, Encoding, int]:
    """`deobfuscate` of the concatenated pieces (an entry as the archive
    inflates it), with the same result and the same errors. A !VCSK entry's
    hex is decoded piece by piece into one growing buffer: neither the whole
    hex nor a zero-filled buffer is ever in memory, and on this VM every MB of
    fresh memory costs its page faults (the 28 MB of the Paths of Glory
    save's hex about 20 ms). Errors are raised once the pieces run out, as
    `deobfuscate` raises them after the entry is read, so that the archive's
    own errors (limits, CRC) still come first."""
    it = iter(pieces)
    head = b""
    for piece in it:
        head += piece
        if len(head) >= 7:
            break
    key_hex = head[5:7]
    if not head.startswith(b"!VCSK") or len(key_hex) != 2 or not all(c in _HEX_DIGITS for c in key_hex):
        return deobfuscate(head + b"".join(it), where)  # the other encodings, and a bad key's error
    key = int(key_hex, 16)
    table = _table(key)
    out = bytearray()
    bad = -1  # body offset of the first byte that is not a hex digit
    size = 0  # body bytes seen
    carry = b""  # the odd byte left at the end of a piece
    first: memoryview = memoryview(head)[7:]
    for view in chain((first,), map(memoryview, it)):
        at = size  # body offset of view[0]
        size += len(view)
        if bad >= 0 or not view:
            continue
        start = 0
        if carry:
            pair = carry + bytes(view[:1])
            start = 1
            try:
                out += binascii.a2b_hex(pair).translate(table)
            except binascii.Error:
                bad = at - 1 + _first_non_hex(pair)
                continue
        end = start + (len(view) - start) // 2 * 2
        try:
            out += binascii.a2b_hex(view[start:end]).translate(table)
        except binascii.Error:
            bad = at + start + _first_non_hex(bytes(view[start:end]))
            continue
        carry = bytes(view[end:])
    if size % 2:
        raise MalformedInput(f"odd number of hex digits: the entry is truncated at offset {7 + size}", where)
    if bad >= 0:
        raise MalformedInput(f"bad hex digit at offset {7 + bad}", where)
    return out, Encoding(VCSK, key), 7


_HEX_DIGITS = b"0123456789abcdefABCDEF"


def _first_non_hex(body: bytes) -> int:
    m = _NON_HEX.search(body)
    return m.start() if m else len(body)


def decode_saved_game(data: bytes, where: str) -> tuple[str, Encoding]:
    """The command stream text of a `savedGame` entry and its encoding."""
    raw, enc, start = deobfuscate(data, where)
    return utf8_text(raw, enc, start, where), enc


def utf8_text(raw: bytes | bytearray, enc: Encoding, start: int, where: str) -> str:
    """The deobfuscated bytes as text (`start`: `deobfuscate`'s offset of
    decoded byte 0, for the error's entry offset). A caller that owns the
    entry can drop it between the two steps (peak memory of a big save)."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        width = 2 if enc.kind == VCSK else 1
        raise MalformedInput(
            f"invalid UTF-8 (byte 0x{raw[e.start]:02x}) at decoded byte {e.start}, entry offset {start + e.start * width}",
            where,
        ) from None
    return text


def obfuscate(raw: bytes, enc: Encoding) -> bytes:
    """Inverse of `deobfuscate`; with the original key it is byte-identical."""
    if enc.kind == VCSK:
        return b"!VCSK" + f"{enc.key:02x}".encode() + binascii.b2a_hex(raw.translate(_table(enc.key)))
    if enc.kind == VOBS:
        return b"VOBS" + bytes([enc.key]) + raw.translate(_table(enc.key))
    return raw


def encode_saved_game(text: str, enc: Encoding) -> bytes:
    return obfuscate(text.encode("utf-8"), enc)


def layout(enc: Encoding) -> tuple[int, int]:
    """(header bytes, entry bytes per decoded byte) of an encoding."""
    if enc.kind == VCSK:
        return 7, 2
    if enc.kind == VOBS:
        return 5, 1
    return 0, 1


def encode_fragment(text: str, enc: Encoding) -> bytes:
    """The entry bytes of a stretch of the stream (no header): every encoding
    works byte by byte, so stretches can be spliced into an encoded entry."""
    raw = text.encode("utf-8")
    if enc.kind == VCSK:
        return binascii.b2a_hex(raw.translate(_table(enc.key)))
    if enc.kind == VOBS:
        return raw.translate(_table(enc.key))
    return raw
