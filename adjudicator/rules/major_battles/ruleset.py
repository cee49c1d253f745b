"""The Major Battles ruleset on the template (core/template.py): one dispatch
table wiring each action to the modules that hold the rules (deck, movement,
landing, battle, retreat, reserves, turns, setup, campaigns); the model is
`Game` (model.py), a Python mirror of the state."""

from __future__ import annotations

from collections.abc import Mapping

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from adjudicator.core.dice import DiceSource
from adjudicator.core.errors import MalformedInput
from adjudicator.core.position import Position
from adjudicator.core.secrecy import SideFilter
from adjudicator.core.template import Actions, Applier, RulesetBase, Validator
from adjudicator.core.verdicts import VerdictBuilder
from adjudicator.rules.major_battles import (
    battle, citations as C, data, deck, describe, landing, legal, movement, reserves, retreat, scenarios, setup,
    turns, views,
)
from adjudicator.rules.major_battles.board import compile_board
from adjudicator.rules.major_battles.campaigns import campaign_of
from adjudicator.rules.major_battles.decisions import (
    CASUALTIES, DEFECTION, DEFENDER_RETREAT, OVERSTACK, RESERVE_THROW, RESERVE_TOWN, TIE,
)
from adjudicator.rules.major_battles.model import (
    MB, OFF_MAP, ON_MAP, Game, board_of_state, mb_to_proto, readonly_copy, to_state, view_model,
    writable_copy,
)
from adjudicator.rules.major_battles.options import MajorBattlesOptions
from adjudicator.rules.major_battles.movement import STACK_LIMIT
from umpire.v1 import action_pb2, common_pb2, definition_pb2, service_pb2, state_pb2

_ANSWERS = {
    TIE: (battle.validate_tie, battle.apply_tie),
    CASUALTIES: (battle.validate_casualties, battle.apply_casualties),
    DEFENDER_RETREAT: (retreat.validate_retreat, lambda g, a, dice: retreat.apply_retreat(g, a)),
    RESERVE_THROW: (reserves.validate_answer, reserves.apply_answer),
    RESERVE_TOWN: (reserves.validate_answer, reserves.apply_answer),
    DEFECTION: (turns.validate_answer, turns.apply_answer),
    OVERSTACK: (turns.validate_answer, turns.apply_answer),
}


class MajorBattlesFilter(SideFilter):
    """The face-down movement cards and the dice that shuffled them (views.py)."""

    def state(self, state: state_pb2.GameState, side: str) -> state_pb2.GameState:
        return views.view(state, side)

    perturb = staticmethod(views.perturb)  # the non-interference test's twin (views.py)

    def rolls(self, state: state_pb2.GameState, rolls: Sequence[common_pb2.DieRoll],
              side: str) -> list[common_pb2.DieRoll]:
        return views.view_rolls(state, rolls)


