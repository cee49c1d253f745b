"""exporters/jsonwrite.py writes exactly json.dumps(obj, indent=N)'s text, in
pieces (the canonical JSON of a state is compared byte for byte elsewhere:
these check the writer itself on trees json_format never makes too)."""

from __future__ import annotations

import enum
import json
import math
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from exporters import jsonwrite
from exporters.canonical import to_bytes, write_message
from exporters.jsonwrite import dump_indented
from umpire.v1 import state_pb2


def written(obj: object, indent: int = 2) -> str:
    parts: list[str] = []
    dump_indented(obj, parts.append, indent=indent)
    return "".join(parts)


class Colour(enum.IntEnum):
    RED = 1


class Name(str):
    pass


class Ratio(float):
    pass


scalars = st.one_of(
    st.none(), st.booleans(), st.integers(), st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True), st.text(), st.text(alphabet="\\\"\t\n\x00\x1b'/é✓\U0001f600\ud800"),
    st.text(min_size=jsonwrite.LONG, max_size=jsonwrite.LONG + 50, alphabet="ab\t\\\"é"),
    st.sampled_from([Colour.RED, Name("n\"x"), Ratio(0.5), Ratio(float("nan"))]),
)
keys = st.one_of(st.text(max_size=8), st.integers(), st.floats(allow_nan=False), st.booleans(), st.none())
trees = st.recursive(scalars, lambda kids: st.one_of(
    st.lists(kids, max_size=5), st.lists(kids, max_size=3).map(tuple),
    st.dictionaries(keys, kids, max_size=5)), max_leaves=40)


@settings(max_examples=300, deadline=None)
@given(trees, st.sampled_from([0, 1, 2, 4]))
def test_the_text_is_json_dumps_with_that_indent(obj: Any, indent: int) -> None:
    assert written(obj, indent) == json.dumps(obj, indent=indent)


@settings(max_examples=50, deadline=None)
@given(st.lists(trees, min_size=1, max_size=20))
def test_pieces_flushed_mid_tree_join_to_the_same_text(objs: list[Any]) -> None:
    obj = {"a": objs, "b": [objs, {"c": objs}]}
    parts: list[str] = []
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(jsonwrite, "FLUSH_PARTS", 3)
        dump_indented(obj, parts.append)
    assert "".join(parts) == json.dumps(obj, indent=2)
    assert len(parts) > 1  # written in several pieces, cut inside the tree


def test_a_repeated_long_string_is_encoded_the_same_every_time() -> None:
    long = "type\t\\" * jsonwrite.LONG + "é"
    obj = {"x": [long, long, {"y": long, long: long}], "z": long[:-1]}
    assert written(obj) == json.dumps(obj, indent=2)


@pytest.mark.parametrize("bad", [{"k": {1, 2}}, [b"bytes"], {"k": object()}, {(1, 2): 3}, [1, {"a": [Path(".")]}]])
def test_what_json_refuses_is_refused_with_json_s_error(bad: Any) -> None:
    with pytest.raises(TypeError) as theirs:
        json.dumps(bad, indent=2)
    with pytest.raises(TypeError) as ours:
        written(bad)
    assert str(ours.value) == str(theirs.value)


def test_special_floats_are_written_as_json_writes_them() -> None:
    obj = [math.nan, math.inf, -math.inf, -0.0, 1e300, 5e-324, {"v": math.inf}]
    assert written(obj) == json.dumps(obj, indent=2)


def test_a_state_with_many_pieces_is_byte_identical_to_message_to_json(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(jsonwrite, "FLUSH_PARTS", 64)  # several writes, each ending mid-tree
    st_ = state_pb2.GameState(ruleset="synthetic-hex", game_id="g", version=7, turn=3)
    chain = "emb2;Step;" + "\\\t" * 30 + "piece;;;img/\u00e9.png;Name\\/x"
    for i in range(300):
        st_.units.add(unit_id=f"u{i}", side="blue" if i % 2 else "red", location=f"{i:04d}",
                      status=state_pb2.UnitState.ON_MAP, steps_lost=i % 3, markers=["a", "b"][: i % 3])
        st_.opaque_pieces.add(id=str(i), format="vassal", definition=chain * (1 + i % 4), state=f"s\t{i}",
                              attributes={"x": str(i * 1.5), "map": "Main Map"})
    st_.import_source.unit_objects.update({f"u{i}": str(i) for i in range(300)})
    p = tmp_path / "s.json"
    write_message(p, st_)
    assert p.read_bytes() == to_bytes(st_, "json")
