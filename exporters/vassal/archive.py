"""Writing VASSAL archives: atomically (temp file + rename), so a failure never
leaves a half-written save or module; savedGame written first, as VASSAL does."""

from __future__ import annotations

import io
import time
import zipfile
from collections.abc import Iterable
from pathlib import Path

from adjudicator.core.errors import MalformedInput
from exporters.canonical import atomic_write
from importers.vassal.archive import check_entry_name
from importers.vassal.obfuscation import Encoding, encode_saved_game

# A fixed timestamp keeps written archives reproducible byte for byte.
EPOCH = (2024, 1, 1, 0, 0, 0)


def zip_bytes(entries: Iterable[tuple[str, bytes]]) -> bytes:
    buf = io.BytesIO()
    seen: set[str] = set()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in entries:
            problem = check_entry_name(name)
            if problem:
                raise MalformedInput(problem, name)
            if name in seen:
                raise MalformedInput("duplicate entry", name)
            seen.add(name)
            info = zipfile.ZipInfo(name, EPOCH)
            info.compress_type = zipfile.ZIP_STORED if name.endswith("/") else zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            # Saves are megabytes of hex text: the fastest deflate level compresses
            # them nearly as well, at a fraction of the time (VASSAL reads any level).
            z.writestr(info, data, compresslevel=1 if name == "savedGame" else 6)
    return buf.getvalue()


def write_archive(path: str | Path, entries: Iterable[tuple[str, bytes]]) -> None:
    atomic_write(Path(path), zip_bytes(entries))


def save_entries(text: str, encoding: Encoding, extra: dict[str, bytes]) -> list[tuple[str, bytes]]:
    """Entries of a .vsav/.vlog: savedGame, then savedata, moduledata, others."""
    return entries_with(encode_saved_game(text, encoding), extra)


def entries_with(saved_game: bytes, extra: dict[str, bytes]) -> list[tuple[str, bytes]]:
    """The same, from an encoded savedGame entry."""
    out = [("savedGame", saved_game)]
    for name in ("savedata", "moduledata"):
        if name in extra:
            out.append((name, extra[name]))
    out.extend((n, d) for n, d in extra.items() if n not in ("savedata", "moduledata", "savedGame"))
    return out


def save_metadata(module_version: str, vassal_version: str, comment: str = "") -> bytes:
    """A `savedata` document (SaveMetaData) for saves we write from scratch."""
    from xml.sax.saxutils import escape

    desc = f"  <description>{escape(comment)}</description>\n" if comment else ""
    return (
        '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<data version="1">\n'
        f"  <version>{escape(module_version)}</version>\n  <extra1/>\n  <extra2/>\n"
        f"  <VassalVersion>{escape(vassal_version)}</VassalVersion>\n"
        f"  <dateSaved>{int(time.mktime(EPOCH + (0, 0, -1))) * 1000}</dateSaved>\n{desc}</data>\n"
    ).encode("utf-8")
