"""The Lucky Forward data pack (adjudicator/rules/lucky_forward/data/) and the
completion of a scenario at creation.

The pack ships the game's tables exactly as far as the text gives them
(tables.textproto) and one SYNTHETIC scenario on a SYNTHETIC five-sheet map
to exercise the engine (the published map, counters and set-ups are not in the
text: stage 4). A scenario that defines a table with a shipped id replaces it
(its own cells; for the GAT, option lf.a26-gat-columns says whether its
columns must be A-N). Completion adds the shipped tables the scenario lacks,
checks the command tree and the counters, and builds the
`lucky-forward/counters` and `lucky-forward/markers` tables whose rows are the
units (markers) and whose columns are the values a rule may need: a value the
counter does not give is an unknown cell there.
"""

from __future__ import annotations

from pathlib import Path

from adjudicator.core.datapack import DataPack
from adjudicator.core.errors import MalformedInput, NotFound
from adjudicator.rules.lucky_forward.cite import ALLIED, AXIS, GOSS, SIDES
from adjudicator.rules.lucky_forward.model import COUNTERS, MARKERS
from umpire.v1 import definition_pb2, lucky_forward_pb2 as lf_pb2, tables_pb2

DATA = Path(__file__).resolve().parent / "data"
SCENARIOS = {"lucky-forward/synthetic": ("scenario-synthetic.textproto", "map-synthetic.toml")}
GAT_TABLES = ("lucky-forward/gat-columns", "lucky-forward/gat-defender-results", "lucky-forward/gat-attacker-results")
COUNTER_COLUMNS = ("attack", "defense", "reduced_attack", "reduced_defense", "z_attack", "z_defense", "armor",
                   "armor_defense", "anti_tank", "barrage", "range", "movement", "offensive_pr", "defensive_pr")
SIDE_NAMES = {ALLIED: "Allied (US, Free French)", AXIS: "Axis (German)"}


class LfPack(DataPack):
    """Scenario files name their map file; the shipped tables come from tables.textproto."""

    def scenario(self, scenario_id: str) -> definition_pb2.Scenario:
        names = SCENARIOS.get(scenario_id)
        if names is None:
            raise NotFound(f"unknown scenario {scenario_id!r} (known: {', '.join(SCENARIOS)})")
        sc = self.read(names[0], definition_pb2.Scenario)
        sc.definition.map.CopyFrom(self.map(names[1]))
        return sc

    def shipped_tables(self) -> list[tables_pb2.Table]:
        return self.tables("tables.textproto")


PACK = LfPack(DATA, {sid: f for sid, (f, _) in SCENARIOS.items()})


MR_EXAMPLE = ("7.6.1b example: 'rolling a 6 on the out of reserve line [of what it calls the Fuel Value Table] ... "
              "Award a +3' (Appendix A 25; placed by option lf.a25-mr-example={option})")


def complete(sc: definition_pb2.Scenario, gat_columns: str) -> definition_pb2.Scenario:
    """Fill the scenario from the data pack and check it (one line per problem)."""
    d = sc.definition
    if not d.sides:
        d.sides.extend(definition_pb2.Side(id=s, name=SIDE_NAMES[s]) for s in SIDES)
    for i, side in enumerate(d.sides):
        if side.id not in SIDES:
            raise MalformedInput(f"side {side.id!r} is not one of Lucky Forward's ({', '.join(SIDES)})",
                                 f"scenario.definition.sides[{i}]")
    if d.map.WhichOneof("layout") != "hex":
        raise MalformedInput("a Lucky Forward scenario needs a hex map (docs/maps.md)", "scenario.definition.map")
    shipped = {t.id: t for t in PACK.shipped_tables()}
    own = {t.id: i for i, t in enumerate(d.tables)}
    for tid, t in shipped.items():
        if tid in own:
            _check_replacement(d.tables[own[tid]], t, gat_columns, f"scenario.definition.tables[{own[tid]}]")
        else:
            d.tables.append(t)
    lf = sc.lucky_forward
    units = {u.id: u for u in d.units}
    _check_command(lf, units)
    for i, c in enumerate(lf.counters):
        if c.unit_id not in units:
            raise MalformedInput(f"counter for unknown unit {c.unit_id!r}", f"scenario.lucky_forward.counters[{i}]")
        if not 0 <= c.steps <= 3:
            raise MalformedInput(f"{c.unit_id} has {c.steps} steps: GOSS units have 1 to 3 (4.2.0)",
                                 f"scenario.lucky_forward.counters[{i}]")
    for tid in (COUNTERS, MARKERS):
        for i in [i for i, t in enumerate(d.tables) if t.id == tid][::-1]:
            del d.tables[i]
    counters = tables_pb2.Table(
        id=COUNTERS, title="Counter values", row_label="unit", column_label="LfCounter field",
        columns=list(COUNTER_COLUMNS), rows=[u.id for u in d.units],
        source="the values printed on the counters: MISSING from the text; a value the scenario's counter does not "
               "give is unknown", citation=GOSS.cite("4.0"))
    d.tables.append(counters)
    markers = tables_pb2.Table(
        id=MARKERS, title="Marker values", row_label="marker", column_label="", columns=["drm"],
        rows=[m.id for m in lf.delays], source="delay marker DRMs are printed on the counters: MISSING from the text",
        citation=GOSS.cite("7.13.2"))
    d.tables.append(markers)
    return sc


