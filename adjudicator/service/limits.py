"""What a request may carry, checked at the boundary before anything reads it.

A game id, a comment or a parameter is echoed in messages, stored in the log
and sent to the other side, so every one is bounded; numbers are checked for
what the store and the rules can hold (SQLite integers are signed 64-bit, JSON
readers lose integers beyond 2^53; a NaN cost would poison any comparison).
Unknown fields are dropped, so nothing unread is ever stored. The limits are
documented in service.proto and docs/deploy.md; a request over one gets
INVALID_ARGUMENT naming the field.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from google.protobuf.descriptor import FieldDescriptor
from google.protobuf.message import Message

from adjudicator.core.errors import MalformedInput

MAX_ID = 64
ID_PATTERN = re.compile(r"[A-Za-z0-9_-]{1,64}")
# Largest integer any 64-bit field of a request may hold (exact in JSON and
# in a signed 64-bit column).
MAX_INT = 2**53 - 1
# Request sizes in bytes (the transport refuses larger ones outright).
MAX_REQUEST_BYTES = 64 * 1024
MAX_CREATE_BYTES = 16 * 1024 * 1024
MAX_TRANSPORT_BYTES = MAX_CREATE_BYTES + 1024


@dataclass(frozen=True)
class Caps:
    """Bounds for one part of a request."""

    string: int
    repeated: int


# An action (validate / submit): ids, labels, paths.
ACTION = Caps(string=256, repeated=1000)
# Everything else, e.g. an inline scenario of a big map.
GENERIC = Caps(string=64 * 1024, repeated=100_000)

# (message full name, field name) -> cap on that string field's length.
STRING_CAPS = {
    ("umpire.v1.Action", "comment"): 1000,
    ("umpire.v1.SuppliedCell", "note"): 500,
    ("umpire.v1.CreateGameRequest", "ruleset"): 64,
    ("umpire.v1.CreateGameRequest", "scenario_id"): 128,
    ("umpire.v1.ReachQuestion", "unit_id"): 256,
}
# (message full name, map field name) -> (entries, key length, value length).
MAP_CAPS = {
    ("umpire.v1.CreateGameRequest", "parameters"): (32, 64, 1000),
    ("umpire.v1.CreateGameRequest", "options"): (256, 128, 256),
}
# Request fields checked with the ACTION caps.
ACTION_FIELDS = {"action"}

_INT64 = {
    FieldDescriptor.TYPE_INT64, FieldDescriptor.TYPE_UINT64, FieldDescriptor.TYPE_SINT64,
    FieldDescriptor.TYPE_FIXED64, FieldDescriptor.TYPE_SFIXED64,
}
_FLOAT = {FieldDescriptor.TYPE_DOUBLE, FieldDescriptor.TYPE_FLOAT}


def max_request_bytes(method: str) -> int:
    return MAX_CREATE_BYTES if method == "CreateGame" else MAX_REQUEST_BYTES


def check_game_id(game_id: str, where: str = "game_id") -> None:
    if not game_id:
        raise MalformedInput("a game id is required", where)
    if len(game_id) > MAX_ID:
        raise MalformedInput(f"a game id is at most {MAX_ID} characters (got {len(game_id)})", where)
    if not ID_PATTERN.fullmatch(game_id):
        raise MalformedInput("a game id has only letters, digits, '_' and '-'", where)


def check_request(request: Message) -> None:
    """Raise MalformedInput for the first field over its limit; drop unknown fields."""
    request.DiscardUnknownFields()
    desc = request.DESCRIPTOR
    if "game_id" in desc.fields_by_name:
        check_game_id(getattr(request, "game_id"))
    for f, value in request.ListFields():
        caps = ACTION if f.name in ACTION_FIELDS else GENERIC
        _check_field(request, f, value, f.name, caps)


def _check_message(msg: Message, path: str, caps: Caps) -> None:
    for f, value in msg.ListFields():
        _check_field(msg, f, value, f"{path}.{f.name}", caps)


def _check_field(owner: Message, f: FieldDescriptor, value: object, path: str, caps: Caps) -> None:
    key = (owner.DESCRIPTOR.full_name, f.name)
    if f.message_type is not None and f.message_type.GetOptions().map_entry:
        _check_map(f, value, path, caps, MAP_CAPS.get(key))
        return
    if f.is_repeated:
        items = list(value)  # type: ignore[call-overload]
        if len(items) > caps.repeated:
            raise MalformedInput(f"at most {caps.repeated} entries (got {len(items)})", path)
        for i, item in enumerate(items):
            _check_value(f, item, f"{path}[{i}]", caps, STRING_CAPS.get(key, caps.string))
        return
    _check_value(f, value, path, caps, STRING_CAPS.get(key, caps.string))


def _check_map(
    f: FieldDescriptor, value: object, path: str, caps: Caps, bounds: tuple[int, int, int] | None
) -> None:
    entries, key_len, value_len = bounds or (caps.repeated, caps.string, caps.string)
    items = dict(value)  # type: ignore[call-overload]
    if len(items) > entries:
        raise MalformedInput(f"at most {entries} entries (got {len(items)})", path)
    entry = f.message_type
    assert entry is not None
    vfield = entry.fields_by_name["value"]
    for k, v in items.items():
        if isinstance(k, str) and len(k) > key_len:
            raise MalformedInput(f"a key is at most {key_len} characters (got {len(k)})", path)
        _check_value(vfield, v, f"{path}[{str(k)[:40]!r}]", caps, value_len)


def _check_value(f: FieldDescriptor, v: object, path: str, caps: Caps, string_cap: int) -> None:
    t = f.type
    if t == FieldDescriptor.TYPE_MESSAGE or t == FieldDescriptor.TYPE_GROUP:
        assert isinstance(v, Message)
        _check_message(v, path, caps)
    elif t == FieldDescriptor.TYPE_STRING or t == FieldDescriptor.TYPE_BYTES:
        n = len(v)  # type: ignore[arg-type]
        if n > string_cap:
            raise MalformedInput(f"at most {string_cap} characters (got {n})", path)
    elif t in _INT64:
        assert isinstance(v, int)
        if abs(v) > MAX_INT:
            raise MalformedInput(f"at most 2^53 - 1 (got {v})", path)
    elif t in _FLOAT:
        assert isinstance(v, float)
        if not math.isfinite(v):
            raise MalformedInput(f"a finite number is required (got {v})", path)
    elif t == FieldDescriptor.TYPE_ENUM:
        enum = f.enum_type
        assert isinstance(v, int) and enum is not None
        if v not in enum.values_by_number:
            raise MalformedInput(f"{v} is not a value of {enum.full_name}", path)
