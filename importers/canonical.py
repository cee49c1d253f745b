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


# The kinds of file a user hands the CLI, by message type, as a person calls them.
# When a file does not parse as the kind a command expects, it is tried as each
# of these, so the error says what the file is instead of the parser's first
# unknown field ("GameDefinition has no field named rulesetVersion").
KINDS: dict[str, str] = {
    "umpire.v1.GameState": "a game state (umpire new, adjudicate -o)",
    "umpire.v1.GameRecord": "a game record (umpire client export)",
    "umpire.v1.Scenario": "a scenario",
    "umpire.v1.GameDefinition": "a game definition (board, units, tables)",
    "umpire.v1.Action": "an action",
    "umpire.v1.TableSet": "a table file (TableSet)",
    "umpire.v1.GameMap": "a map (GameMap)",
    "umpire.v1.VassalBinding": "a VASSAL binding",
}


def kind_name(full_name: str) -> str:
    return f"{KINDS.get(full_name, 'a ' + full_name.rsplit('.', 1)[-1])} [{full_name}]"


def _kind_candidates() -> list[type[Message]]:
    from umpire.v1 import action_pb2, definition_pb2, map_pb2, state_pb2, tables_pb2, vassal_pb2

    return [state_pb2.GameState, state_pb2.GameRecord, definition_pb2.Scenario, definition_pb2.GameDefinition,
            action_pb2.Action, tables_pb2.TableSet, map_pb2.GameMap, vassal_pb2.VassalBinding]


def detect_kind(data: bytes, fmt: str, exclude: tuple[str, ...] = ()) -> str | None:
    """The full name of the one known message type a JSON or text file parses
    as (None: none, or it is binary, which parses as almost anything)."""
    if fmt == "binary":
        return None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    from google.protobuf import json_format, text_format

    for cls in _kind_candidates():
        name = cls.DESCRIPTOR.full_name
        if name in exclude:
            continue
        try:
            json_format.Parse(text, cls()) if fmt == "json" else text_format.Parse(text, cls())
        except (json_format.ParseError, text_format.ParseError, ValueError):
            continue
        return name
    return None


def wrong_kind(data: bytes, fmt: str, expected: list[str], where: str) -> MalformedInput | None:
    """`is a game state [...]; expected a game record [...]` when the file is
    another kind of Umpire file than the ones expected."""
    found = detect_kind(data, fmt, tuple(expected))
    if found is None:
        return None
    return MalformedInput(f"this file is {kind_name(found)}; expected "
                          + " or ".join(kind_name(e) for e in expected), where)


def parse_bytes(data: bytes, message: M, fmt: str, where: str) -> M:
    try:
        return _parse_bytes(data, message, fmt, where)
    except MalformedInput as e:
        raise wrong_kind(data, fmt, [message.DESCRIPTOR.full_name], where) or e from None


def _parse_bytes(data: bytes, message: M, fmt: str, where: str) -> M:
    if fmt == "binary":
        try:
            message.ParseFromString(data)
        except DecodeError as e:
            raise MalformedInput(f"not a binary {message.DESCRIPTOR.full_name}: {e}", where) from None
        except ValueError as e:
            raise MalformedInput(" ".join(str(e).split()), where) from None
        return message
    # json_format pulls text_format: ~30 ms a binary read or a write never needs.
    from google.protobuf import json_format, text_format

    try:
        if fmt == "json":
            json_format.Parse(data.decode("utf-8"), message)
        else:
            text_format.Parse(data.decode("utf-8"), message)
    except UnicodeDecodeError as e:
        raise MalformedInput(f"not UTF-8 at byte {e.start}", where) from None
    except (json_format.ParseError, text_format.ParseError) as e:
        raise MalformedInput(" ".join(str(e).split()), where) from None
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
