"""`umpire render`, `umpire report` and `umpire studio`: pictures of a game.

render STATE -o out.svg|out.png   the position (hexes or towns, units), with
                                  optional reach / supply / side-view overlays
report STATE ACTION -o x.html     one self-contained dispute file: picture,
                                  verdict, the cited rules quoted from the book
studio [MODULE.vmod]              the local web workbench (studio/)
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from cli.errors import EXIT_NEEDS_INPUT, run

if TYPE_CHECKING:
    from umpire.v1 import state_pb2

# Rendering, the kernel and the studio are imported by the functions that use
# them (cli/main.py: the CLI starts without them).


def _picture_bytes(svg: str, output: Path) -> bytes:
    from adjudicator.core.errors import MalformedInput
    from exporters.picture import svg_to_png

    suffix = output.suffix.lower()
    if suffix == ".svg":
        return svg.encode()
    if suffix == ".png":
        return svg_to_png(svg)
    raise MalformedInput(f"unknown picture type {suffix or '(none)'!r}; use .svg or .png", str(output))


def do_render(state_file: Path, output: Path, reach: Optional[str], supply: Optional[str], side: Optional[str],
              tables: Optional[Path], cells: Optional[list[str]], title: Optional[str], mode: str = "") -> None:
    from adjudicator.core import disclosure, engine
    from adjudicator.core.errors import MalformedInput
    from adjudicator.core.lookup import resolve_unit
    from adjudicator.core.position import Position
    from cli.tables_opt import load_state
    from exporters.canonical import atomic_write
    from exporters.picture import Overlay, render_svg

    if mode and not reach:
        raise MalformedInput("--mode is the movement mode of --reach UNIT: give --reach too", "--mode")
    s = load_state(state_file, tables, cells)
    rs = engine.ruleset_of(s)
    pos = Position(s, rs)
    if side and side not in engine.side_ids(s):
        raise MalformedInput(f"unknown side {side!r} (sides: {', '.join(engine.side_ids(s))})", "--side")
    # With --side everything drawn is what that side may know (core/disclosure.py):
    # its view, and reach and supply computed on it.
    known = pos.for_side(side) if side else pos
    ov = Overlay()
    if reach:
        uid = resolve_unit(known.state, reach)
        # The mode as in a move (MoveUnits.mode, e.g. P3A 5.1.C "strategic"), as `umpire reach --mode`.
        found, _notes = disclosure.reach_for(pos, side, uid, mode) if side else rs.reach_with_notes(s, uid, mode)
        ov.reach = {r.location: r.cost for r in found}
        ov.selected = {uid}
    if supply:
        if supply not in engine.side_ids(s):
            raise MalformedInput(f"unknown side {supply!r} (sides: {', '.join(engine.side_ids(s))})", "--supply")
        ans = rs.supply(known.state, supply)
        ov.supply = set(ans.reached)
        ov.supply_side = supply
    shown: state_pb2.GameState = disclosure.state_for(pos, side) if side else s
    sc = s.scenario
    head = title if title is not None else f"{sc.name or sc.id} — turn {s.turn}, {s.phase or '-'}" + (
        f" (as {side} sees it)" if side else "") + (f" · reach of {min(ov.selected)}, {mode} move" if mode else "")
    atomic_write(output, _picture_bytes(render_svg(shown, ov, head), output))


def do_report(state_file: Path, action_file: Optional[Path], action_text: Optional[str], output: Path,
              tables: Optional[Path], cells: Optional[list[str]], rules: Optional[Path], side: Optional[str]) -> int:
    from adjudicator.core import engine
    from adjudicator.core.errors import MalformedInput
    from cli.game_cmds import read_action
    from cli.tables_opt import load_state, supplied_cells
    from exporters.canonical import atomic_write
    from exporters.report import report_html

    if output.suffix.lower() not in (".html", ".htm"):
        raise MalformedInput("the report is an HTML file: give -o NAME.html", str(output))
    s = load_state(state_file, tables)
    action = read_action(action_file, action_text)
    if side:
        action.side = side
    action.supplied_cells.extend(supplied_cells(cells))
    verdict = engine.validate(s, action)
    atomic_write(output, report_html(s, action, verdict, rules).encode())
    print(f"{output}: {'LEGAL' if verdict.legal else 'ILLEGAL'}"
          + (f" ({verdict.violations[0].code})" if verdict.violations else "")
          + (f"; the outcome may need {len(verdict.needs)} table cell(s) the engine lacks (listed in the report)"
             if verdict.legal and verdict.needs else ""))
    # README "Exit codes": a legal verdict that names needed cells is 3 (more input may be needed).
    return (EXIT_NEEDS_INPUT if verdict.needs else 0) if verdict.legal else 1


def register(app: typer.Typer) -> None:
    @app.command("render")
    def render_cmd(
        state_file: Annotated[Path, typer.Argument(metavar="STATE", help="game state (.json/.textproto/.binpb)")],
        output: Annotated[Path, typer.Option("--out", "-o", help="picture to write: .svg or .png")],
        reach: Annotated[Optional[str], typer.Option(help="draw where this unit may move, with the cost")] = None,
        mode: Annotated[str, typer.Option(help="movement mode of --reach, as in a move (e.g. 'strategic'); "
                                               "default the ordinary move")] = "",
        supply: Annotated[Optional[str], typer.Option(help="draw where this side traces supply")] = None,
        side: Annotated[Optional[str], typer.Option(help="draw only what this side may see")] = None,
        tables: Annotated[Optional[Path], typer.Option(help="table file filling unknown cells")] = None,
        cell: Annotated[Optional[list[str]], typer.Option(help="TABLE:COLUMN:ROW=VALUE; repeatable")] = None,
        title: Annotated[Optional[str], typer.Option(help="title printed above the map ('' for none)")] = None,
    ) -> None:
        """Draw a game state: hex map or towns and roads, units, optional overlays."""
        run(lambda: do_render(state_file, output, reach, supply, side, tables, cell, title, mode))

    @app.command("report")
    def report_cmd(
        state_file: Annotated[Path, typer.Argument(metavar="STATE", help="game state")],
        action_file: Annotated[Optional[Path], typer.Argument(metavar="ACTION", help="action file")] = None,
        output: Annotated[Path, typer.Option("--out", "-o", help="the report to write (.html)")] = Path("dispute.html"),
        action_text: Annotated[Optional[str], typer.Option(help="the action inline, protobuf text format")] = None,
        tables: Annotated[Optional[Path], typer.Option(help="table file filling unknown cells")] = None,
        cell: Annotated[Optional[list[str]], typer.Option(help="TABLE:COLUMN:ROW=VALUE; repeatable")] = None,
        rules: Annotated[Optional[Path], typer.Option(help="folder of the rulebook texts (default ../shared/rules)")] = None,
        side: Annotated[Optional[str], typer.Option(help="acting side (default: the action's)")] = None,
    ) -> None:
        """Write a self-contained dispute report: picture, verdict, the cited rules quoted.
        Exit 0 when the action is legal, 1 when illegal, 2 on bad input, 3 when legal but
        the outcome may need table cells the engine lacks."""
        code = run(lambda: do_report(state_file, action_file, action_text, output, tables, cell, rules, side))
        raise typer.Exit(code)

    @app.command("studio")
    def studio_cmd(
        module: Annotated[Optional[Path], typer.Argument(metavar="[MODULE.vmod]", help="the VASSAL module")] = None,
        ruleset: Annotated[Optional[str], typer.Option("--ruleset", "-r", help="ruleset id")] = None,
        project: Annotated[Optional[Path], typer.Option(help="project folder: every file the studio writes goes here")] = None,
        port: Annotated[int, typer.Option(help="TCP port on 127.0.0.1 (0: any free port)")] = 0,
        host: Annotated[str, typer.Option(help="address to bind (keep 127.0.0.1 unless you know why)")] = "127.0.0.1",
        open_browser: Annotated[bool, typer.Option("--open/--no-open", help="open the page in a browser")] = False,
    ) -> None:
        """Umpire Studio: paint the map over the module's boards, type counter values
        and charts, bind pieces, and see verdicts on the map (docs/studio.md)."""
        from studio.server import serve

        run(lambda: serve(module, ruleset, project, host, port, open_browser))
