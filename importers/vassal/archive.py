"""Safe reading of VASSAL archives (.vmod, .vmdx, .vsav, .vlog are all ZIP files).

A module or save comes from strangers (play by email), so the archive is
treated as hostile: the number of entries, each entry's and the total
uncompressed size and the compression ratio are bounded (zip bombs), entry
names that could escape a directory are refused (path traversal), encrypted
or duplicate entries are refused, and every failure is one line naming the
file, the entry and the byte offset of its local header. Sizes are enforced on
the bytes actually inflated, not on what the central directory claims.
"""

from __future__ import annotations

import io
import re
import zipfile
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

from adjudicator.core.errors import MalformedInput
from adjudicator.core.record import FrozenRecord

MiB = 1024 * 1024


class Limits(FrozenRecord):
    """Bounds on what an archive may inflate to. The defaults admit the largest
    real saves (tens of MB of command text) with a wide margin."""

    __slots__ = ("max_entries", "max_entry_bytes", "max_total_bytes", "max_ratio", "ratio_floor")

    max_entries: int
    max_entry_bytes: int
    max_total_bytes: int
    # Inflated/compressed ratio; checked for entries of at least `ratio_floor` bytes.
    max_ratio: float
    ratio_floor: int

    def __init__(
        self,
        max_entries: int = 20_000,
        max_entry_bytes: int = 512 * MiB,
        max_total_bytes: int = 2048 * MiB,
        max_ratio: float = 400.0,
        ratio_floor: int = 1 * MiB,
    ) -> None:
        object.__setattr__(self, "max_entries", max_entries)
        object.__setattr__(self, "max_entry_bytes", max_entry_bytes)
        object.__setattr__(self, "max_total_bytes", max_total_bytes)
        object.__setattr__(self, "max_ratio", max_ratio)
        object.__setattr__(self, "ratio_floor", ratio_floor)


DEFAULT_LIMITS = Limits()

_DRIVE = re.compile(r"^[A-Za-z]:")
_BIG_ENTRY = 4 << 20  # entries from this size are read piecewise (Archive._read_all)
_READ_CHUNK = 1 << 20


def check_entry_name(name: str) -> str | None:
    """Why an entry name is unsafe, or None when it is fine."""
    if not name:
        return "empty entry name"
    if "\x00" in name:
        return "entry name contains a NUL byte"
    if name.startswith(("/", "\\")) or _DRIVE.match(name):
        return "absolute entry name (path traversal)"
    parts = re.split(r"[/\\]", name)
    if any(p == ".." for p in parts):
        return "entry name climbs out of the archive with '..' (path traversal)"
    return None


@contextmanager
def _entry_errors(info: zipfile.ZipInfo, where: str) -> Iterator[None]:
    """What inflating an entry can raise, as one-line MalformedInput errors
    (`read` and `iter_read` alike)."""
    try:
        yield
    except zipfile.BadZipFile as e:
        raise MalformedInput(f"corrupt entry at offset {info.header_offset}: {e}", where) from None
    except (zlib.error, EOFError) as e:
        raise MalformedInput(f"corrupt or truncated data of the entry at offset {info.header_offset}: {e}", where) from None
    except NotImplementedError as e:
        raise MalformedInput(f"unsupported compression: {e}", where) from None
    except (OSError, ValueError) as e:
        raise MalformedInput(f"cannot read the entry at offset {info.header_offset}: {e}", where) from None


