"""The Game tab's movement mode (ReachQuestion.mode / MoveUnits.mode) in a real
Chromium: Patton's 3rd Army moves a unit tactically or strategically, never both
(P3A 5.1.C). Chosen "strategic", pressing on a mechanized unit lights the hexes
of its strategic move at their strategic cost (1/2 MP per road hex, 5.5.2), and
a drag is judged as a strategic move. ILLUSTRATIVE map and counters."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from exporters.canonical import write_message
from studio import game
from studio.project import Project
from tests.studio.conftest import cell, ready, start, status_has

pytest.importorskip("adjudicator.rules.pattons")
from tests.rules.pattons.helpers import RS, at  # noqa: E402

CCA = "CCA/4"


def _costs(page: Any) -> dict[str, float]:
    shown = page.evaluate("[...document.querySelectorAll('.layer-overlay text.cost')].map((e) => e.textContent)")
    hexes = page.evaluate("[...document.querySelectorAll('.layer-overlay .reach')].map((e) => e.dataset.hex)")
    return dict(zip(hexes, map(float, shown)))


def test_the_game_view_lists_the_rulesets_movement_modes(tmp_path: Path) -> None:
    p = tmp_path / "move.json"
    write_message(p, at({CCA: "0117"}, phase="us-movement"))
    sess = game.open_game(p, None, None, None)  # type: ignore[arg-type]
    assert game.view(sess)["reach_modes"] == ["", "tactical", "strategic"]
    strategic = game.reach(sess, CCA, "strategic")
    assert strategic["mode"] == "strategic"
    assert {r["location"]: r["cost"] for r in strategic["reachable"]}["0417"] == 1.5  # 5.5.2


@pytest.mark.browser
def test_5_1_c_the_reach_panel_moves_a_unit_strategically_when_chosen(page: Any, shots: Path, tmp_path: Path) -> None:
    st = at({CCA: "0117"}, phase="us-movement")
    project = Project.open(tmp_path / "p3a", None, "pattons-3rd-army")
    project.set_ruleset("pattons-3rd-army", "")
    (project.root / "games").mkdir()
    write_message(project.root / "games" / "move.json", st)
    run = start(project.root, None, None)
    try:
        page.goto(run.url + "#game")
        ready(page)
        page.select_option("#game-file", "games/move.json")
        page.wait_for_selector(f'.layer-units [data-unit="{CCA}"]')
        assert page.eval_on_selector_all("#reach-mode option", "os => os.map((o) => o.value)") == [
            "", "tactical", "strategic"]
        page.evaluate("window.studio.tabs.game.map.zoomTo(['0117', '0917', '0420'], 2)")
        # The ordinary move first: what `umpire reach` says without --mode.
        page.mouse.click(*cell(page, "0117"))
        page.wait_for_selector('.reach[data-hex="0217"]')
        assert _costs(page) == {r.location: r.cost for r in RS.reach(st, CCA)}
        page.select_option("#reach-mode", "strategic")
        status_has(page, "strategic")
        page.wait_for_function("document.querySelector('.layer-overlay text.cost') && "
                               "[...document.querySelectorAll('.layer-overlay .reach')].length > 0")
        strategic = {r.location: r.cost for r in RS.reach(st, CCA, "strategic")}
        page.wait_for_function(f"document.querySelectorAll('.layer-overlay .reach').length === {len(strategic)}")
        assert _costs(page) == strategic and strategic["0417"] == 1.5
        page.screenshot(path=str(shots / "30-strategic-reach.png"))
        # A drag onto 0917 is judged as a strategic move: 4 MP along the road (5.5.2).
        page.mouse.move(*cell(page, "0117"))
        page.mouse.down()
        page.mouse.move(*cell(page, "0917"), steps=8)
        page.mouse.up()
        page.wait_for_selector("#verdict .legal")
        text = page.inner_text("#verdict")
        assert "strategic move CCA/4 0117 → 0917" in text and "movement points: 4" in text
        assert "moves strategically" in text and "[P3A 5.5.1.B]" in text
        page.screenshot(path=str(shots / "31-strategic-verdict.png"))
        page.click("#apply")
        page.wait_for_selector("#verdict p.ok")
        after = page.evaluate("window.studio.tabs.game.game.units.find((u) => u.id === 'CCA/4')")
        assert after["location"] == "0917"
        # Without a module the Map tab says so (and where a state is drawn), not "the module has no hex map".
        page.click('[data-tab="map"]')
        assert "No module open" in page.inner_text("#pane-map")
        assert not page.errors, page.errors
    finally:
        run.stop()
