"""Writing canonical Umpire files (mirror of importers/canonical.py).

The format follows the extension. Writes are atomic: the data goes to a
temporary file beside the target and is renamed over it, so a failure never
leaves a half-written file.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

from google.protobuf import json_format, text_format
from google.protobuf.message import Message

from adjudicator.core.errors import MalformedInput
from exporters.jsonwrite import dump_indented
from importers.canonical import format_of


def to_bytes(message: Message, fmt: str) -> bytes:
    if fmt == "json":
        return (json_format.MessageToJson(message, indent=2, sort_keys=False) + "\n").encode()
    if fmt == "text":
        return text_format.MessageToString(message, as_utf8=True).encode()
    return message.SerializeToString(deterministic=True)


def atomic_write(path: Path, data: bytes) -> None:
    atomic_write_with(path, lambda f: f.write(data))


def atomic_write_with(path: Path, write: Callable[[BinaryIO], object]) -> None:
    """`atomic_write` for data written piecewise (`write(f)`), so a large file
    never has to exist in memory as one string first."""
    directory = path.parent if str(path.parent) else Path(".")
    if not directory.is_dir():
        raise MalformedInput("directory does not exist", str(directory))
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=directory)
    try:
        with os.fdopen(fd, "wb") as f:
            write(f)
        # mkstemp makes the file 0600; give it the mode a plain open() would.
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


def write_message(path: str | Path, message: Message) -> None:
    p = Path(path)
    fmt = format_of(p)
    if fmt == "json":
        # The same bytes as to_bytes (MessageToJson is json.dumps of this
        # dict), streamed: a monster game's 20 MB of JSON never sits in memory
        # as one string and again as its bytes.
        obj = json_format.MessageToDict(message)
        atomic_write_with(p, lambda f: _dump_json(obj, f))
        return
    atomic_write(p, to_bytes(message, fmt))


def _dump_json(obj: object, f: BinaryIO) -> None:
    """json.dumps(obj, indent=2) + newline, written in ~1 MB pieces
    (exporters/jsonwrite.py: the same text as json's own encoder, which with an
    indent is pure Python)."""
    dump_indented(obj, lambda s: f.write(s.encode("ascii")), indent=2)
    f.write(b"\n")
