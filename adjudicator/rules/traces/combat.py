"""Combat declaration and arithmetic (10.0-10.2.3, 4.1.5, 7.1, 12.4-12.6).

Attack strength: the attackers' attack strengths; those attacking across a
River hexside (bridged or not) are halved, the units of a hex summed first and
then rounded down (10.2; A-60 per hex; A-12 streams). Defence: German units in
a Metz fortification x3, or x4 when every attacker crosses a river (12.4);
Siegfried Line x2 (12.6); units that retreated into the hex this activation
add nothing (10.2, 10.4). Odds are rounded down to a CRT column; below 1:2
before or after the shifts the attack may not be made; above 10:1 it is 10+.
A hex defended with nothing (or only by retreated units) is attacked on 10+
with no shifts (10.2.2). Shifts: terrain (TEC), mud 1L (4.1.5), Allied air 2R
attacking / 1L defending (7.1), Maginot 1L (12.5), intensity 1R or 2R (10.2.3).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction

from adjudicator.core.combat import ATTACKER, DEFENDER, Odds, ShiftClaim, ShiftType, net_shifts, odds
from adjudicator.core.crt import die_rows, lookup_distribution
from adjudicator.core.errors import MalformedInput
from adjudicator.core.verdicts import VerdictBuilder
from adjudicator.rules.traces.cite import TV
from adjudicator.rules.traces.data import CRT, TEC
from adjudicator.rules.traces.model import Game, other
from umpire.v1 import action_pb2, common_pb2

SHIFT_TYPES = (
    ShiftType("terrain", cumulative=True, cancels=False),
    ShiftType("mud", cancels=False),
    ShiftType("air", cap=2, cancels=False),
    ShiftType("maginot", cancels=False),
    ShiftType("intensity", cap=2, cancels=False),
)
RESULT = re.compile(r"^(?P<losses>\d*)(?P<retreat>R{0,2})(?P<star>\*?)(?:/A(?P<attacker>\d+))?$")


@dataclass
class Result:
    """A CRT result: `N` defender step losses, R/RR retreat, `*` the
    attacker-casualty symbol (10.3), `/A<n>` attacker step losses; "-" none."""

    defender_losses: int = 0
    retreat: int = 0
    casualty: bool = False
    attacker_losses: int = 0


def parse_result(value: str, where: str) -> Result:
    v = value.strip().upper()
    if v in ("-", "—", "NE", ""):
        return Result()
    m = RESULT.match(v)
    if m is None or not (m.group("losses") or m.group("retreat") or m.group("star") or m.group("attacker")):
        raise MalformedInput(f"{value!r} is not a Traces of Victory CRT result ('-', '2RR', '1R*', 'R/A1')", where)
    return Result(int(m.group("losses") or 0), len(m.group("retreat")), bool(m.group("star")),
                  int(m.group("attacker") or 0))


def check_result(value: str) -> None:
    """A value supplied for a CRT cell must read as a result (core/tables.py check_supplied)."""
    parse_result(value, CRT)


@dataclass
class Assessment:
    target: int
    attackers: list[str]
    defenders: list[str]  # every enemy unit in the hex
    contributing: list[str]  # defenders that add their strength
    attack: int
    defense: int
    base: Odds
    net: int
    column: str
    automatic: bool
    intensity: int
    air_attack: bool
    air_defense: bool
    shifts: list[action_pb2.Shift] = field(default_factory=list)
    notes: list[common_pb2.RuleNote] = field(default_factory=list)
    problems: list[tuple[str, str, common_pb2.Citation]] = field(default_factory=list)


def supports(attack: action_pb2.Attack) -> tuple[bool, int]:
    air, intensity = False, 0
    for s in attack.supports:
        if s == "air":
            air = True
        elif s in ("intensity:1", "intensity:2"):
            intensity = int(s[-1])
        else:
            raise MalformedInput(f"unknown support {s!r} (air, intensity:1, intensity:2)", "attack.supports")
    return air, intensity


def crossing(g: Game, uid: str, target: int) -> tuple[bool, bool]:
    """(across a River hexside, across a Stream hexside) for an attacker."""
    h = g.hex_of(uid)
    d = g.hm.direction(h, target)
    if d is None:
        return False, False
    e = h * 6 + d
    return bool(g.board.river[e]), bool(g.board.stream[e])


def attack_total(g: Game, attackers: list[str], target: int, notes: list[common_pb2.RuleNote]) -> tuple[int, bool]:
    """10.2 halving; returns the total and whether every attacker crossed a river."""
    streams = g.opts.stream_halving == "on"
    whole = 0
    halved: dict[int, int] = {}
    all_river = True
    for uid in attackers:
        river, stream = crossing(g, uid, target)
        all_river = all_river and river
        if river or (streams and stream):
            key = g.hex_of(uid) if g.opts.halving == "per-hex" else -1
            halved[key] = halved.get(key, 0) + g.attack_strength(uid)
        else:
            whole += g.attack_strength(uid)
    total = whole
    for key, s in halved.items():
        total += s // 2
        where = f"from {g.label(key)}" if key >= 0 else "in all"
        why = "river" + (" or stream (A-12 'on')" if streams else "")
        notes.append(common_pb2.RuleNote(text=f"attackers {where} across a {why} hexside: {s} halved to {s // 2}",
                                         citation=TV.cite("10.2")))
    return total, all_river


def defense_total(g: Game, contributing: list[str], target: int, all_river: bool,
                  notes: list[common_pb2.RuleNote]) -> int:
    total = 0
    fort = g.board.fort[target] or (g.opts.metz_city_fort == "yes" and g.board.metz[target])
    for uid in contributing:
        s = g.defense_strength(uid)
        if g.belligerent(uid) == "german":
            if fort:
                k = 4 if all_river else 3
                notes.append(common_pb2.RuleNote(text=f"{g.name(uid)} in a Metz fortification: {s} x{k}",
                                                 citation=TV.cite("12.4")))
                s *= k
            if g.board.siegfried[target]:
                notes.append(common_pb2.RuleNote(text=f"{g.name(uid)} in the Siegfried Line: {s} x2",
                                                 citation=TV.cite("12.6")))
                s *= 2
        total += s
    return total


def terrain_shift(g: Game, target: int, supplied: list[common_pb2.SuppliedCell]) -> int:
    tec = g.table(TEC)
    terrain = g.hm.terrain[target]
    cell = tec.lookup(terrain, "shift", supplied, reason=f"defender in {terrain} hex {g.label(target)}")
    try:
        return int(cell.value.replace("L", "").replace("R", "") or 0) * (-1 if cell.value.endswith("L") else 1)
    except ValueError:
        raise MalformedInput(f"{cell.value!r} is not a column shift", f"{tec.id} row {terrain} column shift") from None


def mud_applies(g: Game, attackers: list[str], target: int) -> bool:
    """4.1.5: one column left on mud turns, "except for forces attacking from a
    Major City hex into another Major City hex" (A-52)."""
    if not g.mud():
        return False
    if not g.board.is_major_city(target):
        return True
    in_city = [g.board.is_major_city(g.hex_of(u)) for u in attackers]
    exempt = all(in_city) if g.opts.mud_major_city == "all" else any(in_city)
    return not exempt


