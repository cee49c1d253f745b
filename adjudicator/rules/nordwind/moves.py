"""Movement (3), ZoC effects on movement (4.2, 4.4), the ferry (3.3) and the
reachable-hexes query, on the kernel's least-cost search.

Costs are in half movement points (3.2: the national road costs 1/2 MP). One
cost model answers both "is this path legal, and what does it cost" and "where
can this unit go", so the two never disagree. Unknown counter facts (is that
lone enemy unit of strength 1? is that friendly unit mechanized?) are decided
with `adjudicator.core.unknowns.decide`: only a move whose legality or cost
depends on them needs data.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from adjudicator.core.errors import NeedsData
from adjudicator.core.reachable import reachable_locations
from adjudicator.core.movement import MoveContext, PathCheck, reach, validate_path
from adjudicator.core.unknowns import Branch, decide, decide_bounds
from adjudicator.core.verdicts import VerdictBuilder
from adjudicator.rules.nordwind.board import FERRY_MP, HALF, Board, zoc_bounds
from adjudicator.rules.nordwind.cite import GERMAN, NW, other
from umpire.v1 import action_pb2, common_pb2, service_pb2, state_pb2

MA = {"foot": 8, "mech": 12}  # 3.1
RED_LINE_TAG = "red-line:german"  # hexes north of the red dotted line (10.1.1)


@dataclass
class Mover:
    uid: str
    side: str
    start: int
    mclass: str
    budget: int  # half MP left
    infiltrator: bool
    us: state_pb2.UnitState


def allowance(board: Board, uid: str) -> int:
    """Movement allowance in half MP: 8 / 12 MP (3.1), halved when Unsupplied (7.3)."""
    ma = MA[board.counters.movement_class(uid)] * HALF
    if "unsupplied" in board.us[uid].markers:
        ma //= 2  # AMB-30: 8 -> 4, 12 -> 6 exactly
    return ma


def mover(board: Board, uid: str) -> Mover:
    us = board.us[uid]
    mclass = board.counters.movement_class(uid)
    budget = allowance(board, uid) - int(round(us.mp_spent * HALF))
    return Mover(uid, board.side_of(uid), board.hex_of[uid], mclass, max(0, budget),
                 board.counters.has_tag(uid, "infiltration"), us)


def red_line_hexes(board: Board, uid: str) -> list[int]:
    """10.1.1: American units may not cross the red dotted line (map data: hexes
    tagged red-line:german lie beyond it)."""
    if not board.state.scenario.nordwind.red_line:
        return []
    if board.counters.unit(uid).nationality != "US":
        return []  # AMB-33: the text names American units only
    return board.map.tagged(RED_LINE_TAG)


def red_line_unmarked(board: Board, uid: str) -> common_pb2.RuleNote | None:
    """A note when 10.1.1 binds this unit but the map does not mark the line (the
    illustrative map): the ban cannot be checked, and the verdict says so."""
    if not board.state.scenario.nordwind.red_line or board.counters.unit(uid).nationality != "US":
        return None
    if board.map.tagged(RED_LINE_TAG):
        return None
    return common_pb2.RuleNote(
        text=f"map {board.map.id!r} does not mark the red dotted line, so the ban on American units crossing it is "
             f"not checked: tag the hexes north of it {RED_LINE_TAG!r} in a map file (docs/maps.md)",
        citation=NW.cite("10.1.1"))


def blocked_hexes(board: Board, uid: str, side: str) -> bytes:
    """Hexes the unit may not enter: enemy units (AMB-41) and, for an American
    unit, the hexes beyond the red dotted line (10.1.1). Shared: copy to change."""
    red = bool(red_line_hexes(board, uid))

    def compute() -> bytes:
        blocked = bytearray(board.occupied(other(side)))
        if red:
            for h in red_line_hexes(board, uid):
                blocked[h] = 1
        return bytes(blocked)

    return board.memo.plain(("blocked", other(side), red), compute)


def road_denied(board: Board, b: Branch, m: Mover) -> bytes:
    """3.2: hexes where a mechanized mover loses the road rate, i.e. holding
    *another* friendly mechanized unit (the mover's own start hex only if another
    one is there too)."""
    mask = board.mech_hexes(b, m.side)
    if mask[m.start]:
        others = [u for u in board.stack(m.start, m.side) if u != m.uid]
        if not any(board.counters.is_mech(b, u) for u in others):
            own = bytearray(mask)
            own[m.start] = 0
            return bytes(own)
    return mask


def context(board: Board, b: Branch, m: Mover) -> MoveContext:
    blocked = blocked_hexes(board, m.uid, m.side)
    denied = road_denied(board, b, m) if m.mclass == "mech" else None
    edge_cost: dict[int, int] = {}
    edge_label: dict[int, str] = {}
    if m.side == GERMAN:
        links = board.ferry_links()
        if links:
            costs = board.costs(m.mclass).table
            total_only = board.opts.ferry_cost == "total"
        for f, t, e in links:
            for a, z in ((f, t), (t, f)):
                d = board.map.direction(a, z)
                assert d is not None
                ferry = FERRY_MP[m.mclass] * HALF
                edge_cost[a * 6 + d] = ferry if total_only else ferry + costs.enter[z]
                edge_label[a * 6 + d] = f"ferry {FERRY_MP[m.mclass]} MP"
    return MoveContext(
        blocked=blocked,
        zoc=board.enemy_zoc(b, m.side),
        zoc_exit=1 * HALF,  # 4.2 / 4.4: +1 MP to leave an enemy ZoC
        zoc_stop=not m.infiltrator,  # 4.2; 4.4: infiltrators pass from ZoC to ZoC
        zoc_to_zoc=m.infiltrator,
        stopped="stopped" in m.us.markers,  # 4.2: it entered an enemy ZoC earlier this phase (reach and validate)
        road_denied=denied,
        edge_cost=edge_cost,
        edge_label=edge_label,
    )


def _summary(check: PathCheck) -> tuple[object, ...]:
    err = None if check.error is None else (check.error.code, check.error.index)
    steps = tuple((s.hex, s.cost, tuple((p.kind, p.units, p.detail) for p in s.parts)) for s in check.steps)
    return (err, check.total, steps)


def check_path(board: Board, m: Mover, path: Sequence[int]) -> PathCheck:
    costs = board.costs(m.mclass)
    prev = m.start
    for t in path:  # a step across a hexside whose cost the data lacks needs that cell
        d = board.map.direction(prev, t)
        if d is not None and prev * 6 + d in costs.unknown:
            raise NeedsData([costs.unknown[prev * 6 + d]])
        prev = t
    found: list[PathCheck] = []

    def question(b: Branch) -> tuple[object, ...]:
        check = validate_path(costs.table, context(board, b, m), m.start, path, m.budget)
        found.append(check)
        return _summary(check)

    decide_bounds(question, zoc_bounds)  # legality and costs only grow with ZoC and road denial
    return found[-1]


def _part_note(board: Board, m: Mover, kind: str, units: int, detail: str) -> common_pb2.RuleNote:
    mp = f"{units / HALF:g} MP"
    text, case = {
        "terrain": (f"{detail} {mp}", "3.2"),
        "hexside": (f"+{mp} to cross the {detail}", "Terrain Effects Table"),
        "road": (f"{detail} road {mp}", "3.2"),
        "road-denied": ("another mechanized unit in the hex: the road rate does not apply", "3.2"),
        "zoc-exit": (f"+{mp} to leave the enemy ZoC", "4.4" if m.infiltrator else "4.2"),
        "override": (detail, "3.3"),
    }.get(kind, (f"{kind} {mp}", "3.1"))
    return common_pb2.RuleNote(text=text, citation=NW.cite(case))


ERRORS = {
    "ENEMY_OCCUPIED": ("ENEMY_OCCUPIED", "3.1"),
    "IMPASSABLE_TERRAIN": ("IMPASSABLE", "Terrain Effects Table"),
    "IMPASSABLE_HEXSIDE": ("IMPASSABLE_HEXSIDE", "Terrain Effects Table"),
    "ZOC_TO_ZOC": ("ZOC_TO_ZOC", "4.2"),
    "STOPPED": ("MUST_STOP_IN_ZOC", "4.2"),
    "OVER_ALLOWANCE": ("NOT_ENOUGH_MP", "3.1"),
    "NOT_ADJACENT": ("NOT_ADJACENT", "3.1"),
    "OFF_MAP": ("OFF_MAP", "3.1"),
    "CANNOT_END_HERE": ("CANNOT_END_HERE", "3.1"),
}


def report(board: Board, m: Mover, path: Sequence[int], check: PathCheck, b: VerdictBuilder, first: bool) -> None:
    """Violations and (for the first unit) the path with costs, into the verdict."""
    if first:
        for s in check.steps:
            step = b.verdict.path.add(location=board.label(s.hex), cost=s.cost / HALF, total=s.total / HALF)
            for p in s.parts:
                step.notes.append(_part_note(board, m, p.kind, p.units, p.detail))
        b.verdict.mp_total = check.total / HALF
        b.verdict.mp_remaining = (m.budget - check.total) / HALF
    if check.error is None:
        return
    err = check.error
    code, case = ERRORS.get(err.code, (err.code, "3.1"))
    message = f"{m.uid}: step {err.index + 1}: {err.message}"
    if err.code == "STOPPED" and err.index == 0 and "stopped" in m.us.markers:
        message = f"{m.uid} entered an enemy ZoC and has stopped for this phase"
    if err.code == "IMPASSABLE_HEXSIDE":
        prev = path[err.index - 1] if err.index > 0 else m.start
        d = board.map.direction(prev, path[err.index])
        if d is not None and board.rhine[prev * 6 + d]:
            code, case = "RHINE", "3.3"
            message = f"{m.uid}: step {err.index + 1}: only the German player crosses the Rhine, and only by a ferry"
    if err.code == "ENEMY_OCCUPIED" and err.hex in red_line_hexes(board, m.uid) and not board.stack(err.hex):
        code, case = "RED_LINE", "10.1.1"
        message = f"{m.uid}: American units may not cross the red dotted line ({board.label(err.hex)})"
    b.violation(code, message, NW.cite(case), m.uid)


def destinations(board: Board, uid: str) -> tuple[list[service_pb2.ReachableLocation], list[common_pb2.RuleNote]]:
    """Every hex the unit may end its move in, with the cost and a best path."""
    m = mover(board, uid)
    costs = board.costs(m.mclass)

    runs: list[dict[int, int]] = []

    def question(b: Branch) -> dict[int, int]:
        r = reach(costs.table, context(board, b, m), m.start, m.budget)
        runs.append(r.parent)
        return r.cost  # the start (cost 0) is in every answer alike

    found = decide_bounds(question, zoc_bounds)
    # Paths from the most restrictive assumptions (the second run, when unknown facts
    # were read) are legal under every assumption: the question is monotone.
    parent = runs[1] if len(runs) > 1 else runs[0]
    out = reachable_locations(board.map, m.start, found, parent, HALF)
    notes: list[common_pb2.RuleNote] = []
    unmarked = red_line_unmarked(board, uid)
    if unmarked is not None:
        notes.append(unmarked)
    if not costs.unknown:
        return out, notes
    reached = set(found)
    missing = {}
    for h in reached:
        for d in range(6):
            e = h * 6 + d
            if e in costs.unknown and board.map.nbr[e] not in reached:
                cell = costs.unknown[e]
                missing[(cell.row, cell.column)] = cell
    for cell in missing.values():
        notes.append(common_pb2.RuleNote(
            text=f"moves across hexsides whose cost is unknown are not shown: {cell.table_title} "
                 f"{cell.row!r} {cell.column!r} is unknown ({cell.how_to_supply})",
            citation=NW.cite("3.2")))
    return out, notes


def validate_move(board: Board, action: action_pb2.Action, b: VerdictBuilder) -> list[tuple[str, list[int], PathCheck]]:
    """Check a MoveUnits action unit by unit (each moves along the same path after
    the one before it). Returns the per-unit checks for `apply`."""
    mv = action.move
    side = action.side
    state = board.state
    if state.phase != f"{side}-movement":
        b.violation("NOT_MOVEMENT_PHASE", f"{side} may move only in the {side} movement phase (now: {state.phase})",
                    NW.cite("2.1"))
        return []
    if not mv.unit_ids:
        b.violation("NO_UNITS", "name at least one unit to move", NW.cite("3.1"))
        return []
    if len(set(mv.unit_ids)) != len(mv.unit_ids):
        b.violation("REPEATED_UNIT", "a unit is named twice", NW.cite("3.1"))
        return []
    starts = set()
    for uid in mv.unit_ids:
        unit = board.counters.units.get(uid)
        if unit is None:
            b.violation("UNKNOWN_UNIT", f"no unit {uid!r} in this game", NW.cite("3.1"), uid)
            continue
        if unit.side != side:
            b.violation("NOT_YOUR_UNIT", f"{uid} belongs to {unit.side}", NW.cite("2.1"), uid)
            continue
        us = board.us.get(uid)
        if us is None or us.status != state_pb2.UnitState.ON_MAP:
            b.violation("NOT_ON_MAP", f"{uid} is not on the map", NW.cite("3.1"), uid)
            continue
        starts.add(board.hex_of[uid])
    if not b.ok:
        return []
    if len(starts) > 1:
        b.violation("DIFFERENT_HEXES", "units moving together must start in the same hex", NW.cite("3.1"))
        return []
    start = starts.pop()
    labels = list(mv.path)
    if labels and board.map.find(labels[0]) == start:
        labels = labels[1:]
    if not labels:
        b.violation("EMPTY_PATH", "the path names no hex to enter", NW.cite("3.1"))
        return []
    path = [board.hex(x, f"action.move.path[{i}]") for i, x in enumerate(labels)]
    out = []
    if len(mv.unit_ids) > 1:
        board = board.overlay()  # the units move one after the other on a private copy
    for i, uid in enumerate(mv.unit_ids):
        m = mover(board, uid)
        check = check_path(board, m, path)
        report(board, m, path, check, b, first=(i == 0))
        out.append((uid, path, check))
        if check.error is not None:
            break
        if i + 1 < len(mv.unit_ids):  # the next unit moves after this one is in place (3.2 road rule sees it)
            board.move_unit(uid, path[-1])
    if b.ok:
        b.note("units move one at a time; each pays its own costs", NW.cite("3.1"))
        unmarked = next((n for n in (red_line_unmarked(board, u) for u in mv.unit_ids) if n is not None), None)
        if unmarked is not None:
            b.note(unmarked.text, unmarked.citation)
    return out


def stopped_in_zoc(board: Board, uid: str, h: int) -> bool:
    """Whether a (non-infiltrating) unit ending a move in `h` must stop there (4.2)."""
    if board.counters.has_tag(uid, "infiltration"):
        return False
    side = board.side_of(uid)
    return bool(decide(lambda b: bool(board.zoc_near(b, other(side), h, 0)[h])))
