"""A definition built from a VASSAL module, completed with the studio's files:
the painted map replaces the bare grid; every copy of a palette piece gets its
counters row (by the piece's gpid); rulesets with a counters table get cells,
the others values in the unit definitions."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.core.errors import MalformedInput
from adjudicator.core.ruleset import get_ruleset
from importers.vassal.canonmap import map_from_geometry
from importers.vassal.completion import Completion, palette_rows
from importers.vassal.game import read_game_file
from importers.vassal.module import Module
from importers.vassal.to_canonical import import_game
from umpire.v1 import tables_pb2, vassal_pb2

pytestmark = pytest.mark.samples


def _counters(table: str, rows: dict[str, dict[str, str]]) -> tables_pb2.TableSet:
    ts = tables_pb2.TableSet()
    t = ts.tables.add(id=table)
    for r, cols in rows.items():
        for c, v in cols.items():
            t.cells.add(row=r, column=c, value=v)
    return ts


@pytest.fixture
def ragnarok(samples_dir: Path) -> tuple[Module, object]:
    return (Module.open(samples_dir / "ragnarok-v12-379-unpacked.vmod"),
            read_game_file(samples_dir / "ragnarok-start.vsav"))


def test_every_copy_of_a_piece_gets_its_rows_values(ragnarok: tuple[Module, object]) -> None:
    mod, save = ragnarok
    rows = palette_rows(mod)
    assert rows[next(g for g, r in rows.items() if r == "unit-fire")] == "unit-fire"
    b = vassal_pb2.VassalBinding(ruleset="traces-of-victory", sides={"Aesir": "allied", "Jotun": "german"})
    gm = map_from_geometry("Main Map", "Main Map", mod.map_geometry("Main Map"), "hex")
    gm.hex.default_terrain = "clear"
    comp = Completion(get_ruleset("traces-of-victory").authoring(), "traces-of-victory", gm,
                      _counters("traces-of-victory/counters", {"unit-fire": {"attack": "5", "movement": "3"}}), rows)
    res = import_game(save, mod, b, use_engine=False, complete=comp)  # type: ignore[arg-type]
    fires = [u for u in res.state.scenario.definition.units if u.id.startswith("unit-fire")]
    assert len(fires) >= 2  # the save holds several copies: unit-fire, unit-fire-2, ...
    assert all((u.faces[0].attack, u.faces[0].movement) == (5, 3) for u in fires)
    assert res.state.scenario.definition.map.hex.default_terrain == "clear"


def test_a_counters_table_ruleset_gets_cells_it_merges(ragnarok: tuple[Module, object]) -> None:
    mod, save = ragnarok
    b = vassal_pb2.VassalBinding(ruleset="nordwind-1945", sides={"Aesir": "german", "Jotun": "allied"})
    gm = map_from_geometry("Main Map", "Main Map", mod.map_geometry("Main Map"), "hex")
    gm.hex.default_terrain = "clear"
    comp = Completion(get_ruleset("nordwind-1945").authoring(), "nordwind-1945", gm,
                      _counters("nordwind-1945/counters", {"hero-heimdall": {"movement class": "foot"}}),
                      palette_rows(mod))
    res = import_game(save, mod, b, complete=comp)  # type: ignore[arg-type]
    counters = next(t for t in res.state.scenario.definition.tables if t.id == "nordwind-1945/counters")
    assert [(c.row, c.column, c.value) for c in counters.cells] == [("hero-heimdall", "movement class", "foot")]
    found = get_ruleset("nordwind-1945").reach(res.state, "hero-heimdall")
    assert max(r.cost for r in found) <= 8  # infantry allowance (Nordwind 3.1), known now


def test_a_column_the_ruleset_does_not_read_is_refused(ragnarok: tuple[Module, object]) -> None:
    mod, save = ragnarok
    b = vassal_pb2.VassalBinding(ruleset="nordwind-1945", sides={"Aesir": "german", "Jotun": "allied"})
    comp = Completion(get_ruleset("nordwind-1945").authoring(), "nordwind-1945", None,
                      _counters("nordwind-1945/counters", {"hero-heimdall": {"morale": "3"}}), palette_rows(mod))
    with pytest.raises(MalformedInput, match="reads no counter value 'morale'"):
        import_game(save, mod, b, use_engine=False, complete=comp)  # type: ignore[arg-type]