def assess(g: Game, attack: action_pb2.Attack, side: str, supplied: list[common_pb2.SuppliedCell],
           air_defense: bool = False) -> Assessment:
    """Everything about a declared attack; `problems` lists what makes it illegal."""
    target = g.hm.hex_id(attack.target, "attack.target")
    bel = g.player_belligerent(side)
    air, intensity = supports(attack)
    attackers = list(dict.fromkeys(attack.attackers))
    defenders = [u for u in g.units_at(target) if g.belligerent(u) == other(bel)]
    act = g.tv.activation
    contributing = [u for u in defenders if u not in act.retreated]
    notes: list[common_pb2.RuleNote] = []
    problems: list[tuple[str, str, common_pb2.Citation]] = []
    a_total, all_river = attack_total(g, [u for u in attackers if g.on_map(u)], target, notes)
    d_total = defense_total(g, contributing, target, all_river and bool(attackers), notes)
    cols = list(g.table(CRT).columns)
    automatic = d_total == 0
    if automatic:
        why = "every unit in it retreated there this activation" if defenders else "it has no defence strength"
        notes.append(common_pb2.RuleNote(text=f"{g.label(target)} is attacked on the 10+ column with no shifts: {why}",
                                         citation=TV.cite("10.2.2")))
        base = Odds(len(cols) - 1, Fraction(10**9), tuple(cols))
        return Assessment(target, attackers, defenders, contributing, a_total, d_total, base, 0, cols[-1], True,
                          intensity, air, air_defense, [], notes, problems)
    base = odds(a_total, d_total, cols)
    if base.index < 0:
        problems.append(("ODDS_TOO_LOW", f"{a_total} to {d_total} is below 1:2 before any shift", TV.cite("10.2")))
        return Assessment(target, attackers, defenders, contributing, a_total, d_total, base, 0, cols[0], False,
                          intensity, air, air_defense, [], notes, problems)
    idx = base.index
    if g.opts.ten_plus == "before" and idx > len(cols) - 1:
        notes.append(common_pb2.RuleNote(text=f"{a_total}:{d_total} is reduced to the 10+ column (A-13 'before')",
                                         citation=TV.cite("10.2.2")))
        idx = len(cols) - 1
    claims: list[ShiftClaim] = []
    t = terrain_shift(g, target, supplied)
    if t:
        claims.append(ShiftClaim("terrain", DEFENDER, -t, f"{g.hm.terrain[target]} hex (Terrain Effects Chart)",
                                 TV.cite("10.2.2")))
    if mud_applies(g, attackers, target):
        claims.append(ShiftClaim("mud", ATTACKER, -1, "mud turn", TV.cite("4.1.5")))
    if air:
        claims.append(ShiftClaim("air", ATTACKER, 2, "Allied air ground support", TV.cite("7.1")))
    if air_defense:
        claims.append(ShiftClaim("air", DEFENDER, 1, "Allied air ground support on defence", TV.cite("7.1")))
    if g.board.maginot[target] and any(g.belligerent(u) == "german" for u in defenders):
        claims.append(ShiftClaim("maginot", DEFENDER, 1, "German defender in the Maginot Line", TV.cite("12.5")))
    if intensity:
        claims.append(ShiftClaim("intensity", ATTACKER, intensity, f"combat intensity {intensity}R",
                                 TV.cite("10.2.3")))
    net = net_shifts(claims, SHIFT_TYPES)
    final = idx + net.net
    if final < 0 and base.index >= 0:
        problems.append(("ODDS_TOO_LOW", f"the final ratio is below 1:2 after the shifts ({net.net:+d} columns from "
                         f"{base.label})", TV.cite("10.2.2")))
    final = min(max(final, 0), len(cols) - 1)
    return Assessment(target, attackers, defenders, contributing, a_total, d_total, base, net.net, cols[final], False,
                      intensity, air, air_defense, list(net.shifts), notes, problems)


