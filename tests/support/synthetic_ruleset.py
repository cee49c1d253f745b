"""SYNTHETIC test-only ruleset ("toy-line"): not any game's rules.

A line of towns T0..T4; each side has units; a move steps one unit to an
adjacent town that holds no enemy; an attack on an adjacent enemy town throws
one d6 and a 6 eliminates one defender, after which the defender must decide
to stay or retreat (a pending decision). Each side keeps one private value.
It exists so the service, store and CLI can be tested independently of the
real rulesets, which have their own tests; it is also the smallest ruleset
built on the template (adjudicator/core/template.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from adjudicator.core.citations import Rulebook
from adjudicator.core.datapack import DataPack
from adjudicator.core.dice import DiceSource
from adjudicator.core.errors import NotFound
from adjudicator.core.options import Opt, RuleOptions
from adjudicator.core.template import Actions, RulesetBase
from adjudicator.core.verdicts import VerdictBuilder
from adjudicator.core.views import secret_roll
from umpire.v1 import action_pb2, definition_pb2, map_pb2, service_pb2, state_pb2

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


class ToyOptions(RuleOptions):
    book = TOY
    title = "Toy line"
    attack_six = Opt("toy.attack-six", "eliminate", ("eliminate", "nothing"), "3",
                     "A 6 on the attack die eliminates one defender ('nothing': it never does).")


@dataclass
class Toy:
    """The toy's model: the state and its units by id."""

    state: state_pb2.GameState
    events: list[state_pb2.Event] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.units = {u.unit_id: u for u in self.state.units}
        self.opts = ToyOptions(self.state.options)

    def occupant_side(self, town: str) -> str | None:
        for u in self.state.units:
            if u.status == state_pb2.UnitState.ON_MAP and u.location == town:
                return u.side
        return None


def _adjacent(a: str, b: str) -> bool:
    return abs(TOWNS.index(a) - TOWNS.index(b)) == 1


def _my_turn(m: Toy, action: action_pb2.Action, b: VerdictBuilder) -> bool:
    if action.side != m.state.active_side:
        b.violation("NOT_YOUR_TURN", f"it is {m.state.active_side}'s turn", TOY.cite("1"))
        return False
    return True


def validate_move(m: Toy, action: action_pb2.Action, b: VerdictBuilder) -> None:
    if not _my_turn(m, action, b):
        return
    if len(action.move.unit_ids) != 1 or len(action.move.path) != 1:
        b.violation("ONE_STEP", "move exactly one unit one step", TOY.cite("2"))
        return
    u = m.units.get(action.move.unit_ids[0])
    dest = action.move.path[0]
    if u is None or dest not in TOWNS:
        b.violation("UNKNOWN", "unknown unit or town", TOY.cite("2"))
    elif u.side != action.side:
        b.violation("NOT_YOURS", f"{u.unit_id} is not yours", TOY.cite("2"))
    elif not _adjacent(u.location, dest):
        b.violation("NOT_ADJACENT", f"{dest} is not next to {u.location}", TOY.cite("2"))
    elif m.occupant_side(dest) not in (None, action.side):
        b.violation("ENEMY_TOWN", f"{dest} holds the enemy", TOY.cite("2"))
    else:
        b.verdict.path.add(location=dest, cost=1, total=1)
        b.verdict.mp_total = 1


def apply_move(m: Toy, action: action_pb2.Action, dice: DiceSource) -> None:
    u = m.units[action.move.unit_ids[0]]
    frm, u.location = u.location, action.move.path[0]
    m.events.append(state_pb2.Event(kind="UNITS_MOVED", text=f"{u.unit_id} {frm}->{u.location}",
                                    units=[u.unit_id], from_location=frm, to_location=u.location))


def validate_attack(m: Toy, action: action_pb2.Action, b: VerdictBuilder) -> None:
    if not _my_turn(m, action, b):
        return
    t = action.attack.target
    if m.occupant_side(t) in (None, action.side):
        b.violation("NO_ENEMY", f"no enemy in {t}", TOY.cite("3"))


