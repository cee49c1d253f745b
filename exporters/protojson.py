"""Canonical JSON straight from a protobuf message, without MessageToDict.

Why: the canonical JSON of a message used to be `json_format.MessageToDict`,
then its maps re-sorted into key order, then `json.dumps(indent=2)`'s text
(exporters/jsonwrite.py). For a large VASSAL state that built a 21 MB tree of
dicts only to walk it again, and importing json_format (it pulls text_format)
cost ~30 ms of a `umpire convert`. This walks the message itself, once, and
writes the same bytes: `ListFields()` order (field-number order, as
MessageToDict), json_name keys, 64-bit integers quoted, enums by name (an
unknown value of an open enum as its number), bytes as base64, float32 as its
shortest round-trip decimal (protobuf's own helper), NaN and infinities as the
strings json_format writes, maps in key order (numeric keys numerically, bool
and string keys as strings) and json.dumps' ensure_ascii escaping and
separators. tests/exporters/test_protojson.py compares it with the old path.

What each field needs (key text, kind, converter) is worked out once per field
descriptor. Messages that reach a well-known type (Struct, Timestamp, Any,
wrappers...: json_format gives those special shapes) or an extension are not
written here: `supports` says so, decided once per message type, and the
caller falls back to json_format.
"""

from __future__ import annotations

import base64
from collections.abc import Callable
from json.encoder import encode_basestring_ascii
from typing import Any

from google.protobuf.descriptor import Descriptor, FieldDescriptor
from google.protobuf.message import Message

from exporters import jsonwrite

F = FieldDescriptor
# Kinds of field: a scalar (converter), a string (the long-string cache), a
# message, each repeated, and a map.
SCALAR, STR, MSG, SCALARS, STRS, MSGS, MAP = range(7)
_INF = float("inf")
_INT64 = (F.CPPTYPE_INT64, F.CPPTYPE_UINT64)


class SerializeError(ValueError):
    """A value json_format refuses too (an unknown value of a closed enum)."""


def _double(v: float) -> str:
    # json_format gives a non-finite number as a string ("NaN", "Infinity"):
    # json's own spelling of it, quoted.
    if v != v or v in (_INF, -_INF):
        return '"' + jsonwrite._float(v) + '"'
    return float.__repr__(v)


def _float32(v: float) -> str:
    if v != v or v in (_INF, -_INF):
        return _double(v)
    from google.protobuf.internal.type_checkers import ToShortestFloat

    return float.__repr__(ToShortestFloat(v))


def _bool(v: bool) -> str:
    return "true" if v else "false"


def _int64(v: int) -> str:
    return '"' + int.__repr__(v) + '"'


def _bytes(v: bytes) -> str:
    return '"' + base64.b64encode(v).decode("ascii") + '"'


def _enum(field: FieldDescriptor) -> Callable[[int], str]:
    et = field.enum_type
    assert et is not None
    # With aliases, iterating values_by_number does not give the name its
    # get() gives (json_format's): ask it number by number.
    by_number = et.values_by_number
    names = {n: encode_basestring_ascii(by_number[n].name) for n in {v.number for v in et.values}}
    closed = et.is_closed

    def conv(v: int) -> str:
        s = names.get(v)
        if s is not None:
            return s
        if closed:
            raise SerializeError(f"Failed to serialize {field.name} field: enum value {v} is not in {et.full_name}.")
        return int.__repr__(v)

    return conv


def _converter(field: FieldDescriptor) -> Callable[[Any], str] | None:
    """The JSON text of one value of a scalar field (None: a string, encoded by
    the writer's cache)."""
    ct = field.cpp_type
    if ct == F.CPPTYPE_STRING:
        return _bytes if field.type == F.TYPE_BYTES else None
    if ct == F.CPPTYPE_ENUM:
        return _enum(field)
    if ct == F.CPPTYPE_BOOL:
        return _bool
    if ct in _INT64:
        return _int64
    if ct == F.CPPTYPE_DOUBLE:
        return _double
    if ct == F.CPPTYPE_FLOAT:
        return _float32
    return int.__repr__  # int32, uint32 and the like


Plan = tuple[str, int, Any]
_plans: dict[FieldDescriptor, Plan] = {}


