"""The `nordwind-1945` ruleset on the template (core/template.py).

One dispatch table wires each action to its validator and applier
(actions.py); the model is the `Board` (board.py), one per `Position`. The
combat result's choices are pending decisions (results.py); the sequence of
play is in phases.py. Dice come only from the DiceSource passed to `apply`.
"""

from __future__ import annotations

from collections.abc import Mapping

from typing import TYPE_CHECKING

from adjudicator.core.dice import DiceSource
from adjudicator.core.errors import MalformedInput
from adjudicator.core.position import Position
from adjudicator.core.tables import merge_tables, remember_supplied
from adjudicator.core.template import Actions, RulesetBase
from adjudicator.rules.nordwind import actions as A, data, legal, moves, phases, placement
from adjudicator.rules.nordwind.board import Board
from adjudicator.rules.nordwind.cite import ALLIED, GERMAN, NW, RULESET_ID
from adjudicator.rules.nordwind.combat_rules import CRT
from adjudicator.rules.nordwind.options import NordwindOptions
from adjudicator.rules.nordwind.result_text import parse_result
from adjudicator.rules.nordwind.units import COUNTERS, Counters, counters_table
from adjudicator.rules.nordwind.views import NordwindFilter
from adjudicator.core.decisions import decision, option
from umpire.v1 import common_pb2, definition_pb2, service_pb2, state_pb2, tables_pb2


def _check_crt(value: str) -> None:
    parse_result(value)