def validate_attack(g: Game, action: action_pb2.Action, b: VerdictBuilder) -> Assessment | None:
    from adjudicator.rules.traces.activation import check_acting
    from adjudicator.rules.traces.moves import restricted

    atk = action.attack
    act = check_acting(g, action.side, b, "combat")
    if act is None:
        return None
    target = g.hm.hex_id(atk.target, "attack.target")
    bel = act.belligerent
    if not atk.attackers:
        raise MalformedInput("name the attacking units", "attack.attackers")
    if not any(g.belligerent(u) != bel for u in g.units_at(target)):
        b.violation("NO_ENEMY", f"no enemy unit in {atk.target}", TV.cite("10.0"), atk.target)
        return None
    if atk.target in act.attacked:
        b.violation("HEX_ATTACKED", f"{atk.target} has been attacked in this activation already", TV.cite("10.0"),
                    atk.target)
    air, _ = supports(atk)
    if air:
        if bel != "allied":
            b.violation("NO_AIR", "only the Allied player has air units", TV.cite("7.0"))
        elif g.tv.air_available <= 0:
            b.violation("NO_AIR", "no Allied air unit is available", TV.cite("7.0"))
    for uid in atk.attackers:
        if uid not in g.defs:
            raise MalformedInput(f"unknown unit {uid!r}", "attack.attackers")
        if not g.controls_unit(action.side, uid) or not g.on_map(uid):
            b.violation("NOT_YOUR_UNIT", f"{g.name(uid)} is not one of your units on the map", TV.cite("10.0"), uid)
            continue
        if uid not in act.activated:
            b.violation("NOT_ACTIVATED", f"{g.name(uid)} is not activated: non-activated units cannot attack",
                        TV.cite("10.0"), uid)
        if uid in act.fought:
            b.violation("ALREADY_FOUGHT", f"{g.name(uid)} has already taken part in a combat in this activation",
                        TV.cite("10.0"), uid)
        h = g.hex_of(uid)
        d = g.hm.direction(h, target)
        if d is None:
            b.violation("NOT_ADJACENT", f"{g.name(uid)} in {g.label(h)} is not adjacent to {atk.target}",
                        TV.cite("10.0"), uid)
        elif g.board.rhine[h * 6 + d]:
            b.violation("BLOCKED_HEXSIDE", f"{g.name(uid)} cannot attack across the Rhine", TV.cite("10.0"), uid)
        if restricted(g, uid) and g.opts.restricted == "no-attack":
            b.violation("RESTRICTED", f"{g.name(uid)} may not move prior to Turn 4 and (A-29 'no-attack') not attack",
                        TV.cite("12.1"), uid)
    if not b.ok:
        return None
    a = assess(g, atk, action.side, list(action.supplied_cells))
    for code, msg, cite in a.problems:
        b.violation(code, msg, cite, atk.target)
    if not a.problems:
        details(g, a, b, list(action.supplied_cells))
    else:
        b.verdict.combat.base_column = a.base.label
        b.verdict.combat.attack_strength = a.attack
        b.verdict.combat.defense_strength = a.defense
        b.verdict.combat.notes.extend(a.notes)
    return a


