"""Where units may be placed: the scenarios' setups (10.1.1, 10.1.2, 10.2.2),
arrivals (10.1.3, 10.2.3) and returns from off the map (6.6.1).

The wordings and their readings (AMB-32): "X" one hex; "X and Y" split over
exactly these hexes, each used; "X and/or Y" any distribution; "X or Y" the
whole group in one hex; "between X and Y" the hexes within the columns and rows
of X and Y (option permissive: any hex), "along the Rhine" restricted to hexes
with a Rhine hexside on the placing side's bank when the map has them (a hex
whose bank the map does not state is accepted, with a note); "between 301 and 2505" for arrivals
the side's map-edge hexes in that box. Never into enemy units (AMB-34: a blocked
single entry hex gives the nearest free hexes).
"""

from __future__ import annotations

from adjudicator.core.errors import MalformedInput
from adjudicator.core.hexmap import compile_map
from adjudicator.core.verdicts import VerdictBuilder
from adjudicator.rules.nordwind.board import RHINE, Board
from adjudicator.rules.nordwind.cite import GERMAN, NW, other
from adjudicator.rules.nordwind.moves import RED_LINE_TAG, red_line_hexes
from adjudicator.rules.nordwind.phases import EDGES
from umpire.v1 import action_pb2, definition_pb2, nordwind_pb2, state_pb2


def _box(board: Board, a: str, b: str) -> list[int]:
    (c1, r1), (c2, r2) = (board.map.raw[board.hex(a)], board.map.raw[board.hex(b)])
    lo_c, hi_c, lo_r, hi_r = min(c1, c2), max(c1, c2), min(r1, r2), max(r1, r2)
    return [h for h, (c, r) in enumerate(board.map.raw) if lo_c <= c <= hi_c and lo_r <= r <= hi_r]


def allowed_hexes(board: Board, p: nordwind_pb2.NordwindPlacement) -> tuple[list[int], list[str]]:
    """Hexes a unit of placement `p` may be placed in, and notes on data gaps."""
    notes: list[str] = []
    permissive = board.opts.placement == "permissive"
    mode = p.mode
    if mode in ("hex", "all_of", "any_of", "one_of"):
        hexes = [board.hex(x, "placement") for x in p.hexes]
    elif mode in ("segment", "segment_rhine"):
        hexes = list(range(board.map.n)) if permissive else _box(board, p.hexes[0], p.hexes[1])
        if mode == "segment_rhine":  # on the Rhine, and on the placing side's bank (docs/maps.md [banks.rhine])
            along = [h for h in hexes if any(board.rhine[h * 6 + d] for d in range(6))]
            own = [h for h in along if board.map.bank(RHINE, h) in (p.side, "")]
            if any(not board.map.bank(RHINE, h) for h in own):
                notes.append("the map does not say which bank of the Rhine some of these hexes lie on: both banks "
                             "are accepted there (mark them in the map's [banks.rhine], docs/maps.md)")
            if own:
                hexes = own
            elif along:
                hexes = []  # the segment touches the Rhine only from the other bank
            else:
                notes.append("the map has no Rhine hexsides in this segment: placed within the segment only")
    elif mode == "free":  # AMB-35 variant: anywhere north of the red dotted line (10.1.2, 10.2.2)
        hexes = board.map.tagged(RED_LINE_TAG)
    elif mode in ("edge_segment", "segment_or_one_of"):
        edge: set[int] = set()
        for e in EDGES[p.side]:
            edge.update(board.map.edge_hexes(e))
        box = _box(board, p.hexes[0], p.hexes[1])
        hexes = [h for h in box if h in edge] if not permissive else sorted(edge)
        if mode == "segment_or_one_of":
            hexes += [board.hex(x, "placement") for x in p.hexes[2:]]
    else:
        raise ValueError(f"unknown placement mode {mode!r}")
    enemy = board.occupied(other(p.side))
    free = [h for h in hexes if not enemy[h]]
    if not free and mode == "hex":  # AMB-34: the nearest free hexes instead
        for radius in range(1, 8):
            ring = [h for h in board.map.within(hexes[0], radius) if board.map.distance(h, hexes[0]) == radius
                    and not enemy[h]]
            if ring:
                notes.append(f"{p.hexes[0]} is held by the enemy: the nearest free hexes instead")
                return ring, notes
    return free, notes


def free_german_setup(scenario: definition_pb2.Scenario) -> None:
    """Option nw.amb35-german-setup=free (AMB-35): every German unit of the
    hypothetical scenario's setup (10.2.2: the fixed hexes and the choices alike)
    becomes one placement "anywhere north of the red dotted line". Rewrites the
    game's copy of the scenario, so the state shows the placement in effect."""
    if not scenario.nordwind.secret_options:
        raise MalformedInput("option nw.amb35-german-setup=free is the hypothetical scenario's variant (10.2, AMB-35); "
                             "this scenario is not it", "options")
    hm = compile_map(scenario.definition.map)
    if not hm.tagged(RED_LINE_TAG):
        raise MalformedInput(f"option nw.amb35-german-setup=free places the German units north of the red dotted line, "
                             f"and map {hm.id!r} does not mark it: tag the hexes north of the line "
                             f"{RED_LINE_TAG!r} in a map file (docs/maps.md)", "options")
    german = {u.id for u in scenario.definition.units if u.side == GERMAN}
    units = [p.unit_id for p in scenario.setup if p.unit_id in german]
    units += [u for p in scenario.nordwind.setup if p.side == GERMAN for u in p.unit_ids]
    keep_fixed = [p for p in scenario.setup if p.unit_id not in german]
    keep_choices = [p for p in scenario.nordwind.setup if p.side != GERMAN]
    del scenario.setup[:]
    scenario.setup.extend(keep_fixed)
    del scenario.nordwind.setup[:]
    scenario.nordwind.setup.add(
        unit_ids=units, mode="free", side=GERMAN, formation="German setup (10.2.2)",
        printed="north of the red dotted line, as the player chooses (AMB-35 variant)", citation=NW.cite("10.2"))
    scenario.nordwind.setup.extend(keep_choices)


