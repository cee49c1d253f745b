"""check-log: a VASSAL log replayed through a ruleset (here the SYNTHETIC test
rulesets of tests/support/vassal_ruleset.py), on modules and logs written by
the project's own writers."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from adjudicator.core import ruleset as registry
from adjudicator.core.errors import MalformedInput, NotFound
from exporters.vassal.build import scenario_state
from exporters.vassal.logwriter import write_log_text
from importers.vassal.checklog import check_log
from importers.vassal.module import Module
from tests.support.vassal import game_from_text, graph_scenario, hex_scenario, module_for
from tests.support.vassal_ruleset import register_all
from umpire.v1 import action_pb2, vassal_pb2


@pytest.fixture(autouse=True)
def synthetic() -> Iterator[None]:
    register_all()
    yield
    for rid in ("synthetic-hex", "synthetic-graph"):
        registry.unregister(rid)


@pytest.fixture(scope="module")
def mod() -> Module:
    return module_for(hex_scenario())


def binding(**log: object) -> vassal_pb2.VassalBinding:
    b = vassal_pb2.VassalBinding(ruleset="synthetic-hex")
    b.log.end_phase_chat.append("end of phase")
    for k, v in log.items():
        setattr(b.log, k, v)
    return b


def move(side: str, units: list[str], *path: str) -> action_pb2.Action:
    a = action_pb2.Action(side=side)
    a.move.unit_ids.extend(units)
    a.move.path.extend(path)
    return a


def end(side: str) -> action_pb2.Action:
    a = action_pb2.Action(side=side)
    a.end_phase.SetInParent()
    return a


def run(mod: Module, actions: list[action_pb2.Action], b: vassal_pb2.VassalBinding | None = None) -> vassal_pb2.VassalLogReport:
    b = b or binding()
    text = write_log_text(mod, b, scenario_state(hex_scenario()), actions)
    return check_log(game_from_text(text, "game.vlog"), mod, b)[0]


def test_all_legal_log(mod: Module) -> None:
    rep = run(mod, [move("blue", ["b1", "b2"], "0404", "0405"), end("blue"), move("red", ["r1"], "0506")])
    assert rep.all_legal and rep.first_illegal_step == 0
    adjudicated = [e for e in rep.entries if e.HasField("verdict")]
    assert [list(e.steps) for e in adjudicated] == [[1, 2], [3], [4]]  # two hex-by-hex steps merged into one path
    assert list(adjudicated[0].action.move.path) == ["0404", "0405"]


def test_first_illegal_step_with_verdict_and_citation(mod: Module) -> None:
    rep = run(mod, [move("blue", ["b1"], "0404"), end("blue"),
                    move("red", ["r1"], "0506", "0406", "0306", "0206")])
    assert not rep.all_legal and rep.first_illegal_step == 3
    bad = rep.entries[-1]
    assert list(bad.steps) == [3, 4, 5, 6]
    assert [v.code for v in bad.verdict.violations] == ["NO_MP"]
    assert bad.verdict.violations[0].citation.label == "SYN 1.3"


def test_moving_out_of_turn_is_illegal_and_stops_the_replay(mod: Module) -> None:
    rep = run(mod, [move("red", ["r1"], "0506"), move("blue", ["b1"], "0404")])
    assert rep.first_illegal_step == 1
    assert rep.entries[-1].verdict.violations[0].code == "NOT_YOUR_TURN"
    assert len([e for e in rep.entries if e.HasField("verdict")]) == 1


def test_step_by_step_without_merging(mod: Module) -> None:
    b = binding(no_merge_moves=True)
    rep = run(mod, [move("blue", ["b1"], "0404", "0405", "0406", "0407")], b)
    assert rep.first_illegal_step == 4  # the fourth hex is beyond 3 MP
    assert [list(e.steps) for e in rep.entries] == [[1], [2], [3], [4]]


def test_non_adjacent_jump_is_illegal(mod: Module) -> None:
    rep = run(mod, [move("blue", ["b1"], "0707")])
    assert rep.entries[-1].verdict.violations[0].code == "NOT_ADJACENT"


def test_turn_tracker_ends_the_phase_when_bound(mod: Module) -> None:
    b = binding(end_phase_on_turn=True)
    del b.log.end_phase_chat[:]
    text = write_log_text(mod, b, scenario_state(hex_scenario()), [move("blue", ["b1"], "0404")])
    # append a turn-tracker step as VASSAL writes it, then a red move
    text += "\x1bLOG\tTURNTurnTracker0\t0|2;0;false;-1"
    red = write_log_text(mod, b, scenario_state(hex_scenario()), [move("red", ["r1"], "0506")])
    text += red[red.index("\x1bLOG\t"):]
    rep = check_log(game_from_text(text, "g.vlog"), mod, b)[0]
    assert rep.all_legal
    assert [e.action.WhichOneof("kind") for e in rep.entries if e.HasField("verdict")] == ["move", "end_phase", "move"]


def test_removed_unit_is_mirrored_not_adjudicated(mod: Module) -> None:
    b = binding()
    text = write_log_text(mod, b, scenario_state(hex_scenario()), [move("blue", ["b1"], "0404")])
    g0 = game_from_text(text)
    r1 = next(p for p in g0.piece_order if g0.pieces[p].piece.kind == "piece"
              and g0.pieces[p].piece.properties().get("UnitId") == "r1")
    text += f"\x1bLOG\t-/{r1}"
    rep, state = check_log(game_from_text(text, "g.vlog"), mod, b)
    assert rep.all_legal
    assert any("observed" in e.skipped and "r1" in e.skipped for e in rep.entries)
    assert next(u for u in state.units if u.unit_id == "r1").status == 2  # ELIMINATED


def test_graph_ruleset_roads() -> None:
    sc = graph_scenario()
    gm = module_for(sc)
    b = vassal_pb2.VassalBinding(ruleset="synthetic-graph")
    text = write_log_text(gm, b, scenario_state(sc), [move("allied", ["al1"], "B", "C", "D")])
    rep = check_log(game_from_text(text, "g.vlog"), gm, b, scenario=sc)[0]
    assert rep.first_illegal_step == 1
    assert rep.entries[-1].verdict.violations[0].code == "ENEMY_OCCUPIED"


def test_a_save_is_not_a_log(mod: Module) -> None:
    text = write_log_text(mod, binding(), scenario_state(hex_scenario()), [])
    with pytest.raises(MalformedInput, match="no LOG steps"):
        check_log(game_from_text(text), mod, binding())


def test_unknown_ruleset(mod: Module) -> None:
    text = write_log_text(mod, binding(), scenario_state(hex_scenario()), [move("blue", ["b1"], "0404")])
    b = binding()
    b.ruleset = "no-such-game"
    with pytest.raises(NotFound, match="unknown ruleset"):
        check_log(game_from_text(text, "g.vlog"), mod, b)


def test_dice_from_chat_are_handed_to_the_action(mod: Module) -> None:
    from importers.vassal.logreplay import LogReader
    from importers.vassal.to_canonical import import_game

    b = binding(dice_chat=r"\[(\d)\]")
    text = write_log_text(mod, b, scenario_state(hex_scenario()), [move("blue", ["b1"], "0404")])
    # a dice roll before the move, as a DiceButton reports it
    i = text.index("\x1bLOG\t")
    text = text[:i] + "\x1bLOG\tCHAT** 2d6 = [3] [5] *** <blue>" + text[i:]
    g = game_from_text(text, "g.vlog")
    items = LogReader(g, mod, b, import_game(g, mod, b)).items()
    assert [it.rolls for it in items if it.action is not None] == [[3, 5]]


def test_a_bad_command_is_skipped_leniently_and_stops_strictly(mod: Module) -> None:
    text = write_log_text(mod, binding(), scenario_state(hex_scenario()), [move("blue", ["b1"], "0404")])
    text += "\x1bLOG\tM/1/Main Map/notanumber/3/null/Main Map/1/1/null/x"
    g = game_from_text(text, "g.vlog")
    rep, _ = check_log(g, mod, binding())
    assert rep.all_legal and "bad command" in rep.entries[-1].skipped and "offset" in rep.entries[-1].skipped
    with pytest.raises(MalformedInput, match="LOG step 2: bad command"):
        check_log(g, mod, binding(), strict=True)
