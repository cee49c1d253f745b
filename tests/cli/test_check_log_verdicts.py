"""`umpire check-log` never reports "all legal" for a run that judged nothing or
skipped steps, and says why verdicts may mislead (issue 13): no scenario (the
replay starts in the ruleset's first phase), a point-to-point board without
roads. Real samples are read from ../shared (skipped with the reason when absent)."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from cli.main import app
from cli.check_log_cmd import _cautions
from tests.cli.test_vassal_cmds import files  # noqa: F401 - the fixture
from umpire.v1 import state_pb2, vassal_pb2

runner = CliRunner()


def test_a_real_log_with_nothing_adjudicated_says_so_and_exits_3(samples_dir: Path) -> None:
    r = runner.invoke(app, ["check-log", str(samples_dir / "vassal-tour.log"), "-m", str(samples_dir / "vassal-tour.mod"),
                            "-r", "nordwind-1945", "--scenario", "nordwind-1945/historical"])
    assert r.exit_code == 3, r.output
    assert "no step adjudicated" in r.output and "none of the 114 LOG steps" in r.output
    assert "all 0 adjudicated actions legal" not in r.output


def test_a_legal_log_with_a_binding_exits_0_without_cautions(files: dict[str, Path]) -> None:  # noqa: F811
    r = runner.invoke(app, ["check-log", str(files["legal"]), "--binding", str(files["binding"]),
                            "--module", str(files["module"]), "--scenario-file", str(files["scenario"])])
    assert r.exit_code == 0, r.output
    assert "all 1 adjudicated actions legal" in r.output and "not every step" not in r.output


def test_an_illegal_first_step_without_scenario_says_the_verdict_may_mislead(files: dict[str, Path]) -> None:  # noqa: F811
    r = runner.invoke(app, ["check-log", str(files["illegal"]), "--binding", str(files["binding"]),
                            "--module", str(files["module"])])
    assert r.exit_code == 1
    assert "NOT_YOUR_TURN" in r.output
    assert "verdicts may mislead: no scenario" in r.output and "--scenario" in r.output


def test_a_point_to_point_board_without_roads_is_named_as_the_reason() -> None:
    st = state_pb2.GameState(phase="turn", turn=1, active_side="us")
    st.scenario.definition.map.graph.towns.add(id="a")
    st.scenario.definition.map.graph.towns.add(id="b")
    cautions = _cautions(vassal_pb2.VassalBinding(ruleset="major-battles", scenario="major-battles/normandy"),
                         None, None, st)
    assert len(cautions) == 1 and "the board has no roads" in cautions[0] and "NO_ROAD" in cautions[0]
