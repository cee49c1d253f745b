"""SYNTHETIC test-only ruleset ("toy-line"): not any game's rules.

A line of towns T0..T4; each side has units; a move steps one unit to an
adjacent town that holds no enemy; an attack on an adjacent enemy town throws
one d6 and a 6 eliminates one defender, after which the defender must decide
to stay or retreat (a pending decision). Each side keeps one private value.
It exists so the service, store and CLI can be tested independently of the
real rulesets, which have their own tests.
"""

from __future__ import annotations

from collections.abc import Mapping

from adjudicator.core.citations import Rulebook
from adjudicator.core.dice import DiceSource
from adjudicator.core.errors import NotFound
from adjudicator.core.ruleset import Ruleset
from adjudicator.core.verdicts import VerdictBuilder
from umpire.v1 import action_pb2, definition_pb2, map_pb2, service_pb2, state_pb2, tables_pb2

TOY = Rulebook("toy-line", "TOY")
TOWNS = [f"T{i}" for i in range(5)]


def scenario() -> definition_pb2.Scenario:
    graph = map_pb2.GraphMap(
        towns=[map_pb2.Town(id=t, name=t) for t in TOWNS],
        roads=[map_pb2.Road(id=f"{a}-{b}", a=a, b=b, kind="solid") for a, b in zip(TOWNS, TOWNS[1:])],
    )
    d = definition_pb2.GameDefinition(
        id="toy-line/basic",
        name="Toy line (SYNTHETIC)",
        ruleset="toy-line",
        sides=[definition_pb2.Side(id="red"), definition_pb2.Side(id="blue")],
        map=map_pb2.GameMap(id="toy", graph=graph, source="SYNTHETIC"),
        units=[
            definition_pb2.Unit(id="r1", side="red", type="inf", hidden_from_enemy=["name"], name="Red One"),
            definition_pb2.Unit(id="r2", side="red", type="inf"),
            definition_pb2.Unit(id="b1", side="blue", type="inf"),
        ],
    )
    return definition_pb2.Scenario(
        id="toy-line/basic",
        ruleset="toy-line",
        definition=d,
        setup=[
            definition_pb2.Placement(unit_id="r1", location="T0"),
            definition_pb2.Placement(unit_id="r2", location="T0"),
            definition_pb2.Placement(unit_id="b1", location="T4"),
        ],
        last_turn=3,
    )


def _loc(state: state_pb2.GameState) -> dict[str, state_pb2.UnitState]:
    return {u.unit_id: u for u in state.units}


def _occupant_side(state: state_pb2.GameState, town: str) -> str | None:
    for u in state.units:
        if u.status == state_pb2.UnitState.ON_MAP and u.location == town:
            return u.side
    return None


def _adjacent(a: str, b: str) -> bool:
    return abs(TOWNS.index(a) - TOWNS.index(b)) == 1


