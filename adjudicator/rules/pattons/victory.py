"""Victory (25.1, 25.2) at the end of the last Game-Turn.

Levels from -3 (German Decisive) to +3 (US Decisive). "Occupy or have been the
last to pass through" reads the history kept in `PattonsState.last_through`
(every entry into a tracked hex, AMBIG-44) and the occupants at the end; a hex
nobody of the US entered is not the US's (AMBIG-44: no setup flag needed).
The hexes are the text's; "east of the Saar" and "west of the Moselle" are map
tags (the rivers' courses are map data).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from adjudicator.rules.pattons import supply
from adjudicator.rules.pattons.cite import GERMAN, P3, US
from adjudicator.rules.pattons.model import EAST_OF_SAAR, METZ, WEST_OF_MOSELLE, Game

SUPPLY_HEX = "1017"  # 25.1.1.A
METZ_HEXES = ("0917", "0918", "1017")  # 25.1.2.A
FIVE = ("2022", "1527", "1819", "2125", "1209")  # 25.1.1.B
TEN = FIVE + ("1707", "2817", "2213", "2822", "2827")  # 25.1.3
EXTENDED_FOUR = ("1901", "1909", "2614", "2715")  # 25.2.1
EXTENDED_TWO = ("3010", "3004")  # 25.2.2
TRACKED = frozenset(METZ_HEXES + TEN + EXTENDED_FOUR + EXTENDED_TWO)
LEVELS = {-3: "German Decisive", -2: "German Substantive", -1: "German Marginal", 0: "Draw",
          1: "US Marginal", 2: "US Substantive", 3: "US Decisive"}


@dataclass
class Verdict:
    level: int
    reasons: list[str] = field(default_factory=list)
    cases: list[str] = field(default_factory=list)


def us_holds(g: Game, label: str) -> bool:
    h = g.hm.find(label)
    if h is None:
        return False
    if g.stack(h, US):
        return True
    if g.stack(h, GERMAN):
        return False
    return g.ext.last_through.get(label) == US


def german_supply_1017(g: Game) -> bool:
    """25.1.1.A/25.1.4: a hypothetical German unit in 1017 is in supply."""
    h = g.hm.find(SUPPLY_HEX)
    if h is None or g.stack(h, US):
        return False
    edge = set(supply.friendly_edge(g, GERMAN))
    if h in edge or any(n in edge for n in g.hm.neighbours(h)) or g.entrenched(h):
        return True  # 11.5.2, 11.5.3
    return supply.traced(g, GERMAN, h, extra=h) == supply.IN


def count(g: Game, hexes: tuple[str, ...]) -> int:
    return sum(1 for x in hexes if us_holds(g, x))


def _north(g: Game, h: int) -> bool:
    row = int(g.label(h)[-2:])
    return row <= 15 if g.opts.north == "lower-row" else row >= 17


def modifier_a(g: Game) -> bool:
    """25.1.8.A: three non-cadre US regiments/brigades east of the Saar, north of row 16."""
    units = [u for u in g.on_map(US) if g.c(u).large and not g.cadre(u) and EAST_OF_SAAR in g.hm.tags[g.hex_of[u]]
             and _north(g, g.hex_of[u])]
    return len(units) >= 3


def modifier_b(g: Game) -> bool:
    """25.1.8.B: any three German combat units west of the Moselle, not in entrenchment or Metz hexes."""
    units = [u for u in g.on_map(GERMAN) if WEST_OF_MOSELLE in g.hm.tags[g.hex_of[u]]
             and not g.entrenched(g.hex_of[u]) and METZ not in g.features(g.hex_of[u])]
    return len(units) >= 3


def base_level(g: Game) -> Verdict:
    """25.1.1-25.1.7."""
    v = Verdict(0)
    ten = count(g, TEN)
    if german_supply_1017(g):
        v.level = -3 if ten < 3 else -2 if ten < 5 else -1
        v.reasons.append(f"a German unit in {SUPPLY_HEX} would be in supply; the US holds {ten} of the ten towns")
        v.cases += ["25.1.4", "25.1.5", "25.1.6"]
        return v
    five = count(g, FIVE)
    metz = all(us_holds(g, x) for x in METZ_HEXES)
    ring = [h for h in g.metz_area() if METZ not in g.features(h)]
    german_ring = sum(1 for h in ring if g.stack(h, GERMAN))
    v.reasons.append(f"a German unit in {SUPPLY_HEX} would not be in supply; the US holds {five} of the five and "
                     f"{ten} of the ten towns, {'all' if metz else 'not all'} of Metz; Germans in {german_ring} of "
                     "the entrenchments around Metz")
    marginal = five >= 4
    substantive = marginal and metz and german_ring <= 3
    decisive_towns = ten >= 8 and (g.opts.decisive_towns == "replace" or five >= 4)
    decisive = metz and german_ring <= 3 and decisive_towns
    if decisive:
        v.level, v.cases = 3, ["25.1.3"]
    elif substantive:
        v.level, v.cases = 2, ["25.1.2"]
    elif marginal:
        v.level, v.cases = 1, ["25.1.1"]
    else:
        v.level, v.cases = 0, ["25.1.7"]
    return v


def level(g: Game) -> Verdict:
    v = base_level(g)
    decisive_1 = v.level == 3
    if not g.sc.extended and modifier_a(g):
        v.level += 1
        v.reasons.append("three US regiments/brigades east of the Saar and north of row 16: one level toward the US")
        v.cases.append("25.1.8.A")
    if modifier_b(g):
        v.level -= 1
        v.reasons.append("three German units west of the Moselle: one level toward Germany")
        v.cases.append("25.1.8.B")
    v.level = max(-3, min(3, v.level))  # AMBIG-42
    if g.sc.extended:
        v.level = max(-3, v.level - 2)  # 25.2.A
        v.reasons.append("extended scenario: two levels toward Germany")
        v.cases += ["25.2.A", "25.2.3"]
        if g.opts.extended == "shift-then-upgrade" and decisive_1:  # AMBIG-41
            four = count(g, EXTENDED_FOUR)
            if four >= 3:
                both = all(us_holds(g, x) for x in EXTENDED_TWO)
                v.level = max(v.level, 3 if both else 2)
                v.reasons.append(f"25.1 Decisive and {four} of the four extended town hexes"
                                 + (" and Neunkirchen and Nohfelden" if both else ""))
                v.cases.append("25.2.2" if both else "25.2.1")
    return v


def judge(g: Game) -> None:
    v = level(g)
    s = g.state
    s.finished = True
    s.phase = "over"
    s.active_side = ""
    s.result.winner = US if v.level > 0 else GERMAN if v.level < 0 else ""
    s.result.level = LEVELS[v.level].split()[-1].lower() if v.level else "draw"
    s.result.reason = f"{LEVELS[v.level]}: " + "; ".join(v.reasons)
    s.result.citation.CopyFrom(P3.cite(v.cases[-1] if v.cases else "25.0"))
    g.event("GAME_OVER", s.result.reason, v.cases or ["25.0"])
