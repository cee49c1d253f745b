"""Each Nordwind action's validator and applier, side by side (the ruleset's
dispatch table in ruleset.py wires them; core/template.py explains the pattern).

Validators read the board (the read-only model of the state, shared by every
question about it) and add cited violations to the verdict; appliers change the
writable board `apply` gets (a private copy of the state and of the board of
the state before the action) and record events on it. An applier that changes
the state in other ways than moving units on the board marks the board as no
longer `current`, so it is not handed over as the new state's model.
"""

from __future__ import annotations

from adjudicator.core.combat import clamp_column, net_shifts
from adjudicator.core.decisions import check_answer, decision, option
from adjudicator.core.dice import DiceSource
from adjudicator.core.errors import MalformedInput, NeedsData
from adjudicator.core.tables import find_table
from adjudicator.core.template import Validator
from adjudicator.core.verdicts import VerdictBuilder
from adjudicator.rules.nordwind import moves, phases, placement
from adjudicator.rules.nordwind.board import RHINE, Board
from adjudicator.rules.nordwind.cite import ALLIED, GERMAN, NW, other
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
from adjudicator.rules.nordwind.results import Resolution
from umpire.v1 import action_pb2, nordwind_pb2, state_pb2


def on_turn(check: Validator[Board]) -> Validator[Board]:
    """2.1: only the phasing player acts (answers and ending a phase check it their own way)."""

    def validate(board: Board, action: action_pb2.Action, b: VerdictBuilder) -> None:
        state = board.state
        if state.active_side and action.side != state.active_side:
            b.violation("NOT_YOUR_TURN", f"it is {state.active_side}'s {state.phase} phase", NW.cite("2.1"))
            return
        check(board, action, b)

    return validate


# -- move (3, 4.2) --------------------------------------------------------------------------

def validate_move(board: Board, action: action_pb2.Action, b: VerdictBuilder) -> None:
    if action.move.mode:
        # Nordwind has one way to move (3.1); a mode is a client's mistake, not a rule.
        raise MalformedInput(f"Nordwind has no movement mode {action.move.mode!r} (leave it empty)", "move.mode")
    _move_on_turn(board, action, b)


_move_on_turn = on_turn(moves.validate_move)


def apply_move(board: Board, action: action_pb2.Action, dice: DiceSource) -> None:
    ns = board.state
    checks = moves.validate_move(board, action, VerdictBuilder("move"))  # a stack is judged on its own copy
    for uid, path, check in checks:
        us = phases.us_of(ns, uid)
        start = us.location
        us.location = board.label(path[-1])
        us.mp_spent += check.total / 2
        if "moved" not in us.markers:
            us.markers.append("moved")
        board.events.append(state_pb2.Event(
            kind="UNITS_MOVED", text=f"{uid} moves {start} -> {' -> '.join(board.label(h) for h in path)} "
            f"({check.total / 2:g} MP)", citations=[NW.cite("3.1")], units=[uid], from_location=start,
            to_location=us.location))
        board.move_unit(uid, path[-1])  # the board follows: it stays the new state's board
    for uid, path, _ in checks:
        us = phases.us_of(ns, uid)
        if "stopped" not in us.markers and moves.stopped_in_zoc(board, uid, path[-1]):
            us.markers.append("stopped")  # 4.2: a unit entering an enemy ZoC must stop
    phases.check_ferry(ns, board.events, board)


# -- attack (6) -------------------------------------------------------------------------------

def validate_combat(board: Board, action: action_pb2.Action, b: VerdictBuilder) -> None:
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
        b.note("the defender may still call an air mission (-1 column): the probabilities assume it does not",
               NW.cite("9.1"))
    dist = distribution(board, s, list(action.supplied_cells))
    cd.outcomes.extend(dist.outcomes())
    for cell in dist.needs:
        b.need(cell)


