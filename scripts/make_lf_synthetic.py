"""Write the SYNTHETIC Lucky Forward scenario and map of the data pack.

    python scripts/make_lf_synthetic.py

Everything it writes is made up so the engine can be exercised end to end
(the random playout property test plays it): a five-sheet map with the
Kaiserslautern extension in the layout order of LF 2.2.0, a division-sized
force on each side, and SYNTHETIC values for the tables the text lacks (the
Fire Support Mission Resolution Table, the GAT, the TEC...). The values the
text or its worked examples give are kept in them as they are; every other
SYNTHETIC cell says so in its source. None of it is the published game.
"""

from __future__ import annotations

import sys
from pathlib import Path

from google.protobuf import text_format

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from adjudicator.core.mapfile import load_map_toml  # noqa: E402
from umpire.v1 import definition_pb2, lucky_forward_pb2 as lf, tables_pb2  # noqa: E402

DATA = ROOT / "adjudicator" / "rules" / "lucky_forward" / "data"
SYN = "SYNTHETIC (not the published game)"
LETTERS = [chr(ord("A") + i) for i in range(14)]

MAP = '''# SYNTHETIC Lucky Forward map: five 12x10 sheets and a 6x6 extension, overlapping by two
# columns, listed top sheet first (LF 2.2.0 lays Map 3, 2, 1, 4, 5, then the extension: a later
# sheet covers the edge of the one before, so it owns the printed id of an overlapped hex).
id = "lucky-forward/synthetic"
name = "SYNTHETIC Lucky Forward sheets"
source = "SYNTHETIC: made up to exercise the engine; not the published map"
default_terrain = "clear"

[grid]
columns = 12
rows = 10
sheet_separator = "-"

[grid.numbering]
column_leading = 1
row_leading = 1
column_offset = 10
row_offset = 1

[[grid.sheets]]
id = "X"
name = "Map 5 Kaiserslautern Extension (SYNTHETIC)"
column_offset = 50
row_offset = 0
columns = 6
rows = 6

[[grid.sheets]]
id = "5"
column_offset = 40
row_offset = 0

[[grid.sheets]]
id = "4"
column_offset = 30
row_offset = 0

[[grid.sheets]]
id = "1"
column_offset = 20
row_offset = 0

[[grid.sheets]]
id = "2"
column_offset = 10
row_offset = 0

[[grid.sheets]]
id = "3"
column_offset = 0
row_offset = 0

[terrain]
woods = ["4-1005", "1-1603", "4-1203"]
forest = ["4-1107", "1-1408"]
rough = ["4-1108"]
"rough-2" = ["4-1403"]

[features]
village = ["4-1006"]
town = ["4-1305"]
vp = ["1-1605"]
marsh = ["4-1208"]

[hexsides]
stream = ["4-1108/4-1208"]
river = ["4-1203/4-1303"]

[roads]
primary = ["1-1105 1-1205 1-1305 1-1405 1-1505 1-1605 1-1705 1-1805 1-1905 4-1005 4-1105 4-1205 4-1305 4-1405 4-1505"]
trail = ["4-1105 4-1106 4-1107"]
'''


def counter(uid: str, **kw: object) -> lf.LfCounter:
    return lf.LfCounter(unit_id=uid, **kw)  # type: ignore[arg-type]


INF = dict(size=lf.LF_SIZE_BATTALION, steps=3, movement_class=lf.LF_CLASS_LEG, types=["infantry"], personnel=True,
           movement=6)