class NordwindRuleset(RulesetBase[Board]):
    id = RULESET_ID
    version = "1"
    title = "Nordwind 1945"
    rulebook = "nordwind-1945.txt"
    book = NW
    pack = data.PACK
    options_class = NordwindOptions
    extension = "nordwind"
    value_checks = {CRT: _check_crt}
    # What a needed cell accepts, printed with it (Ruleset.accepted; counters: authoring.py).
    value_hints = {CRT: "a result as printed, attacker/defender with parts like -, 2, R or R2 (e.g. -/R2, 1/1)",
                   "nordwind-1945/objectives:hex": "the objective's hex id on the map, e.g. 0101"}
    side_filter = NordwindFilter()  # the secret reinforcement option (views.py)

    def actions(self) -> Actions[Board]:
        return (Actions[Board](self.title)
                .on("move", A.validate_move, A.apply_move)
                .on("attack", A.on_turn(A.validate_combat), A.apply_attack)
                .on("place", A.on_turn(placement.validate_place), A.apply_place)
                .on("end_phase", A.validate_end, A.apply_end)
                .on("nordwind.place_ferry", A.on_turn(A.validate_ferry), A.apply_ferry)
                .answer("CHOOSE_SECRET_OPTION", A.validate_choice, A.apply_secret_option)
                .answer("DEFENDER_AIR", A.validate_choice, A.apply_defender_air)
                .answer("RESULT_ALLOCATION", A.validate_choice, A.apply_result_choice)
                .answer("BOLD_LAST", A.validate_choice, A.apply_result_choice)
                .answer("RETREAT", A.validate_result_choice, A.apply_result_choice)
                .answer("CHOOSE_LOSSES", A.validate_result_choice, A.apply_result_choice)
                .answer("ADVANCE", A.validate_result_choice, A.apply_result_choice)
                .answer("ELIMINATE_OVERSTACKED", A.validate_removal, A.apply_removal))

    # -- the model: one board per position; apply moves units on a copy of the old one
    def compile(self, state: state_pb2.GameState) -> Board:
        return Board(state).freeze()

    def writable(self, state: state_pb2.GameState, before: Position | None) -> Board:
        if before is None:
            return Board(state)
        base: Board = before.model()
        return base.overlay(state)  # state has before's units in before's hexes

    def carry(self, model: Board, new_state: state_pb2.GameState) -> Board | None:
        return model.freeze() if model.current and model.state is new_state else None

    def narrow(self, model: Board, view: state_pb2.GameState, side: str) -> Board | None:
        if model.counters.hides:
            return None  # the counters a side sees differ: its board is its own
        return model.rebind(view)  # the same units and counters, the side's view of the rest

    def remember(self, state: state_pb2.GameState, cells: list[common_pb2.SuppliedCell], version: int) -> None:
        """A counter value the scenario definition already gives stays as given."""
        known = Counters(state)
        remember_supplied(state, [c for c in cells
                                  if c.table_id != COUNTERS or known.get(c.row, c.column) is None], version)

    def authoring(self) -> Vocabulary:
        from adjudicator.rules.nordwind.authoring import VOCABULARY

        return VOCABULARY

    # -- creation
    def complete(self, scenario: definition_pb2.Scenario, options: Mapping[str, str]) -> definition_pb2.Scenario:
        """The map (illustrative unless given), the tables and the counters table (units.py)."""
        d = scenario.definition
        if not d.HasField("map"):
            d.map.CopyFrom(data.game_map())
        have = {t.id for t in d.tables}
        d.tables.extend(t for t in data.tables() if t.id not in have)
        own = [t for t in d.tables if t.id == COUNTERS]
        base = [t for t in d.tables if t.id != COUNTERS] + [counters_table(d)]
        if own:  # a scenario's own counters cells override the derived ones
            base = merge_tables(base, tables_pb2.TableSet(tables=own), "scenario counters")
        del d.tables[:]
        d.tables.extend(base)
        return scenario

    def start(self, state: state_pb2.GameState, dice: DiceSource) -> tuple[state_pb2.GameState, list[state_pb2.Event]]:
        sc = state.scenario
        if NordwindOptions(state.options).german_setup == "free":
            placement.free_german_setup(sc)
        state.units.extend(phases.initial_units(sc))
        Board(state)  # every placed hex exists on the map
        state.turn = sc.first_turn or 1
        for side in (GERMAN, ALLIED):
            state.nordwind.steps_lost[side] = 0
        events: list[state_pb2.Event] = []
        order = list(sc.nordwind.setup_order) or [GERMAN, ALLIED]
        state.phase = f"setup-{order[0]}"
        state.active_side = order[0]
        if sc.nordwind.secret_options:
            state.nordwind.decision_counter += 1
            state.pending.CopyFrom(decision(
                f"d{state.nordwind.decision_counter}", GERMAN, "CHOOSE_SECRET_OPTION",
                "choose a reinforcement option secretly (10.2.3)", NW.cite("10.2.3"),
                [option(str(o.id), o.description) for o in sc.nordwind.secret_options],
                context={"private": "true"}))  # the answer is the German's secret: hide it from the Allies
        else:
            phases.skip_empty_setups(state, dice, events)
        return state, events

    # -- queries
    def legal(self, model: Board, side: str) -> list[service_pb2.LegalAction]:
        return legal.legal_actions(model, side, lambda board, action: self.judge(board, action).ok)

    def reachable(
        self, model: Board, unit_id: str, mode: str
    ) -> tuple[list[service_pb2.ReachableLocation], list[common_pb2.RuleNote]]:
        if unit_id not in model.counters.units:
            raise MalformedInput(f"no unit {unit_id!r} in this game", "unit")
        if unit_id not in model.hex_of:
            raise MalformedInput(f"{unit_id} is not on the map", "unit")
        return moves.destinations(model, unit_id)

    def supply(self, state: state_pb2.GameState, side: str) -> SupplyAnswer:
        from adjudicator.core.ruleset import SupplyAnswer

        hexes, units, notes = phases.supply_picture(state, side)
        mine = sorted(u.unit_id for u in state.units if u.side == side and u.status == state_pb2.UnitState.ON_MAP)
        return SupplyAnswer(side, hexes, sorted(units), [u for u in mine if u not in units],
                            [common_pb2.RuleNote(text=n, citation=NW.cite("7.1")) for n in notes])

    def describe(self, state: state_pb2.GameState) -> list[str]:
        nw = state.nordwind
        air = ", ".join(f"{k} {v}" for k, v in sorted(nw.air_missions.items())) or "none"
        lines = [f"weather {nw.weather or '-'} (previous {nw.previous_weather or '-'}); air missions left: {air}",
                 "steps destroyed: " + ", ".join(f"{k} {v}" for k, v in sorted(nw.steps_lost.items()))]
        if nw.HasField("ferry"):
            lines.append(f"ferry in {nw.ferry.hex} (turn {nw.ferry.turn_placed})"
                         + (": destroyed" if nw.ferry.destroyed else ""))
        if nw.HasField("combat"):
            c = nw.combat
            lines.append(f"combat at {c.target}: {c.column or c.base_column} {c.result or '(dice not thrown)'}"
                         f" — {c.stage}")
        if nw.attacked_hexes:
            lines.append("attacked this phase: " + ", ".join(nw.attacked_hexes))
        if nw.saverne_turns:
            lines.append("German in Saverne at the end of turns " + ", ".join(map(str, nw.saverne_turns)))
        if nw.withdrawn:
            lines.append("withdrawn: " + ", ".join(nw.withdrawn))
        for r in nw.returns:
            lines.append(f"{r.unit_id} off the map from {r.exit_hex}, returns turn {r.turn}")
        return lines



RULESET = NordwindRuleset()


if TYPE_CHECKING:
    from adjudicator.core.authoring import Vocabulary
    from adjudicator.core.ruleset import SupplyAnswer