class MajorBattles(RulesetBase[Game]):
    side_filter = MajorBattlesFilter()
    id = scenarios.RULESET_ID
    version = scenarios.RULESET_VERSION
    title = "Major Battles and Campaigns of General George S. Patton"
    rulebook = "major-battles-patton.txt"
    book = C.MB
    pack = data.PACK  # its scenarios are the campaigns built on the shipped boards (scenarios.py)
    options_class = MajorBattlesOptions
    extension = "major_battles"
    # What a needed cell accepts, printed with it (Ruleset.accepted).
    value_hints = {"major-battles/movement-deck": "the value printed on the card, a whole number"}

    def actions(self) -> Actions[Game]:
        acts = (Actions[Game](self.title)
                .on("move", _validate_move, lambda g, a, dice: movement.apply_move(g, a))
                .on("attack", _validate_attack, lambda g, a, dice: battle.apply_attack(g, a.attack, dice))
                .on("end_phase", _validate_end, _apply_end)
                .on("place", lambda g, a, b: setup.validate_place(g, a.place, a.side, b),
                    lambda g, a, dice: setup.apply_place(g, a))
                .on("major_battles.turn_card",
                    lambda g, a, b: deck.validate_turn_card(g, a.major_battles.turn_card.value, a.side, b),
                    lambda g, a, dice: deck.apply_turn_card(g, a))
                .on("major_battles.land", lambda g, a, b: landing.validate_land(g, a.major_battles.land, a.side, b),
                    lambda g, a, dice: landing.apply_land(g, a))
                .on("major_battles.concede", lambda g, a, b: None, lambda g, a, dice: _concede(g, a)))
        for kind, (check, act) in _ANSWERS.items():
            acts.answer(kind, _checking(check), _answering(act))
        return acts

    def authoring(self) -> Vocabulary:
        from adjudicator.rules.major_battles.authoring import VOCABULARY

        return VOCABULARY

    def complete(self, scenario: definition_pb2.Scenario, options: Mapping[str, str]) -> definition_pb2.Scenario:
        sc = scenarios.complete(scenario)
        if not any(t.id == deck.DECK_TABLE for t in sc.definition.tables):
            sc.definition.tables.append(data.deck_table())
        return sc

    # -- the model (model.py): a Python mirror of the state, cached per Position
    def compile(self, state: state_pb2.GameState) -> Game:
        return Game(state, board_of_state(state), mutable=False)

    def writable(self, state: state_pb2.GameState, before: Position | None) -> Game:
        if before is None:  # values were supplied with the action: read the changed state
            return Game(state, board_of_state(state), mutable=True)
        return writable_copy(before.model(), state)

    def finish(self, model: Game) -> tuple[state_pb2.GameState, list[state_pb2.Event]]:
        """After every action the campaign's own checks (objectives, relief...) run."""
        if not model.finished:
            campaign_of(model.campaign).after_action(model)
        return to_state(model), list(model.events)

    def carry(self, model: Game, new_state: state_pb2.GameState) -> Game:
        return readonly_copy(model, new_state)

    def narrow(self, model: Game, view: state_pb2.GameState, side: str) -> Game | None:
        return view_model(model, view)

    # -- lifecycle
    def start(self, state: state_pb2.GameState, dice: DiceSource) -> tuple[state_pb2.GameState, list[state_pb2.Event]]:
        sc = state.scenario
        ext = sc.major_battles
        camp = campaign_of(ext.campaign)
        board = compile_board(sc.definition.map, "scenario.definition.map")
        camp.check_board(board)
        placed = {p.unit_id: p.location for p in sc.setup}
        per_town: dict[str, list[str]] = {}
        for i, p in enumerate(sc.setup):
            if p.location and p.location not in board.towns:
                raise MalformedInput(f"unknown town {p.location!r}", f"scenario.setup[{i}]")
        sides = {u.id: u.side for u in sc.definition.units}
        for u in sc.definition.units:
            loc = placed.get(u.id, "")
            state.units.add(unit_id=u.id, side=u.side, status=ON_MAP if loc else OFF_MAP, location=loc)
            if loc:
                per_town.setdefault(loc, []).append(u.id)
        for town, ids in per_town.items():
            if len({sides[i] for i in ids}) > 1:
                raise MalformedInput(f"town {town} holds units of both sides", "scenario.setup")
            if len(ids) > STACK_LIMIT:
                raise MalformedInput(f"town {town} holds {len(ids)} units; at most 10 (MB \"Positioning of Units\" ¶1)",
                                     "scenario.setup")
        mode, packs = deck.deal(ext.blue_side, ext.red_side, ext.blue_cards, ext.red_cards, ext.game_ends_card,
                                sc.definition.tables, dice)
        mb = MB(campaign=camp.name, deck_mode=mode, packs=packs, board_digest=board.digest,
                turns_started={ext.blue_side: 0, ext.red_side: 0})
        state.major_battles.CopyFrom(mb_to_proto(mb))
        state.turn = 0
        g = Game(state, board_of_state(state), mutable=True)
        g.emit("DECK_DEALT", f"movement deck: {ext.blue_cards} cards to {ext.blue_side}"
               + (" (+ the Game Ends card at the bottom)" if ext.game_ends_card else "")
               + f", {ext.red_cards} to {ext.red_side}; "
               + ("shuffled and dealt by the server" if mode == "dealt" else
                  "card values not known: each player turns his real card and reports its value"),
               camp.duration_citation if camp.name else C.DECK)
        if ext.fixed_setup:
            setup.start_game(g, dice)
        else:
            g.phase = "setup"
            g.segment = "place"
            g.active = camp.setup_sides(g)[0]
        return to_state(g), g.events

    # -- queries
    def legal(self, model: Game, side: str) -> list[service_pb2.LegalAction]:
        return legal.legal_actions(model, side)

    def reachable(
        self, model: Game, unit_id: str, mode: str
    ) -> tuple[list[service_pb2.ReachableLocation], list[common_pb2.RuleNote]]:
        return movement.reach(model, unit_id), []

    def describe(self, state: state_pb2.GameState) -> list[str]:
        return describe.describe(state)


