"""Helpers for the Major Battles rules tests: build games, act through the
engine (scripted dice = the values actually thrown), read the state."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from adjudicator.core import dice as D
from adjudicator.core import engine
from adjudicator.core.ruleset import get_ruleset
from adjudicator.rules.major_battles.deck import CARD_IDS, DECK_TABLE
from umpire.v1 import action_pb2, definition_pb2, major_battles_pb2 as mbp, state_pb2, tables_pb2

R = get_ruleset("major-battles")
SEED = bytes(range(32))
ON_MAP = state_pb2.UnitState.ON_MAP
OFF_MAP = state_pb2.UnitState.OFF_MAP
ELIMINATED = state_pb2.UnitState.ELIMINATED
WITHDRAWN = state_pb2.UnitState.WITHDRAWN


def scenario(sid: str) -> definition_pb2.Scenario:
    return R.load_scenario(f"major-battles/{sid}")


def fixed(sid: str, placements: Mapping[str, str], extra_units: Sequence[tuple[str, str, str]] = ()) -> definition_pb2.Scenario:
    """A campaign scenario with a fixed setup: `placements` unit id -> town;
    every other starting unit stays off the map. `extra_units` adds
    (id, side, type) units (for variants of the illustrations)."""
    sc = scenario(sid)
    sc.major_battles.fixed_setup = True
    for uid, side, kind in extra_units:
        sc.definition.units.add(id=uid, side=side, type=kind)
    del sc.setup[:]
    for uid, town in placements.items():
        sc.setup.add(unit_id=uid, location=town)
    return sc


def new(sc: definition_pb2.Scenario | str, options: Mapping[str, str] | None = None,
        tables: tables_pb2.TableSet | None = None, rolls: Iterable[int] | None = None) -> state_pb2.GameState:
    if isinstance(sc, str):
        sc = scenario(sc)
    dice: D.HmacDice | D.ScriptedDice = D.ScriptedDice(rolls) if rolls is not None else D.HmacDice(SEED, "test", 0, 0)
    st, _ = engine.new_game(R, sc, game_id="test", options=options or {}, tables=tables, dice=dice)
    return st


def act(state: state_pb2.GameState, action: action_pb2.Action, rolls: Iterable[int] | None = None,
        all_used: bool = True) -> engine.Applied:
    """Apply a legal action. With `rolls`, those are the dice thrown (and all must be used)."""
    used: list[D.ScriptedDice] = []

    def factory(start: int, version: int) -> D.HmacDice | D.ScriptedDice:
        if rolls is None:
            return D.HmacDice(SEED, "test", start, version)
        s = D.ScriptedDice(list(rolls), start, version)
        used.append(s)
        return s

    out = engine.apply_action(state, action, factory)
    if rolls is not None and all_used:
        assert used and used[0].unused == 0, f"{used[0].unused} scripted roll(s) not used"
    return out


def verdict(state: state_pb2.GameState, action: action_pb2.Action) -> action_pb2.Verdict:
    return engine.validate(state, action)


def codes(v: action_pb2.Verdict) -> list[str]:
    return [x.code for x in v.violations]


def labels(v: action_pb2.Verdict) -> list[str]:
    return [x.citation.label for x in v.violations]


# -- actions
def move(side: str, ids: Sequence[str], *path: str) -> action_pb2.Action:
    return action_pb2.Action(side=side, move=action_pb2.MoveUnits(unit_ids=list(ids), path=list(path)))


def attack(side: str, target: str) -> action_pb2.Action:
    return action_pb2.Action(side=side, attack=action_pb2.Attack(target=target))


def end(side: str) -> action_pb2.Action:
    return action_pb2.Action(side=side, end_phase=action_pb2.EndPhase())


def card(side: str, value: int) -> action_pb2.Action:
    return action_pb2.Action(side=side, major_battles=mbp.MajorBattlesAction(turn_card=mbp.MbTurnCard(value=value)))


def land(side: str, area: str, ids: Sequence[str]) -> action_pb2.Action:
    return action_pb2.Action(side=side, major_battles=mbp.MajorBattlesAction(land=mbp.MbLand(area=area, unit_ids=list(ids))))


def place(side: str, ids: Sequence[str], town: str) -> action_pb2.Action:
    return action_pb2.Action(side=side, place=action_pb2.PlaceUnits(unit_ids=list(ids), location=town))


def answer(state: state_pb2.GameState, choices: Sequence[str] = (),
           assign: Mapping[str, str] | None = None) -> action_pb2.Action:
    d = state.pending
    return action_pb2.Action(side=d.side, answer=action_pb2.AnswerDecision(
        decision_id=d.id, choices=list(choices),
        assignments=[action_pb2.Assignment(unit_id=u, destination=t) for u, t in (assign or {}).items()]))


# -- reading the state
def unit(state: state_pb2.GameState, uid: str) -> state_pb2.UnitState:
    for u in state.units:
        if u.unit_id == uid:
            return u
    raise KeyError(uid)


def at(state: state_pb2.GameState, town: str) -> list[str]:
    """Units in `town` (not those outside it, nor those outside another town)."""
    return sorted(u.unit_id for u in state.units if u.status == ON_MAP and u.location == town
                  and not any(m.startswith("outside:") for m in u.markers))


def outside(state: state_pb2.GameState, town: str) -> list[str]:
    return sorted(u.unit_id for u in state.units if f"outside:{town}" in u.markers)


def eliminated(state: state_pb2.GameState) -> list[str]:
    return sorted(u.unit_id for u in state.units if u.status == ELIMINATED)


def kinds(applied: engine.Applied) -> list[str]:
    return [e.kind for e in applied.events]


def deck_table(values: Sequence[int], source: str = "SYNTHETIC test values") -> tables_pb2.TableSet:
    """A movement-deck table file. SYNTHETIC: the real values are not in the text."""
    t = tables_pb2.Table(id=DECK_TABLE, rows=list(CARD_IDS), columns=["value"])
    for cid, v in zip(CARD_IDS, values):
        t.cells.add(row=cid, column="value", value=str(v), source=source)
    return tables_pb2.TableSet(tables=[t])


def settle(state: state_pb2.GameState) -> state_pb2.GameState:
    """Answer every pending decision with its first example answer."""
    while state.HasField("pending") and not state.finished:
        example = R.legal_actions(state, state.pending.side)[0].example
        state = act(state, example).state
    return state


def play_turn(state: state_pb2.GameState, value: int | None = None) -> state_pb2.GameState:
    """Turn a card (physical deck: `value`), end the turn at once, settle end-of-turn decisions."""
    side = state.active_side
    if state.segment == "card":
        state = act(state, card(side, value if value is not None else 1)).state
    return settle(act(state, end(side)).state)
