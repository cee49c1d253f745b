"""exporters/protojson.py writes the bytes the old path wrote: json.dumps of
MessageToDict with its maps sorted (exporters.canonical.json_dict), indent 2,
plus a newline. Checked on generated messages of the project's own types, on a
made-up schema with every scalar and map-key type, and on real states."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest
from google.protobuf import descriptor_pb2, descriptor_pool, message_factory
from google.protobuf.descriptor import Descriptor, FieldDescriptor
from google.protobuf.message import Message
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from exporters import jsonwrite, protojson
from exporters.canonical import json_dict, to_bytes, write_message
from umpire.v1 import definition_pb2, state_pb2, tables_pb2

F = FieldDescriptor


def reference(message: Message) -> bytes:
    """The old path, kept as the definition of the canonical JSON."""
    return (json.dumps(json_dict(message), indent=2) + "\n").encode()


def new(message: Message) -> bytes:
    parts: list[str] = []
    protojson.dump_message(message, parts.append)
    return ("".join(parts) + "\n").encode("ascii")


LONGS = ["L" * jsonwrite.LONG + "\\\"\t\u00e9", "emb2;" + "x\\;" * jsonwrite.LONG]
texts = st.one_of(st.text(max_size=6), st.text(alphabet="\\\"\t\n\x00\x1b/é✓\U0001f600\u2028", max_size=8),
                  st.sampled_from(["", *LONGS]))
INT = {F.TYPE_INT32: 31, F.TYPE_SINT32: 31, F.TYPE_SFIXED32: 31, F.TYPE_INT64: 63, F.TYPE_SINT64: 63,
       F.TYPE_SFIXED64: 63}
UINT = {F.TYPE_UINT32: 32, F.TYPE_FIXED32: 32, F.TYPE_UINT64: 64, F.TYPE_FIXED64: 64}


def scalar(f: FieldDescriptor) -> st.SearchStrategy[Any]:
    if f.type in INT:
        b = INT[f.type]
        return st.one_of(st.integers(-(2**b), 2**b - 1), st.sampled_from([0, -1, -(2**b), 2**b - 1]))
    if f.type in UINT:
        b = UINT[f.type]
        return st.one_of(st.integers(0, 2**b - 1), st.sampled_from([0, 2**b - 1, min(2**53 + 1, 2**b - 1)]))
    if f.type == F.TYPE_DOUBLE:
        return st.one_of(st.floats(), st.sampled_from([math.nan, math.inf, -math.inf, -0.0, 1e300, 5e-324]))
    if f.type == F.TYPE_FLOAT:
        return st.one_of(st.floats(width=32), st.sampled_from([0.1, 1e38, math.nan, -math.inf, 3.4028235e38]))
    if f.type == F.TYPE_BOOL:
        return st.booleans()
    if f.type == F.TYPE_STRING:
        return texts
    if f.type == F.TYPE_BYTES:
        return st.binary(max_size=8)
    if f.type == F.TYPE_ENUM:
        known = [v.number for v in f.enum_type.values]
        return st.one_of(st.sampled_from(known), st.integers(-5, 2**31 - 1))  # open enums keep any value
    raise AssertionError(f.type)


def fill(draw: st.DrawFn, m: Message, depth: int) -> None:
    for f in m.DESCRIPTOR.fields:
        if draw(st.integers(0, 9)) >= (5 if depth < 2 else 2):
            continue
        mt = f.message_type
        if mt is not None and mt.GetOptions().map_entry:
            kf, vf = mt.fields_by_name["key"], mt.fields_by_name["value"]
            target = getattr(m, f.name)
            for k in draw(st.lists(scalar(kf), max_size=4, unique=True)):
                if vf.message_type is not None:
                    if depth < 3:
                        fill(draw, target[k], depth + 1)
                    else:
                        target[k].SetInParent()
                else:
                    target[k] = draw(scalar(vf))
        elif mt is not None:
            if f.is_repeated:
                for _ in range(draw(st.integers(0, 2 if depth < 3 else 0))):
                    fill(draw, getattr(m, f.name).add(), depth + 1)
            elif depth < 4:
                sub = getattr(m, f.name)
                sub.SetInParent()  # an empty sub-message is present: {}
                fill(draw, sub, depth + 1)
        elif f.is_repeated:
            getattr(m, f.name).extend(draw(st.lists(scalar(f), max_size=3)))
        else:
            setattr(m, f.name, draw(scalar(f)))  # proto3 optional: a default is still present


@st.composite
def messages(draw: st.DrawFn, cls: type[Message]) -> Message:
    m = cls()
    fill(draw, m, 0)
    return m


OURS: list[type[Message]] = [state_pb2.GameState, state_pb2.GameRecord, definition_pb2.GameDefinition, definition_pb2.Scenario,
        tables_pb2.TableSet]


@pytest.mark.parametrize("cls", OURS, ids=lambda c: c.DESCRIPTOR.name)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_generated_messages_of_our_types_are_written_as_before(cls: type[Message], data: st.DataObject) -> None:
    m = data.draw(messages(cls))
    assert protojson.supports(m)
    assert new(m) == reference(m)


def _every_kind_schema() -> tuple[type[Message], type[Message]]:
    """A proto3 message with each scalar type (singular, repeated, optional),
    a map for each key type, a oneof, nested maps of messages; and one holding
    a Timestamp (a well-known type json_format writes specially)."""
    fp = descriptor_pb2.FileDescriptorProto(name="protojson_test.proto", package="pjt", syntax="proto3",
                                            dependency=["google/protobuf/timestamp.proto"])
    fp.enum_type.add(name="Colour").value.extend(
        [descriptor_pb2.EnumValueDescriptorProto(name=n, number=i) for i, n in enumerate(["NONE", "RED", "BLUE"])])
    fp.enum_type[0].options.allow_alias = True
    fp.enum_type[0].value.add(name="AZURE", number=2)
    L, R = descriptor_pb2.FieldDescriptorProto.LABEL_OPTIONAL, descriptor_pb2.FieldDescriptorProto.LABEL_REPEATED
    T = descriptor_pb2.FieldDescriptorProto
    types = {"i32": T.TYPE_INT32, "i64": T.TYPE_INT64, "u32": T.TYPE_UINT32, "u64": T.TYPE_UINT64,
             "s32": T.TYPE_SINT32, "s64": T.TYPE_SINT64, "f32": T.TYPE_FIXED32, "f64": T.TYPE_FIXED64,
             "sf32": T.TYPE_SFIXED32, "sf64": T.TYPE_SFIXED64, "dbl": T.TYPE_DOUBLE, "flt": T.TYPE_FLOAT,
             "flag": T.TYPE_BOOL, "str": T.TYPE_STRING, "raw": T.TYPE_BYTES, "colour": T.TYPE_ENUM}
    keys = {k: types[k] for k in ("i32", "i64", "u32", "u64", "s32", "s64", "f32", "f64", "sf32", "sf64",
                                  "flag", "str")}
    msg = fp.message_type.add(name="All")
    n = 0

    def field(name: str, t: int, label: int = L, type_name: str = "", **kw: Any) -> None:
        nonlocal n
        n += 1
        if type_name:
            kw["type_name"] = type_name
        msg.field.add(name=name, number=n, type=t, label=label, **kw)

    msg.oneof_decl.add(name="choice")  # synthetic oneofs (optional) come last
    for name, t in types.items():
        tn = ".pjt.Colour" if t == T.TYPE_ENUM else ""
        field(f"one_{name}", t, type_name=tn)
        field(f"many_{name}", t, R, tn)
        msg.oneof_decl.add(name=f"_opt_{name}")
        field(f"opt_{name}", t, type_name=tn, proto3_optional=True, oneof_index=len(msg.oneof_decl) - 1)
    field("pick_str", T.TYPE_STRING, oneof_index=0)
    field("pick_all", T.TYPE_MESSAGE, type_name=".pjt.All.Leaf", oneof_index=0)
    leaf = msg.nested_type.add(name="Leaf")
    leaf.field.add(name="tag_name", number=1, type=T.TYPE_STRING, label=L, json_name="customTag")
    leaf.field.add(name="weights", number=2, type=T.TYPE_MESSAGE, label=R, type_name=".pjt.All.Leaf.WeightsEntry")
    we = leaf.nested_type.add(name="WeightsEntry")
    we.options.map_entry = True
    we.field.add(name="key", number=1, type=T.TYPE_INT64, label=L)
    we.field.add(name="value", number=2, type=T.TYPE_DOUBLE, label=L)
    field("leaf", T.TYPE_MESSAGE, type_name=".pjt.All.Leaf")
    field("leaves", T.TYPE_MESSAGE, R, ".pjt.All.Leaf")
    for kname, kt in keys.items():
        for vname, vt in (("str", T.TYPE_STRING), ("colour", T.TYPE_ENUM), ("leaf", T.TYPE_MESSAGE),
                          ("dbl", T.TYPE_DOUBLE), ("u64", T.TYPE_UINT64)):
            entry = f"M{kname}{vname}Entry"
            e = msg.nested_type.add(name=entry)
            e.options.map_entry = True
            e.field.add(name="key", number=1, type=kt, label=L)
            vtn = {"colour": ".pjt.Colour", "leaf": ".pjt.All.Leaf"}.get(vname, "")
            e.field.add(name="value", number=2, type=vt, label=L, **({"type_name": vtn} if vtn else {}))
            field(f"m_{kname}_{vname}", T.TYPE_MESSAGE, R, f".pjt.All.{entry}")
    wkt = fp.message_type.add(name="WithTimestamp")
    wkt.field.add(name="at", number=1, type=T.TYPE_MESSAGE, label=L, type_name=".google.protobuf.Timestamp")
    wkt.field.add(name="all", number=2, type=T.TYPE_MESSAGE, label=L, type_name=".pjt.All")
    from google.protobuf import timestamp_pb2

    pool = descriptor_pool.DescriptorPool()
    pool.AddSerializedFile(timestamp_pb2.DESCRIPTOR.serialized_pb)
    pool.Add(fp)
    get = message_factory.GetMessageClass
    return get(pool.FindMessageTypeByName("pjt.All")), get(pool.FindMessageTypeByName("pjt.WithTimestamp"))


ALL, WITH_TIMESTAMP = _every_kind_schema()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(messages(ALL))
def test_every_scalar_and_map_key_type_is_written_as_before(m: Message) -> None:
    assert new(m) == reference(m)


def test_edge_values_are_written_as_before() -> None:
    m: Any = ALL(one_dbl=math.nan, many_dbl=[math.inf, -math.inf, -0.0, 1e-320], one_flt=0.1, many_flt=[1 / 3, 1e38],
                 one_i64=-(2**63), one_u64=2**64 - 1, many_i64=[0, 2**53 + 1], one_colour=7, many_colour=[2, -1],
                 one_raw=b"\x00\xff", one_str="", many_str=["", "\U0001f600", "\u2028\x7f"], opt_i32=0, opt_str="",
                 opt_flag=False, opt_colour=0, pick_str="")
    m.m_i64_str.update({-3: "a", 10: "b", 2: "c", -(2**63): "d"})
    m.m_u64_dbl.update({2**64 - 1: math.nan, 9: 1.5, 10: -math.inf})
    m.m_flag_colour.update({True: 1, False: 99})
    m.m_str_leaf["z"].weights.update({100: 1.0, -100: 2.0, 7: 0.0})
    m.m_str_leaf["a"].SetInParent()
    m.m_str_leaf["\u00e9"].tag_name = "x"
    m.m_sf32_str.update({-1: "", 1: "", -(2**31): ""})
    assert new(m) == reference(m)
    text = new(m).decode()
    assert '"oneDbl": "NaN"' in text and '"optI32": 0' in text and '"oneColour": 7' in text
    assert text.index('"-9223372036854775808"') < text.index('"-3"') < text.index('"2"') < text.index('"10"')
    assert '"customTag": "x"' in text
    assert new(ALL()) == reference(ALL()) == b"{}\n"


def test_a_well_known_type_goes_the_old_way() -> None:
    m: Any = WITH_TIMESTAMP()
    m.at.seconds = 86400
    m.all.m_str_str["b"] = "1"
    m.all.m_str_str["a"] = "2"
    assert not protojson.supports(m) and protojson.supports(ALL())
    assert to_bytes(m, "json") == reference(m)
    assert b'"at": "1970-01-02T00:00:00Z"' in to_bytes(m, "json")


def _real() -> list[tuple[str, Message]]:
    from adjudicator.core import engine
    from adjudicator.core.dice import HmacDice
    from adjudicator.core.ruleset import get_ruleset, ruleset_ids
    from importers.vassal.to_canonical import import_game
    from tests.support.vassal import hex_scenario, module_for, setup_game
    from umpire.v1 import vassal_pb2

    out: list[tuple[str, Message]] = []
    for rid in ruleset_ids():
        rs = get_ruleset(rid)
        sc = rs.load_scenario(rs.scenario_ids()[0])
        st_, _ = engine.new_game(rs, sc, game_id="t", options={}, tables=None, dice=HmacDice(b"seed", "t", 0, 0))
        out += [(f"{rid} state", st_), (f"{rid} scenario", sc)]
    mod = module_for(hex_scenario())
    res = import_game(setup_game(mod), mod, vassal_pb2.VassalBinding(ruleset="synthetic-hex"),
                      scenario=hex_scenario(), use_engine=False)
    out.append(("vassal import", res.state))
    return out


@pytest.fixture(scope="module")
def real() -> list[tuple[str, Message]]:
    return _real()


def test_real_states_and_scenarios_are_written_as_before(real: list[tuple[str, Message]]) -> None:
    assert len(real) >= 3
    for name, m in real:
        assert new(m) == reference(m), name


def test_write_message_streams_what_to_bytes_returns(tmp_path: Path, real: list[tuple[str, Message]],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(jsonwrite, "FLUSH_PARTS", 16)  # many writes, each ending mid-message
    for i, (name, m) in enumerate(real):
        p = tmp_path / f"{i}.json"
        write_message(p, m)
        assert p.read_bytes() == to_bytes(m, "json") == reference(m), name


def test_our_types_reach_no_well_known_type_so_all_take_the_new_path() -> None:
    def reachable(d: Descriptor, seen: set[str]) -> set[str]:
        if d.full_name not in seen:
            seen.add(d.full_name)
            for f in d.fields:
                if f.message_type is not None:
                    reachable(f.message_type, seen)
        return seen

    for cls in OURS:
        assert protojson.supports(cls())
        assert not any(n.startswith("google.protobuf.") for n in reachable(cls().DESCRIPTOR, set()))


def test_converting_a_save_to_json_or_binary_does_not_import_json_format(tmp_path: Path) -> None:
    """json_format is for reading .json / text and for well-known types; the
    canonical writers need none of it (and the JSON is still the old path's)."""
    from exporters.vassal.module_build import build_module
    from tests.cli.test_startup import run_cli
    from tests.support.vassal import hex_scenario, module_for

    sc = hex_scenario()
    module = tmp_path / "game.vmod"
    module.write_bytes(build_module(sc.definition, sc))
    mod = module_for(sc)
    setup = next(p for p in mod.views.predefined if p.use_file)
    save = tmp_path / "start.vsav"
    save.write_bytes(mod.archive.read(setup.file))
    runs = [["convert", str(save), str(tmp_path / f"s.{ext}"), "--module", str(module)] for ext in ("json", "binpb")]
    for entry in [run_cli([r])[1] for r in runs]:  # a fresh interpreter each
        assert entry["code"] == 0, entry["output"]
        assert "google.protobuf.json_format" not in entry["modules"]
    assert (tmp_path / "s.json").read_bytes() == reference(read(tmp_path / "s.binpb"))


def read(path: Path) -> Message:
    from importers.canonical import read_message

    return read_message(path, state_pb2.GameState())
