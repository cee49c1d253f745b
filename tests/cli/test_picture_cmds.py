"""`umpire render` and `umpire report` through typer's runner."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from cli.main import app
from exporters.canonical import write_message
from tests.rules.nordwind.examples import move, movement_example, new_state

runner = CliRunner()


def _state(tmp_path: Path) -> Path:
    p = tmp_path / "s.json"
    write_message(p, new_state(movement_example(), phase="allied-movement"))
    return p


def test_render_svg_and_png_with_overlays(tmp_path: Path) -> None:
    s = _state(tmp_path)
    r = runner.invoke(app, ["render", str(s), "-o", str(tmp_path / "a.svg"), "--reach", "CCA/12"])
    assert r.exit_code == 0, r.output
    assert (tmp_path / "a.svg").read_text().startswith("<svg")
    r = runner.invoke(app, ["render", str(s), "-o", str(tmp_path / "a.png"), "--supply", "allied", "--side", "german"])
    assert r.exit_code == 0, r.output
    assert (tmp_path / "a.png").read_bytes()[:4] == b"\x89PNG"


def test_render_refuses_bad_input_in_one_line(tmp_path: Path) -> None:
    s = _state(tmp_path)
    r = runner.invoke(app, ["render", str(s), "-o", str(tmp_path / "a.gif")])
    assert r.exit_code == 2 and "use .svg or .png" in r.output
    r = runner.invoke(app, ["render", str(s), "-o", str(tmp_path / "a.svg"), "--supply", "martians"])
    assert r.exit_code == 2 and "unknown side 'martians'" in r.output


def test_report_exit_codes_follow_the_verdict(tmp_path: Path) -> None:
    s = _state(tmp_path)
    ok = tmp_path / "ok.textproto"
    write_message(ok, move("allied", ["CCA/12"], ["1008", "1109", "1209", "1309", "1409", "1510"]))
    r = runner.invoke(app, ["report", str(s), str(ok), "-o", str(tmp_path / "ok.html")])
    assert r.exit_code == 0 and "LEGAL" in r.output
    bad = tmp_path / "bad.textproto"
    write_message(bad, move("allied", ["CCA/12"], ["2414"]))
    r = runner.invoke(app, ["report", str(s), str(bad), "-o", str(tmp_path / "bad.html")])
    assert r.exit_code == 1 and "ILLEGAL" in r.output
    assert "NOT_ADJACENT" in (tmp_path / "bad.html").read_text()
    r = runner.invoke(app, ["report", str(s), str(bad), "-o", str(tmp_path / "bad.txt")])
    assert r.exit_code == 2


def test_render_as_a_side_draws_and_computes_only_what_it_may_know(tmp_path: Path) -> None:
    """`--side` is what that side may know (core/disclosure.py): a unit's hidden
    name is neither drawn nor usable to pick the unit (SYNTHETIC toy ruleset)."""
    from adjudicator.core import dice as dice_mod
    from adjudicator.core import engine
    from adjudicator.core.ruleset import get_ruleset, register
    register("toy-line", "tests.support.synthetic_ruleset:RULESET")
    rs = get_ruleset("toy-line")
    state, _ = engine.new_game(rs, rs.load_scenario("toy-line/basic"), game_id="g", options={}, tables=None,
                               dice=dice_mod.ScriptedDice([3]))
    p = tmp_path / "toy.json"
    write_message(p, state)
    r = runner.invoke(app, ["render", str(p), "-o", str(tmp_path / "red.svg"), "--reach", "Red One"])
    assert "no reachable-locations query" in r.output  # red's own name for r1 finds it
    r = runner.invoke(app, ["render", str(p), "-o", str(tmp_path / "blue.svg"), "--reach", "Red One", "--side", "blue"])
    assert r.exit_code == 2 and "Red One" in r.output and "no reachable-locations query" not in r.output
    r = runner.invoke(app, ["render", str(p), "-o", str(tmp_path / "blue.svg"), "--side", "blue"])
    assert r.exit_code == 0, r.output
    assert "Red One" not in (tmp_path / "blue.svg").read_text()


def test_render_reach_with_mode_strategic_draws_the_strategic_move_as_umpire_reach_lists_it(tmp_path: Path) -> None:
    """Patton's 3rd Army 5.1.C / 5.5.2: a mechanized unit's strategic move pays
    1/2 MP per road hex, so --mode strategic draws more hexes, at their strategic
    cost, than the ordinary (tactical) reach (ILLUSTRATIVE map, SYNTHETIC tables)."""
    import json

    from tests.rules.pattons.helpers import at

    p = tmp_path / "move.binpb"
    write_message(p, at({"CCA/4": "0117"}, phase="us-movement"))
    reach_fill = 'fill="#1e90ff"'
    r = runner.invoke(app, ["render", str(p), "-o", str(tmp_path / "t.svg"), "--reach", "CCA/4"])
    assert r.exit_code == 0, r.output
    r = runner.invoke(app, ["render", str(p), "-o", str(tmp_path / "s.svg"), "--reach", "CCA/4", "--mode", "strategic"])
    assert r.exit_code == 0, r.output
    tactical, strategic = (tmp_path / "t.svg").read_text(), (tmp_path / "s.svg").read_text()
    listed = json.loads(runner.invoke(app, ["reach", str(p), "CCA/4", "--mode", "strategic", "--json"]).output)
    assert strategic.count(reach_fill) == len(listed["reachable"]) > tactical.count(reach_fill)
    assert ">1.5</text>" in strategic and ">1.5</text>" not in tactical  # 0417: 3 hexes of road at 1/2 MP
    assert "strategic move" in strategic
    bad = runner.invoke(app, ["render", str(p), "-o", str(tmp_path / "b.svg"), "--reach", "CCA/4", "--mode", "rail"])
    assert bad.exit_code == 2 and "'strategic'" in bad.output and "Traceback" not in bad.output
    assert not (tmp_path / "b.svg").exists()
    alone = runner.invoke(app, ["render", str(p), "-o", str(tmp_path / "c.svg"), "--mode", "strategic"])
    assert alone.exit_code == 2 and "--mode" in alone.output and "--reach" in alone.output
