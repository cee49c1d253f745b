"""Shipped scenarios, board files, user scenarios and bad input."""

from __future__ import annotations

import pytest

from adjudicator.core.errors import MalformedInput, NotFound
from adjudicator.rules.major_battles.options import MajorBattlesOptions

SPECS = MajorBattlesOptions.SET.specs
from adjudicator.rules.major_battles.data import BOARDS, board as load_board
from importers.canonical import read_message
from tests.rules.major_battles.helpers import R, act, card, new, scenario
from umpire.v1 import definition_pb2, map_pb2


def test_shipped_scenarios_and_boards_are_labelled_illustrative() -> None:
    assert R.scenario_ids() == ["major-battles/normandy", "major-battles/bulge", "major-battles/sicily",
                                "major-battles/illustration-1", "major-battles/illustration-2"]
    for sid in R.scenario_ids():
        sc = R.load_scenario(sid)
        assert sc.definition.map.source.startswith("ILLUSTRATIVE")
        st = new(sc)
        assert st.ruleset == "major-battles" and st.version == 0
    for path in sorted(BOARDS.glob("*.textproto")):
        gmap = read_message(path, map_pb2.GameMap())
        assert gmap.source.startswith("ILLUSTRATIVE"), path.name


def test_unknown_scenario() -> None:
    with pytest.raises(NotFound, match="unknown scenario"):
        R.load_scenario("major-battles/kursk")


def test_user_scenario_needs_only_campaign_and_board() -> None:
    sc = definition_pb2.Scenario(ruleset="major-battles")
    sc.major_battles.campaign = "normandy"
    sc.definition.map.CopyFrom(load_board("normandy"))
    st = new(sc)
    assert len(st.units) == 50 and st.phase == "setup" and st.active_side == "us"
    assert [s.id for s in st.scenario.definition.sides] == ["us", "german"]


def test_board_errors_name_the_entry() -> None:
    sc = scenario("illustration-1")
    sc.definition.map.graph.roads[0].kind = "paved"
    with pytest.raises(MalformedInput, match=r"roads\[0\].*road A--B has kind 'paved'"):
        new(sc)
    sc = scenario("illustration-1")
    sc.definition.map.graph.roads[1].b = "Q"
    with pytest.raises(MalformedInput, match="unknown town 'Q'"):
        new(sc)
    sc = scenario("illustration-1")
    sc.definition.map.ClearField("graph")
    sc.definition.map.hex.default_terrain = "clear"
    with pytest.raises(MalformedInput, match="point-to-point"):
        new(sc)


def test_campaign_board_must_carry_the_tags_the_rules_read() -> None:
    sc = scenario("normandy")
    town = next(t for t in sc.definition.map.graph.towns if "red" in t.tags and "le-mans" not in t.tags)
    town.tags.remove("red")
    with pytest.raises(MalformedInput, match="8 town.*tagged 'red'.*needs 9"):
        new(sc)
    sc = scenario("bulge")
    roads = sc.definition.map.graph.roads
    keep = [r for r in roads if not (r.a == "bastogne" and r.b == "champs")]
    del roads[:]
    roads.extend(keep)
    with pytest.raises(MalformedInput, match="Bastogne is joined by roads to 4 towns"):
        new(sc)
    sc = scenario("sicily")
    sc.definition.map.graph.areas[0].capacity = 0
    with pytest.raises(MalformedInput, match="capacity"):
        new(sc)


def test_options_are_checked() -> None:
    with pytest.raises(MalformedInput, match="unknown option 'advanced'"):
        new("illustration-1", options={"advanced": "on"})
    with pytest.raises(MalformedInput, match=r"cannot be .yes. \(allowed: off, on\)"):
        new("illustration-1", options={"advanced-retreat": "yes"})
    st = new("illustration-1", options={"advanced-retreat": "on"})
    assert {o.name: o.value for o in st.options}["advanced-retreat"] == "on"
    assert [o.name for o in R.options()] == [s.name for s in SPECS]
    assert all(o.citation.label.startswith("MB ") for o in R.options())


def test_fixed_setup_errors() -> None:
    sc = scenario("illustration-2")
    sc.setup.add(unit_id="us-inf-05", location="A")  # a second placement, into the enemy's town
    sc.setup.add(unit_id="nobody", location="A")
    with pytest.raises(MalformedInput, match="unknown unit 'nobody'"):
        new(sc)
    sc = scenario("illustration-2")
    for p in sc.setup:
        if p.unit_id == "us-inf-05":
            p.location = "A"
    with pytest.raises(MalformedInput, match="both sides"):
        new(sc)


def test_state_with_edited_board_is_refused() -> None:
    st = new("illustration-1")
    st.scenario.definition.map.graph.roads[0].kind = "dotted"
    st.major_battles.board_digest = st.major_battles.board_digest[:-1] + ("0" if st.major_battles.board_digest[-1] != "0" else "1")
    with pytest.raises(MalformedInput, match="digest"):
        R.validate(st, card("us", 3))
    assert act(new("illustration-1"), card("us", 3)).state.major_battles.mp_allowance == 3


def test_describe_for_umpire_show() -> None:
    st = act(new("illustration-1"), card("us", 6)).state
    lines = R.describe(st)
    assert "us: 11 face down + Game Ends at the bottom, 1 face up, showing 6" in [ln.strip() for ln in lines]
    assert "movement points: 0 of 6 spent" in lines
    assert R.describe(R.view(new("bulge"), "us"))[-1] == "Bastogne relieved: no; Wiltz: not held"


def test_synthetic_benchmark_board_plays() -> None:
    from adjudicator.rules.major_battles.synthetic import synthetic_scenario

    sc = synthetic_scenario(towns=100, units=40, seed=3)
    assert sc.definition.map.source.startswith("SYNTHETIC") and len(sc.definition.units) == 40
    st = act(new(sc), card("us", 9)).state
    moves = [la.example for la in R.legal_actions(st, "us") if la.kind == "move"]
    assert moves and all(R.validate(st, m).legal for m in moves)


def test_every_option_is_documented() -> None:
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[3] / "docs" / "rules" / "major-battles.md").read_text()
    for spec in SPECS:
        assert f"`{spec.name}` | `{spec.default}`" in doc, spec.name


def test_unknown_move_mode_and_attack_supports_are_malformed() -> None:
    import pytest

    from adjudicator.core import dice as dice_mod
    from adjudicator.core import engine
    from adjudicator.core.errors import MalformedInput
    from adjudicator.core.ruleset import get_ruleset
    from umpire.v1 import action_pb2

    r = get_ruleset("major-battles")
    st, _ = engine.new_game(r, r.load_scenario("major-battles/illustration-1"), game_id="t", options={},
                            tables=None, dice=dice_mod.ScriptedDice([]))
    with pytest.raises(MalformedInput, match="move.mode"):
        engine.validate(st, action_pb2.Action(side="us", move=action_pb2.MoveUnits(
            unit_ids=["us-arm-01"], path=["B"], mode="rail")))
    with pytest.raises(MalformedInput, match="attack.supports"):
        engine.validate(st, action_pb2.Action(side="us", attack=action_pb2.Attack(
            target="C", attackers=["us-arm-01"], supports=["x"])))