def _validate_move(g: Game, action: action_pb2.Action, b: VerdictBuilder) -> None:
    if action.move.mode:
        # One way to move (MB "Using Movement Points"); Sicily landings are MbLand.
        raise MalformedInput(f"Major Battles has no movement mode {action.move.mode!r} (leave it empty; "
                             "landings are major_battles.land)", "move.mode")
    movement.validate_move(g, action.move, action.side, b)


def _validate_attack(g: Game, action: action_pb2.Action, b: VerdictBuilder) -> None:
    if action.attack.supports:
        raise MalformedInput("Major Battles has no supporting units (every unit in a battle is an attacker)",
                             "attack.supports")
    battle.validate_attack(g, action.attack, action.side, b)


def _validate_end(g: Game, action: action_pb2.Action, b: VerdictBuilder) -> None:
    want = action.end_phase.phase
    if want and want not in (g.phase, g.segment):
        b.violation("WRONG_PHASE", f"the game is in phase {g.phase!r} ({g.segment}), not {want!r}", C.DECK)
        return
    if g.phase == "setup":
        setup.validate_end_setup(g, action.side, b)
    else:
        turns.validate_end_turn(g, action.side, b)


def _apply_end(g: Game, action: action_pb2.Action, dice: DiceSource) -> None:
    if g.phase == "setup":
        setup.apply_end_setup(g, dice)
    else:
        turns.apply_end_turn(g, dice)


def _checking(check: Callable[[Game, action_pb2.AnswerDecision, VerdictBuilder], None]) -> Validator[Game]:
    def validate(g: Game, action: action_pb2.Action, b: VerdictBuilder) -> None:
        check(g, action.answer, b)

    return validate


def _answering(act: Callable[[Game, action_pb2.AnswerDecision, DiceSource], None]) -> Applier[Game]:
    """An answer's applier, then the battle or the end of turn it interrupted goes on."""

    def apply(g: Game, action: action_pb2.Action, dice: DiceSource) -> None:
        act(g, action.answer, dice)
        if g.pending is None and (g.mb.battle is not None or g.mb.battle_queue):
            battle.run(g, dice)
        if g.pending is None and not g.finished and g.segment == "end":
            turns.continue_end(g, dice)

    return apply


def _concede(g: Game, action: action_pb2.Action) -> None:
    reason = action.major_battles.concede.reason
    cite = C.SICILY_AXIS_WIN if g.campaign == "sicily" and action.side == g.blue else C.UMPIRE
    g.end_game(g.other(action.side), f"{action.side} concedes" + (f": {reason}" if reason else ""), cite)


RULESET = MajorBattles()


if TYPE_CHECKING:
    from adjudicator.core.authoring import Vocabulary