def units() -> tuple[list[definition_pb2.Unit], list[lf.LfCounter], list[definition_pb2.Placement],
                     list[lf.LfAssignment], list[lf.LfHq]]:
    U, C, P, A = [], [], [], []

    def add(uid: str, side: str, name: str, hex_: str, c: lf.LfCounter, hq: str = "", rgt: str = "",
            nat: str = "") -> None:
        U.append(definition_pb2.Unit(id=uid, side=side, name=name, nationality=nat or ("US" if side == "allied" else "DE")))
        C.append(c)
        P.append(definition_pb2.Placement(unit_id=uid, location=hex_))
        if hq:
            A.append(lf.LfAssignment(unit_id=uid, hq=hq, regiment=rgt))

    hq = dict(size=lf.LF_SIZE_BATTALION, steps=1, movement_class=lf.LF_CLASS_MECH, types=["hq"], defense=1,
              defensive_pr=5, movement=12)
    add("us-3a", "allied", "3rd Army HQ", "1-1105", counter("us-3a", **hq))
    add("us-xii", "allied", "XII Corps HQ", "1-1305", counter("us-xii", **hq), "us-3a")
    add("us-80id", "allied", "80th Inf Div HQ", "1-1505", counter("us-80id", **hq), "us-xii")
    for i, hx in ((1, "1-1905"), (2, "1-1906"), (3, "1-1904")):
        add(f"us-{i}-317", "allied", f"{i}/317/80", hx, counter(
            f"us-{i}-317", attack=6, defense=7, reduced_attack=4, reduced_defense=5, offensive_pr=6, defensive_pr=7,
            **INF), "us-80id", "317")
    add("us-305eng", "allied", "A/305 Eng Co", "1-1905", counter(
        "us-305eng", size=lf.LF_SIZE_COMPANY, steps=1, movement_class=lf.LF_CLASS_LEG, types=["engineer"],
        personnel=True, attack=2, defense=2, offensive_pr=5, defensive_pr=6, movement=6), "us-80id")
    add("us-702tk", "allied", "702 Tk Bn", "1-1904", counter(
        "us-702tk", size=lf.LF_SIZE_BATTALION, steps=3, movement_class=lf.LF_CLASS_MECH, types=["afv"],
        armor_class=lf.LF_ARMOR_PURE, attack=8, defense=6, reduced_attack=6, reduced_defense=4, armor=4,
        armor_defense=4, offensive_pr=6, defensive_pr=6, movement=12, independent=True), "us-xii")
    add("us-80rcn", "allied", "80 Rcn Tp", "1-1907", counter(
        "us-80rcn", size=lf.LF_SIZE_COMPANY, steps=1, movement_class=lf.LF_CLASS_MECH, types=["recon"],
        armor_class=lf.LF_ARMOR_MIXED, attack=2, defense=2, armor=1, offensive_pr=6, defensive_pr=6, movement=14),
        "us-80id")
    add("us-313fa", "allied", "313 FA Bn", "1-1705", counter(
        "us-313fa", size=lf.LF_SIZE_BATTALION, steps=1, movement_class=lf.LF_CLASS_MECH, types=["artillery"],
        defense=1, barrage=4, range=5, defensive_pr=5, movement=10, gun="105mm"), "us-80id")
    add("us-315fa", "allied", "315 FA Bn", "1-1704", counter(
        "us-315fa", size=lf.LF_SIZE_BATTALION, steps=1, movement_class=lf.LF_CLASS_MECH, types=["artillery"],
        defense=1, barrage=5, range=6, defensive_pr=5, movement=10, gun="155mm"), "us-80id")
    add("us-ldr", "allied", "McBride (80th Div)", "1-1505", counter(
        "us-ldr", types=["leader"], leader_activation=6, leader_hq="us-80id", movement=12), "us-80id")
    hqs = [lf.LfHq(unit_id="us-3a", level=lf.LF_HQ_ARMY, mech_formation=True, name="3rd Army"),
           lf.LfHq(unit_id="us-xii", level=lf.LF_HQ_CORPS, parent="us-3a", mech_formation=True, name="XII Corps"),
           lf.LfHq(unit_id="us-80id", level=lf.LF_HQ_DIVISION, parent="us-xii", mech_formation=True,
                   name="80th Inf Div")]

    add("de-1a", "axis", "1. Armee HQ", "4-1705", counter("de-1a", **hq))
    add("de-xiii", "axis", "XIII SS Korps HQ", "4-1505", counter("de-xiii", **hq), "de-1a")
    add("de-17ss", "axis", "17 SS PzG Div HQ", "4-1405", counter("de-17ss", **hq), "de-xiii")
    for i, hx in ((1, "4-1005"), (2, "4-1006")):
        add(f"de-{i}-37", "axis", f"{'I' * i}/37 SS PzG Bn", hx, counter(
            f"de-{i}-37", size=lf.LF_SIZE_BATTALION, steps=3, movement_class=lf.LF_CLASS_MECH,
            types=["infantry", "armored-infantry"], personnel=True, armor_class=lf.LF_ARMOR_MIXED, attack=5,
            defense=6, reduced_attack=3, reduced_defense=4, armor=1, offensive_pr=7, defensive_pr=7, movement=10),
            "de-17ss", "37")
    add("de-pz4", "axis", "1./17 Pz IV Co", "4-1005", counter(
        "de-pz4", size=lf.LF_SIZE_COMPANY, steps=1, movement_class=lf.LF_CLASS_MECH, types=["afv"],
        armor_class=lf.LF_ARMOR_PURE, attack=3, defense=3, armor=4, armor_defense=4, offensive_pr=7, defensive_pr=7,
        movement=10, z_step_reverse=True, z_attack=1, z_defense=1), "de-17ss")
    add("de-17pio", "axis", "17 SS Pio Co", "4-1004", counter(
        "de-17pio", size=lf.LF_SIZE_COMPANY, steps=1, movement_class=lf.LF_CLASS_MECH, types=["engineer"],
        personnel=True, attack=2, defense=2, offensive_pr=6, defensive_pr=6, movement=10), "de-17ss")
    add("de-17art", "axis", "17 SS Art Bn", "4-1205", counter(
        "de-17art", size=lf.LF_SIZE_BATTALION, steps=1, movement_class=lf.LF_CLASS_MECH, types=["artillery"],
        defense=1, barrage=4, range=5, defensive_pr=5, movement=10, gun="105mm"), "de-17ss")
    hqs += [lf.LfHq(unit_id="de-1a", level=lf.LF_HQ_ARMY, mech_formation=True, name="1. Armee"),
            lf.LfHq(unit_id="de-xiii", level=lf.LF_HQ_CORPS, parent="de-1a", mech_formation=True, name="XIII SS Korps"),
            lf.LfHq(unit_id="de-17ss", level=lf.LF_HQ_DIVISION, parent="de-xiii", mech_formation=True,
                    name="17 SS PzG Div")]
    return U, C, P, A, hqs