def apply_attack(m: Toy, action: action_pb2.Action, dice: DiceSource) -> None:
    s = m.state
    die = dice.roll(6, f"attack on {action.attack.target}")
    defenders = [u for u in s.units if u.location == action.attack.target and u.status == 0]
    if die == 6 and m.opts.attack_six == "eliminate":
        defenders[0].status = state_pb2.UnitState.ELIMINATED
        m.events.append(state_pb2.Event(kind="CASUALTY", text=f"{defenders[0].unit_id} eliminated",
                                        units=[defenders[0].unit_id], citations=[TOY.cite("3")]))
    s.pending.CopyFrom(state_pb2.Decision(
        id=f"d{s.version}", side=defenders[0].side, kind="STAY_OR_RETREAT",
        prompt="stay or retreat?", citation=TOY.cite("3"),
        options=[state_pb2.DecisionOption(id="stay"), state_pb2.DecisionOption(id="retreat")],
        min_choices=1, max_choices=1, context={"private": "true"}))
    m.events.append(state_pb2.Event(kind="BATTLE_RESOLVED", text=f"die {die}", citations=[TOY.cite("3")]))


def validate_answer(m: Toy, action: action_pb2.Action, b: VerdictBuilder) -> None:
    if not set(action.answer.choices) <= {"stay", "retreat"} or len(action.answer.choices) != 1:
        b.violation("BAD_CHOICE", "answer stay or retreat", TOY.cite("3"))


def apply_answer(m: Toy, action: action_pb2.Action, dice: DiceSource) -> None:
    m.state.ClearField("pending")
    m.events.append(state_pb2.Event(kind="DECIDED", text=action.answer.choices[0], visible_to=[action.side]))


def validate_end(m: Toy, action: action_pb2.Action, b: VerdictBuilder) -> None:
    _my_turn(m, action, b)


def apply_end(m: Toy, action: action_pb2.Action, dice: DiceSource) -> None:
    s = m.state
    s.active_side = "blue" if s.active_side == "red" else "red"
    if s.active_side == "red":
        s.turn += 1
    if s.turn > s.scenario.last_turn:
        s.finished = True
        s.result.reason = "turn limit"
    m.events.append(state_pb2.Event(kind="PHASE_ENDED", text=f"now {s.active_side}"))


class ToyPack(DataPack):
    """The toy's scenario is built in code, not read from a folder."""

    def scenario(self, scenario_id: str) -> definition_pb2.Scenario:
        if scenario_id != "toy-line/basic":
            raise NotFound(f"no scenario {scenario_id!r}")
        return scenario()


class ToyRuleset(RulesetBase[Toy]):
    id = "toy-line"
    version = "0.0-test"
    title = "Toy line (SYNTHETIC test ruleset)"
    rulebook = "none"
    book = TOY
    pack = ToyPack(Path(__file__).parent, {"toy-line/basic": ""})
    options_class = ToyOptions

    def actions(self) -> Actions[Toy]:
        return (Actions[Toy](self.title)
                .on("move", validate_move, apply_move)
                .on("attack", validate_attack, apply_attack)
                .on("end_phase", validate_end, apply_end)
                .answer("STAY_OR_RETREAT", validate_answer, apply_answer))

    def compile(self, state: state_pb2.GameState) -> Toy:
        return Toy(state)

    def start(self, state: state_pb2.GameState, dice: DiceSource) -> tuple[state_pb2.GameState, list[state_pb2.Event]]:
        state.turn, state.phase, state.active_side = 1, "move", "red"
        sides = {u.id: u.side for u in state.scenario.definition.units}
        for p in state.scenario.setup:
            state.units.add(unit_id=p.unit_id, location=p.location, side=sides[p.unit_id])
        # The die that makes red's plan is red's secret too (its face is blanked for blue).
        state.private_data.add(side="red", values={"plan": str(dice.roll(6, secret_roll("red", "plan")))})
        state.private_data.add(side="blue", values={"plan": "hold"})
        events = [
            state_pb2.Event(kind="GAME_STARTED", text="red moves first", citations=[TOY.cite("1")]),
            state_pb2.Event(kind="PLAN_DRAWN", text="red drew a secret plan", visible_to=["red"]),
        ]
        return state, events

    def legal(self, model: Toy, side: str) -> list[service_pb2.LegalAction]:
        return [service_pb2.LegalAction(kind="end_phase", example=action_pb2.Action(side=side, end_phase={}))]


RULESET = ToyRuleset()
