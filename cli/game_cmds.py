"""Game commands: rulesets, new, show, adjudicate, verify-dice.

Offline commands call `adjudicator.core.engine` directly: the same functions the
server calls, so an offline verdict and a server verdict cannot disagree.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from cli.console import out
from cli.errors import EXIT_ILLEGAL, EXIT_NEEDS_INPUT, run
from cli.json_out import JSON_HELP

if TYPE_CHECKING:
    from umpire.v1 import action_pb2, definition_pb2

# The kernel, the rulesets and rich are imported inside the commands (cli/main.py:
# the CLI starts without them, and a command loads only the one ruleset it uses).


def parse_options(pairs: list[str] | None) -> dict[str, str]:
    from adjudicator.core.errors import MalformedInput

    options: dict[str, str] = {}
    for p in pairs or []:
        if "=" not in p:
            raise MalformedInput(f"option {p!r} is not NAME=VALUE", "--option")
        k, v = p.split("=", 1)
        options[k.strip()] = v.strip()
    return options


def read_action(path: Path | None, text: str | None) -> action_pb2.Action:
    from google.protobuf import text_format

    from adjudicator.core.errors import MalformedInput
    from importers.canonical import read_message
    from umpire.v1 import action_pb2

    if (path is None) == (text is None):
        raise MalformedInput("give the action as a file (ACTION) or inline (--action-text), not both/neither", "action")
    if text is not None:
        action = action_pb2.Action()
        try:
            text_format.Parse(text, action)
        except text_format.ParseError as e:
            raise MalformedInput(" ".join(str(e).split()), "--action-text") from None
        return action
    assert path is not None
    return read_message(path, action_pb2.Action())


def load_scenario(ruleset_id: str | None, scenario: str) -> definition_pb2.Scenario:
    """A scenario file (by extension: .json/.textproto/.binpb) or a shipped scenario id."""
    from adjudicator.core.ruleset import resolve_scenario
    from importers.canonical import BINARY_EXT, JSON_EXT, TEXT_EXT, read_message
    from umpire.v1 import definition_pb2

    p = Path(scenario)
    if p.suffix.lower() in (*JSON_EXT, *TEXT_EXT, *BINARY_EXT):
        return read_message(p, definition_pb2.Scenario())
    rs, scenario_id = resolve_scenario(ruleset_id or "", scenario)
    return rs.load_scenario(scenario_id)


def complete_scenario(sc: definition_pb2.Scenario, ruleset_id: str, map_file: Path | None,
                      counters: Path | None, module: Path | None) -> None:
    """`--map` / `--counters`: the studio's completion (importers/vassal/completion.py)
    applied to a scenario's definition."""
    from adjudicator.core.errors import MalformedInput
    from importers.vassal.completion import completion_from_files

    if module is not None and counters is None:
        raise MalformedInput("--module is read for --counters (which palette piece each unit came from)", "--module")
    mod = None
    if module is not None:
        from cli.vassal_cmds import open_module

        mod = open_module(module)
    comp = completion_from_files(ruleset_id, mod, map_file, counters)
    if comp is not None:
        comp(sc.definition)


