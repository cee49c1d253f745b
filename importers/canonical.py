"""Reading canonical Umpire files: proto3 JSON, text format or binary, by extension.

| extension                          | format            |
|------------------------------------|-------------------|
| .json                              | proto3 JSON       |
| .textproto .txtpb .pbtxt .txt      | protobuf text     |
| .binpb .pb .bin                    | protobuf binary   |

Errors are one line naming the file and, where the parser gives one, the
line/column; nothing is partially read.
"""

from __future__ import annotations

from pathlib import Path
from typing import TypeVar

from google.protobuf import json_format, text_format
from google.protobuf.message import DecodeError, Message

from adjudicator.core.errors import MalformedInput

M = TypeVar("M", bound=Message)

JSON_EXT = (".json",)
TEXT_EXT = (".textproto", ".txtpb", ".pbtxt", ".txt")
BINARY_EXT = (".binpb", ".pb", ".bin")
MAX_BYTES = 512 * 1024 * 1024


def format_of(path: Path) -> str:
    suffix = path.suffix.lower()
    if suffix in JSON_EXT:
        return "json"
    if suffix in TEXT_EXT:
        return "text"
    if suffix in BINARY_EXT:
        return "binary"
    raise MalformedInput(
        f"unknown file type {suffix or '(none)'!r}; use .json, .textproto or .binpb", str(path)
    )


def parse_bytes(data: bytes, message: M, fmt: str, where: str) -> M:
    try:
        if fmt == "json":
            json_format.Parse(data.decode("utf-8"), message)
        elif fmt == "text":
            text_format.Parse(data.decode("utf-8"), message)
        else:
            message.ParseFromString(data)
    except UnicodeDecodeError as e:
        raise MalformedInput(f"not UTF-8 at byte {e.start}", where) from None
    except (json_format.ParseError, text_format.ParseError) as e:
        raise MalformedInput(" ".join(str(e).split()), where) from None
    except DecodeError as e:
        raise MalformedInput(f"not a binary {message.DESCRIPTOR.full_name}: {e}", where) from None
    except ValueError as e:  # protobuf raises ValueError for some JSON errors
        raise MalformedInput(" ".join(str(e).split()), where) from None
    return message


def read_message(path: str | Path, message: M) -> M:
    """Parse `path` into `message` (which is filled and returned)."""
    p = Path(path)
    fmt = format_of(p)
    try:
        size = p.stat().st_size
        if size > MAX_BYTES:
            raise MalformedInput(f"file is {size} bytes, over the {MAX_BYTES} byte limit", str(p))
        data = p.read_bytes()
    except FileNotFoundError:
        raise MalformedInput("no such file", str(p)) from None
    except IsADirectoryError:
        raise MalformedInput("is a directory, not a file", str(p)) from None
    except PermissionError:
        raise MalformedInput("permission denied", str(p)) from None
    return parse_bytes(data, message, fmt, str(p))
