"""Helpers for the Traces of Victory tests.

`synthetic_tables()` is a SYNTHETIC table file: it fills the cells the rulebook
text lacks with made-up values so a test can get past them. Tests that assert
a rule never depend on a synthetic value unless they say so; the text's own
cells (6:1/6 = 2RR, clear = 1 MP, rough = 1 column left, modified 3 = light
overcast) are never overridden here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from adjudicator.core import dice as dice_mod
from adjudicator.core import engine
from adjudicator.core.errors import IllegalAction
from adjudicator.core.ruleset import get_ruleset
from adjudicator.rules.traces import data
from adjudicator.rules.traces.model import Game
from umpire.v1 import action_pb2, state_pb2, tables_pb2, traces_pb2

RS = get_ruleset("traces-of-victory")
COMBINED = "traces-of-victory/combined-assault"


def synthetic_tables(
    *,
    chits: int = 3,
    specials: str = "-",
    weather: str = "clear",
    air: int = 2,
    mp: Mapping[str, str] | None = None,
    shift: Mapping[str, str] | None = None,
    crt: str | None = None,
) -> tables_pb2.TableSet:
    """SYNTHETIC values for every cell the text lacks (see module doc)."""
    out = tables_pb2.TableSet()
    known = {t.id: {(c.row, c.column) for c in t.cells if not c.unknown} for t in data.tables()}
    costs = {"clear": "1", "rough": "2", "difficult": "3", "town": "1", "city": "1", "major-city": "1"}
    costs.update(mp or {})
    shifts = {"clear": "0", "rough": "-1", "difficult": "-2", "town": "-1", "city": "-1", "major-city": "-1"}
    shifts.update(shift or {})
    for t in data.tables():
        ut = out.tables.add(id=t.id)
        for r in t.rows:
            for c in t.columns:
                if (r, c) in known[t.id]:
                    continue
                v = {
                    data.TURN_TRACK: lambda: str(chits) if c.endswith("chits") else specials,
                    data.WEATHER: lambda: weather if c == "weather" else str(air),
                    data.TEC: lambda: {"mp": costs[r], "mp-mud": str(int(costs[r]) + 1), "shift": shifts[r],
                                       "difficult": "yes" if r == "difficult" else "no"}[c],
                    data.CRT: lambda: crt or "1R",
                }.get(t.id, lambda: "")()
                if v:
                    ut.cells.add(row=r, column=c, value=v, source="SYNTHETIC test value")
    return out


def new_game(scenario: str = COMBINED, options: Mapping[str, str] | None = None,
             tables: tables_pb2.TableSet | None = None, rolls: Iterable[int] = ()) -> state_pb2.GameState:
    state, _ = engine.new_game(RS, RS.load_scenario(scenario), game_id="test", options=dict(options or {}),
                               tables=tables, dice=dice_mod.ScriptedDice(list(rolls)))
    return state


def act(state: state_pb2.GameState, action: action_pb2.Action, rolls: Iterable[int] = ()) -> engine.Applied:
    values = list(rolls)

    def make(start: int, version: int) -> dice_mod.ScriptedDice:
        return dice_mod.ScriptedDice(values, start, version)

    return engine.apply_action(state, action, make)


def verdict(state: state_pb2.GameState, action: action_pb2.Action) -> action_pb2.Verdict:
    return engine.validate(state, action)


def codes(v: action_pb2.Verdict) -> list[str]:
    return [x.code for x in v.violations]


def illegal(state: state_pb2.GameState, action: action_pb2.Action) -> list[str]:
    try:
        act(state, action)
    except IllegalAction as e:
        return codes(e.verdict)
    raise AssertionError("the action was accepted")


def move(side: str, unit: str, *path: str, mode: str = "") -> action_pb2.Action:
    return action_pb2.Action(side=side, move=action_pb2.MoveUnits(unit_ids=[unit], path=list(path), mode=mode))


def attack(side: str, target: str, *attackers: str, supports: Iterable[str] = ()) -> action_pb2.Action:
    return action_pb2.Action(side=side, attack=action_pb2.Attack(target=target, attackers=list(attackers),
                                                                 supports=list(supports)))


def end(side: str, phase: str = "") -> action_pb2.Action:
    return action_pb2.Action(side=side, end_phase=action_pb2.EndPhase(phase=phase))


def answer(state: state_pb2.GameState, side: str, choices: Iterable[str] = (),
           assignments: Mapping[str, list[str]] | None = None) -> action_pb2.Action:
    a = action_pb2.AnswerDecision(decision_id=state.pending.id, choices=list(choices))
    for u, p in (assignments or {}).items():
        a.assignments.add(unit_id=u, path=p)
    return action_pb2.Action(side=side, answer=a)


def activate(side: str, **kw: object) -> action_pb2.Action:
    return action_pb2.Action(side=side, traces=traces_pb2.TracesAction(activate=traces_pb2.TracesActivate(**kw)))


def select(side: str, *chits: str) -> action_pb2.Action:
    return action_pb2.Action(side=side, traces=traces_pb2.TracesAction(
        select_chits=traces_pb2.TracesSelectChits(chits=list(chits))))


def with_cells(action: action_pb2.Action, cells: Mapping[tuple[str, str, str], str]) -> action_pb2.Action:
    """The action with values "read off the printed chart" (SYNTHETIC in tests):
    {(table, column, row): value}, table ids without the ruleset prefix."""
    for (table, column, row), value in cells.items():
        action.supplied_cells.add(table_id=f"traces-of-victory/{table}", column=column, row=row, value=value,
                                  note="SYNTHETIC test value")
    return action


def where(state: state_pb2.GameState, unit: str) -> str:
    for u in state.units:
        if u.unit_id == unit:
            return u.location if u.status == u.ON_MAP else state_pb2.UnitState.Status.Name(u.status)
    raise KeyError(unit)


def unit(state: state_pb2.GameState, uid: str) -> state_pb2.UnitState:
    return next(u for u in state.units if u.unit_id == uid)


def put(state: state_pb2.GameState, uid: str, location: str) -> None:
    """Test setup: move a unit directly (not a game action)."""
    u = unit(state, uid)
    if location:
        u.status = u.ON_MAP
        u.location = location
    else:
        u.status = u.OFF_MAP


def in_activation(
    state: state_pb2.GameState,
    player: str,
    units: Iterable[str],
    *,
    segment: str = "movement",
    chit: str = "test",
    turn: int = 3,
    weather: str = "clear",
    air: int = 0,
) -> state_pb2.GameState:
    """Test setup: a state in the Action Phase of `turn`, in an activation of
    `player` with `units` activated (as the worked examples assume; the flow
    that gets there is tested elsewhere)."""
    s = state_pb2.GameState()
    s.CopyFrom(state)
    s.ClearField("pending")
    s.turn = turn
    s.phase = "action"
    s.segment = segment
    s.active_side = player
    tv = s.traces
    tv.weather = weather
    del tv.mud_turns[:]
    if turn == 1:
        tv.mud_turns.append(1)
    tv.weather_log[turn] = weather
    tv.air_total = tv.air_available = air
    tv.ClearField("activation")
    g = Game(s)
    a = tv.activation
    a.chit = chit
    a.chit_id = chit
    a.player = player
    a.belligerent = g.player_belligerent(player)
    a.mode = "hq"
    a.segment = segment
    a.activated.extend(units)
    del tv.cup[:]
    return s
