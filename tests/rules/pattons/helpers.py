"""Building Patton's 3rd Army positions for the rules tests: the ILLUSTRATIVE
scenario with only the units a test names, where it names them, the SYNTHETIC
tables (synthetic_tables.textproto: not the game's), and helpers to act with
given dice. Positions are edited directly (phase, markers, chits): they are
test fixtures, built as values."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path

from google.protobuf import text_format

from adjudicator.core import dice as dice_mod
from adjudicator.core import engine
from adjudicator.core.ruleset import get_ruleset
from adjudicator.rules.pattons.model import Game
from umpire.v1 import action_pb2, definition_pb2, pattons_pb2, state_pb2, tables_pb2

RS = get_ruleset("pattons-3rd-army")
SYNTHETIC = Path(__file__).parent / "synthetic_tables.textproto"


def synthetic_tables() -> tables_pb2.TableSet:
    return text_format.Parse(SYNTHETIC.read_text(), tables_pb2.TableSet())


def scenario(placements: Mapping[str, str] | None = None, *, extended: bool = False) -> definition_pb2.Scenario:
    sc = RS.load_scenario("pattons-3rd-army/metz-extended" if extended else "pattons-3rd-army/metz")
    if placements is not None:
        del sc.setup[:]
        for uid, hexl in placements.items():
            sc.setup.add(unit_id=uid, location=hexl)
        del sc.pattons.arrivals[:]
    sc.pattons.support["12"] = 40
    sc.pattons.support["20"] = 35
    return sc


def new_game(placements: Mapping[str, str] | None = None, *, options: Mapping[str, str] | None = None,
             tables: tables_pb2.TableSet | None = None, extended: bool = False,
             dice: Iterable[int] = ()) -> state_pb2.GameState:
    st, _ = engine.new_game(RS, scenario(placements, extended=extended), game_id="test", options=dict(options or {}),
                            tables=synthetic_tables() if tables is None else tables,
                            dice=dice_mod.ScriptedDice(list(dice)))
    return st


def at(placements: Mapping[str, str], phase: str = "us-combat", *, turn: int = 5, weather: str = "clear",
       mud: bool = False, options: Mapping[str, str] | None = None, markers: Mapping[str, Iterable[str]] | None = None,
       tables: tables_pb2.TableSet | None = None, extended: bool = False) -> state_pb2.GameState:
    """A position with just these units on the map, in `phase` of `turn`."""
    st = new_game(placements, options=options, tables=tables, extended=extended)
    st.turn = turn
    st.phase = phase
    st.active_side = phase.split("-")[0] if "-" in phase else "us"
    p = st.pattons
    p.weather = weather
    p.mud_until = turn if mud else 0
    del p.rain_turns[:]
    if mud:
        p.rain_turns.append(turn)
    p.air_points["us"] = 2
    p.air_points["german"] = 1
    for u in st.units:
        del u.markers[:]
        for m in (markers or {}).get(u.unit_id, ()):
            u.markers.append(m)
    return st


def give_chit(st: state_pb2.GameState, uid: str, chit: str, *, reduced: bool = False) -> None:
    """Put `chit` under `uid` (taken out of its pool), as if drawn earlier."""
    morale = next(c.morale for c in st.scenario.pattons.chits if c.id == chit)
    pool = next(p for p in st.pattons.pools if p.morale == morale)
    pool.chits.remove(chit)
    pool.count = len(pool.chits)
    held = [h for h in st.pattons.held if h.unit_id != uid] + [pattons_pb2.PattonsHeld(unit_id=uid, chit=chit,
                                                                                        morale=morale)]
    del st.pattons.held[:]
    st.pattons.held.extend(sorted(held, key=lambda h: h.unit_id))
    us = unit(st, uid)
    if "tried" not in us.markers:
        us.markers.append("tried")
    if reduced:
        us.steps_lost = 1


def unit(st: state_pb2.GameState, uid: str) -> state_pb2.UnitState:
    return next(u for u in st.units if u.unit_id == uid)


def model(st: state_pb2.GameState) -> Game:
    return Game(st)


def apply(st: state_pb2.GameState, action: action_pb2.Action, dice: Iterable[int] = ()) -> engine.Applied:
    values = list(dice)
    return engine.apply_action(st, action, lambda s, v: dice_mod.ScriptedDice(values, s, v))


def answer(st: state_pb2.GameState, *choices: str, side: str = "",
           assignments: Iterable[action_pb2.Assignment] = ()) -> action_pb2.Action:
    d = st.pending
    return action_pb2.Action(side=side or d.side, answer=action_pb2.AnswerDecision(
        decision_id=d.id, choices=list(choices), assignments=list(assignments)))


def attack(side: str, target: str, attackers: Iterable[str], supports: Iterable[str] = ()) -> action_pb2.Action:
    return action_pb2.Action(side=side, attack=action_pb2.Attack(target=target, attackers=list(attackers),
                                                                   supports=list(supports)))


def move(side: str, units: Iterable[str], path: Iterable[str], mode: str = "") -> action_pb2.Action:
    return action_pb2.Action(side=side, move=action_pb2.MoveUnits(unit_ids=list(units), path=list(path), mode=mode))


def end(side: str) -> action_pb2.Action:
    return action_pb2.Action(side=side, end_phase=action_pb2.EndPhase())


def codes(v: action_pb2.Verdict) -> list[str]:
    return [x.code for x in v.violations]


def pool_chits(st: state_pb2.GameState, morale: int) -> list[str]:
    return list(next(p for p in st.pattons.pools if p.morale == morale).chits)


def held(st: state_pb2.GameState, uid: str) -> str:
    return next((h.chit for h in st.pattons.held if h.unit_id == uid), "")




def uniform_crt(value: str, bold: bool = False) -> tables_pb2.TableSet:
    """The SYNTHETIC tables with every CRT cell `value` (a test's chosen result)."""
    ts = synthetic_tables()
    crt = next(t for t in ts.tables if t.id == "pattons-3rd-army/crt")
    for c in crt.cells:
        c.value = value
        c.marks.clear()
        if bold:
            c.marks["bold"] = "true"
    return ts


def roll_to_result(st: state_pb2.GameState, dice: Iterable[int] = (3, 4)) -> engine.Applied:
    """Answer the pending ROLL with the given two dice."""
    assert st.pending.kind == "ROLL", st.pending.kind
    return apply(st, answer(st, "roll"), dice)


def with_cell(ts: tables_pb2.TableSet, table: str, row: str, column: str, value: str) -> tables_pb2.TableSet:
    """`ts` with one cell set (a test's own synthetic value)."""
    t = next(x for x in ts.tables if x.id == table)
    cell = next((c for c in t.cells if c.row == row and c.column == column), None)
    if cell is None:
        cell = t.cells.add(row=row, column=column)
    cell.value = value
    cell.unknown = False
    return ts


def terrain(st: state_pb2.GameState, label: str) -> str:
    g = Game(st)
    return g.hm.terrain[g.hex(label)]


def set_features(st: state_pb2.GameState, label: str, *features: str) -> None:
    """Replace the features of a hex of the state's map (a test's own map edit)."""
    hexes = st.scenario.definition.map.hex.hexes
    rec = next((h for h in hexes if h.id == label), None)
    if rec is None:
        rec = hexes.add(id=label)
    del rec.features[:]
    rec.features.extend(features)


def setup(st: state_pb2.GameState, side: str, targets: Iterable[str], attackers: Iterable[str],
          defenders: Iterable[str]) -> tuple[Game, object]:
    from adjudicator.rules.pattons.strength import Setup

    g = Game(st)
    return g, Setup(side, [g.hex(t) for t in targets], list(attackers), list(defenders))


def small_map(columns: int, rows: int, roads: Iterable[str] = (), **sections: Mapping[str, Iterable[str]]) -> object:
    """A SYNTHETIC map for a test: clear, `columns` x `rows`, numbered like the game's."""
    from adjudicator.core.mapfile import parse_map_toml

    text = [f'id = "test"\ndefault_terrain = "clear"\n[grid]\ncolumns = {columns}\nrows = {rows}',
            "[grid.numbering]\ncolumn_leading = 1\nrow_leading = 1\ncolumn_offset = 1\nrow_offset = 1"]
    for name, table in sections.items():
        text.append(f"[{name}]")
        for k, v in table.items():
            text.append(f'"{k}" = [' + ", ".join(f'"{x}"' for x in v) + "]")
    if roads:
        text.append("[roads]\nroad = [" + ", ".join(f'"{r}"' for r in roads) + "]")
    return parse_map_toml("\n".join(text))


def on_map(st: state_pb2.GameState, game_map: object, placements: Mapping[str, str]) -> state_pb2.GameState:
    """`st` on another map, with its units placed there (the rest off the map)."""
    st.scenario.definition.map.CopyFrom(game_map)  # type: ignore[arg-type]
    for u in st.units:
        if u.unit_id in placements:
            u.status = state_pb2.UnitState.ON_MAP
            u.location = placements[u.unit_id]
        else:
            u.status = state_pb2.UnitState.OFF_MAP
            u.location = ""
    return st