def _plan(field: FieldDescriptor) -> Plan:
    """(the quoted key and ': ', kind, converter or map plan) for `field`."""
    key = encode_basestring_ascii(field.json_name) + ": "
    mt = field.message_type
    if mt is not None and mt.GetOptions().map_entry:
        kf, vf = mt.fields_by_name["key"], mt.fields_by_name["value"]
        string_keys = kf.cpp_type == F.CPPTYPE_STRING
        bool_keys = kf.cpp_type == F.CPPTYPE_BOOL
        if vf.message_type is not None:
            vkind, vconv = MSG, None
        else:
            vconv = _converter(vf)
            vkind = STR if vconv is None else SCALAR
        plan: Plan = (key, MAP, (string_keys, bool_keys, vkind, vconv))
    elif mt is not None:
        plan = (key, MSGS if field.is_repeated else MSG, None)
    else:
        conv = _converter(field)
        if field.is_repeated:
            plan = (key, STRS if conv is None else SCALARS, conv)
        else:
            plan = (key, STR if conv is None else SCALAR, conv)
    _plans[field] = plan
    return plan


_supported: dict[str, bool] = {}


def supports(message: Message) -> bool:
    """Whether every message type reachable from the message's type is a plain one."""
    desc: Descriptor = message.DESCRIPTOR  # type: ignore[assignment]  # upb's or python's
    ok = _supported.get(desc.full_name)
    if ok is None:
        ok = _plain(desc, set())
        _supported[desc.full_name] = ok
    return ok


def _plain(desc: Descriptor, seen: set[str]) -> bool:
    if desc.full_name in seen:
        return True
    seen.add(desc.full_name)
    if desc.file.name.startswith("google/protobuf/") or desc.extension_ranges:
        return False
    return all(f.message_type is None or _plain(f.message_type, seen) for f in desc.fields)


def dump_message(message: Message, write: Callable[[str], object], indent: int = 2) -> None:
    """Call `write` with successive pieces of the message's canonical JSON
    (json.dumps(MessageToDict with sorted maps, indent=indent); no final
    newline). The caller checks `supports(message)` first."""
    parts: list[str] = []
    append = parts.append
    enc, long_chars = jsonwrite.string_encoder()  # a state repeats its pieces' long VASSAL types
    newline = jsonwrite.newlines(indent)
    plans = _plans
    flush_parts, flush_chars = jsonwrite.FLUSH_PARTS, jsonwrite.FLUSH_CHARS

    def msg(m: Message, level: int) -> None:
        fields = m.ListFields()
        if not fields:
            append("{}")
            return
        inner = level + 1
        nl = newline(inner)
        sep = "," + nl
        head = "{" + nl
        for f, v in fields:
            key, kind, arg = plans.get(f) or _plan(f)
            lead = head + key
            head = sep
            if kind == STR:
                append(lead + enc(v))
            elif kind == SCALAR:
                append(lead + arg(v))
            elif kind == MSG:
                append(lead)
                msg(v, inner)
            elif kind == MAP:
                append(lead)
                map_body(v, inner, arg)
            else:
                nl2 = newline(inner + 1)
                sep2 = "," + nl2
                if kind == MSGS:
                    h = "[" + nl2
                    for x in v:
                        append(lead + h)
                        lead = ""
                        h = sep2
                        msg(x, inner + 1)
                    append(newline(inner) + "]")
                else:
                    items = [enc(x) for x in v] if kind == STRS else [arg(x) for x in v]
                    append(lead + "[" + nl2 + sep2.join(items) + newline(inner) + "]")
        append(newline(level) + "}")
        if len(parts) >= flush_parts or long_chars[0] >= flush_chars:
            write("".join(parts))
            parts.clear()
            long_chars[0] = 0

    def map_body(m: Any, level: int, mplan: tuple[bool, bool, int, Any]) -> None:
        string_keys, bool_keys, vkind, vconv = mplan
        # Sorting the keys themselves is the old order: strings as strings,
        # numbers numerically, and False before True ("false" < "true").
        keys = sorted(m)
        if not keys:
            append("{}")
            return
        inner = level + 1
        nl = newline(inner)
        sep = "," + nl
        head = "{" + nl
        for k in keys:
            if string_keys:
                lead = head + encode_basestring_ascii(k) + ": "
            elif bool_keys:
                lead = head + ('"true": ' if k else '"false": ')
            else:
                lead = head + '"' + int.__repr__(k) + '": '
            head = sep
            v = m[k]
            if vkind == STR:
                append(lead + enc(v))
            elif vkind == SCALAR:
                append(lead + vconv(v))
            else:
                append(lead)
                msg(v, inner)
        append(newline(level) + "}")

    msg(message, 0)
    if parts:
        write("".join(parts))
