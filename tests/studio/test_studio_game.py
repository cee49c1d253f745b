"""The studio's game session: a log stepped through with each step's check-log
verdict, chart values merged into the game, bad chart cells refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.core.errors import MalformedInput
from adjudicator.core.ruleset import get_ruleset
from exporters.vassal.archive import save_entries, zip_bytes
from exporters.vassal.build import scenario_state
from exporters.vassal.logwriter import write_log_text
from importers.vassal.checklog import check_log
from importers.vassal.completion import Completion
from importers.vassal.obfuscation import Encoding
from studio import charts, game
from tests.support.vassal import game_from_text, module_for
from umpire.v1 import action_pb2, tables_pb2, vassal_pb2

pytest.importorskip("adjudicator.rules.nordwind")
from adjudicator.rules.nordwind import data  # noqa: E402
from tests.rules.nordwind.examples import movement_example, scenario  # noqa: E402


def _log(tmp_path: Path) -> tuple[Path, object, vassal_pb2.VassalBinding]:
    sc = scenario(movement_example())
    sc.definition.map.CopyFrom(data.game_map())
    mod = module_for(sc)
    b = vassal_pb2.VassalBinding(ruleset="nordwind-1945")
    moves = [action_pb2.Action(side="allied", move=action_pb2.MoveUnits(unit_ids=["CCA/12"], path=["1008", "1109"]))]
    text = write_log_text(mod, b, scenario_state(sc), moves)
    p = tmp_path / "g.vlog"
    p.write_bytes(zip_bytes(save_entries(text, Encoding(), {})))
    return p, mod, b


def test_a_log_steps_with_each_steps_check_log_verdict(tmp_path: Path) -> None:
    path, mod, b = _log(tmp_path)
    comp = Completion(get_ruleset("nordwind-1945").authoring(), "nordwind-1945", data.game_map(), None, {})
    sess = game.open_game(path, mod, b, comp)  # type: ignore[arg-type]
    assert sess.kind == "log" and sess.steps
    report, _ = check_log(game_from_text(path.read_bytes() and _text(path), "g.vlog"), mod, b, complete=comp)  # type: ignore[arg-type]
    judged = [(s.steps, s.verdict.legal) for s in sess.steps if s.verdict is not None]
    assert judged == [(list(e.steps), e.verdict.legal) for e in report.entries if e.HasField("verdict")]
    view = game.view(sess)
    assert [s["legal"] for s in view["steps"]] == [s.verdict.legal if s.verdict else None for s in sess.steps]
    sess.at = len(sess.steps) - 1
    assert game.current(sess) is sess.steps[-1].state


def _text(path: Path) -> str:
    from importers.vassal.archive import Archive
    from importers.vassal.obfuscation import decode_saved_game

    return decode_saved_game(Archive.open(path).read("savedGame"), "g")[0]


def test_chart_values_reach_the_game_and_bad_cells_are_refused() -> None:
    rs = get_ruleset("nordwind-1945")
    base = charts.base_tables(rs, None)
    ts = charts.save_cells(base, [{"table": "nordwind-1945/crt", "row": "3", "column": "1/4", "value": "4/-"}])
    st = charts.base_tables(rs, None)
    from adjudicator.core.tables import find_table, with_tables
    from umpire.v1 import state_pb2

    s = state_pb2.GameState()
    s.scenario.definition.tables.extend(st)
    merged = with_tables(s, ts, "tables.textproto")
    assert find_table(merged.scenario.definition.tables, "nordwind-1945/crt").cell("3", "1/4").value == "4/-"
    assert find_table(s.scenario.definition.tables, "nordwind-1945/crt").cell("3", "1/4") is None  # a copy
    with pytest.raises(MalformedInput, match="has no column '9/1'"):
        charts.save_cells(base, [{"table": "nordwind-1945/crt", "row": "3", "column": "9/1", "value": "x"}])
    assert isinstance(ts, tables_pb2.TableSet)