def cell(t: tables_pb2.Table, row: str, col: str, value: str, through: str = "", source: str = SYN) -> None:
    c = t.cells.add(row=row, column=col, value=value, source=source)
    if through:
        c.row_through = through


def tables() -> list[tables_pb2.Table]:
    shipped = {t.id: t for t in text_format.Parse((DATA / "tables.textproto").read_text(),
                                                  tables_pb2.TableSet()).tables}
    out = []

    def based(tid: str) -> tables_pb2.Table:
        t = tables_pb2.Table()
        t.CopyFrom(shipped[tid])
        t.source = f"SYNTHETIC fill of {t.title}; the text's cells are kept with their sources"
        out.append(t)
        return t

    def known(t: tables_pb2.Table) -> set[tuple[str, str]]:
        return {(c.row, c.column) for c in t.cells}

    t = based("lucky-forward/fs-resolution")
    have = known(t)
    for row, v in (("8", "-"), ("9", "AS"), ("15", "2"), ("16", "AS2"), ("17", "AS2"), ("18", "3"), ("19", "3"),
                   ("20", "AS3"), ("21", "AS3"), ("22", "4")):
        if (row, "result") not in have:
            cell(t, row, "result", v)
    t = based("lucky-forward/gat-columns")
    ratios = ["1:5", "1:4", "1:3", "1:2", "1:1", "3:2", "2:1", "3:1", "4:1", "5:1", "6:1", "7:1", "8:1", "9:1"]
    have = known(t)
    for line, shift in (("1", 2), ("2", 1), ("3", 0), ("4", -1)):
        for i, col in enumerate(LETTERS):
            j = min(len(ratios) - 1, max(0, i - shift))
            r = ratios[j] if i - shift >= 0 else ["1:8", "1:7", "1:6"][min(2, -(i - shift) - 1)]
            if (line, col) not in have:
                cell(t, line, col, r)
    for tid, flip in (("lucky-forward/gat-defender-results", False), ("lucky-forward/gat-attacker-results", True)):
        t = based(tid)
        for i, col in enumerate(LETTERS):
            if col == "H":
                bands = ([("-60", "54", "-"), ("75", "159", "2(1)")] if not flip else
                         [("-60", "-10", "*2(3)"), ("-9", "60", "1"), ("81", "159", "-")])
            else:
                edge = 60 - 4 * i if not flip else 30 + 4 * i
                lo_v, hi_v = ("-", "*1") if not flip else ("2(1)", "-")
                bands = [("-60", str(edge), lo_v), (str(edge + 1), "159", hi_v)]
            for lo, hi, v in bands:
                cell(t, lo, col, v, hi)
    t = based("lucky-forward/armor-terrain")
    have = known(t)
    for row in t.rows:
        for col, v in (("modifier", "-1"), ("max bonuses", "3")):
            if (row, col) not in have:
                cell(t, row, col, "0" if row == "clear" and col == "modifier" else
                     ("-" if row == "clear" else v))
    t = based("lucky-forward/fs-terrain")
    have = known(t)
    for row in t.rows:
        if (row, "DRM") not in have:
            cell(t, row, "DRM", "0" if row in ("clear", "rough", "location") else "-1")
    t = based("lucky-forward/tec")
    have = known(t)
    costs = {"clear": ("1", "1"), "rough": ("2", "3"), "rough-2": ("2", "4"), "woods": ("2", "3"), "marsh": ("2", "P"),
             "soft ground": ("2", "4"), "swamp": ("3", "P"), "bocage": ("2", "4"), "hedgerow": ("2", "3"),
             "RR embankment": ("2", "3"), "location": ("1", "1"), "village": ("1", "1"), "town": ("1", "1"),
             "city": ("1", "1"), "stream": ("1", "2"), "river": ("2", "P"), "major river": ("P", "P"),
             "great river": ("P", "P"), "ford": ("1", "1")}
    for row, (leg, mech) in costs.items():
        for col, v in (("Leg", leg), ("Mech", mech)):
            if (row, col) not in have:
                cell(t, row, col, v)
    t = based("lucky-forward/entry")
    have = known(t)
    for row in t.rows:
        for col in ("Leg", "Mech"):
            if (row, col) not in have:
                cell(t, row, col, "no" if (row in ("swamp",) and col == "Mech") else "yes")
    t = based("lucky-forward/fuel-level")
    for row in t.rows:
        v = int(row)
        cell(t, row, "low", str(max(2, 4 + v // 2)))
        cell(t, row, "no", str(max(0, v // 3)))
    t = based("lucky-forward/mr-bonus")
    for row in t.rows:
        cell(t, row, "MP", str(min(4, max(0, int(row) // 2))))
    return out


def main() -> None:
    (DATA / "map-synthetic.toml").write_text(MAP)
    load_map_toml(DATA / "map-synthetic.toml")  # checks it
    U, C, P, A, hqs = units()
    sc = definition_pb2.Scenario(
        id="lucky-forward/synthetic", name="SYNTHETIC skirmish (test scenario)", ruleset="lucky-forward",
        description=("A SYNTHETIC test scenario: a US infantry division and a German PzG division in contact on a "
                     "made-up five-sheet map. Counter and table values are made up (the text's own cells are kept) "
                     "so every procedure can be played end to end; it is not the published game."),
        source=SYN)
    d = sc.definition
    d.id, d.name, d.ruleset, d.source = sc.id, sc.name, "lucky-forward", SYN
    d.sides.add(id="allied", name="Allied (US)")
    d.sides.add(id="axis", name="Axis (German)")
    d.units.extend(U)
    d.tables.extend(tables())
    sc.setup.extend(P)
    x = sc.lucky_forward
    x.counters.extend(C)
    x.hqs.extend(hqs)
    x.assignments.extend(A)
    x.first_game_day = 1
    x.first_time = "AM"
    x.last_game_day = 2
    x.ena_from_game_day = 1
    x.day_zero = "1944-09-04"
    x.weather.add(game_day=1, time="AM", atmosphere="clear", ground="dry")
    x.weather.add(game_day=2, time="AM", atmosphere="partial-overcast", ground="wet")
    x.initial.add(unit_id="us-702tk", attached_to="us-80id")
    x.hq_status.add(unit_id="us-xii", adv=3)
    x.hq_status.add(unit_id="us-3a", amp=6)
    x.hq_status.add(unit_id="de-xiii", adv=2)
    x.hq_status.add(unit_id="de-1a", amp=4)
    x.works.add(hex="4-1006", kind="ET-2", side="axis")
    header = ("# SYNTHETIC Lucky Forward scenario, written by scripts/make_lf_synthetic.py: not the published game.\n"
              "# Its map is data/map-synthetic.toml; its tables keep the text's cells and fill the rest with\n"
              "# SYNTHETIC values (every such cell says so) so the engine can be played end to end.\n\n")
    (DATA / "scenario-synthetic.textproto").write_text(header + text_format.MessageToString(sc))


if __name__ == "__main__":
    main()
