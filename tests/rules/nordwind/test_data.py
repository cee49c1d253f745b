"""The data pack: tables exactly as far as the text gives them, scenarios as data."""

from __future__ import annotations

from adjudicator.core.tables import TableView
from adjudicator.rules.nordwind import data
from adjudicator.rules.nordwind.options import NordwindOptions

OPTIONS = NordwindOptions.SET.specs


def table(tid: str) -> TableView:
    return TableView(next(t for t in data.tables() if t.id == tid))


def test_crt_has_rows_1_and_2_and_the_example_cell_only() -> None:
    crt = table("nordwind-1945/crt")
    known = {(r, c): crt.cell(r, c).value for r in crt.rows for c in crt.columns if crt.cell(r, c)}  # type: ignore[union-attr]
    assert [known[("1", c)] for c in crt.columns] == ["4/-", "3/-", "2/-", "2/-", "1/-", "1/-", "1/1", "-/1", "-/1",
                                                      "1/R", "-/R1"]
    assert [known.get(("2", c)) for c in crt.columns] == ["3/-", "2/-", "2/-", "1/-", "1/-", "2/1", "-/1", None, None,
                                                          None, None]
    assert known[("4", "7/1")] == "-/R2" and "Example 1" in crt.cell("4", "7/1").source  # type: ignore[union-attr]
    assert len(known) == 11 + 7 + 1
    assert not any("bold" in c.marks for c in crt.table.cells)  # bold marks are lost (6.5, AMB-23)


def test_quality_table_lacks_the_die_6_row() -> None:
    q = table("nordwind-1945/quality")
    assert all(q.cell("6", c) is None for c in "ABCD")
    assert q.cell("5", "B").value == "+1" and q.cell("3", "D").value == "-1"  # type: ignore[union-attr]


def test_terrain_table_only_printed_rows_and_example_cells() -> None:
    tet = table("nordwind-1945/terrain")
    assert tet.cell("Wooded", "Armored (MP)").value == "2"  # type: ignore[union-attr]
    assert tet.cell("National road", "Infantry (MP)") is None
    assert tet.cell("National road", "Armored (MP)").value == "1/2"  # type: ignore[union-attr]
    assert tet.cell("River (hexside)", "Armored (MP)") is None  # the footnote's row is missing
    assert tet.cell("Crest (hexside)", "Infantry (MP)") is None
    for row in ("National road", "River (hexside)", "Crest (hexside)"):
        for col in tet.columns:
            c = tet.cell(row, col)
            assert c is None or "example" in c.source.lower() or c.source.startswith("6.2")


def test_scenarios_are_data_with_their_counts() -> None:
    h = data.scenario("nordwind-1945/historical")
    y = data.scenario("nordwind-1945/hypothetical")
    german_setup = [p for p in h.setup if next(u for u in h.definition.units if u.id == p.unit_id).side == "german"]
    allied_setup = [p for p in h.setup if next(u for u in h.definition.units if u.id == p.unit_id).side == "allied"]
    choice = {p.formation: len(p.unit_ids) for p in h.nordwind.setup}
    allied_choice = sum(len(p.unit_ids) for p in h.nordwind.setup if p.side == "allied")
    german_choice = sum(len(p.unit_ids) for p in h.nordwind.setup if p.side == "german")
    assert len(allied_setup) + allied_choice == 43  # 10.1.1 (digest §13 totals)
    assert len(german_setup) + german_choice == 22  # 10.1.2
    assert choice["44 DI"] == 5 and choice["36 DI"] == 5 and choice["19.VG"] == 3
    turns = sorted({a.turn for a in h.nordwind.arrivals})
    assert turns == [1, 2, 3, 5, 6, 8]
    assert [(w.turn, list(w.formations)) for w in h.nordwind.withdrawals] == [(8, ["21.Pz", "25.PzG"])]
    assert h.last_turn == 12 and y.last_turn == 10
    assert [(o.id, o.vp) for o in y.nordwind.secret_options] == [(0, 0), (1, -1), (2, -1), (3, -2)]
    assert "353" not in {u.id for u in y.definition.units}  # AMB-35
    assert data.game_map().source.startswith("ILLUSTRATIVE")


def test_every_option_default_is_one_of_its_values_and_cites_a_case() -> None:
    for o in OPTIONS:
        assert o.default in o.values and o.citation.rule_case and o.name.startswith("nw.amb")
