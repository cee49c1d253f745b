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
    ("umpire.v1.CreateGameRequest", "position"): 256 * 1024,  # a position file (docs/position.md)
    ("umpire.v1.ReachQuestion", "unit_id"): 256,
    ("umpire.v1.ReachQuestion", "mode"): 64,
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
    try:
        for f, value in request.ListFields():
            _check_field(f, value, ACTION if f.name in ACTION_FIELDS else GENERIC)
    except _Over as over:
        raise MalformedInput(over.message, ".".join(p for p in reversed(over.path) if p)) from None


class _Over(Exception):
    """A field over its limit; the path is collected on the way out (cheaper
    than building one for every field of every request)."""

    def __init__(self, message: str, part: str) -> None:
        self.message = message
        self.path = [part]


@dataclass(frozen=True)
class _Plan:
    """How to check one field, worked out once per field and caps."""

    kind: str  # "map", "message", "string", "int64", "float", "enum", "other"
    repeated: bool
    cap: int  # string fields: characters; map fields: entries; others: unused
    key_cap: int = 0  # map keys
    value: _Plan | None = None  # map values
    enum_values: frozenset[int] = frozenset()


_PLANS: dict[tuple[str, Caps], _Plan] = {}


def _plan(f: FieldDescriptor, caps: Caps) -> _Plan:
    key = (f.full_name, caps)
    plan = _PLANS.get(key)
    if plan is None:
        plan = _PLANS[key] = _make_plan(f, caps)
    return plan


def _make_plan(f: FieldDescriptor, caps: Caps, string_cap: int | None = None) -> _Plan:
    owner = f.containing_type.full_name if f.containing_type is not None else ""
    cap = string_cap if string_cap is not None else STRING_CAPS.get((owner, f.name), caps.string)
    t = f.type
    if f.message_type is not None and f.message_type.GetOptions().map_entry:
        entries, key_len, value_len = MAP_CAPS.get((owner, f.name), (caps.repeated, caps.string, caps.string))
        vfield = f.message_type.fields_by_name["value"]
        value = _make_plan(vfield, caps, value_len)
        return _Plan("map", False, entries, key_len, _Plan(value.kind, False, value.cap, 0, None, value.enum_values))
    repeated = bool(f.is_repeated)
    if t in (FieldDescriptor.TYPE_MESSAGE, FieldDescriptor.TYPE_GROUP):
        return _Plan("message", repeated, caps.repeated)
    if t in (FieldDescriptor.TYPE_STRING, FieldDescriptor.TYPE_BYTES):
        return _Plan("string", repeated, cap)
    if t in _INT64:
        return _Plan("int64", repeated, caps.repeated)
    if t in _FLOAT:
        return _Plan("float", repeated, caps.repeated)
    if t == FieldDescriptor.TYPE_ENUM and f.enum_type is not None:
        return _Plan("enum", repeated, caps.repeated, enum_values=frozenset(f.enum_type.values_by_number))
    return _Plan("other", repeated, caps.repeated)


def _check_field(f: FieldDescriptor, value: object, caps: Caps) -> None:
    plan = _plan(f, caps)
    if plan.kind == "map":
        items = dict(value)  # type: ignore[call-overload]
        if len(items) > plan.cap:
            raise _Over(f"at most {plan.cap} entries (got {len(items)})", f.name)
        assert plan.value is not None
        for k, v in items.items():
            if isinstance(k, str) and len(k) > plan.key_cap:
                raise _Over(f"a key is at most {plan.key_cap} characters (got {len(k)})", f.name)
            try:
                _check_value(plan.value, v, caps, f.name)
            except _Over as over:
                over.path.append(f"{f.name}[{str(k)[:40]!r}]")
                raise
        return
    if plan.repeated:
        items = list(value)  # type: ignore[call-overload]
        if len(items) > caps.repeated:
            raise _Over(f"at most {caps.repeated} entries (got {len(items)})", f.name)
        for i, item in enumerate(items):
            try:
                _check_value(plan, item, caps, "")
            except _Over as over:
                over.path.append(f"{f.name}[{i}]")
                raise
        return
    try:
        _check_value(plan, value, caps, "")
    except _Over as over:
        over.path.append(f.name)
        raise


def _check_value(plan: _Plan, v: object, caps: Caps, part: str) -> None:
    """Check one value (`part` names it when the caller cannot: a map value)."""
    kind = plan.kind
    if kind == "message":
        assert isinstance(v, Message)
        for f, value in v.ListFields():
            _check_field(f, value, caps)
    elif kind == "string":
        n = len(v)  # type: ignore[arg-type]
        if n > plan.cap:
            raise _Over(f"at most {plan.cap} characters (got {n})", part)
    elif kind == "int64":
        assert isinstance(v, int)
        if abs(v) > MAX_INT:
            raise _Over(f"at most 2^53 - 1 (got {v})", part)
    elif kind == "float":
        assert isinstance(v, float)
        if not math.isfinite(v):
            raise _Over(f"a finite number is required (got {v})", part)
    elif kind == "enum":
        assert isinstance(v, int)
        if v not in plan.enum_values:
            raise _Over(f"{v} is not a defined value", part)
