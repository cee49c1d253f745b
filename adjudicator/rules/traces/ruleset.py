"""The Traces of Victory ruleset on the template (core/template.py): one
dispatch table wiring each action to the modules that hold the rules (chits,
activation, moves, combat, results, supply, arrivals, weather, victory,
phases); the model is `Game` (model.py)."""

from __future__ import annotations

from collections.abc import Mapping

from collections.abc import Sequence
from typing import TYPE_CHECKING

from adjudicator.core.dice import DiceSource
from adjudicator.core.errors import MalformedInput
from adjudicator.core.secrecy import SideFilter
from adjudicator.core.template import Actions, RulesetBase
from adjudicator.rules.traces import (
    activation, arrivals, chits, combat, data, legal, moves, phases, relocation, results, scenarios, views,
)
from adjudicator.rules.traces.cite import RULESET_ID, TV
from adjudicator.rules.traces.options import TracesOptions
from adjudicator.rules.traces.losses import fits
from adjudicator.rules.traces.model import OFF_MAP, ON_MAP, Game
from umpire.v1 import action_pb2, common_pb2, definition_pb2, service_pb2, state_pb2, traces_pb2

PLAYERS = {
    "2": [("allied", "allied", ["third", "seventh"]), ("german", "german", ["19th", "1st"])],
    "3": [("third-army", "allied", ["third"]), ("seventh-army", "allied", ["seventh"]),
          ("german", "german", ["19th", "1st"])],
    "4": [("third-army", "allied", ["third"]), ("seventh-army", "allied", ["seventh"]),
          ("german-19th", "german", ["19th"]), ("german-1st", "german", ["1st"])],
}
NAMES = {"allied": "Allied", "german": "German", "third-army": "US Third Army", "seventh-army": "US Seventh Army",
         "german-19th": "German 19th Army", "german-1st": "German 1st Army"}


class TracesFilter(SideFilter):
    """What one player may know (views.py: the cup, the chit-draw dice, secret selections)."""

    def state(self, state: state_pb2.GameState, side: str) -> state_pb2.GameState:
        return views.view(state, side)

    # The non-interference test's twins (views.py).
    perturb = staticmethod(views.perturb)
    perturb_action = staticmethod(views.perturb_action)

    def rolls(self, state: state_pb2.GameState, rolls: Sequence[common_pb2.DieRoll],
              side: str) -> list[common_pb2.DieRoll]:
        return views.view_rolls(state, rolls, side)

    def action(self, state: state_pb2.GameState, action: action_pb2.Action, side: str) -> action_pb2.Action:
        return views.view_action(state, action, side)


class TracesOfVictory(RulesetBase[Game]):
    id = RULESET_ID
    side_filter = TracesFilter()
    version = scenarios.RULESET_VERSION
    title = "Traces of Victory"
    rulebook = "traces-of-victory.txt"
    book = TV
    pack = data.PACK  # its scenarios are built on the templates (scenarios.py)
    options_class = TracesOptions
    extension = "traces"
    value_checks = {data.CRT: combat.check_result}
    # What a needed cell accepts, printed with it (Ruleset.accepted).
    value_hints = {data.CRT: "a result as printed, e.g. -, 2RR, 1R* or R/A1",
                   data.TURN_TRACK: "the number printed on the Turn Track, a whole number"}

    def actions(self) -> Actions[Game]:
        acts = (Actions[Game](self.title)
                .on("move", moves.validate_move, lambda g, a, dice: moves.apply_move(g, a))
                .on("attack", combat.validate_attack, results.apply_attack)
                .on("place", arrivals.validate_place, lambda g, a, dice: arrivals.apply_place(g, a))
                .on("end_phase", phases.validate_end, phases.apply_end)
                .on("traces.select_chits", chits.validate_select, _apply_select)
                .on("traces.activate", activation.validate_activate, lambda g, a, dice: activation.apply_activate(g, a))
                .on("traces.interdict", phases.validate_interdict, lambda g, a, dice: phases.apply_interdict(g, a))
                .answer(relocation.KIND, lambda g, a, b: relocation.validate_answer(g, a.answer, b),
                        _apply_relocation))
        for kind in results.KINDS:
            acts.answer(kind, lambda g, a, b: results.validate_answer(g, a.answer, b),
                        lambda g, a, dice: results.apply_answer(g, a.answer, dice, list(a.supplied_cells)))
        return acts

    def authoring(self) -> Vocabulary:
        from adjudicator.rules.traces.authoring import VOCABULARY

        return VOCABULARY

    def complete(self, scenario: definition_pb2.Scenario, options: Mapping[str, str]) -> definition_pb2.Scenario:
        return scenarios.complete(scenario)

    def compile(self, state: state_pb2.GameState) -> Game:
        return Game(state)

    def start(self, state: state_pb2.GameState, dice: DiceSource) -> tuple[state_pb2.GameState, list[state_pb2.Event]]:
        sc = state.scenario
        state.traces.players.extend(_players(sc, TracesOptions(state.options).players))
        placed = {p.unit_id: p.location for p in sc.setup}
        for u in sc.definition.units:
            loc = placed.get(u.id, "")
            state.units.add(unit_id=u.id, side=u.side, status=ON_MAP if loc else OFF_MAP, location=loc)
        g = Game(state)
        _check_setup(g)
        _initial_control(g)
        phases.start_game(g, dice)
        return g.state, g.events

    def legal(self, model: Game, side: str) -> list[service_pb2.LegalAction]:
        return legal.legal_actions(model, side, lambda g, a: self.judge(g, a).ok)

    def reachable(
        self, model: Game, unit_id: str, mode: str
    ) -> tuple[list[service_pb2.ReachableLocation], list[common_pb2.RuleNote]]:
        if unit_id not in model.defs:
            raise MalformedInput(f"unknown unit {unit_id!r}", "unit_id")
        return moves.reach(model, unit_id), []


    def supply(self, state: state_pb2.GameState, side: str) -> SupplyAnswer:
        """8.1: where a supply line of `side` reaches, and its units in supply."""
        from adjudicator.core.ruleset import SupplyAnswer
        from adjudicator.rules.traces import supply as sup

        g = Game(state)
        if side not in ("allied", "german"):
            raise MalformedInput(f"unknown side {side!r} (allied, german)", "side")
        reached = sup.reach(g, side)
        mine = sorted(u for u in g.defs if g.belligerent(u) == side and g.hex_of(u) >= 0)
        ok = [u for u in mine if sup.in_supply(g, u, reached)]
        return SupplyAnswer(side, [g.label(h) for h in range(g.hm.n) if reached[h]], ok,
                            [u for u in mine if u not in ok])