def mr_data_point(d: definition_pb2.GameDefinition, option: str) -> None:
    """The 7.6.1b example's one MR bonus data point (A25): row 6 or row 7 (the
    6 before the first-GT +1 of 5.4.4a), or none; a cell the scenario or the
    creation tables give for that row wins."""
    if option == "ignore":
        return
    row = "6" if option == "row-6" else "7"
    for t in d.tables:
        if t.id == "lucky-forward/mr-bonus" and not any(c.row == row for c in t.cells):
            t.cells.add(row=row, column="MP", value="3", source=MR_EXAMPLE.format(option=option))


def _check_replacement(mine: tables_pb2.Table, shipped: tables_pb2.Table, gat_columns: str, where: str) -> None:
    if not mine.rows:
        mine.rows.extend(shipped.rows)
    if not mine.columns:
        mine.columns.extend(shipped.columns)
    if not mine.title:
        mine.title = shipped.title
    if mine.id in GAT_TABLES and gat_columns == "scenario":
        return
    if list(mine.columns) != list(shipped.columns) or list(mine.rows) != list(shipped.rows):
        raise MalformedInput(f"table {mine.id} must keep the shipped rows and columns"
                             + (" (option lf.a26-gat-columns=scenario lets a scenario define the GAT's own)"
                                if mine.id in GAT_TABLES else ""), where)


def _check_command(lf: lf_pb2.LuckyForwardScenario, units: dict[str, definition_pb2.Unit]) -> None:
    hqs = {h.unit_id: h for h in lf.hqs}
    for i, h in enumerate(lf.hqs):
        where = f"scenario.lucky_forward.hqs[{i}]"
        if h.unit_id not in units:
            raise MalformedInput(f"HQ {h.unit_id!r} is not a unit of the scenario", where)
        if h.parent and h.parent not in hqs:
            raise MalformedInput(f"HQ {h.unit_id} names unknown superior HQ {h.parent!r}", where)
        if h.level == lf_pb2.LF_HQ_UNSPECIFIED:
            raise MalformedInput(f"HQ {h.unit_id} needs a level (army, corps, division, battle group: 9.3)", where)
    for i, a in enumerate(lf.assignments):
        where = f"scenario.lucky_forward.assignments[{i}]"
        if a.unit_id not in units:
            raise MalformedInput(f"assignment of unknown unit {a.unit_id!r}", where)
        if a.hq and a.hq not in hqs:
            raise MalformedInput(f"{a.unit_id} is assigned to unknown HQ {a.hq!r} (9.1.0)", where)
    for i, st in enumerate(lf.initial):
        if st.unit_id not in units:
            raise MalformedInput(f"status for unknown unit {st.unit_id!r}", f"scenario.lucky_forward.initial[{i}]")
        if st.attached_to and st.attached_to not in hqs:
            raise MalformedInput(f"{st.unit_id} is attached to unknown HQ {st.attached_to!r} (9.6.0)",
                                 f"scenario.lucky_forward.initial[{i}]")
