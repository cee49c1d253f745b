"""The arithmetic of one combat (9.0.E-F, 9.3-9.7, 11.3.3, 11.4.2, 12.2, 19.B,
20.2.2.D, 13.2): each unit's part of the totals as a function of its CS, the
column shifts with their caps, the odds column clamped before shifting, the
CRT rows of the two dice, and the result notation.

The per-unit terms are what the knowledge model (knowledge.py) sums over the
chits a side cannot see; with every chit known they give the true totals.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction

from adjudicator.core.combat import ATTACKER, DEFENDER, ShiftClaim, ShiftType, clamp_column, net_shifts, odds
from adjudicator.core.crt import d66_rows, dice_sum_rows
from adjudicator.core.errors import MalformedInput, NeedsData
from adjudicator.core.tables import WHOLE_TABLE_COLUMN, TableView, find_table
from adjudicator.rules.pattons import terrain
from adjudicator.rules.pattons.cite import CRT, GERMAN, P3, US, other
from adjudicator.rules.pattons.combat import zero_support
from adjudicator.rules.pattons.knowledge import Slot, Totals, known_cs
from adjudicator.rules.pattons.model import ELIMINATED, IMPROVED, Game
from umpire.v1 import action_pb2, common_pb2

RESULT = re.compile(r"^([AD])(\d*)(?:\((\d+)\))?$")


@dataclass
class Setup:
    """A combat with its participants fixed (the defender's choices made)."""

    side: str
    targets: list[int]
    attackers: list[str]
    defenders: list[str]
    bystanders: list[str] = field(default_factory=list)
    att_support: list[str] = field(default_factory=list)
    def_support: list[str] = field(default_factory=list)
    att_air: bool = False
    def_air: bool = False
    line: str = ""
    notes: list[common_pb2.RuleNote] = field(default_factory=list)

    @property
    def defender(self) -> str:
        return other(self.side)


def note(s: Setup, text: str, case: str) -> None:
    s.notes.append(common_pb2.RuleNote(text=text, citation=P3.cite(case)))


def across_river(g: Game, s: Setup, h: int) -> bool:
    """9.3.2: every attacker attacks hex h across a river hexside (streams too in mud)."""
    for u in s.attackers:
        d = g.hm.direction(g.hex_of[u], h)
        if d is None or not terrain.river_side(g, g.hex_of[u] * 6 + d):
            return False
    return bool(s.attackers)


def multiplier(g: Game, s: Setup, h: int) -> tuple[int, int]:
    """(CS multiplier, stack addition) of the defenders of hex h (9.3.2, 12.2.1, 19.B)."""
    river = across_river(g, s, h)
    german = s.defender == GERMAN
    feats = g.hm.features[h]
    if IMPROVED in feats and german:
        return (2 if river else 1), 2
    if g.entrenched(h) and (german or (river and g.opts.allied_entrenchment == "triple")):
        return (3 if river else 2), 0
    return (2 if river else 1), 0


def terms(g: Game, s: Setup, viewer: str) -> tuple[Totals, list[Slot]]:
    """The known part of the totals, and a slot per unit whose chit `viewer` cannot see."""
    a = o = d = 0
    slots: list[Slot] = []
    per_stack = g.opts.oos_attack == "per-stack"
    for u in s.attackers:
        if g.has(u, "isolated"):
            t: Callable[[int], Totals] = lambda cs: (1, 0, 0)  # noqa: E731 (11.4.2.A)
        elif g.has(u, "oos"):
            t = (lambda cs: (0, cs, 0)) if per_stack else (lambda cs: (max(1, cs // 2), 0, 0))  # 11.3.3.A
        else:
            t = lambda cs: (cs, 0, 0)  # noqa: E731
        a, o, d = _add(g, s, viewer, u, t, (a, o, d), slots)
    for h in s.targets:
        mult, plus = multiplier(g, s, h)
        mine = [u for u in s.defenders if g.hex_of[u] == h]
        if mine:
            d += plus
        for u in mine:
            if g.has(u, "isolated"):
                t = (lambda m: lambda cs: (0, 0, m * max(1, cs // 2)))(mult)  # 11.4.2.B, per unit
            else:
                t = (lambda m: lambda cs: (0, 0, m * cs))(mult)  # 11.3.3.B: OOS defends in full
            a, o, d = _add(g, s, viewer, u, t, (a, o, d), slots)
    return (a, o, d), slots


def _add(g: Game, s: Setup, viewer: str, u: str, t: Callable[[int], Totals], acc: Totals,
         slots: list[Slot]) -> Totals:
    cs = known_cs(g, u, viewer)
    if cs is not None:
        x = t(cs)
        return acc[0] + x[0], acc[1] + x[1], acc[2] + x[2]
    c = g.c(u)
    slots.append(Slot(u, c.morale, c.cls, draws=not g.tried(u), reduced=g.units[u].steps_lost >= 1, term=t))
    return acc


def final_totals(t: Totals) -> tuple[int, int]:
    a, oos, d = t
    return a + (max(1, oos // 2) if oos else 0), d


def _members(g: Game, div: str) -> list[str]:
    """9.4.1 (AMBIG-30): the division's regiments and brigades (not artillery;
    cadres only when their owner treats them at original size, 10.D)."""
    out = []
    for u, c in g.counters.items():
        if c.division != div or not c.large or c.artillery:
            continue
        if g.units[u].status == ELIMINATED:
            if g.opts.di_members == "original":
                out.append(u)
            continue
        if g.large(u, "integrity"):
            out.append(u)
    return out


def _adjacent_to(g: Game, u: str, hexes: list[int]) -> bool:
    return u in g.hex_of and any(g.hm.distance(g.hex_of[u], h) == 1 for h in hexes)


def claims(g: Game, s: Setup) -> tuple[list[ShiftClaim], list[action_pb2.Shift], list[ShiftType]]:
    """Every shift claimed (9.0.F), the claims the rules cancel (kept for the
    audit trail) and the shift types with this combat's caps."""
    out: list[ShiftClaim] = []
    dropped: list[action_pb2.Shift] = []
    cite = P3.cite
    # 9.4.1, 9.4.3.A, 9.4.4.A, 24.1, 18.3.1.C: attacker's divisional integrity.
    for div in sorted({g.c(u).division for u in s.attackers if g.c(u).division}):
        members = _members(g, div)
        if not members or any(g.units[m].status == ELIMINATED for m in members):
            continue
        near = [m for m in members if _adjacent_to(g, m, s.targets)]
        need = min(2, len(members)) if div == g.sc.two_regiment_division else len(members)
        if len(near) < need or not any(m in s.attackers for m in near):
            continue
        case = "24.1" if div == g.sc.two_regiment_division and len(members) > 2 else "9.4.1"
        if any(zero_support(g, m) for m in near):
            dropped.append(action_pb2.Shift(columns=1, kind="division", reason=f"{div}: its corps is at 0 SP",
                                            citation=cite("18.3.1.C"), cancelled=True))
            continue
        out.append(ShiftClaim("division-attack", ATTACKER, 1, f"all regiments of {div} adjacent", cite(case)))
    # 9.4.2, 9.4.3.B, 9.4.4.B: defender's divisional integrity.
    for u in s.defenders:
        div = g.c(u).division
        if not div or not g.large(u, "integrity") or g.c(u).artillery:
            continue
        mates = [m for m in _members(g, div) if m != u and m in g.hex_of
                 and g.hm.distance(g.hex_of[m], g.hex_of[u]) <= 1]
        if mates and not zero_support(g, u):
            out.append(ShiftClaim("division-defense", DEFENDER, 1, f"{u} is next to {mates[0]} of {div}",
                                  cite("9.4.2")))
            break
    # 9.5: combined arms.
    ca: list[ShiftClaim] = []
    by_hex: dict[int, list[str]] = {}
    for u in s.attackers:
        by_hex.setdefault(g.hex_of[u], []).append(u)
    for h, units in sorted(by_hex.items()):
        tanks = [u for u in units if g.c(u).tank]
        if g.opts.combined_arms == "stack":
            tanks = [u for u in g.stack(h, s.side) if g.c(u).tank]
        others = [u for u in units if not g.c(u).tank]
        par = [u for u in units if g.c(u).parenthesized and not g.cadre(u)]
        if (tanks and others) or par:
            why = f"{', '.join(par)} ({g.c(par[0]).cls})" if par and not (tanks and others) else \
                f"{tanks[0]} with {others[0]}"
            ca.append(ShiftClaim("combined-arms", ATTACKER, 1, f"combined arms in {g.label(h)}: {why}",
                                 cite("9.5.2" if par and not (tanks and others) else "9.5.1")))
    negate = _ca_negated(g, s)
    for c in ca:
        if negate:
            dropped.append(action_pb2.Shift(columns=1, kind=c.kind, reason=f"{c.reason} ({negate[0]})",
                                            citation=cite(negate[1]), cancelled=True))
        else:
            out.append(c)
    river = all(across_river(g, s, h) for h in s.targets)
    # 9.6: artillery support.
    for a in s.att_support:
        out.append(ShiftClaim("artillery-attack", ATTACKER, 1, f"{a} supports the attack", cite("9.6.2.B")))
    for a in s.def_support:
        out.append(ShiftClaim("artillery-defense", DEFENDER, 1, f"{a} supports the defence", cite("9.6.2.B")))
    # 9.3.3-9.3.5: hilltops.
    att_hill, def_hill = _hilltop(g, s, s.side), _hilltop(g, s, s.defender)
    if def_hill:
        out.append(ShiftClaim("hilltop", DEFENDER, 1, f"defending side holds the hilltop {def_hill}", cite("9.3.5.A")))
        if att_hill:
            dropped.append(action_pb2.Shift(columns=1, kind="hilltop", reason=f"attacker's hilltop {att_hill}: both "
                                            "sides qualify, only the defender gets it", citation=cite("9.3.5.C"),
                                            cancelled=True))
    elif att_hill:
        out.append(ShiftClaim("hilltop", ATTACKER, 1, f"attacking side holds the hilltop {att_hill}", cite("9.3.5.A")))
    # 13.2: Air Points.
    if s.att_air:
        out.append(ShiftClaim("air", ATTACKER, 1, "attacker's Air Point", cite("13.2.1.B")))
    if s.def_air:
        out.append(ShiftClaim("air", DEFENDER, 1, "defender's Air Point", cite("13.2.1.C")))
    # 20.2.2.D: mud.
    if g.mud():
        out.append(ShiftClaim("mud", DEFENDER, 1, "mud", cite("20.2.2.D")))
    types = [
        ShiftType("division-attack", cumulative=True, cap=2, cancels=False),
        ShiftType("division-defense", cap=1, cancels=False),
        ShiftType("combined-arms", cumulative=True, cap=1 if river else None, cancels=False),
        ShiftType("artillery-attack", cumulative=True, cap=2, cancels=False),
        ShiftType("artillery-defense", cumulative=True, cap=1, cancels=False),
        ShiftType("hilltop", cap=1, cancels=False),
        ShiftType("air", cap=1, cancels=False),
        ShiftType("mud", cap=1, cancels=False),
    ]
    return out, dropped, types


def _ca_negated(g: Game, s: Setup) -> tuple[str, str] | None:
    """9.5.4, 12.2.2, 19.B: what cancels every combined arms bonus of this combat."""
    for h in s.targets:
        stack = [u for u in s.defenders if g.hex_of[u] == h]
        if s.defender == GERMAN and g.entrenched(h):
            return f"Germans in the entrenchment {g.label(h)}", "12.2.2"
        if any(g.c(u).parenthesized and not g.cadre(u) for u in stack):
            return f"a parenthesized-class unit defends {g.label(h)}", "9.5.4.B"
        armour = [u for u in stack if g.c(u).type in ("tank", "anti-tank")]
        if armour and any(u not in armour for u in stack):
            return f"combined arms defence in {g.label(h)}", "9.5.4.A"
    return None


def _hilltop(g: Game, s: Setup, side: str) -> str:
    """An occupied hilltop of `side` within two hexes of a defending hex, not itself attacked (9.3.3-9.3.4)."""
    if g.opts.hilltop_occupant == "participants":
        units = s.attackers if side == s.side else s.defenders
        hexes = sorted({g.hex_of[u] for u in units})
    else:
        hexes = sorted({g.hex_of[u] for u in g.on_map(side)})
    for h in hexes:
        if g.hm.terrain[h] != "hilltop" or h in s.targets:
            continue
        if any(g.hm.distance(h, t) <= 2 for t in s.targets):
            return g.label(h)
    return ""


def crt(g: Game) -> TableView:
    t = find_table(g.state.scenario.definition.tables, CRT)
    if not t.columns or not t.rows:
        raise NeedsData([common_pb2.NeededCell(
            table_id=CRT, table_title=t.table.title or "Combat Results Table", column=WHOLE_TABLE_COLUMN,
            row="(its rows)", reason="the CRT is not in the text: its ratio columns, terrain lines and dice rows "
            "are unknown",
            how_to_supply="Give the whole table in a table file (docs/tables.md: columns = the ratio columns as "
                          "printed, rows = '<terrain> <roll>'), at game creation (`--tables FILE`, CreateGame "
                          "`tables`) or in the scenario's definition.tables.")])
    return t


def odds_column(g: Game, t: TableView, attack: int, defense: int, net: int) -> tuple[str, str]:
    """(basic column, final column): rounded for the defender (9.0.E, AMBIG-2),
    clamped to the table's ends, then shifted and clamped again (9.7.A)."""
    if g.opts.low_odds == "literal" and 0 < attack < defense:
        base = odds(1, defense // attack, t.columns)
    else:
        base = odds(attack, defense, t.columns)
    idx, _ = clamp_column(base.index, len(t.columns))
    final, _ = clamp_column(idx + net, len(t.columns))
    return t.columns[idx], t.columns[final]


def dice_model(g: Game, t: TableView) -> str:
    """AMBIG-1: "sum" (rows 2..12) or "d66" (rows 11..66)."""
    if g.opts.combat_dice != "from-table":
        return g.opts.combat_dice
    rolls = {r.rsplit(" ", 1)[-1] for r in t.rows}
    if rolls and all(x.isdigit() and 2 <= int(x) <= 12 for x in rolls):
        return "sum"
    if rolls and all(len(x) == 2 and x.isdigit() and "1" <= x[0] <= "6" and "1" <= x[1] <= "6" for x in rolls):
        return "d66"
    raise MalformedInput("the CRT's rows must end in a roll: 2..12 (two dice added) or 11..66 (tens and units)", CRT)


def check_crt(g: Game) -> None:
    """A CRT given by the players must have a line per terrain of the map and a
    row per roll of its dice (AMBIG-1): refused at creation otherwise."""
    t = find_table(g.state.scenario.definition.tables, CRT)
    if not t.columns and not t.rows:
        return  # layout unknown: asked for when a combat needs it
    have = set(t.rows)
    for terrain in sorted(set(g.hm.terrain)):
        for row, _ in rows(g, t, terrain):
            if row not in have:
                raise MalformedInput(f"the CRT has no row {row!r}: it needs a line per terrain of the map ("
                                     f"{', '.join(sorted(set(g.hm.terrain)))}) and a row per roll of "
                                     f"{dice_model(g, t)} dice (option p3.amb1-combat-dice)", CRT)


def rows(g: Game, t: TableView, line: str) -> list[tuple[str, Fraction]]:
    model = dice_model(g, t)
    base = dice_sum_rows(2, 6) if model == "sum" else d66_rows(6)
    return [(f"{line} {r}", p) for r, p in base]


def roll_row(g: Game, t: TableView, line: str, d1: int, d2: int) -> str:
    return f"{line} {d1 + d2}" if dice_model(g, t) == "sum" else f"{line} {d1}{d2}"


@dataclass(frozen=True)
class Result:
    """A CRT result (9.8.3-9.8.5): per side the flexible number and the mandatory steps."""

    text: str
    bold: bool
    flexible: dict[str, int]
    mandatory: dict[str, int]


def parse_result(text: str, bold_mark: bool = False) -> Result:
    raw = text.strip()
    bold = bold_mark or raw.endswith("!")
    raw = raw.rstrip("!").strip()
    flex: dict[str, int] = {"A": 0, "D": 0}
    mand: dict[str, int] = {"A": 0, "D": 0}
    if raw not in ("-", "", "NE"):
        for part in raw.replace("/", " ").split():
            m = RESULT.match(part)
            if m is None:
                raise MalformedInput(f"CRT result {text!r}: {part!r} is not like 'A1', 'D2(2)' or 'A(1)' "
                                     "(a trailing '!' marks a breakthrough)", CRT)
            flex[m.group(1)] += int(m.group(2) or 0)
            mand[m.group(1)] += int(m.group(3) or 0)
    return Result(text.strip(), bold, flex, mand)


def check_result(text: str) -> None:
    parse_result(text)


def net(g: Game, s: Setup) -> tuple[int, list[action_pb2.Shift]]:
    c, dropped, types = claims(g, s)
    r = net_shifts(c, types)
    return r.net, list(r.shifts) + dropped


def sides_of(s: Setup) -> dict[str, str]:
    return {"A": s.side, "D": s.defender}


__all__ = ["Setup", "US"]