def apply_attack(board: Board, action: action_pb2.Action, dice: DiceSource) -> None:
    board.current = False
    ns = board.state
    s = validate_attack(board, action, VerdictBuilder("attack"))
    assert s is not None
    c = ns.nordwind.combat
    c.CopyFrom(nordwind_pb2.NordwindCombat(
        target=board.label(s.target), attackers=s.attackers, defenders=s.defenders,
        supports=list(action.attack.supports), attacker_air=s.attacker_air, attacker_side=action.side,
        defender_side=other(action.side)))
    for uid in s.attackers + s.supports:
        phases.us_of(ns, uid).markers.append("attacked")
    ns.nordwind.attacked_hexes.append(c.target)
    if s.attacker_air:
        ns.nordwind.air_missions[action.side] -= 1
    phases.event(board.events, "ATTACK", f"{', '.join(s.attackers)} attack {c.target} ({', '.join(s.defenders)})",
                 "6.1", s.attackers + s.defenders)
    if defender_may_fly(ns, s):
        c.stage = "air"
        ns.nordwind.decision_counter += 1
        ns.pending.CopyFrom(decision(
            f"d{ns.nordwind.decision_counter}", other(action.side), "DEFENDER_AIR",
            f"{c.target} is attacked: call an air mission in defence (-1 column)? "
            f"({ns.nordwind.air_missions[other(action.side)]} left this turn)", NW.cite("9.1"),
            [option("fly", "call an air mission"), option("none", "no air mission")]))
        return
    resolve(ns, action, dice, board.events)


def resolve(ns: state_pb2.GameState, action: action_pb2.Action, dice: DiceSource,
            events: list[state_pb2.Event]) -> None:
    """Throw the quality dice and the CRT die (6.3, 6.4); then apply the result."""
    c = ns.nordwind.combat
    supplied = list(action.supplied_cells)
    board = Board(ns)
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


# -- place (10.1, 10.2, 6.6.1) --------------------------------------------------------------

def apply_place(board: Board, action: action_pb2.Action, dice: DiceSource) -> None:
    board.current = False
    ns = board.state
    label = board.label(board.hex(action.place.location))
    for uid in action.place.unit_ids:
        us = phases.us_of(ns, uid)
        us.status = state_pb2.UnitState.ON_MAP
        us.location = label
        keep = [m for m in us.markers if m not in ("arriving", "returning")]
        del us.markers[:]
        us.markers.extend(keep)
        ns.nordwind.entered[uid] = label  # where it entered, for "X or Y" groups (10.1.3)
    phases.event(board.events, "UNITS_PLACED", f"{', '.join(action.place.unit_ids)} placed in "
                 f"{action.place.location}", "10.1", action.place.unit_ids)


# -- end of phase (2.1, 5, 10.3) ------------------------------------------------------------

def validate_end(board: Board, action: action_pb2.Action, b: VerdictBuilder) -> None:
    state = board.state
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
    if b.ok:
        for cell in phases.end_needs(state):  # every check apply runs, run now (5, 7, 8, 10.3)
            b.need(cell)


def apply_end(board: Board, action: action_pb2.Action, dice: DiceSource) -> None:
    board.current = False
    phases.finish_phase(board.state, dice, board.events)


# -- the ferry (3.3) ----------------------------------------------------------------------

def validate_ferry(board: Board, action: action_pb2.Action, b: VerdictBuilder) -> None:
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
    else:  # "the location he chooses for the crossing of his units": his own bank (the map says which, docs/maps.md)
        bank = board.map.bank(RHINE, h)
        if not bank:
            b.violation("RHINE_BANK_UNKNOWN", f"the map does not say which bank of the Rhine {board.label(h)} lies on, "
                        "so the ferry cannot be judged: mark the hexes along the Rhine in the map's [banks.rhine] "
                        "(german / allied, docs/maps.md)", NW.cite("3.3"))
        elif bank != GERMAN:
            b.violation("NOT_GERMAN_BANK", f"{board.label(h)} is on the {bank} bank of the Rhine: the German player "
                        "places the ferry on his bank, to cross from it", NW.cite("3.3"))
    if board.stack(h, ALLIED):
        b.violation("ENEMY_OCCUPIED", f"{board.label(h)} holds Allied units", NW.cite("3.3"))


