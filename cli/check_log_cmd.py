"""`umpire check-log GAME.vlog`: replay a VASSAL log through a ruleset and
report the first illegal step.

Why its own module: the verdict logic of a whole log (what was judged, what was
skipped and why, when the verdicts may mislead) is apart from the conversions of
cli/vassal_cmds.py, whose reading helpers it uses. Like every command module it
imports the importers only when the command runs (cli/main.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Optional

import typer

from cli.errors import EXIT_ILLEGAL, EXIT_NEEDS_INPUT, run
from cli.vassal_cmds import (BINDING_OPTION, COUNTERS_OPTION, EXTENSION_OPTION, MAP_OPTION, NO_FILES, RULESET_OPTION,
                             SCENARIO_OPTION, STRICT_OPTION, TABLES_OPTION, ProjectFiles, _warn, binding_for,
                             need_module, read_game, with_bar)

if TYPE_CHECKING:
    from umpire.v1 import state_pb2, vassal_pb2


def register(app: typer.Typer) -> None:
    @app.command("check-log")
    def check_log_cmd(
        log: Path = typer.Argument(..., metavar="GAME.vlog"),
        binding: Optional[Path] = BINDING_OPTION,
        ruleset: Optional[str] = RULESET_OPTION,
        module: Optional[Path] = typer.Option(None, "--module", "-m", help="the VASSAL module the log was played with"),
        scenario: Optional[str] = SCENARIO_OPTION,
        scenario_file: Optional[Path] = typer.Option(None, "--scenario-file", help="canonical scenario file (its map and units)"),
        json_out: Optional[Path] = typer.Option(None, "--json", help="also write the report (VassalLogReport)"),
        roll: list[int] = typer.Option([], "--roll", help="die faces for dice thrown while creating the game"),
        strict: bool = STRICT_OPTION,
        verbose: bool = typer.Option(False, "--verbose", "-v", help="print every step, not only the first illegal one"),
        turn: int = typer.Option(0, "--turn", help="the turn the log starts in (a log that begins mid-game)"),
        phase: str = typer.Option("", "--phase", help="the phase the log starts in, as the ruleset names it"),
        segment: str = typer.Option("", "--segment", help="the segment the log starts in"),
        active_side: str = typer.Option("", "--active-side", help="the side to act when the log starts"),
        extension: list[Path] = EXTENSION_OPTION,
        map_file: Optional[Path] = MAP_OPTION,
        counters: Optional[Path] = COUNTERS_OPTION,
        tables: Optional[Path] = TABLES_OPTION,
    ) -> None:
        """Replay a VASSAL log through a ruleset; report the first illegal step (exit 1)."""
        from importers.vassal.checklog import StartAt

        start = StartAt(turn, phase, segment, active_side)
        files = ProjectFiles(map_file, counters, tables)
        code = run(lambda: do_check_log(log, binding, ruleset, module, scenario, json_out, roll, strict, verbose,
                                        scenario_file, start, extension, files))
        raise typer.Exit(code)


def do_check_log(log: Path, binding: Optional[Path], ruleset: Optional[str], module: Optional[Path],
                 scenario: Optional[str], json_out: Optional[Path], rolls: list[int], strict: bool,
                 verbose: bool, scenario_file: Optional[Path] = None, start: "object | None" = None,
                 extensions: Sequence[Path] = (), files: ProjectFiles = NO_FILES) -> int:
    from adjudicator.core.errors import MalformedInput
    from exporters.canonical import write_message
    from importers.canonical import read_message
    from importers.vassal.checklog import StartAt, check_log, render_entry
    from umpire.v1 import definition_pb2

    b = binding_for(binding, ruleset, scenario)
    mod = need_module(module, "replay a log", extensions)
    scen = read_message(scenario_file, definition_pb2.Scenario()) if scenario_file else None
    if scen is not None and (files.map_file or files.counters):
        raise MalformedInput("--map / --counters complete a definition built from the module, not --scenario-file")
    comp = files.completion(b, mod)
    user_tables = files.table_set()
    game = read_game(log, strict)
    at = start if isinstance(start, StartAt) else None
    report, final = with_bar("replaying", len(game.pieces) + len(game.log_steps),
                         lambda cb: check_log(game, mod, b, scenario=scen, rolls=rolls, start=at, strict=strict,
                                              progress=cb, complete=comp, tables=user_tables,
                                              tables_name=str(files.tables)))
    if json_out is not None:
        write_message(json_out, report)
    adjudicated = [e for e in report.entries if e.HasField("verdict")]
    if verbose:
        for e in report.entries:
            print(render_entry(e))
    else:
        for e in report.entries:
            if e.skipped.startswith(log.name) or "bad command" in e.skipped:
                _warn(e.skipped)
    skipped = [e for e in report.entries if not e.HasField("verdict")]
    cautions = _cautions(b, scen, at, final)
    if report.all_legal:
        if not adjudicated:
            # Nothing judged is not "all legal" (issue 13): say why and exit 3 (more input needed).
            print(f"{log.name}: no step adjudicated: {_not_judged(skipped, len(game.log_steps))}; "
                  f"ruleset {report.ruleset}")
            _print_cautions(cautions)
            return EXIT_NEEDS_INPUT
        print(f"{log.name}: all {len(adjudicated)} adjudicated actions legal "
              f"({len(game.log_steps)} LOG steps, ruleset {report.ruleset})")
        if skipped:
            print(f"  but not every step was judged: {_not_judged(skipped, len(game.log_steps))}")
            _print_cautions(cautions)
            return EXIT_NEEDS_INPUT
        return 0
    bad = report.entries[-1]
    steps = ",".join(str(s) for s in bad.steps)
    print(f"{log.name}: LOG step {steps} is illegal: {bad.summary}")
    for v in bad.verdict.violations:
        print(f"  {v.code}: {v.message} [{v.citation.label or v.citation.rule_case}]")
    print(f"  ({len(adjudicated) - 1} actions before it were legal)")
    if skipped:
        print(f"  not judged before it: {_not_judged(skipped, len(game.log_steps))}")
    _print_cautions(cautions)
    return EXIT_ILLEGAL


def _not_judged(skipped: Sequence[vassal_pb2.VassalLogEntry], log_steps: int) -> str:
    """`114 of 114 LOG steps not adjudicated (80 observed, not adjudicated; ...)`: the
    entries check-log did not judge, grouped by the reason's first words."""
    reasons: dict[str, int] = {}
    for e in skipped:
        why = (e.skipped or "no action").split(":")[0].strip()
        reasons[why] = reasons.get(why, 0) + 1
    top = sorted(reasons.items(), key=lambda kv: -kv[1])[:4]
    if not skipped:
        return (f"none of the {log_steps} LOG steps read as a piece move or a command the binding maps "
                "(docs/vassal.md: the binding's pieces, maps and log commands)")
    steps = {s for e in skipped for s in e.steps}
    return (f"{len(steps) or len(skipped)} of {log_steps} LOG steps not adjudicated ("
            + "; ".join(f"{n}× {why}" for why, n in top) + ")")


def _cautions(b: vassal_pb2.VassalBinding, scen: object, start: object, final: state_pb2.GameState) -> list[str]:
    """Why the verdicts may not be about the players' moves: the replay started
    from the module's pieces and the ruleset's defaults, or a board without the
    roads a point-to-point game moves along."""
    out: list[str] = []
    started = start is not None and any(getattr(start, f, None) for f in ("turn", "phase", "segment", "active_side"))
    if not b.scenario and scen is None and not started:
        out.append("no scenario: the game was built from the module's pieces and starts in the ruleset's first "
                   f"phase ({final.phase or '-'} of turn {final.turn}, {final.active_side or 'no side'} to act) "
                   "and may not be where the log starts: a first NOT_YOUR_TURN or wrong-phase verdict may say so; "
                   "give --scenario (or --scenario-file) or --turn/--phase/--active-side")
    m = final.scenario.definition.map
    if m.WhichOneof("layout") == "graph" and not m.graph.roads:
        out.append("the board has no roads: a point-to-point game moves along roads, so every move is refused "
                   "(NO_ROAD); give a map with its roads (--map) or a scenario")
    return out


def _print_cautions(cautions: Sequence[str]) -> None:
    for c in cautions:
        print(f"  ! verdicts may mislead: {c}")
