"""Combat (6.1-6.4): who may attack, strengths, the nine modifiers in the order
the rulebook gives them, odds rounded for the defender, clamping, and the
probability of every result before the dice are thrown.

Sign convention: a shift's `columns` is in the attacker's favour (right). Each
modifier is a *claim* by one side; the kernel nets claims type by type ("only
one modifier of each type", 6.2; both sides' claims of a type cancel, Example 1).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from fractions import Fraction

from adjudicator.core.combat import (
    ATTACKER,
    DEFENDER,
    Odds,
    ShiftClaim,
    ShiftType,
    clamp_column,
    net_shifts,
    odds,
    scale,
)
from adjudicator.core.crt import Distribution, die_rows, lookup_distribution, unknown_label
from adjudicator.core.errors import MalformedInput, NeedsData
from adjudicator.core.tables import TableView, find_table
from adjudicator.core.unknowns import Branch, decide
from adjudicator.core.verdicts import VerdictBuilder
from adjudicator.core.zoc import surrounded
from adjudicator.rules.nordwind.options import NordwindOptions
from adjudicator.rules.nordwind.board import TET, Board
from adjudicator.rules.nordwind.cite import GERMAN, NW, RULESET_ID, other
from umpire.v1 import action_pb2, common_pb2, state_pb2

CRT = f"{RULESET_ID}/crt"
QUALITY = f"{RULESET_ID}/quality"
AIR = "air"
TYPES = (  # 6.2 and the Combat Modifiers table, in their order
    ShiftType("quality", cumulative=True, cancels=False),
    ShiftType("terrain", cumulative=True),
    ShiftType("division", cap=2),
    ShiftType("infantry-armor", cap=1),
    ShiftType("infantry-antitank", cap=1),
    ShiftType("armored-bonus", cap=1),
    ShiftType("artillery", cap=1),
    ShiftType("air", cap=1),
    ShiftType("concentric", cap=1),
    ShiftType("maginot", cap=1),
)
AIR_ALLOWANCE = {"fair": {"allied": 3, "german": 1}, "cloudy": {"allied": 1, "german": 1}, "overcast": {}}  # 9.2
ARMORED_DIVISION = "armored-division"


@dataclass
class Setup:
    """Everything about a combat that is known before the dice."""

    target: int
    attacker_side: str
    attackers: list[str]
    defenders: list[str]
    supports: list[str]
    attacker_air: bool
    defender_air: bool
    attack: int = 0
    defense: int = 0
    odds: Odds | None = None
    base_index: int = 0
    claims: list[ShiftClaim] = field(default_factory=list)
    notes: list[common_pb2.RuleNote] = field(default_factory=list)
    att_quality: str = ""
    def_quality: str = ""

    @property
    def defender_side(self) -> str:
        return other(self.attacker_side)


def shift_value(text: str) -> int:
    """A Quality Table cell: "–" (none), "+1", "-2"."""
    t = text.strip().replace("−", "-")
    if t in ("–", "-", "—", "0", ""):
        return 0
    try:
        return int(t)
    except ValueError:
        raise MalformedInput(f"quality table value {text!r} is not a column shift", QUALITY) from None


def terrain_shift(tet: TableView, row: str, reason: str) -> int:
    """Columns a TET row gives the defender (positive = to the left)."""
    cell = tet.cell(row, "Combat")
    if cell is None:
        raise NeedsData([tet.needed(row, "Combat", reason)])
    v = cell.value.strip()
    if v in ("–", "-", "other terrain"):
        return 0
    try:
        return -int(v.split()[0])
    except ValueError:
        raise MalformedInput(f"terrain combat effect {v!r} is not '-N column(s)'", TET) from None


def validate_attack(board: Board, action: action_pb2.Action, b: VerdictBuilder) -> Setup | None:
    """6.1, 6.2 (VolksW), 7.3, 9: may these units make this attack now?"""
    state = board.state
    side = action.side
    at = action.attack
    if state.phase != f"{side}-combat":
        b.violation("NOT_COMBAT_PHASE", f"{side} attacks only in the {side} combat phase (now: {state.phase})",
                    NW.cite("2.1"))
        return None
    target = board.hex(at.target, "action.attack.target")
    defenders = board.stack(target, other(side))
    if not defenders:
        b.violation("NO_ENEMY", f"no enemy unit in {board.label(target)}", NW.cite("6.1"))
        return None
    if board.label(target) in state.nordwind.attacked_hexes:
        b.violation("HEX_ALREADY_ATTACKED", f"{board.label(target)} was already attacked this phase", NW.cite("6.1"))
    if not at.attackers:
        b.violation("NO_ATTACKERS", "name the attacking units", NW.cite("6.1"))
        return None
    if len(set(at.attackers)) != len(at.attackers):
        b.violation("REPEATED_UNIT", "a unit is named twice", NW.cite("6.1"))
    for uid in at.attackers:
        unit = board.counters.units.get(uid)
        if unit is None:
            b.violation("UNKNOWN_UNIT", f"no unit {uid!r} in this game", NW.cite("6.1"), uid)
            continue
        if unit.side != side:
            b.violation("NOT_YOUR_UNIT", f"{uid} belongs to {unit.side}", NW.cite("6.1"), uid)
            continue
        if board.counters.has_tag(uid, "artillery"):
            b.violation("ARTILLERY_SUPPORTS", f"{uid} gives a column shift, not strength: name it in supports",
                        NW.cite("6.2"), uid)
            continue
        if uid not in board.hex_of:
            b.violation("NOT_ON_MAP", f"{uid} is not on the map", NW.cite("6.1"), uid)
            continue
        h = board.hex_of[uid]
        d = board.map.direction(h, target)
        if d is None:
            b.violation("NOT_ADJACENT", f"{uid} in {board.label(h)} is not adjacent to {board.label(target)}",
                        NW.cite("6.1"), uid)
            continue
        via_ferry = side == GERMAN and any({h, target} == {f, t} for f, t, _ in board.ferry_links())
        if board.rhine[h * 6 + d] and not via_ferry:
            b.violation("ACROSS_RHINE", f"{uid} cannot attack across the Rhine (it cannot enter that hex)",
                        NW.cite("6.1"), uid)
        us = board.us[uid]
        if "attacked" in us.markers:
            b.violation("ALREADY_ATTACKED", f"{uid} has already attacked this phase", NW.cite("6.1"), uid)
        if "unsupplied" in us.markers:
            b.violation("UNSUPPLIED", f"{uid} is unsupplied and cannot attack", NW.cite("7.3"), uid)
    supports = [s for s in at.supports if s != AIR]
    attacker_air = AIR in at.supports
    for uid in supports:
        unit = board.counters.units.get(uid)
        if unit is None or unit.side != side or not board.counters.has_tag(uid, "artillery"):
            b.violation("NOT_ARTILLERY", f"{uid!r} is not a friendly artillery unit (1.4: VolksW)", NW.cite("1.4"), uid)
            continue
        if uid not in board.hex_of or board.map.distance(board.hex_of[uid], target) > 2:
            b.violation("OUT_OF_RANGE", f"{uid} is not within 2 hexes of {board.label(target)}", NW.cite("1.4"), uid)
            continue
        us = board.us[uid]
        if "attacked" in us.markers:
            b.violation("ALREADY_ATTACKED", f"{uid} has already supported a combat this phase", NW.cite("6.1"), uid)
        if "unsupplied" in us.markers:
            b.violation("UNSUPPLIED", f"{uid} is unsupplied", NW.cite("7.3"), uid)
    if attacker_air:
        left = state.nordwind.air_missions.get(side, 0)
        if left <= 0:
            b.violation("NO_AIR_MISSION", f"{side} has no air mission left this turn (weather "
                        f"{state.nordwind.weather or 'overcast'})", NW.cite("9.2"))
    if not b.ok:
        return None
    return Setup(target, side, list(at.attackers), defenders, supports, attacker_air, False)


def defender_may_fly(state: state_pb2.GameState, s: Setup) -> bool:
    """9.1: the defender may call an air mission (AMB-18: one per side)."""
    if s.attacker_air and NordwindOptions(state.options).air == "one-per-combat":
        return False
    return state.nordwind.air_missions.get(s.defender_side, 0) > 0


def _best_quality(board: Board, units: list[str], reason: str) -> str:
    """6.3: the best quality among the participants (AMB-19: the faces showing)."""
    known, unknown = [], []
    for u in units:
        try:
            known.append(board.counters.quality(u, board.us[u], reason))
        except NeedsData as e:
            unknown.extend(e.cells)
    if "A" in known:
        return "A"
    if unknown:
        raise NeedsData(unknown)
    return min(known)


def strengths(board: Board, s: Setup) -> None:
    """6.4 sums; 7.3 halving (rounded up, per unit: AMB-21)."""
    reason = f"combat at {board.label(s.target)}"
    total, needs = 0, []
    for u in s.attackers:
        try:
            v = board.counters.strength(u, board.us[u], reason)
        except NeedsData as e:
            needs.extend(e.cells)
            continue
        if "isolated" in board.us[u].markers:
            v = scale(v, 1, 2, "up")
            s.notes.append(common_pb2.RuleNote(text=f"{u} is isolated: attacks at half strength ({v})",
                                               citation=NW.cite("7.3")))
        total += v
    dtotal = 0
    for u in s.defenders:
        try:
            v = board.counters.strength(u, board.us[u], reason)
        except NeedsData as e:
            needs.extend(e.cells)
            continue
        if "unsupplied" in board.us[u].markers:
            v = scale(v, 1, 2, "up")
            s.notes.append(common_pb2.RuleNote(text=f"{u} is unsupplied: defends at half strength ({v})",
                                               citation=NW.cite("7.3")))
        dtotal += v
    if needs:
        raise NeedsData(needs)
    s.attack, s.defense = total, dtotal


def _hex_terrain(board: Board, h: int) -> tuple[int, str]:
    tet = find_table(board.state.scenario.definition.tables, TET)
    reason = f"combat at {board.label(h)}"
    from adjudicator.rules.nordwind.board import TERRAIN_ROWS

    base_row = TERRAIN_ROWS[board.map.terrain[h]]
    parts = [(terrain_shift(tet, base_row, reason), base_row)]
    feats = board.map.features[h]
    if "village" in feats:
        parts.append((terrain_shift(tet, "Village", reason), "Village"))
    if "city" in feats or "maginot-fort" in feats:  # AMB-16: a Maginot fort hex is a city
        parts.append((terrain_shift(tet, "City", reason), "City" if "city" in feats else "City (Maginot fort)"))
    if board.opts.hex_terrain == "sum":
        return sum(p[0] for p in parts), " + ".join(p[1] for p in parts)
    top = max(parts, key=lambda p: p[0])
    return top


def modifier_claims(board: Board, b: Branch, s: Setup) -> list[ShiftClaim]:
    """Every 6.2 modifier but quality, as claims (attacker / defender)."""
    c = board.counters
    out: list[ShiftClaim] = []
    t = s.target
    att, dfn = s.attackers, s.defenders
    # 2. Defender's terrain: the hex, plus river / crest hexsides any attacker crosses (6.2).
    tet = find_table(board.state.scenario.definition.tables, TET)
    hex_cols, hex_name = _hex_terrain(board, t)
    if hex_cols:
        out.append(ShiftClaim("terrain", DEFENDER, hex_cols, f"defender in {hex_name}", NW.cite("6.2")))
    crossed: set[str] = set()
    for u in att:
        d = board.map.direction(board.hex_of[u], t)
        assert d is not None
        crossed |= board.map.side_features[board.hex_of[u] * 6 + d]
    for feat, row in (("river", "River (hexside)"), ("crest", "Crest (hexside)")):
        if feat in crossed:
            cols = terrain_shift(tet, row, f"attack across a {feat}")
            bridge = " (a bridge does not cancel it, 3.2)" if feat == "river" and "bridge" in crossed else ""
            out.append(ShiftClaim("terrain", DEFENDER, cols, f"an attacker attacks across a {feat}{bridge}",
                                  NW.cite("6.2")))
    # 3. Divisional integrity (attack only, AMB-11).
    best = 0
    why = ""
    clear = board.map.terrain[t] == "clear" and not ({"village", "city", "maginot-fort"} & board.map.features[t])
    for formation in sorted({c.unit(u).formation for u in att if c.unit(u).formation}):
        members = [u.id for u in board.state.scenario.definition.units if u.formation == formation]
        regiments = [u for u in members if c.is_regiment(b, u)]
        if not regiments:
            continue
        if any(board.us[u].status != state_pb2.UnitState.ON_MAP for u in regiments):
            continue  # an original regiment is gone (AMB-11)
        if not all(u in att for u in regiments) or len({board.hex_of[u] for u in regiments}) != 1:
            continue
        armored = all(c.has_tag(u, ARMORED_DIVISION) for u in members)
        bonus = 2 if (armored and clear) else (
            1 if not armored or board.opts.division_off_clear == "plus-one" else 0)
        if bonus > best:
            best, why = bonus, f"all the original regiments/brigades of {formation} attack from one hex" + (
                " (armored division, clear terrain)" if bonus == 2 else "")
    if best:
        out.append(ShiftClaim("division", ATTACKER, best, why, NW.cite("6.2")))
    # 4. Infantry + armor (attack and defence; CCs/GTs automatic except CCR/14).
    for side, units, group in ((ATTACKER, att, True), (DEFENDER, dfn, False)):
        if _infantry_with(board, b, units, "armored", group) or any(c.has_tag(u, "infantry-armor-bonus") for u in units):
            out.append(ShiftClaim("infantry-armor", side, 1, "infantry stacked with armor", NW.cite("6.2")))
    # 5. Infantry + anti-tank (defence only, against an armored attacker).
    if any(c.is_type(b, u, "armored") for u in att) and _infantry_with(board, b, dfn, "anti-tank", False):
        out.append(ShiftClaim("infantry-antitank", DEFENDER, 1, "infantry stacked with anti-tank against armor",
                              NW.cite("6.2")))
    # 6. Armored bonus.
    for side, mine, theirs in ((ATTACKER, att, dfn), (DEFENDER, dfn, att)):
        has = any((c.is_type(b, u, "armored") or c.is_type(b, u, "anti-tank")) and c.armored_bonus(b, u) for u in mine)
        if not has:
            continue
        enemy_armor = [u for u in theirs if c.is_type(b, u, "armored")]
        if enemy_armor and not any(c.armored_bonus(b, u) for u in enemy_armor):
            out.append(ShiftClaim("armored-bonus", side, 1, "armored bonus (*) against armor without it",
                                  NW.cite("6.2")))
    # 7. Artillery of the people.
    if s.supports:
        out.append(ShiftClaim("artillery", ATTACKER, 1, f"{', '.join(s.supports)} participates", NW.cite("6.2")))
    # 8. Air missions.
    if s.attacker_air:
        out.append(ShiftClaim("air", ATTACKER, 1, "attacker's air mission", NW.cite("9.1")))
    if s.defender_air:
        out.append(ShiftClaim("air", DEFENDER, 1, "defender's air mission", NW.cite("9.1")))
    # 9. Concentric attack: every neighbour holds attacking units or their ZoC (Example 2).
    covered = board.zoc_near(b, s.attacker_side, t, 1)
    occ = board.occupied(s.attacker_side)
    cover = bytearray(1 if (covered[h] or occ[h]) else 0 for h in range(board.map.n))
    edge = board.opts.concentric_edge == "surrounded"
    if surrounded(board.map, t, cover, board.rhine, off_map_counts=edge):
        out.append(ShiftClaim("concentric", ATTACKER, 1, "the defender is surrounded by units or their ZoC",
                              NW.cite("Examples of Combat, Example 2")))
    # 1.4 / AMB-16: 653sPJ or 353 against a Maginot fort.
    if "maginot-fort" in board.map.features[t] and any(c.has_tag(u, "maginot-bonus") for u in att):
        out.append(ShiftClaim("maginot", ATTACKER, 1, "653sPJ/353 against a Maginot Line fort", NW.cite("1.4")))
    return out


def _infantry_with(board: Board, b: Branch, units: list[str], kind: str, group: bool) -> bool:
    """An infantry unit stacked with a `kind` unit among `units` (same hex)."""
    by_hex: dict[int, list[str]] = {}
    for u in units:
        by_hex.setdefault(board.hex_of[u], []).append(u)
    c = board.counters
    for stack in by_hex.values():
        inf = [u for u in stack if c.is_type(b, u, "infantry")]
        other_kind = [u for u in stack if c.is_type(b, u, kind)]
        if any(i != k for i in inf for k in other_kind):
            return True
    return False


def prepare(board: Board, s: Setup) -> Setup:
    """Strengths, basic odds and every modifier but quality; needs data if unknown."""
    strengths(board, s)
    crt = find_table(board.state.scenario.definition.tables, CRT)
    s.odds = odds(s.attack, s.defense, crt.columns)
    idx = s.odds.index
    if board.opts.off_table == "clamp-basic":
        idx, _ = clamp_column(idx, len(crt.columns))
    s.base_index = idx
    key = lambda b: tuple((c.kind, c.side, c.columns, c.reason) for c in modifier_claims(board, b, s))  # noqa: E731
    decide(key)  # the same claims whatever the unknown traits are, or NeedsData
    s.claims = modifier_claims(board, _Known(), s)
    reason = f"combat at {board.label(s.target)}"
    s.att_quality = _best_quality(board, s.attackers + s.supports, reason)
    s.def_quality = _best_quality(board, s.defenders, reason)
    return s


class _Known(Branch):
    """A branch for re-running a question already decided: unknown facts take
    the first assumption decide() tried (the answer is the same for all)."""

    def __init__(self) -> None:
        super().__init__({})

    @property
    def key(self) -> tuple[object, ...]:
        return ("re-run with known answers",)

    def fact(
        self,
        key: Hashable,
        known: bool | None,
        cell: common_pb2.NeededCell | Callable[[], common_pb2.NeededCell],
    ) -> bool:
        return False if known is None else known


def final_column(board: Board, s: Setup, q_att: int, q_def: int) -> tuple[str, list[action_pb2.Shift], int, bool]:
    crt = find_table(board.state.scenario.definition.tables, CRT)
    claims = list(s.claims) + [
        ShiftClaim("quality", ATTACKER, q_att, f"attacker quality {s.att_quality}: {q_att:+d}", NW.cite("6.3")),
        ShiftClaim("quality", DEFENDER, q_def, f"defender quality {s.def_quality}: {q_def:+d}", NW.cite("6.3")),
    ]
    r = net_shifts(claims, TYPES)
    idx, clamped = clamp_column(s.base_index + r.net, len(crt.columns))
    return crt.columns[idx], r.shifts, r.net, clamped


def distribution(board: Board, s: Setup, supplied: list[common_pb2.SuppliedCell]) -> Distribution:
    """Every result with its probability over both quality dice and the CRT die."""
    crt = find_table(board.state.scenario.definition.tables, CRT)
    qt = find_table(board.state.scenario.definition.tables, QUALITY)
    dist = Distribution()
    p36 = Fraction(1, 36)
    base = net_shifts(s.claims, TYPES).net
    def quality(row: str, col: str) -> int | None:
        cell = qt.cell(row, col)
        if cell is not None:
            return shift_value(cell.value)
        for x in supplied:
            if x.table_id == QUALITY and x.row == row and x.column == col:
                return shift_value(x.value)
        return None

    for qa, _ in die_rows(6):
        va = quality(qa, s.att_quality)
        for qd, _ in die_rows(6):
            vd = quality(qd, s.def_quality)
            if va is None or vd is None:
                row, col, who = (qa, s.att_quality, "attacker") if va is None else (qd, s.def_quality, "defender")
                dist.add(unknown_label(qt, col, row), p36, f"{who} quality die {row}")
                dist.need(qt.needed(row, col, f"{who}'s quality roll of {row}"))
                continue
            idx, _ = clamp_column(s.base_index + base + va - vd, len(crt.columns))
            col = crt.columns[idx]
            lookup_distribution(crt, col, die_rows(6), supplied, weight=p36, when_prefix=f"{col} ", into=dist,
                                reason=f"combat at {board.label(s.target)}")
    for result in dist.when:
        dist.when[result] = sorted(set(dist.when[result]), key=lambda w: (len(w), w))
    return dist