def apply_ferry(board: Board, action: action_pb2.Action, dice: DiceSource) -> None:
    # The board stays current: the ferry's crossings are read from the state (Board.ferry_links).
    ns = board.state
    ns.nordwind.ferry.CopyFrom(nordwind_pb2.NordwindFerry(hex=action.nordwind.place_ferry.hex, turn_placed=ns.turn))
    phases.event(board.events, "FERRY_PLACED", f"ferry placed in {action.nordwind.place_ferry.hex}", "3.3")


# -- answers to pending decisions ---------------------------------------------------------

def validate_choice(board: Board, action: action_pb2.Action, b: VerdictBuilder) -> None:
    """The answer names options of the pending decision, as many as it takes."""
    check_answer(board.state.pending, action.answer, b)


def validate_result_choice(board: Board, action: action_pb2.Action, b: VerdictBuilder) -> None:
    """RETREAT, CHOOSE_LOSSES, ADVANCE: the options, then the rules of 6.5-6.6."""
    check_answer(board.state.pending, action.answer, b)
    if b.ok:
        ns = state_pb2.GameState()
        ns.CopyFrom(board.state)
        Resolution(ns, []).check(ns.pending, action.answer, b)


def validate_removal(board: Board, action: action_pb2.Action, b: VerdictBuilder) -> None:
    """ELIMINATE_OVERSTACKED: the owner removes exactly the excess (5); at the end
    of a phase the phase then ends, and what that needs is named too."""
    check_answer(board.state.pending, action.answer, b)
    if b.ok:
        why = phases.check_removal(board.state, board.state.pending, list(action.answer.choices))
        if why:
            b.violation("OVERSTACK_CHOICE", why, NW.cite("5"))
    if b.ok and board.state.pending.context.get("after") == "phase-end":
        for cell in phases.end_needs(board.state, lambda ns: _remove(ns, action, [])):
            b.need(cell)


def _remove(ns: state_pb2.GameState, action: action_pb2.Action, events: list[state_pb2.Event]) -> None:
    ns.ClearField("pending")
    res = Resolution(ns, events)
    for u in action.answer.choices:
        res.eliminate(u, "over-stacked at the end of the phase", "5")


def apply_result_choice(board: Board, action: action_pb2.Action, dice: DiceSource) -> None:
    board.current = False
    Resolution(board.state, board.events).answer(action.answer)


def apply_secret_option(board: Board, action: action_pb2.Action, dice: DiceSource) -> None:
    board.current = False
    ns = board.state
    choice = action.answer.choices[0]
    ns.ClearField("pending")
    ns.private_data.add(side=GERMAN, values={"secret_option": choice})
    phases.event(board.events, "SECRET_OPTION", f"the German player chose option {choice}", "10.2.3",
                 visible_to=[GERMAN])
    phases.event(board.events, "SECRET_OPTION", "the German player has chosen his reinforcement option", "10.2.3")
    phases.skip_empty_setups(ns, dice, board.events)


def apply_defender_air(board: Board, action: action_pb2.Action, dice: DiceSource) -> None:
    board.current = False
    ns = board.state
    ns.ClearField("pending")
    if action.answer.choices[0] == "fly":
        ns.nordwind.combat.defender_air = True
        ns.nordwind.air_missions[action.side] -= 1
        phases.event(board.events, "AIR_MISSION", f"{action.side} flies an air mission in defence", "9.1")
    resolve(ns, action, dice, board.events)


def apply_removal(board: Board, action: action_pb2.Action, dice: DiceSource) -> None:
    ns = board.state
    if ns.pending.context.get("after") != "phase-end":
        apply_result_choice(board, action, dice)  # after a retreat (6.6.1): the combat goes on
        return
    board.current = False
    _remove(ns, action, board.events)
    phases.finish_phase(ns, dice, board.events)
