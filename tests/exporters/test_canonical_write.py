"""exporters.canonical: a JSON file written piecewise has exactly the bytes of
`to_bytes` (json_format.MessageToJson), so streaming it changed no file."""

from __future__ import annotations

from pathlib import Path

from exporters.canonical import to_bytes, write_message
from tests.support.vassal import hex_scenario
from umpire.v1 import state_pb2


def test_streamed_json_is_byte_identical_to_message_to_json(tmp_path: Path) -> None:
    st = state_pb2.GameState(ruleset="synthetic-hex", game_id="g", version=7, turn=3)
    st.scenario.CopyFrom(hex_scenario())
    st.scenario.definition.name = "Überraschung — ünïcode ✓"  # escaped as MessageToJson escapes it
    st.units.add(unit_id="b1", side="blue", location="0304", status=state_pb2.UnitState.ON_MAP)
    st.opaque_pieces.add(id="1", format="vassal", definition="x\ty\\z\x1b", attributes={"x": "1.5"})
    p = tmp_path / "s.json"
    write_message(p, st)
    assert p.read_bytes() == to_bytes(st, "json")
