"""The Major Battles ruleset: the `Ruleset` interface wired to the modules
that hold the rules (deck, movement, landing, battle, retreat, reserves,
turns, setup, campaigns)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from collections.abc import Mapping, Sequence

from adjudicator.core.dice import DiceSource
from adjudicator.core.errors import MalformedInput
from adjudicator.core.ruleset import Ruleset
from adjudicator.core.secrecy import SideFilter
from adjudicator.core.tables import merge_tables
from adjudicator.core.verdicts import VerdictBuilder
from adjudicator.rules.major_battles import (
    battle, citations as C, deck, describe, landing, legal, movement, options as opts, reserves, retreat, scenarios, setup,
    turns, views,
)
from adjudicator.rules.major_battles.board import compile_board
from adjudicator.rules.major_battles.campaigns import campaign_of
from adjudicator.rules.major_battles.decisions import (
    CASUALTIES, DEFECTION, DEFENDER_RETREAT, OVERSTACK, RESERVE_THROW, RESERVE_TOWN, TIE,
)
from adjudicator.rules.major_battles.model import (
    MB, OFF_MAP, ON_MAP, Game, fresh_game, game_of, mb_to_proto, prime, to_state,
)
from adjudicator.rules.major_battles.movement import STACK_LIMIT
from umpire.v1 import action_pb2, common_pb2, definition_pb2, service_pb2, state_pb2, tables_pb2

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


class MajorBattles(Ruleset):
    side_filter = MajorBattlesFilter()
    id = scenarios.RULESET_ID
    version = scenarios.RULESET_VERSION
    title = "Major Battles and Campaigns of General George S. Patton"
    rulebook = "major-battles-patton.txt"

    # -- data pack
    def authoring(self) -> "Vocabulary":
        from adjudicator.rules.major_battles.authoring import VOCABULARY

        return VOCABULARY

    def scenario_ids(self) -> list[str]:
        return list(scenarios.SHIPPED)

    def load_scenario(self, scenario_id: str) -> definition_pb2.Scenario:
        return scenarios.shipped(scenario_id)

    def options(self) -> list[definition_pb2.RuleOption]:
        return opts.rule_options()

    # -- lifecycle
    def new_game(
        self,
        scenario: definition_pb2.Scenario,
        *,
        game_id: str,
        options: Mapping[str, str],
        tables: tables_pb2.TableSet | None,
        dice: DiceSource,
    ) -> tuple[state_pb2.GameState, list[state_pb2.Event]]:
        sc = scenarios.complete(scenario)
        ext = sc.major_battles
        camp = campaign_of(ext.campaign)
        board = compile_board(sc.definition.map, "scenario.definition.map")
        camp.check_board(board)
        shipped_deck = [t for t in sc.definition.tables if t.id == deck.DECK_TABLE] or [deck.shipped_table()]
        others = [t for t in sc.definition.tables if t.id != deck.DECK_TABLE]
        merged = merge_tables(shipped_deck, tables, "tables") if tables is not None and tables.tables else shipped_deck
        del sc.definition.tables[:]
        sc.definition.tables.extend(others + list(merged))
        state = state_pb2.GameState(scenario=sc, options=opts.effective(sc.options, options))
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
        g = fresh_game(state)
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

    def validate(self, state: state_pb2.GameState, action: action_pb2.Action) -> action_pb2.Verdict:  # type: ignore[override]  # MIGRATION (issue 8): moves onto RulesetBase
        g = game_of(state)
        kind = action.WhichOneof("kind") or ""
        b = VerdictBuilder(kind)
        side = action.side
        if kind == "move":
            if action.move.mode:
                # One way to move (MB "Using Movement Points"); Sicily landings are MbLand.
                raise MalformedInput(f"Major Battles has no movement mode {action.move.mode!r} (leave it empty; "
                                     "landings are major_battles.land)", "move.mode")
            movement.validate_move(g, action.move, side, b)
        elif kind == "attack":
            if action.attack.supports:
                raise MalformedInput("Major Battles has no supporting units (every unit in a battle is an "
                                     "attacker)", "attack.supports")
            battle.validate_attack(g, action.attack, side, b)
        elif kind == "answer":
            if g.pending is None:
                raise MalformedInput("there is no pending decision", "action.answer")
            _ANSWERS[g.pending.kind][0](g, action.answer, b)
        elif kind == "end_phase":
            self._validate_end(g, action, b)
        elif kind == "place":
            setup.validate_place(g, action.place, side, b)
        elif kind == "major_battles":
            sub = action.major_battles.WhichOneof("kind")
            if sub == "turn_card":
                deck.validate_turn_card(g, action.major_battles.turn_card.value, side, b)
            elif sub == "land":
                landing.validate_land(g, action.major_battles.land, side, b)
            elif sub == "concede":
                pass
            else:
                raise MalformedInput("empty Major Battles action (turn_card, land or concede)", "action.major_battles")
        else:
            raise MalformedInput(f"Major Battles has no {kind!r} action", "action")
        return b.build()

    def _validate_end(self, g: Game, action: action_pb2.Action, b: VerdictBuilder) -> None:
        want = action.end_phase.phase
        if want and want not in (g.phase, g.segment):
            b.violation("WRONG_PHASE", f"the game is in phase {g.phase!r} ({g.segment}), not {want!r}", C.DECK)
            return
        if g.phase == "setup":
            setup.validate_end_setup(g, action.side, b)
        else:
            turns.validate_end_turn(g, action.side, b)

    def apply(
        self, state: state_pb2.GameState, action: action_pb2.Action, dice: DiceSource  # type: ignore[override]  # MIGRATION (issue 8): moves onto RulesetBase
    ) -> tuple[state_pb2.GameState, list[state_pb2.Event]]:
        g = fresh_game(state)
        kind = action.WhichOneof("kind")
        if kind == "move":
            movement.apply_move(g, action)
        elif kind == "attack":
            battle.apply_attack(g, action.attack, dice)
        elif kind == "answer":
            assert g.pending is not None
            _ANSWERS[g.pending.kind][1](g, action.answer, dice)
            self._resume(g, dice)
        elif kind == "end_phase":
            if g.phase == "setup":
                setup.apply_end_setup(g, dice)
            else:
                turns.apply_end_turn(g, dice)
        elif kind == "place":
            setup.apply_place(g, action)
        else:
            sub = action.major_battles.WhichOneof("kind")
            if sub == "turn_card":
                deck.apply_turn_card(g, action)
            elif sub == "land":
                landing.apply_land(g, action)
            else:
                self._concede(g, action)
        if not g.finished:
            campaign_of(g.campaign).after_action(g)
        new, events = to_state(g), g.events
        # engine.apply_action sets version = state.version + 1 on the returned state
        prime(new, state.version + 1, g)
        return new, events

    @staticmethod
    def _resume(g: Game, dice: DiceSource) -> None:
        if g.pending is None and (g.mb.battle is not None or g.mb.battle_queue):
            battle.run(g, dice)
        if g.pending is None and not g.finished and g.segment == "end":
            turns.continue_end(g, dice)

    @staticmethod
    def _concede(g: Game, action: action_pb2.Action) -> None:
        reason = action.major_battles.concede.reason
        cite = C.SICILY_AXIS_WIN if g.campaign == "sicily" and action.side == g.blue else C.UMPIRE
        g.end_game(g.other(action.side), f"{action.side} concedes" + (f": {reason}" if reason else ""), cite)

    def legal_actions(self, state: state_pb2.GameState, side: str) -> list[service_pb2.LegalAction]:  # type: ignore[override]  # MIGRATION (issue 8): moves onto RulesetBase
        return legal.legal_actions(game_of(state), side)

    def reach(self, state: state_pb2.GameState, unit_id: str) -> list[service_pb2.ReachableLocation]:  # type: ignore[override]  # MIGRATION (issue 8): moves onto RulesetBase
        return movement.reach(game_of(state), unit_id)

    def describe(self, state: state_pb2.GameState) -> list[str]:
        return describe.describe(state)


RULESET = MajorBattles()


if TYPE_CHECKING:
    from adjudicator.core.authoring import Vocabulary
