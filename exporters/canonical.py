"""Writing canonical Umpire files (mirror of importers/canonical.py).

The format follows the extension. Writes are atomic: the data goes to a
temporary file beside the target and is renamed over it, so a failure never
leaves a half-written file.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import BinaryIO

from google.protobuf.descriptor import Descriptor, FieldDescriptor
from google.protobuf.message import Message

from adjudicator.core.errors import MalformedInput
from exporters import protojson
from exporters.jsonwrite import dump_indented
from importers.canonical import format_of


def json_dict(message: Message) -> dict[str, object]:
    """MessageToDict with every map field's entries in key order (the
    reference for exporters/protojson.py, and the writer for messages it does
    not take: well-known types).

    Protobuf maps iterate in hash order, which changes from one process to the
    next (string hashing is randomised), so the same state printed differently
    in two runs of `umpire convert`. Binary is written with deterministic=True
    and the text format sorts map keys itself; JSON is sorted here (only the
    maps: fields keep the schema's order).
    """
    from google.protobuf import json_format  # ~30 ms to import: only when needed

    obj = json_format.MessageToDict(message)
    _sort_maps(message.DESCRIPTOR, obj)  # type: ignore[arg-type]
    return obj


@lru_cache(maxsize=None)
def _fields_to_visit(desc: Descriptor) -> tuple[FieldDescriptor, ...]:
    return _map_fields(desc, ())


def _is_map(f: FieldDescriptor) -> bool:
    return f.message_type is not None and f.message_type.GetOptions().map_entry


def _map_fields(desc: Descriptor, seen: tuple[str, ...]) -> tuple[FieldDescriptor, ...]:
    """The fields of `desc` that are maps or lead to one (recursion-safe)."""
    if desc.full_name in seen or desc.full_name.startswith("google.protobuf."):
        return ()
    out = []
    for f in desc.fields:
        if f.message_type is None:
            continue
        if _is_map(f) or _map_fields(f.message_type, seen + (desc.full_name,)):
            out.append(f)
    return tuple(out)


def _sort_maps(desc: Descriptor, obj: dict[str, object]) -> None:
    for f in _fields_to_visit(desc):
        value = obj.get(f.json_name)
        sub = f.message_type
        if value is None or sub is None:
            continue
        if _is_map(f):
            assert isinstance(value, dict)
            key_f, value_f = sub.fields_by_name["key"], sub.fields_by_name["value"]
            numeric = key_f.type not in (FieldDescriptor.TYPE_STRING, FieldDescriptor.TYPE_BOOL)
            entries = sorted(value.items(), key=lambda kv: int(kv[0]) if numeric else kv[0])
            obj[f.json_name] = dict(entries)
            if value_f.message_type is not None and _fields_to_visit(value_f.message_type):
                for v in obj[f.json_name].values():  # type: ignore[attr-defined]
                    _sort_maps(value_f.message_type, v)
        elif isinstance(value, list):
            for v in value:
                _sort_maps(sub, v)
        else:
            assert isinstance(value, dict)
            _sort_maps(sub, value)


def to_bytes(message: Message, fmt: str) -> bytes:
    if fmt == "json":
        # MessageToJson's text (json.dumps of MessageToDict, indent 2), maps sorted.
        parts: list[str] = []
        _write_json(message, parts.append)
        return "".join(parts).encode("ascii")
    if fmt == "text":
        from google.protobuf import text_format

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
        # The same bytes as to_bytes, streamed: a monster game's 20 MB of JSON
        # never sits in memory as one string and again as its bytes.
        if protojson.supports(message):
            atomic_write_with(p, lambda f: _write_json(message, lambda s: f.write(s.encode("ascii"))))
            return
        # Well-known types: json_format's shapes; converted before the file
        # is opened, so a refused value leaves no file behind.
        obj = json_dict(message)
        atomic_write_with(p, lambda f: _dump_json(obj, f))
        return
    atomic_write(p, to_bytes(message, fmt))


def _write_json(message: Message, write: Callable[[str], object]) -> None:
    """The canonical JSON text plus newline, in ~1 MB pieces."""
    if protojson.supports(message):
        protojson.dump_message(message, write, indent=2)
    else:
        dump_indented(json_dict(message), write, indent=2)
    write("\n")


def _dump_json(obj: object, f: BinaryIO) -> None:
    """json.dumps(obj, indent=2) + newline, written in ~1 MB pieces
    (exporters/jsonwrite.py: the same text as json's own encoder, which with an
    indent is pure Python)."""
    dump_indented(obj, lambda s: f.write(s.encode("ascii")), indent=2)
    f.write(b"\n")
