"""Hex-kernel commands: `umpire reach` and `umpire check-map`.

`reach` answers the reachable-hexes question offline from a canonical state
file, through the ruleset's own `reach` (the same function the service's Query
RPC calls), so it prints exactly what a server would answer. Unknown data the
question depends on is an error naming the cell (exit 1); `--tables` / `--cell`
fill cells for this question only (the state file is not changed).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Optional

import typer

from cli.console import out
from cli.errors import run


def register(app: typer.Typer) -> None:
    @app.command()
    def reach(
        state_file: Annotated[Path, typer.Argument(metavar="STATE", help="game state (.json/.textproto/.binpb)")],
        unit: Annotated[str, typer.Argument(metavar="UNIT", help="unit id, name, or an unambiguous beginning")],
        tables: Annotated[Optional[Path], typer.Option(help="table file filling unknown cells")] = None,
        cell: Annotated[
            Optional[list[str]], typer.Option(help="TABLE:COLUMN:ROW=VALUE read off the printed chart; repeatable")
        ] = None,
        as_json: Annotated[bool, typer.Option("--json", help="print JSON instead of a table")] = False,
        mode: Annotated[str, typer.Option(help="movement mode, as in a move (e.g. 'strategic'); default the "
                                               "ordinary move")] = "",
    ) -> None:
        """Every hex the unit may end its move in, with its cost in MP (and a best path)."""

        def go() -> None:
            from adjudicator.core import engine
            from adjudicator.core.lookup import resolve_unit
            from adjudicator.core.position import Position
            from cli.tables_opt import load_state

            s = load_state(state_file, tables, cell)
            rs = engine.ruleset_of(s)
            uid = resolve_unit(s, unit)
            with engine.explained(Position.of(s, rs)):
                found, notes = rs.reach_with_notes(s, uid, mode)
            if as_json:
                print(json.dumps({
                    "unit": uid,
                    "mode": mode,
                    "reachable": [{"location": r.location, "cost": r.cost, "path": list(r.path)} for r in found],
                    "notes": [{"text": n.text, "rule": n.citation.label} for n in notes],
                }, indent=2))
                return
            where = next((u.location for u in s.units if u.unit_id == uid), "?")
            how = f" ({mode} move)" if mode else ""
            out.print(f"{uid} in {where}: {len(found)} hex(es) within reach{how}", highlight=False, markup=False)
            width = max([len(r.location) for r in found] + [3])
            for r in found:
                out.print(f"  {r.location:<{width}}  {r.cost:>5g} MP  via {' '.join(r.path)}",
                          highlight=False, markup=False)
            for n in notes:
                out.print(f"  • {n.text} [{n.citation.label}]", highlight=False, markup=False)

        run(go)

    @app.command("check-map")
    def check_map_cmd(
        map_file: Annotated[Path, typer.Argument(metavar="MAP", help="map file: .toml (docs/maps.md) or a GameMap")],
    ) -> None:
        """Check a hex map file and print what it holds."""

        def go() -> None:
            from adjudicator.core.hexmap import HexMap
            from adjudicator.core.mapfile import check_map, load_map_toml
            from importers.canonical import read_message
            from umpire.v1 import map_pb2

            if map_file.suffix.lower() == ".toml":
                gm = load_map_toml(map_file)
            else:
                gm = read_message(map_file, map_pb2.GameMap())
            hm: HexMap = check_map(gm, str(map_file))
            terrains: dict[str, int] = {}
            for t in hm.terrain:
                terrains[t] = terrains.get(t, 0) + 1
            sides: dict[str, int] = {}
            for hs in gm.hex.hexsides:
                for f in hs.features:
                    sides[f] = sides.get(f, 0) + 1
            roads: dict[str, int] = {}
            for rl in gm.hex.roads:
                roads[rl.kind] = roads.get(rl.kind, 0) + 1
            out.print(f"{map_file}: map {gm.id or '(no id)'}: {hm.n} hexes ({hm.grid.description})",
                      highlight=False, markup=False)
            if gm.source:
                out.print(f"  source: {gm.source}", highlight=False, markup=False)
            out.print("  terrain: " + ", ".join(f"{k} {v}" for k, v in sorted(terrains.items())),
                      highlight=False, markup=False)
            out.print("  hexsides: " + (", ".join(f"{k} {v}" for k, v in sorted(sides.items())) or "none"),
                      highlight=False, markup=False)
            out.print("  roads: " + (", ".join(f"{k} {v} links" for k, v in sorted(roads.items())) or "none"),
                      highlight=False, markup=False)
            named = [f"{hm.labels[h]} {hm.names[h]}" for h in range(hm.n) if hm.names[h]]
            if named:
                out.print("  places: " + ", ".join(named), highlight=False, markup=False)
            for line, banks in sorted(hm.banks.items()):
                counts: dict[str, int] = {}
                for b in banks:
                    if b:
                        counts[b] = counts.get(b, 0) + 1
                listed = ", ".join(f"{k} {v} hex{'es' if v != 1 else ''}" for k, v in sorted(counts.items()))
                out.print(f"  banks of the {line}: {listed}", highlight=False, markup=False)
            out.print("  edges: " + ", ".join(f"{e} {len(hm.edge_hexes(e))}" for e in ("north", "south", "east", "west")),
                      highlight=False, markup=False)

        run(go)