def rule_for(state: state_pb2.GameState, uid: str) -> tuple[str, nordwind_pb2.NordwindPlacement | None]:
    """Why the unit is waiting to be placed: ("setup"|"arrival"|"return", rule)."""
    s = state.scenario.nordwind
    us = next((u for u in state.units if u.unit_id == uid), None)
    if us is None:
        return "", None
    if "returning" in us.markers:
        return "return", None
    if "arriving" in us.markers:
        for i in state.nordwind.arrivals_done:
            p = s.arrivals[i].placement
            if uid in p.unit_ids:
                return "arrival", p
    if state.phase.startswith("setup-") and us.status == state_pb2.UnitState.OFF_MAP:
        for p in s.setup:
            if uid in p.unit_ids:
                return "setup", p
    return "", None


def return_hexes(board: Board, uid: str) -> list[int]:
    """6.6.1: the exit hex or an adjacent hex; failing that, 2 to 6 hexes away."""
    r = next(x for x in board.state.nordwind.returns if x.unit_id == uid)
    exit_hex = board.hex(r.exit_hex)
    enemy = board.occupied(other(board.side_of(uid)))
    beyond = set(red_line_hexes(board, uid))  # 10.1.1: never beyond the red dotted line (American units)
    near = [h for h in board.map.within(exit_hex, 1) if not enemy[h] and h not in beyond]
    if near:
        return near
    return [h for h in board.map.within(exit_hex, 6)
            if 2 <= board.map.distance(h, exit_hex) and not enemy[h] and h not in beyond]


def validate_place(board: Board, action: action_pb2.Action, b: VerdictBuilder) -> None:
    state = board.state
    pl = action.place
    side = action.side
    if state.phase not in (f"setup-{side}", f"{side}-movement"):
        b.violation("NOT_PLACEMENT_PHASE", f"{side} places units in its setup or movement phase (now: {state.phase})",
                    NW.cite("10.1"))
        return
    if not pl.unit_ids:
        b.violation("NO_UNITS", "name the units to place", NW.cite("10.1"))
        return
    target = board.hex(pl.location, "action.place.location")
    for uid in pl.unit_ids:
        unit = board.counters.units.get(uid)
        if unit is None or unit.side != side:
            b.violation("NOT_YOUR_UNIT", f"{uid!r} is not a {side} unit of this game", NW.cite("10.1"), uid)
            continue
        why, rule = rule_for(state, uid)
        if why == "return":
            if target not in return_hexes(board, uid):
                b.violation("RETURN_HEX", f"{uid} returns to its exit hex or an adjacent hex (else 2-6 hexes away)",
                            NW.cite("6.6.1"), uid)
            continue
        if rule is None:
            b.violation("NOT_TO_PLACE", f"{uid} is not waiting to be placed", NW.cite("10.1"), uid)
            continue
        allowed, notes = allowed_hexes(board, rule)
        for n in notes:
            b.note(n, rule.citation)
        if target not in allowed:
            shown = ", ".join(board.label(h) for h in allowed[:12]) + (" ..." if len(allowed) > 12 else "")
            b.violation("PLACEMENT", f"{uid} ({rule.formation}: {rule.printed}) may not be placed in {pl.location}"
                        f" (allowed: {shown or 'none'})", rule.citation, uid)
            continue
        if rule.mode == "one_of":  # "X or Y": the whole group enters in one hex, even if some moved on since
            placed = {state.nordwind.entered.get(us.unit_id, us.location) for us in state.units
                      if us.unit_id in rule.unit_ids and us.status == state_pb2.UnitState.ON_MAP
                      and us.unit_id not in pl.unit_ids}
            if placed and board.label(target) not in placed:
                b.violation("PLACEMENT", f"{rule.formation} is placed as one group ({rule.printed}): "
                            f"already in {', '.join(placed)}", rule.citation, uid)


def unplaced(state: state_pb2.GameState, side: str) -> list[str]:
    """Units of `side` still waiting for a placement this phase."""
    out = []
    for us in state.units:
        if us.side != side:
            continue
        why, _ = rule_for(state, us.unit_id)
        if why:
            out.append(us.unit_id)
    return out


def group_violations(state: state_pb2.GameState, side: str, b: VerdictBuilder) -> None:
    """'X and Y': every listed hex is used (checked when the setup ends)."""
    for p in state.scenario.nordwind.setup:
        if p.side != side or p.mode != "all_of":
            continue
        used = {us.location for us in state.units if us.unit_id in p.unit_ids and us.status == state_pb2.UnitState.ON_MAP}
        board = Board(state)
        want = {board.label(board.hex(x)) for x in p.hexes}
        if not want <= used:
            b.violation("PLACEMENT", f"{p.formation} ({p.printed}) must use every hex: {', '.join(sorted(want - used))} "
                        "is empty", p.citation)
