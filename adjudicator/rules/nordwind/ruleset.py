"""The `nordwind-1945` ruleset: validate / apply / view / reach for Nordwind 1945.

Pure functions of their arguments: the data pack is read once at import, dice
come only from the DiceSource passed to `apply`. Each action kind has a small
validator (adding cited violations to the verdict) and an applier (a new state
and events); the combat result's choices are pending decisions (results.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from collections.abc import Mapping

from adjudicator.core.combat import clamp_column, net_shifts
from adjudicator.core.decisions import check_answer, decision, option
from adjudicator.core.dice import DiceSource
from adjudicator.core.errors import MalformedInput, NeedsData
from adjudicator.core.ruleset import Ruleset
from adjudicator.core.tables import find_table, merge_tables
from adjudicator.core.verdicts import VerdictBuilder
from adjudicator.rules.nordwind import data, moves, options as opts, phases, placement
from adjudicator.rules.nordwind.board import Board
from adjudicator.rules.nordwind.cache import board_of, prime
from adjudicator.rules.nordwind.cite import ALLIED, GERMAN, NW, RULESET_ID, other
from adjudicator.rules.nordwind.combat_rules import (
    CRT,
    QUALITY,
    TYPES,
    Setup,
    defender_may_fly,
    distribution,
    final_column,
    prepare,
    shift_value,
    validate_attack,
)
from adjudicator.rules.nordwind.result_text import parse_result
from adjudicator.rules.nordwind.results import Resolution
from adjudicator.rules.nordwind.units import COUNTERS, Counters, counters_table
from adjudicator.rules.nordwind.views import NordwindFilter
from umpire.v1 import action_pb2, common_pb2, definition_pb2, nordwind_pb2, service_pb2, state_pb2, tables_pb2


class NordwindRuleset(Ruleset):
    id = RULESET_ID
    version = "1"
    title = "Nordwind 1945"
    rulebook = "nordwind-1945.txt"
    side_filter = NordwindFilter()  # the secret reinforcement option (views.py)

    # -- data pack
    def authoring(self) -> "Vocabulary":
        from adjudicator.rules.nordwind.authoring import VOCABULARY

        return VOCABULARY

    def scenario_ids(self) -> list[str]:
        return data.scenario_ids()

    def load_scenario(self, scenario_id: str) -> definition_pb2.Scenario:
        return data.load(scenario_id)

    def options(self) -> list[definition_pb2.RuleOption]:
        return opts.defaults()

    # -- creation
    def new_game(
        self,
        scenario: definition_pb2.Scenario,
        *,
        game_id: str,
        options: Mapping[str, str],
        tables: tables_pb2.TableSet | None,
        dice: DiceSource,
    ) -> tuple[state_pb2.GameState, list[state_pb2.Event]]:
        if scenario.ruleset and scenario.ruleset != RULESET_ID:
            raise MalformedInput(f"scenario is for ruleset {scenario.ruleset!r}, not {RULESET_ID}", "scenario.ruleset")
        ns = state_pb2.GameState(ruleset=RULESET_ID, game_id=game_id)
        ns.scenario.CopyFrom(scenario)
        d = ns.scenario.definition
        if not d.HasField("map"):
            d.map.CopyFrom(data.MAP)
        have = {t.id for t in d.tables}
        d.tables.extend(t for t in data.TABLES.tables if t.id not in have)
        own = [t for t in d.tables if t.id == COUNTERS]
        derived = counters_table(d)
        base = [t for t in d.tables if t.id != COUNTERS] + [derived]
        if own:  # a scenario's own counters cells override the derived ones
            base = merge_tables(base, tables_pb2.TableSet(tables=own), "scenario counters")
        if tables is not None and tables.tables:
            base = merge_tables(base, tables, "creation tables")
        del d.tables[:]
        d.tables.extend(base)
        ns.options.extend(opts.effective(scenario, options))
        if opts.value(ns, "nw.amb35-german-setup") == "free":
            placement.free_german_setup(ns.scenario)
        ns.units.extend(phases.initial_units(ns.scenario))
        Board(ns)  # every placed hex exists on the map
        ns.turn = scenario.first_turn or 1
        for side in (GERMAN, ALLIED):
            ns.nordwind.steps_lost[side] = 0
        events: list[state_pb2.Event] = []
        order = list(scenario.nordwind.setup_order) or [GERMAN, ALLIED]
        ns.phase = f"setup-{order[0]}"
        ns.active_side = order[0]
        if scenario.nordwind.secret_options:
            ns.nordwind.decision_counter += 1
            ns.pending.CopyFrom(decision(
                f"d{ns.nordwind.decision_counter}", GERMAN, "CHOOSE_SECRET_OPTION",
                "choose a reinforcement option secretly (10.2.3)", NW.cite("10.2.3"),
                [option(str(o.id), o.description) for o in scenario.nordwind.secret_options],
                context={"private": "true"}))  # the answer is the German's secret: hide it from the Allies
        else:
            self._skip_empty_setups(ns, dice, events)
        return ns, events

    def _skip_empty_setups(self, ns: state_pb2.GameState, dice: DiceSource, events: list[state_pb2.Event]) -> None:
        while ns.phase.startswith("setup-") and not placement.unplaced(ns, ns.active_side):
            self._next_phase(ns, dice, events)

    # -- validation
    def validate(self, state: state_pb2.GameState, action: action_pb2.Action) -> action_pb2.Verdict:  # type: ignore[override]  # MIGRATION (issue 8): moves onto RulesetBase
        kind = action.WhichOneof("kind") or ""
        if kind == "move" and action.move.mode:
            # Nordwind has one way to move (3.1); a mode is a client's mistake, not a rule.
            raise MalformedInput(f"Nordwind has no movement mode {action.move.mode!r} (leave it empty)", "move.mode")
        self._check_supplied(state, action)
        if action.supplied_cells:
            # Judge with the values given as `apply` will (it remembers them): every
            # table read (terrain costs and effects, objectives...) sees them.
            with_cells = state_pb2.GameState()
            with_cells.CopyFrom(state)
            self._remember(with_cells, list(action.supplied_cells))
            state = with_cells
        b = VerdictBuilder(kind)
        board = board_of(state, action.supplied_cells)
        if kind == "answer":
            self._validate_answer(state, action, b)
            return b.build()
        if kind != "end_phase" and state.active_side and action.side != state.active_side:
            b.violation("NOT_YOUR_TURN", f"it is {state.active_side}'s {state.phase} phase", NW.cite("2.1"))
            return b.build()
        if kind == "move":
            moves.validate_move(board, action, b)
        elif kind == "attack":
            self._attack_verdict(board, action, b)
        elif kind == "place":
            placement.validate_place(board, action, b)
        elif kind == "end_phase":
            self._validate_end(state, action, b)
        elif kind == "nordwind" and action.nordwind.WhichOneof("kind") == "place_ferry":
            self._validate_ferry(board, action, b)
        else:
            b.violation("UNKNOWN_ACTION", f"Nordwind has no {kind or 'empty'} action", NW.cite("2.1"))
        return b.build()

    @staticmethod
    def _check_supplied(state: state_pb2.GameState, action: action_pb2.Action) -> None:
        """A value given with the action must name a table, column and row of the game."""
        tables = {t.id: t for t in state.scenario.definition.tables}
        for i, s in enumerate(action.supplied_cells):
            where = f"supplied_cells[{i}]"
            t = tables.get(s.table_id)
            if t is None:
                raise MalformedInput(f"the game has no table {s.table_id!r} (tables: {', '.join(tables)})", where)
            if s.column not in t.columns:
                raise MalformedInput(f"table {s.table_id} has no column {s.column!r}", where)
            if s.row not in t.rows:
                raise MalformedInput(f"table {s.table_id} has no row {s.row!r}", where)
            if not s.value.strip():
                raise MalformedInput("a supplied cell needs a value", where)
            if s.table_id == CRT:
                try:
                    parse_result(s.value)
                except MalformedInput as e:
                    raise MalformedInput(e.message, where) from None

    def _attack_verdict(self, board: Board, action: action_pb2.Action, b: VerdictBuilder) -> None:
        s = validate_attack(board, action, b)
        if s is None:
            return
        cd = b.verdict.combat
        cd.target = board.label(s.target)
        cd.attackers.extend(s.attackers)
        cd.defenders.extend(s.defenders)
        try:
            prepare(board, s)
        except NeedsData as e:
            for cell in e.cells:
                b.need(cell)
            b.note("the odds need the counter values listed as needed", NW.cite("6.4"))
            return
        assert s.odds is not None
        cd.attack_strength, cd.defense_strength = s.attack, s.defense
        cd.base_column = s.odds.label
        b.note(f"{s.attack} against {s.defense}: basic ratio {s.odds.label} (rounded in favour of the defender)",
               NW.cite("6.4"))
        r = net_shifts(s.claims, TYPES)
        cd.shifts.extend(r.shifts)
        cols = find_table(board.state.scenario.definition.tables, CRT).columns
        idx, clamped = clamp_column(s.base_index + r.net, len(cols))  # final only after the quality dice (6.3)
        b.note(f"column before the quality rolls: {cols[idx]} ({r.net:+d}); each side then throws 1d6 on the "
               f"Quality Table (attacker {s.att_quality}, defender {s.def_quality}) and the column is clamped to "
               f"{cols[0]}..{cols[-1]}", NW.cite("6.3"))
        if clamped:
            b.note("shifts beyond the table's ends are not taken into account", NW.cite("6.4"))
        for n in s.notes:
            cd.notes.append(n)
        if defender_may_fly(board.state, s):
            b.note(f"the defender may still call an air mission (-1 column): the probabilities assume it does not",
                   NW.cite("9.1"))
        dist = distribution(board, s, list(action.supplied_cells))
        cd.outcomes.extend(dist.outcomes())
        for cell in dist.needs:
            b.need(cell)

    def _validate_end(self, state: state_pb2.GameState, action: action_pb2.Action, b: VerdictBuilder) -> None:
        if action.side != state.active_side:
            b.violation("NOT_YOUR_TURN", f"only {state.active_side} can end the {state.phase} phase", NW.cite("2.1"))
            return
        if action.end_phase.phase and action.end_phase.phase != state.phase:
            b.violation("WRONG_PHASE", f"the phase is {state.phase}, not {action.end_phase.phase}", NW.cite("2.1"))
            return
        waiting = placement.unplaced(state, action.side)
        if waiting:
            b.violation("UNITS_TO_PLACE", f"place {', '.join(waiting[:8])}{' ...' if len(waiting) > 8 else ''} first",
                        NW.cite("10.1"))
        if state.phase.startswith("setup-"):
            placement.group_violations(state, action.side, b)

    def _validate_ferry(self, board: Board, action: action_pb2.Action, b: VerdictBuilder) -> None:
        state = board.state
        if action.side != GERMAN or state.phase != "german-movement":
            b.violation("FERRY_PHASE", "the German player places the ferry during his movement phase", NW.cite("3.3"))
            return
        if state.nordwind.HasField("ferry"):
            b.violation("ONE_FERRY", f"the ferry is already placed in {state.nordwind.ferry.hex} and cannot be moved "
                        "(AMB-4: one ferry per game)", NW.cite("3.3"))
            return
        h = board.hex(action.nordwind.place_ferry.hex, "action.nordwind.place_ferry.hex")
        if not any(board.rhine[h * 6 + d] for d in range(6)):
            b.violation("NOT_ON_THE_RHINE", f"{board.label(h)} is not adjacent to the Rhine", NW.cite("3.3"))
        if board.stack(h, ALLIED):
            b.violation("ENEMY_OCCUPIED", f"{board.label(h)} holds Allied units", NW.cite("3.3"))

    def _validate_answer(self, state: state_pb2.GameState, action: action_pb2.Action, b: VerdictBuilder) -> None:
        d = state.pending
        check_answer(d, action.answer, b)
        if not b.ok:
            return
        if d.kind in ("RETREAT", "CHOOSE_LOSSES", "ADVANCE"):
            ns = state_pb2.GameState()
            ns.CopyFrom(state)
            Resolution(ns, []).check(d, action.answer, b)
        elif d.kind == "ELIMINATE_OVERSTACKED":
            why = phases.check_removal(state, d, list(action.answer.choices))
            if why:
                b.violation("OVERSTACK_CHOICE", why, NW.cite("5"))

    # -- application
    def apply(
        self, state: state_pb2.GameState, action: action_pb2.Action, dice: DiceSource  # type: ignore[override]  # MIGRATION (issue 8): moves onto RulesetBase
    ) -> tuple[state_pb2.GameState, list[state_pb2.Event]]:
        ns = state_pb2.GameState()
        ns.CopyFrom(state)
        events: list[state_pb2.Event] = []
        kind = action.WhichOneof("kind")
        self._remember(ns, list(action.supplied_cells))
        if kind == "move":
            self._apply_move(state, ns, action, events)
        elif kind == "attack":
            self._apply_attack(ns, action, dice, events)
        elif kind == "place":
            for uid in action.place.unit_ids:
                us = phases.us_of(ns, uid)
                us.status = state_pb2.UnitState.ON_MAP
                us.location = Board(state).label(Board(state).hex(action.place.location))
                keep = [m for m in us.markers if m not in ("arriving", "returning")]
                del us.markers[:]
                us.markers.extend(keep)
            phases.event(events, "UNITS_PLACED", f"{', '.join(action.place.unit_ids)} placed in {action.place.location}",
                         "10.1", action.place.unit_ids)
        elif kind == "end_phase":
            self._finish_phase(ns, dice, events)
        elif kind == "nordwind":
            ns.nordwind.ferry.CopyFrom(nordwind_pb2.NordwindFerry(hex=action.nordwind.place_ferry.hex, turn_placed=ns.turn))
            phases.event(events, "FERRY_PLACED", f"ferry placed in {action.nordwind.place_ferry.hex}", "3.3")
        elif kind == "answer":
            self._apply_answer(ns, action, dice, events)
        return ns, events

    def _apply_move(self, state: state_pb2.GameState, ns: state_pb2.GameState, action: action_pb2.Action,
                    events: list[state_pb2.Event]) -> None:
        if action.supplied_cells:
            board = Board(ns, Counters(ns, action.supplied_cells))
        else:  # ns has state's units in state's hexes: derive its board from state's
            board = board_of(state).overlay(ns)
        b = VerdictBuilder("move")
        checks = moves.validate_move(board, action, b)  # works on its own copy for a stack
        for uid, path, check in checks:
            us = phases.us_of(ns, uid)
            start = us.location
            us.location = board.label(path[-1])
            us.mp_spent += check.total / 2
            if "moved" not in us.markers:
                us.markers.append("moved")
            events.append(state_pb2.Event(
                kind="UNITS_MOVED", text=f"{uid} moves {start} -> {' -> '.join(board.label(h) for h in path)} "
                f"({check.total / 2:g} MP)", citations=[NW.cite("3.1")], units=[uid], from_location=start,
                to_location=us.location))
            board.move_unit(uid, path[-1])
        after = board
        for uid, path, _ in checks:
            us = phases.us_of(ns, uid)
            if "stopped" not in us.markers and moves.stopped_in_zoc(after, uid, path[-1]):
                us.markers.append("stopped")  # 4.2: a unit entering an enemy ZoC must stop
        phases.check_ferry(ns, events, after)
        if not action.supplied_cells:
            prime(ns, state.version + 1, after)  # the first question about ns finds its board ready

    def _apply_attack(self, ns: state_pb2.GameState, action: action_pb2.Action, dice: DiceSource,
                      events: list[state_pb2.Event]) -> None:
        board = Board(ns, Counters(ns, action.supplied_cells))
        s = validate_attack(board, action, VerdictBuilder("attack"))
        assert s is not None
        c = ns.nordwind.combat
        c.CopyFrom(nordwind_pb2.NordwindCombat(
            target=board.label(s.target), attackers=s.attackers, defenders=s.defenders, supports=list(action.attack.supports),
            attacker_air=s.attacker_air, attacker_side=action.side, defender_side=other(action.side)))
        for uid in s.attackers + s.supports:
            phases.us_of(ns, uid).markers.append("attacked")
        ns.nordwind.attacked_hexes.append(c.target)
        if s.attacker_air:
            ns.nordwind.air_missions[action.side] -= 1
        phases.event(events, "ATTACK", f"{', '.join(s.attackers)} attack {c.target} ({', '.join(s.defenders)})", "6.1",
                     s.attackers + s.defenders)
        if defender_may_fly(ns, s):
            c.stage = "air"
            ns.nordwind.decision_counter += 1
            ns.pending.CopyFrom(decision(
                f"d{ns.nordwind.decision_counter}", other(action.side), "DEFENDER_AIR",
                f"{c.target} is attacked: call an air mission in defence (-1 column)? "
                f"({ns.nordwind.air_missions[other(action.side)]} left this turn)", NW.cite("9.1"),
                [option("fly", "call an air mission"), option("none", "no air mission")]))
            return
        self._resolve(ns, action, dice, events)

    def _resolve(self, ns: state_pb2.GameState, action: action_pb2.Action, dice: DiceSource,
                 events: list[state_pb2.Event]) -> None:
        """Throw the quality dice and the CRT die (6.3, 6.4); then apply the result."""
        c = ns.nordwind.combat
        supplied = list(action.supplied_cells)
        counters = Counters(ns, supplied)
        board = Board(ns, counters)
        s = Setup(board.hex(c.target), c.attacker_side, list(c.attackers), list(c.defenders),
                  [x for x in c.supports if x != "air"], c.attacker_air, c.defender_air)
        prepare(board, s)
        assert s.odds is not None
        tables = ns.scenario.definition.tables
        qt = find_table(tables, QUALITY)
        crt = find_table(tables, CRT)
        qa_die = dice.roll(6, f"quality: attacker ({s.att_quality}) at {c.target}")
        qd_die = dice.roll(6, f"quality: defender ({s.def_quality}) at {c.target}")
        used = []
        cells = []
        for die, col, who in ((qa_die, s.att_quality, "attacker"), (qd_die, s.def_quality, "defender")):
            try:
                cells.append(qt.lookup(str(die), col, supplied, reason=f"{who}'s quality die {die} at {c.target}"))
            except NeedsData as e:
                used.extend(e.cells)
        if used:
            raise NeedsData(used)
        qa, qd = shift_value(cells[0].value), shift_value(cells[1].value)
        column, shifts, net, clamped = final_column(board, s, qa, qd)
        die = dice.roll(6, f"CRT {column} at {c.target}")
        cell = crt.lookup(str(die), column, supplied, reason=f"combat at {c.target}, die {die}")
        c.base_column, c.column, c.result, c.net_shift = s.odds.label, column, cell.value, net
        c.attacker_quality_shift, c.defender_quality_shift = qa, qd
        c.bold = cell.marks.get("bold") == "true"  # AMB-23: bold unknown -> not bold
        text = (f"{c.target}: {s.attack} vs {s.defense} = {s.odds.label}; quality {s.att_quality} die {qa_die} "
                f"({qa:+d}), {s.def_quality} die {qd_die} ({qd:+d}); shifts {net:+d} -> {column}"
                f"{' (clamped)' if clamped else ''}; die {die}: {cell.value}"
                f"{' (bold)' if c.bold else ''}")
        events.append(state_pb2.Event(kind="BATTLE_RESOLVED", text=text,
                                      citations=[NW.cite("6.4"), NW.cite("6.5")],
                                      units=list(c.attackers) + list(c.defenders)))
        c.stage = "defender-allocation"
        Resolution(ns, events).run()

    def _remember(self, ns: state_pb2.GameState, supplied: list[common_pb2.SuppliedCell]) -> None:
        """Cells the players read off the printed chart (or a counter) stay known for
        the rest of the game; cells already known are never overwritten."""
        if not supplied:
            return
        by_id = {t.id: t for t in ns.scenario.definition.tables}
        counters = Counters(ns)
        for s in supplied:
            t = by_id[s.table_id]
            if s.table_id == COUNTERS and counters.get(s.row, s.column) is not None:
                continue
            existing = next((c for c in t.cells if c.row == s.row and c.column == s.column), None)
            if existing is not None and not existing.unknown:
                continue
            source = f"read off the printed chart by the players (action {ns.version + 1})" + (
                f": {s.note}" if s.note else "")
            if existing is None:
                existing = t.cells.add(row=s.row, column=s.column)
            existing.unknown = False
            existing.value = s.value
            existing.source = source

    def _apply_answer(self, ns: state_pb2.GameState, action: action_pb2.Action, dice: DiceSource,
                      events: list[state_pb2.Event]) -> None:
        d = state_pb2.Decision()
        d.CopyFrom(ns.pending)
        ans = action.answer
        if d.kind == "CHOOSE_SECRET_OPTION":
            ns.ClearField("pending")
            ns.private_data.add(side=GERMAN, values={"secret_option": ans.choices[0]})
            phases.event(events, "SECRET_OPTION", f"the German player chose option {ans.choices[0]}", "10.2.3",
                         visible_to=[GERMAN])
            phases.event(events, "SECRET_OPTION", "the German player has chosen his reinforcement option", "10.2.3")
            self._skip_empty_setups(ns, dice, events)
        elif d.kind == "DEFENDER_AIR":
            ns.ClearField("pending")
            if ans.choices[0] == "fly":
                ns.nordwind.combat.defender_air = True
                ns.nordwind.air_missions[action.side] -= 1
                phases.event(events, "AIR_MISSION", f"{action.side} flies an air mission in defence", "9.1")
            self._resolve(ns, action, dice, events)
        elif d.kind == "ELIMINATE_OVERSTACKED" and d.context.get("after") == "phase-end":
            ns.ClearField("pending")
            res = Resolution(ns, events)
            for u in ans.choices:
                res.eliminate(u, "over-stacked at the end of the phase", "5")
            self._finish_phase(ns, dice, events)
        else:
            Resolution(ns, events).answer(ans)

    # -- the sequence of play
    def _finish_phase(self, ns: state_pb2.GameState, dice: DiceSource, events: list[state_pb2.Event]) -> None:
        if ns.phase.endswith("-movement") or ns.phase.endswith("-combat"):
            for side in (ns.active_side, other(ns.active_side)):  # 5: limits at the end of each phase
                d = phases.overstack_decision(ns, side, None, "5", after="phase-end")
                if d is not None:
                    ns.pending.CopyFrom(d)
                    return
        self._next_phase(ns, dice, events)
        self._skip_empty_setups(ns, dice, events)

    def _next_phase(self, ns: state_pb2.GameState, dice: DiceSource, events: list[state_pb2.Event]) -> None:
        ph = ns.phase
        if ph.startswith("setup-"):
            order = list(ns.scenario.nordwind.setup_order) or [GERMAN, ALLIED]
            i = order.index(ph.removeprefix("setup-"))
            if i + 1 < len(order):
                ns.phase, ns.active_side = f"setup-{order[i + 1]}", order[i + 1]
                return
            self._begin_turn(ns, dice, events)
        elif ph == "german-movement":
            ns.phase = "german-combat"
            phases.start_combat(ns)
        elif ph == "german-combat":
            ns.phase, ns.active_side = "allied-movement", ALLIED
            phases.start_movement(ns, ALLIED, events)
        elif ph == "allied-movement":
            ns.phase = "allied-combat"
            phases.start_combat(ns)
        elif ph == "allied-combat":
            phases.turn_end(ns, events)
            if ns.finished:
                return
            ns.turn += 1
            self._begin_turn(ns, dice, events)

    def _begin_turn(self, ns: state_pb2.GameState, dice: DiceSource, events: list[state_pb2.Event]) -> None:
        ns.phase, ns.active_side = "supply-weather", ""
        phases.supply_phase(ns, events)  # A
        phases.weather_phase(ns, dice, events)
        ns.phase, ns.active_side = "german-movement", GERMAN  # B
        phases.start_movement(ns, GERMAN, events)
        phases.event(events, "TURN", f"turn {ns.turn}: weather {ns.nordwind.weather}", "2.1")

    # -- queries
    def legal_actions(self, state: state_pb2.GameState, side: str) -> list[service_pb2.LegalAction]:  # type: ignore[override]  # MIGRATION (issue 8): moves onto RulesetBase
        out: list[service_pb2.LegalAction] = []
        if state.finished:
            return out
        if state.HasField("pending"):
            if state.pending.side == side:
                out.append(service_pb2.LegalAction(kind="answer", description=state.pending.prompt))
            return out
        if side != state.active_side:
            return out
        ph = state.phase
        if placement.unplaced(state, side):
            out.append(service_pb2.LegalAction(kind="place", description="place the units waiting for a hex"))
        if ph.endswith("-movement"):
            out.append(service_pb2.LegalAction(kind="move", description="move a unit (or a stack, one after the other)"))
            if side == GERMAN and not state.nordwind.HasField("ferry"):
                out.append(service_pb2.LegalAction(kind="nordwind.place_ferry", description="place the ferry (3.3)"))
        if ph.endswith("-combat"):
            out.append(service_pb2.LegalAction(kind="attack", description="attack an adjacent enemy hex"))
        out.append(service_pb2.LegalAction(kind="end_phase", description=f"end the {ph} phase"))
        return out

    def reach(self, state: state_pb2.GameState, unit_id: str) -> list[service_pb2.ReachableLocation]:  # type: ignore[override]  # MIGRATION (issue 8): moves onto RulesetBase
        return self.reach_with_notes(state, unit_id)[0]

    def reach_with_notes(
        self, state: state_pb2.GameState, unit_id: str  # type: ignore[override]  # MIGRATION (issue 8): moves onto RulesetBase
    ) -> tuple[list[service_pb2.ReachableLocation], list[common_pb2.RuleNote]]:
        board = board_of(state)
        if unit_id not in board.counters.units:
            raise MalformedInput(f"no unit {unit_id!r} in this game", "unit")
        if unit_id not in board.hex_of:
            raise MalformedInput(f"{unit_id} is not on the map", "unit")
        return moves.destinations(board, unit_id)

    def supply(self, state: state_pb2.GameState, side: str) -> "SupplyAnswer":
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