def register(app: typer.Typer) -> None:
    @app.command()
    def rulesets(as_json: Annotated[bool, typer.Option("--json", help=JSON_HELP)] = False) -> None:
        """List the rulesets, their scenarios and named options (and any that
        cannot be loaded, with why: the others are listed all the same)."""

        def go() -> None:
            from adjudicator.core.ruleset import load_all
            from cli.json_out import emit, rulesets_response

            if as_json:
                emit(rulesets_response())
                return
            ok, broken = load_all()
            for rs in ok:
                out.print(f"{rs.id} {rs.version} — {rs.title}", style="bold", highlight=False, markup=False)
                out.print(f"  rulebook: {rs.rulebook}", highlight=False, markup=False)
                out.print("  scenarios: " + ", ".join(rs.scenario_ids()), highlight=False, markup=False)
                if rs.options():
                    out.print("  options (default value):", highlight=False, markup=False)
                for o in rs.options():
                    cite = f" [{o.citation.label}]" if o.citation.label else ""
                    out.print(f"    {o.name}={o.value}: {o.description}{cite}", highlight=False, markup=False)
            for rid, why in broken.items():
                out.print(f"{rid} — unavailable: {why}", style="bold red", highlight=False, markup=False)

        run(go)

    @app.command()
    def new(
        scenario: Annotated[str, typer.Argument(help="shipped scenario id (see `umpire rulesets`) or scenario file")],
        output: Annotated[Path, typer.Option("--out", "-o", help="state file to write (.json/.textproto/.binpb)")],
        ruleset: Annotated[Optional[str], typer.Option(help="ruleset id (default: from the scenario)")] = None,
        option: Annotated[Optional[list[str]], typer.Option(help="NAME=VALUE rule option; repeatable")] = None,
        tables: Annotated[Optional[Path], typer.Option(help="user table file filling unknown cells")] = None,
        seed: Annotated[Optional[str], typer.Option(help="dice seed (hex) for rolls at creation")] = None,
        game_id: Annotated[str, typer.Option(help="game id recorded in the state")] = "offline",
        map_file: Annotated[Optional[Path], typer.Option("--map", help="map file replacing the scenario's map "
                                                         "(docs/maps.md; drawn on the same grid)")] = None,
        counters: Annotated[Optional[Path], typer.Option(help="counter values (Umpire Studio's counters.textproto)")] = None,
        module: Annotated[Optional[Path], typer.Option("--module", "-m", help="the module whose palette the counters "
                                                       "rows name (copies of a piece share its row)")] = None,
        position: Annotated[Optional[Path], typer.Option(help="position file to start from (docs/position.md): "
                                                         "turn, phase, units at hexes/towns, losses, markers")] = None,
    ) -> None:
        """Create a game offline from a scenario (or a mid-game --position) and write its state."""

        def go() -> None:
            from adjudicator.core import dice as dice_mod
            from adjudicator.core import engine
            from adjudicator.core.errors import MalformedInput
            from adjudicator.core.ruleset import get_ruleset
            from cli import render
            from exporters.canonical import write_message
            from importers.canonical import read_message
            from umpire.v1 import definition_pb2, tables_pb2

            sc = definition_pb2.Scenario()
            sc.CopyFrom(load_scenario(ruleset, scenario))
            rs = get_ruleset(ruleset or sc.ruleset)
            complete_scenario(sc, rs.id, map_file, counters, module)
            table_set = read_message(tables, tables_pb2.TableSet()) if tables else None
            try:
                seed_bytes = bytes.fromhex(seed) if seed else dice_mod.new_seed()
            except ValueError:
                raise MalformedInput("seed must be hexadecimal", "--seed") from None
            state, events = engine.new_game(
                rs, sc, game_id=game_id, options=parse_options(option), tables=table_set,
                dice=dice_mod.HmacDice(seed_bytes, game_id, 0, 0),
                seed_commitment=dice_mod.commitment(seed_bytes),
            )
            if position is not None:
                from cli.position import with_position

                state = with_position(state, position)
            # Offline games have no secret: keep the seed so the rolls can be verified.
            state.seed = seed_bytes.hex()
            write_message(output, state)
            render.events(out.get(), events)
            if position is not None:
                out.print(f"position {position}: turn {state.turn}, phase {state.phase}"
                          + (f" ({state.segment})" if state.segment else "")
                          + (f", {state.active_side} to act" if state.active_side else ""),
                          highlight=False, markup=False)
            out.print(f"wrote {output} ({rs.id}, {sc.id}, version {state.version})", highlight=False, markup=False)

        run(go)

    @app.command()
    def show(
        state_file: Annotated[Path, typer.Argument(metavar="STATE", help="state file")],
        side: Annotated[Optional[str], typer.Option(help="show only this side's view")] = None,
        as_json: Annotated[bool, typer.Option("--json", help=JSON_HELP)] = False,
    ) -> None:
        """Print a state readably (optionally one side's view); on a point-to-point
        board, which places connect by road."""

        def go() -> None:
            from adjudicator.core import disclosure, engine
            from adjudicator.core.errors import MalformedInput
            from adjudicator.core.position import Position
            from cli import render
            from cli.json_out import emit
            from cli.roads import render_roads
            from importers.canonical import read_message
            from umpire.v1 import service_pb2, state_pb2

            s = read_message(state_file, state_pb2.GameState())
            if side:
                if side not in engine.side_ids(s):
                    raise MalformedInput(f"unknown side {side!r}", "--side")
                s = disclosure.state_for(Position(s), side)
            if as_json:
                emit(service_pb2.GetStateResponse(state=s))
                return
            render.state(out.get(), s)
            render_roads(out.get(), s)

        run(go)

    @app.command()
    def adjudicate(
        state_file: Annotated[Path, typer.Argument(metavar="STATE", help="state file")],
        action_file: Annotated[Optional[Path], typer.Argument(metavar="ACTION", help="action file")] = None,
        action_text: Annotated[Optional[str], typer.Option(help="the action inline, protobuf text format")] = None,
        roll: Annotated[Optional[list[int]], typer.Option(help="a die actually thrown, in order; repeatable")] = None,
        cell: Annotated[
            Optional[list[str]],
            typer.Option(help="TABLE:COLUMN:ROW=VALUE read off the printed chart; repeatable"),
        ] = None,
        tables: Annotated[Optional[Path], typer.Option(help="table file filling unknown cells")] = None,
        side: Annotated[Optional[str], typer.Option(help="acting side (default: the action's)")] = None,
        output: Annotated[Optional[Path], typer.Option("--out", "-o", help="write the new state here")] = None,
        as_json: Annotated[bool, typer.Option("--json", help=JSON_HELP + " (SubmitActionResponse)")] = False,
    ) -> None:
        """Adjudicate a disputed action offline; exit 0 legal (applied), 1 illegal,
        2 bad input, 3 legal but dice (--roll) or table data (--cell) needed.

        Prints the verdict with rule citations (and outcome probabilities when dice
        decide), then the outcome when the thrown dice are given with --roll. An
        action that could not be applied is never headed LEGAL, and -o writes
        nothing then."""

        def not_applied(verdict: action_pb2.Verdict, what: str, hint: str) -> int:
            from rich.text import Text

            from cli import render

            render.verdict(out.get(), verdict, Text(f"NEEDS {what}", style="bold yellow")
                           .append(f"  (legal so far, not applied: {hint})", style="yellow"))
            if output:
                out.print(f"nothing written to {output}", highlight=False, markup=False)
            return EXIT_NEEDS_INPUT

        def go() -> int:
            from adjudicator.core import dice as dice_mod
            from adjudicator.core import engine
            from adjudicator.core.errors import MalformedInput, NeedsData
            from cli import render
            from cli.json_out import adjudicate_json, with_needed
            from cli.tables_opt import load_state, supplied_cells
            from exporters.canonical import write_message

            s = load_state(state_file, tables)
            action = read_action(action_file, action_text)
            if side:
                action.side = side
            action.supplied_cells.extend(supplied_cells(cell))
            verdict = engine.validate(s, action)
            if as_json:
                return adjudicate_json(s, action, verdict, roll, output)
            if not verdict.legal:
                render.verdict(out.get(), verdict)
                return EXIT_ILLEGAL
            dice = dice_mod.ScriptedDice(roll or [], start_index=len(s.dice_log), version=s.version)
            try:
                applied = engine.apply_action(s, action, lambda _start, _v: dice)
            except dice_mod.NeedsRoll as e:
                if roll:
                    raise
                code = not_applied(verdict, "DICE", f"the outcome depends on dice ({e.purpose})")
                out.print("Give the thrown value(s) with --roll to resolve it.", highlight=False, markup=False)
                return code
            except NeedsData as e:
                code = not_applied(with_needed(verdict, e), "DATA", "the outcome needs table cells the engine lacks: give them with "
                                              "--cell (or --tables) and run it again")
                out.print(f"needed now: {e.one_line()}", style="yellow", highlight=False, markup=False)
                return code
            if dice.unused:
                raise MalformedInput(f"{dice.unused} of the {len(dice.values)} rolls given were not used", "--roll")
            render.verdict(out.get(), verdict)
            out.print("outcome:")
            render.events(out.get(), applied.events)
            if applied.state.HasField("pending"):
                d = applied.state.pending
                out.print(f"now waiting for {d.side}: {d.prompt}", highlight=False, markup=False)
            if output:
                write_message(output, applied.state)
                out.print(f"wrote {output} (version {applied.state.version})", highlight=False, markup=False)
            return 0

        code = run(go)
        raise typer.Exit(code)

    @app.command("verify-dice")
    def verify_dice(
        record_file: Annotated[Path, typer.Argument(metavar="RECORD", help="game record (umpire client export)")],
        seed: Annotated[Optional[str], typer.Option(help="revealed seed (hex), if not in the record")] = None,
    ) -> None:
        """Verify a game's dice from its revealed seed, and replay it.

        Checks sha256(seed) against the published commitment, recomputes every roll,
        and replays the actions to the recorded final state."""

        def go() -> int:
            from adjudicator.core import dice as dice_mod
            from adjudicator.core import engine
            from adjudicator.core.errors import MalformedInput
            from importers.canonical import read_message
            from umpire.v1 import state_pb2

            rec = read_message(record_file, state_pb2.GameRecord())
            seed_hex = seed or rec.final.seed or rec.initial.seed
            if not seed_hex:
                raise MalformedInput("the record has no revealed seed; give it with --seed", str(record_file))
            try:
                seed_bytes = bytes.fromhex(seed_hex)
            except ValueError:
                raise MalformedInput("seed is not hexadecimal", "--seed") from None
            problems: list[str] = []
            commitment = rec.final.seed_commitment or rec.initial.seed_commitment
            if dice_mod.commitment(seed_bytes) != commitment:
                problems.append(f"sha256(seed) does not match the published commitment {commitment}")
            rolls = list(rec.final.dice_log)
            problems += dice_mod.verify_rolls(seed_bytes, rec.game_id, rolls)
            logged = [r for a in rec.actions for r in a.dice]
            start = len(rec.initial.dice_log)
            if [r.SerializeToString(deterministic=True) for r in rolls[start:]] != [
                r.SerializeToString(deterministic=True) for r in logged
            ]:
                problems.append("the actions' dice do not match the game's dice log")
            try:
                replayed = engine.replay(rec)
            except MalformedInput as e:
                problems.append(f"replay failed: {e.one_line()}")
            else:
                if rec.final.viewer:
                    raise MalformedInput(
                        "the record is one side's view (exported before the seed was revealed); "
                        "export it again after the reveal",
                        str(record_file),
                    )
                for st in (replayed, rec.final):
                    st.seed = ""
                    st.dice_open = False  # the server's mark on an exported state, not game state
                a = replayed.SerializeToString(deterministic=True)
                b = rec.final.SerializeToString(deterministic=True)
                if a != b:
                    problems.append("replaying the actions does not reproduce the recorded final state")
            for p in problems:
                out.print(f"✗ {p}", style="red", highlight=False, markup=False)
            if problems:
                return EXIT_ILLEGAL
            out.print(
                f"✓ {len(rolls)} rolls verified against the seed; commitment matches; "
                f"{len(rec.actions)} actions replay to the recorded state",
                style="green",
                highlight=False, markup=False,
            )
            opened = sum(r.open for r in rolls)
            if opened:
                out.print(
                    f"! {opened} of the rolls were thrown after the seed was revealed (open: anyone could "
                    "compute them in advance)",
                    style="yellow", highlight=False, markup=False,
                )
            return 0

        raise typer.Exit(run(go))