class Archive:
    """A validated ZIP archive; entries are read on demand under the limits."""

    def __init__(self, data: bytes | Path, name: str, limits: Limits = DEFAULT_LIMITS) -> None:
        self.name = name
        self.limits = limits
        self._inflated = 0
        try:
            source: io.BytesIO | Path = io.BytesIO(data) if isinstance(data, bytes) else data
            self._zip = zipfile.ZipFile(source)
            infos = self._zip.infolist()
        except zipfile.BadZipFile as e:
            raise MalformedInput(f"not a ZIP archive or truncated ({e})", name) from None
        except (OSError, EOFError, ValueError) as e:
            raise MalformedInput(f"cannot read the ZIP directory ({e})", name) from None
        if len(infos) > limits.max_entries:
            raise MalformedInput(f"{len(infos)} entries, over the limit of {limits.max_entries} (zip bomb?)", name)
        self._infos: dict[str, zipfile.ZipInfo] = {}
        declared = 0
        for info in infos:
            where = f"{name}: {info.filename}"
            problem = check_entry_name(info.filename)
            if problem:
                raise MalformedInput(f"{problem} (local header at offset {info.header_offset})", where)
            if info.filename in self._infos:
                raise MalformedInput(f"duplicate entry (local header at offset {info.header_offset})", where)
            if info.flag_bits & 0x1:
                raise MalformedInput("encrypted entry", where)
            self._check_size(info, info.file_size, where)
            declared += info.file_size
            self._infos[info.filename] = info
        if declared > limits.max_total_bytes:
            raise MalformedInput(
                f"entries inflate to {declared} bytes, over the limit of {limits.max_total_bytes} (zip bomb?)", name
            )

    @classmethod
    def open(cls, path: str | Path, limits: Limits = DEFAULT_LIMITS) -> "Archive":
        p = Path(path)
        if not p.exists():
            raise MalformedInput("no such file", str(p))
        if p.is_dir():
            raise MalformedInput("is a directory, not a VASSAL file", str(p))
        try:
            return cls(p, str(p), limits)
        except PermissionError:
            raise MalformedInput("permission denied", str(p)) from None

    def _check_size(self, info: zipfile.ZipInfo, size: int, where: str) -> None:
        lim = self.limits
        if size > lim.max_entry_bytes:
            raise MalformedInput(f"inflates to {size} bytes, over the per-entry limit of {lim.max_entry_bytes} (zip bomb?)", where)
        if size >= lim.ratio_floor and info.compress_size > 0 and size / info.compress_size > lim.max_ratio:
            raise MalformedInput(
                f"compression ratio {size / info.compress_size:.0f}:1 is over the limit of {lim.max_ratio:.0f}:1 (zip bomb?)",
                where,
            )

    def names(self) -> list[str]:
        return list(self._infos)

    def has(self, name: str) -> bool:
        return name in self._infos

    def info(self, name: str) -> zipfile.ZipInfo:
        return self._infos[name]

    def read(self, name: str) -> bytes:
        """Inflate one entry, enforcing the limits on the real output."""
        info = self._infos.get(name)
        where = f"{self.name}: {name}"
        if info is None:
            raise MalformedInput("no such entry in the archive", where)
        budget = min(self.limits.max_entry_bytes, self.limits.max_total_bytes - self._inflated)
        with _entry_errors(info, where), self._zip.open(info) as f:
            data = self._read_all(f, info, budget)
        if len(data) > budget:
            raise MalformedInput(f"inflates beyond {budget} bytes (declared {info.file_size}; zip bomb?)", where)
        self._check_size(info, len(data), where)
        self._inflated += len(data)
        return data

    def iter_read(self, name: str) -> Iterator[bytes]:
        """The entry `read` returns, in 1 MB pieces, under the same limits and
        with the same errors (raised when the pieces run out, or as soon as
        the entry inflates beyond the budget). A caller that transforms each
        piece (a save's hex) never has the whole entry in memory: the 28 MB of
        the Paths of Glory save's hex cost 20 ms of page faults to hold."""
        info = self._infos.get(name)
        where = f"{self.name}: {name}"
        if info is None:
            raise MalformedInput("no such entry in the archive", where)
        budget = min(self.limits.max_entry_bytes, self.limits.max_total_bytes - self._inflated)
        total = 0
        with _entry_errors(info, where), self._zip.open(info) as f:
            while total <= budget:
                chunk = f.read(min(_READ_CHUNK, budget + 1 - total))
                if not chunk:
                    break
                total += len(chunk)
                if total <= budget:
                    yield chunk
        if total > budget:
            raise MalformedInput(f"inflates beyond {budget} bytes (declared {info.file_size}; zip bomb?)", where)
        self._check_size(info, total, where)
        self._inflated += total

    @staticmethod
    def _read_all(f: IO[bytes], info: zipfile.ZipInfo, budget: int) -> bytes:
        """At most budget + 1 bytes of an open entry. A big entry is read in
        1 MB pieces into a buffer of its declared size: `ZipExtFile.read(n)`
        inflates it whole and then copies it (twice the entry in memory at
        once: 53 MB for the 13.9 M-character Paths of Glory save)."""
        size = info.file_size
        if size < _BIG_ENTRY or size > budget:
            return f.read(budget + 1)
        buf = bytearray(size)
        view = memoryview(buf)
        pos = 0
        while pos < size:
            chunk = f.read(min(_READ_CHUNK, size - pos))
            if not chunk:
                break  # shorter than declared: the CRC check of the last read has run
            view[pos : pos + len(chunk)] = chunk
            pos += len(chunk)
        extra = f.read(budget + 1 - size)  # longer than declared: counted on what is really inflated
        view.release()
        if pos < size:
            del buf[pos:]
        if extra:
            buf += extra
        return buf  # type: ignore[return-value]  # bytes-like; a copy to bytes would double the peak again

    def read_head(self, name: str, n: int) -> bytes:
        """The first `n` bytes of an entry (an image header): only that much is
        inflated, so a board image is not decompressed whole to learn its size."""
        info = self._infos.get(name)
        where = f"{self.name}: {name}"
        if info is None:
            raise MalformedInput("no such entry in the archive", where)
        try:
            with self._zip.open(info) as f:
                return f.read(n)
        except (zipfile.BadZipFile, zlib.error, EOFError, NotImplementedError, OSError, ValueError) as e:
            raise MalformedInput(f"cannot read the entry at offset {info.header_offset}: {e}", where) from None

    def read_text(self, name: str) -> str:
        data = self.read(name)
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError as e:
            raise MalformedInput(f"not UTF-8 at byte {e.start} (0x{data[e.start]:02x})", f"{self.name}: {name}") from None

    def kind(self) -> str:
        """'save' (.vsav/.vlog), 'extension', 'module' or 'unknown', decided as
        VASSAL's MetaDataFactory does (research notes §1.1)."""
        if self.has("savedGame"):
            return "save"
        if self.has("extensiondata"):
            return "extension"
        if self.has("moduledata"):
            return "module"
        for bf in ("buildFile.xml", "buildFile"):
            if self.has(bf):
                head = self.read(bf)[:4096]
                if b"VASSAL.build.module.ModuleExtension" in head:
                    return "extension"
                return "module"
        return "unknown"

    def close(self) -> None:
        self._zip.close()