class ToyRuleset(Ruleset):
    id = "toy-line"
    version = "0.0-test"
    title = "Toy line (SYNTHETIC test ruleset)"
    rulebook = "none"

    def scenario_ids(self) -> list[str]:
        return ["toy-line/basic"]

    def load_scenario(self, scenario_id: str) -> definition_pb2.Scenario:
        if scenario_id != "toy-line/basic":
            raise NotFound(f"no scenario {scenario_id!r}")
        return scenario()

    def new_game(
        self,
        scenario: definition_pb2.Scenario,
        *,
        game_id: str,
        options: Mapping[str, str],
        tables: tables_pb2.TableSet | None,
        dice: DiceSource,
    ) -> tuple[state_pb2.GameState, list[state_pb2.Event]]:
        s = state_pb2.GameState(scenario=scenario, turn=1, phase="move", active_side="red")
        sides = {u.id: u.side for u in scenario.definition.units}
        for p in scenario.setup:
            s.units.add(unit_id=p.unit_id, location=p.location, side=sides[p.unit_id])
        s.private_data.add(side="red", values={"plan": str(dice.roll(6, "red secret plan"))})
        s.private_data.add(side="blue", values={"plan": "hold"})
        events = [
            state_pb2.Event(kind="GAME_STARTED", text="red moves first", citations=[TOY.cite("1")]),
            state_pb2.Event(kind="PLAN_DRAWN", text="red drew a secret plan", visible_to=["red"]),
        ]
        return s, events

    def validate(self, state: state_pb2.GameState, action: action_pb2.Action) -> action_pb2.Verdict:
        kind = action.WhichOneof("kind")
        b = VerdictBuilder(kind or "")
        if kind == "answer":
            if not set(action.answer.choices) <= {"stay", "retreat"} or len(action.answer.choices) != 1:
                b.violation("BAD_CHOICE", "answer stay or retreat", TOY.cite("3"))
            return b.build()
        if action.side != state.active_side:
            b.violation("NOT_YOUR_TURN", f"it is {state.active_side}'s turn", TOY.cite("1"))
            return b.build()
        units = _loc(state)
        if kind == "move":
            if len(action.move.unit_ids) != 1 or len(action.move.path) != 1:
                b.violation("ONE_STEP", "move exactly one unit one step", TOY.cite("2"))
                return b.build()
            u = units.get(action.move.unit_ids[0])
            dest = action.move.path[0]
            if u is None or dest not in TOWNS:
                b.violation("UNKNOWN", "unknown unit or town", TOY.cite("2"))
            elif u.side != action.side:
                b.violation("NOT_YOURS", f"{u.unit_id} is not yours", TOY.cite("2"))
            elif not _adjacent(u.location, dest):
                b.violation("NOT_ADJACENT", f"{dest} is not next to {u.location}", TOY.cite("2"))
            elif _occupant_side(state, dest) not in (None, action.side):
                b.violation("ENEMY_TOWN", f"{dest} holds the enemy", TOY.cite("2"))
            else:
                b.verdict.path.add(location=dest, cost=1, total=1)
                b.verdict.mp_total = 1
        elif kind == "attack":
            t = action.attack.target
            if _occupant_side(state, t) in (None, action.side):
                b.violation("NO_ENEMY", f"no enemy in {t}", TOY.cite("3"))
        elif kind == "end_phase":
            pass
        else:
            b.violation("UNSUPPORTED", f"{kind} is not part of this game", TOY.cite("0"))
        return b.build()

    def apply(
        self, state: state_pb2.GameState, action: action_pb2.Action, dice: DiceSource
    ) -> tuple[state_pb2.GameState, list[state_pb2.Event]]:
        s = state_pb2.GameState()
        s.CopyFrom(state)
        kind = action.WhichOneof("kind")
        events: list[state_pb2.Event] = []
        if kind == "move":
            u = _loc(s)[action.move.unit_ids[0]]
            frm, u.location = u.location, action.move.path[0]
            events.append(state_pb2.Event(kind="UNITS_MOVED", text=f"{u.unit_id} {frm}->{u.location}",
                                          units=[u.unit_id], from_location=frm, to_location=u.location))
        elif kind == "attack":
            die = dice.roll(6, f"attack on {action.attack.target}")
            defenders = [u for u in s.units if u.location == action.attack.target and u.status == 0]
            if die == 6:
                defenders[0].status = state_pb2.UnitState.ELIMINATED
                events.append(state_pb2.Event(kind="CASUALTY", text=f"{defenders[0].unit_id} eliminated",
                                              units=[defenders[0].unit_id], citations=[TOY.cite("3")]))
            s.pending.CopyFrom(state_pb2.Decision(
                id=f"d{state.version}", side=defenders[0].side, kind="STAY_OR_RETREAT",
                prompt="stay or retreat?", citation=TOY.cite("3"),
                options=[state_pb2.DecisionOption(id="stay"), state_pb2.DecisionOption(id="retreat")],
                min_choices=1, max_choices=1, context={"private": "true"}))
            events.append(state_pb2.Event(kind="BATTLE_RESOLVED", text=f"die {die}", citations=[TOY.cite("3")]))
        elif kind == "answer":
            s.ClearField("pending")
            events.append(state_pb2.Event(kind="DECIDED", text=action.answer.choices[0],
                                          visible_to=[action.side]))
        elif kind == "end_phase":
            s.active_side = "blue" if s.active_side == "red" else "red"
            if s.active_side == "red":
                s.turn += 1
            if s.turn > s.scenario.last_turn:
                s.finished = True
                s.result.reason = "turn limit"
            events.append(state_pb2.Event(kind="PHASE_ENDED", text=f"now {s.active_side}"))
        return s, events

    def legal_actions(self, state: state_pb2.GameState, side: str) -> list[service_pb2.LegalAction]:
        return [service_pb2.LegalAction(kind="end_phase", example=action_pb2.Action(side=side, end_phase={}))]


RULESET = ToyRuleset()