def details(g: Game, a: Assessment, b: VerdictBuilder, supplied: list[common_pb2.SuppliedCell]) -> None:
    c = b.verdict.combat
    c.target = g.label(a.target)
    c.attackers.extend(a.attackers)
    c.defenders.extend(a.defenders)
    c.attack_strength = a.attack
    c.defense_strength = a.defense
    c.base_column = a.base.label if not a.automatic else "10+"
    c.shifts.extend(a.shifts)
    c.final_column = a.column
    c.notes.extend(a.notes)
    crt = g.table(CRT)
    dist = lookup_distribution(crt, a.column, die_rows(6), supplied, reason=f"combat at {g.label(a.target)}")
    c.outcomes.extend(dist.outcomes())
    for cell in dist.needs:
        b.need(cell)
    if any(g.belligerent(u) == "allied" for u in a.defenders) and g.tv.air_available > 0:
        b.note("the Allied player may commit an air unit to the defence (1 column left) before the die is thrown",
               TV.cite("7.1"))


def crt_result(g: Game, column: str, die: int, supplied: list[common_pb2.SuppliedCell], where: str) -> tuple[str, Result]:
    crt = g.table(CRT)
    cell = crt.lookup(str(die), column, supplied, reason=f"combat at {where}, die {die}")
    return cell.value, parse_result(cell.value, f"{crt.id} column {column} row {die}")