def _apply_select(g: Game, action: action_pb2.Action, dice: DiceSource) -> None:
    chits.apply_select(g, action)
    phases.after_selection(g, dice, list(action.supplied_cells))


def _apply_relocation(g: Game, action: action_pb2.Action, dice: DiceSource) -> None:
    relocation.apply_answer(g, action.answer)
    if relocation.next_decision(g):
        return
    resume = g.tv.resume
    g.tv.resume = ""
    if resume == "draw":
        phases.next_chit(g, dice, list(action.supplied_cells))


def _players(sc: definition_pb2.Scenario, mode: str) -> list[traces_pb2.TracesPlayer]:
    """15.1: who commands what; units and sides are given to their players."""
    in_play = {a.id for a in sc.traces.armies}
    out: list[traces_pb2.TracesPlayer] = []
    for side, bel, armies in PLAYERS[mode]:
        mine = [a for a in armies if a in in_play]
        if not mine and any(p.belligerent == bel for p in out):
            continue
        out.append(traces_pb2.TracesPlayer(side=side, belligerent=bel, armies=mine or armies,
                                           lead=not any(p.belligerent == bel for p in out)))
    if mode != "2":
        del sc.definition.sides[:]
        for p in out:
            sc.definition.sides.add(id=p.side, name=NAMES.get(p.side, p.side))
        for u in sc.definition.units:
            bel = u.props.get("belligerent", u.side)
            owner = next((p.side for p in out if p.belligerent == bel and u.props.get("army", "") in p.armies),
                         next(p.side for p in out if p.belligerent == bel and p.lead))
            u.side = owner
    return out


def _check_setup(g: Game) -> None:
    by_hex: dict[int, list[str]] = {}
    for i, p in enumerate(g.sc.setup):
        h = g.hm.hex_id(p.location, f"scenario.setup[{i}].location")
        if not g.in_play[h]:
            raise MalformedInput(f"{p.location} is outside the scenario's map", f"scenario.setup[{i}]")
        by_hex.setdefault(h, []).append(p.unit_id)
    for h, ids in by_hex.items():
        if len({g.belligerent(u) for u in ids}) > 1:
            raise MalformedInput(f"{g.label(h)} holds units of both sides (5.0)", "scenario.setup")
        if not fits(g, h, ids):
            raise MalformedInput(f"{g.label(h)} holds {len(ids)} units: at most two combat units and one HQ (5.0)",
                                 "scenario.setup")


def _initial_control(g: Game) -> None:
    """6.1: cities and towns east and north of the start line are German, the
    others Allied (given per hex in the map data); supply sources by colour."""
    given = dict(g.ext.control)
    for h in range(g.hm.n):
        if not g.board.controllable(h):
            continue
        label = g.label(h)
        tags = [t.split(":", 1)[1] for t in g.hm.tags[h] if t.startswith("control:")]
        owner = given.get(label) or (tags[0] if tags else g.board.source_colour(h))
        if owner not in ("allied", "german"):
            raise MalformedInput(f"{label} ({g.hm.terrain[h]}) has no initial control: tag it 'control:allied' or "
                                 "'control:german' (6.1) or list it in scenario.traces.control", "scenario.definition.map")
        g.tv.control[label] = owner
    g.emit("SETUP", f"{len(g.tv.control)} City, Town and Supply Source hexes under control; every unit on the map is "
           "in supply (12.1)", [TV.cite("6.1"), TV.cite("12.1")])


RULESET = TracesOfVictory()


if TYPE_CHECKING:
    from adjudicator.core.authoring import Vocabulary
    from adjudicator.core.ruleset import SupplyAnswer
