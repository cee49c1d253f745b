"""The obligation to attack (9.0.A, 9.1.1, 9.1.2, 9.2.1, 9.1.4 with 7.2.1.A,
9.1.3, 9.2.5, 9.6.1) under the three readings of AMBIG-14 (`p3.amb14-mandatory`):
'max-cover' (default: no declaration may lower the number of enemy hexes the
phase can still cover), 'coverable' (checked hex by hex at the end of the
phase only) and 'off'. ILLUSTRATIVE map and counters, SYNTHETIC CRT.

The last test checks 'max-cover' against an exhaustive search: on random
small positions, every sequence of engine-legal declarations (combat.check)
is tried, and the most hexes any of them covers must be what the rule counts,
and a declaration must be refused exactly when it lowers that maximum."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable

from adjudicator.core import engine
from adjudicator.core.verdicts import VerdictBuilder
from adjudicator.rules.pattons import combat, obligation
from adjudicator.rules.pattons.cite import other
from adjudicator.rules.pattons.model import Game
from tests.rules.pattons.helpers import apply, at, attack, codes, end, model, roll_to_result, uniform_crt, unit
from umpire.v1 import action_pb2, state_pb2

G1, G2, G3 = "126/48/13", "127/48/13", "128/48/13"
US1, US2, US3 = "134/35/12", "137/35/12", "320/35/12"
MANDATORY = "p3.amb14-mandatory"


def multi(side: str, targets: Iterable[str], attackers: Iterable[str]) -> action_pb2.Action:
    a = action_pb2.Action(side=side)
    a.pattons.attack.targets.extend(targets)
    a.pattons.attack.attackers.extend(attackers)
    return a


def fought(st: state_pb2.GameState, action: action_pb2.Action) -> state_pb2.GameState:
    """`st` after the attack and its roll (every CRT cell '-': nobody moves)."""
    return roll_to_result(apply(st, action, dice=[2, 2, 2, 2]).state).state


# 134 in 0403 touches 0404 (126) and 0402 (127); 137 in 0405 touches 0404 only.
DODGE = {US1: "0403", US2: "0405", G1: "0404", G2: "0402"}


def dodge(option: str = "") -> state_pb2.GameState:
    st = at(DODGE, tables=uniform_crt("-"), options={MANDATORY: option} if option else None)
    st.pattons.air_points["german"] = 0
    return st


def test_9_2_1_a_unit_next_to_two_enemy_hexes_may_not_spend_itself_on_one_and_let_the_other_escape() -> None:
    v = engine.validate(dodge(), attack("us", "0404", [US1]))
    assert codes(v) == ["MANDATORY_ATTACK"] and v.violations[0].subject == "0402"
    assert v.violations[0].citation.rule_case == "9.2.1"
    text = v.violations[0].message
    assert "leave 0402 unattacked" in text and US1 in text
    assert all(case in text for case in ("9.1.1", "9.1.2", "9.1.4", "9.2.5", "7.2.1.A"))
    # Plans that cover both hexes: 134 takes both in one combat (9.2.5), or 137 takes 0404 and 134 0402.
    assert engine.validate(dodge(), multi("us", ["0404", "0402"], [US1])).legal
    after = fought(dodge(), attack("us", "0404", [US2]))
    assert codes(engine.validate(after, end("us"))) == ["MANDATORY_ATTACK"]
    assert engine.validate(after, attack("us", "0402", [US1])).legal
    assert engine.validate(fought(after, attack("us", "0402", [US1])), end("us")).legal


def test_9_1_1_read_hex_by_hex_the_same_attack_lets_0402_escape() -> None:
    st = dodge("coverable")
    assert engine.validate(st, attack("us", "0404", [US1])).legal
    after = fought(st, attack("us", "0404", [US1]))
    assert "attacked" in unit(after, US1).markers
    # 0402 is next to no unit that could still attack it: the phase may end with it unattacked.
    assert engine.validate(after, end("us")).legal
    assert codes(engine.validate(after, attack("us", "0402", [US1]))) == ["ALREADY_ATTACKED"]
    # Under 'max-cover' the same position is refused before the combat (the previous test).


def test_amb14_off_leaves_the_obligation_to_the_players() -> None:
    st = dodge("off")
    assert engine.validate(st, end("us")).legal
    assert engine.validate(st, attack("us", "0404", [US1])).legal


def test_9_1_1_every_reading_but_off_keeps_the_phase_open_while_a_coverable_hex_is_unattacked() -> None:
    for option in ("max-cover", "coverable"):
        v = engine.validate(dodge(option), end("us"))
        assert codes(v) == ["MANDATORY_ATTACK", "MANDATORY_ATTACK"], option
        assert sorted(x.subject for x in v.violations) == ["0402", "0404"]
        assert v.violations[0].citation.rule_case == "9.1.1"


def test_7_2_1_a_a_second_regiment_of_the_hex_cannot_cover_but_a_battalion_can() -> None:
    two = {US1: "0403", US3: "0403", G1: "0404", G2: "0402"}
    v = engine.validate(at(two), attack("us", "0404", [US1]))
    assert codes(v) == ["MANDATORY_ATTACK"] and v.violations[0].subject == "0402"
    assert US3 in v.violations[0].message  # 320 is spent too: it sits the phase out (7.2.2.C)
    with_battalion = {**two, "602/12": "0403"}  # battalions always may attack (7.2.1.B)
    assert engine.validate(at(with_battalion), attack("us", "0404", [US1])).legal


def test_9_1_1_an_enemy_hex_no_plan_can_reach_is_not_demanded() -> None:
    """The digest's default: when no plan attacks every adjacent hex, the plan
    that covers the most is accepted (here 134 has attacked already)."""
    place = {US1: "0403", US2: "0405", G1: "0404", G2: "0402"}
    st = at(place, markers={US1: ["attacked"]}, tables=uniform_crt("-"))
    st.pattons.air_points["german"] = 0
    v = engine.validate(st, end("us"))
    assert [x.subject for x in v.violations] == ["0404"]  # 0402 is out of reach, 0404 is not
    assert engine.validate(st, attack("us", "0404", [US2])).legal
    assert engine.validate(fought(st, attack("us", "0404", [US2])), end("us")).legal


def test_9_1_3_a_unit_in_a_town_covers_nothing_but_may_attack_first() -> None:
    # 10/5/20 in the town 0714 and 134 in 0614 both touch 0715 (126) and 0613 (127).
    g = model(at({}))
    assert g.hm.terrain[g.hex("0714")] == "town" and g.hm.terrain[g.hex("0614")] != "town"
    for h in ("0714", "0614"):
        assert {"0613", "0715"} <= {g.label(n) for n in g.hm.neighbours(g.hex(h))}
    place = {"10/5/20": "0714", US1: "0614", G1: "0715", G2: "0613"}
    st = at(place, tables=uniform_crt("-"))
    st.pattons.air_points["german"] = 0
    v = engine.validate(st, attack("us", "0613", [US1]))
    assert codes(v) == ["MANDATORY_ATTACK"] and v.violations[0].subject == "0715"
    assert "10/5/20" not in v.violations[0].message  # exempt (9.1.3.A): never obliged, so no cover
    first = fought(st, attack("us", "0715", ["10/5/20"]))  # the town unit attacks of its own accord
    assert engine.validate(first, attack("us", "0613", [US1])).legal


def test_9_6_1_artillery_covers_only_when_adjacent_at_the_start_of_the_combat_phase() -> None:
    place = {US1: "0403", "177/12": "0403", G1: "0404", G2: "0402"}
    opts = {"p3.amb13-adjacent-artillery": "extra"}  # the artillery does not take the regiment's slot
    assert codes(engine.validate(at(place, options=opts), attack("us", "0404", [US1]))) == ["MANDATORY_ATTACK"]
    adjacent = at(place, options=opts, markers={"177/12": ["art-adjacent"]})
    assert engine.validate(adjacent, attack("us", "0404", [US1])).legal  # 177 must (and can) attack 0402
    assert codes(engine.validate(adjacent, attack("us", "0404", [US1, "177/12"]))) == ["MANDATORY_ATTACK"]


def test_amb14_the_legal_examples_always_let_the_combat_phase_be_played_out() -> None:
    rs = engine.ruleset_of(dodge())
    st = dodge()
    for _ in range(6):
        examples = [la for la in rs.legal_actions(st, "us") if la.kind != "end_phase"]
        if not examples:
            break
        for la in examples:
            assert engine.validate(st, la.example).legal, la.description
        st = fought(st, examples[0].example)
    assert "end_phase" in [la.kind for la in rs.legal_actions(st, "us")]
    assert set(st.pattons.attacked_hexes) == {"0402", "0404"}


# -- the exhaustive check -----------------------------------------------------------------------

AREA = [f"{c:02d}{r:02d}" for c in (6, 7, 8) for r in (13, 14, 15, 16)]  # town 0714, entrenchments 0816
POOLS = {
    "us": ["134/35/12", "137/35/12", "320/35/12", "602/12", "737/12", "177/12", "10/5/20"],
    "german": ["126/48/13", "127/48/13", "128/48/13", "1/82", "1039/82", "405/13", "87/36/13"],
}


def declared(st: state_pb2.GameState, side: str, targets: list[int], attackers: list[str]) -> state_pb2.GameState:
    """The bookkeeping of a declaration and its combat (resolve.apply_attack and
    apply_roll), without the combat's result: what the next declaration sees."""
    out = state_pb2.GameState()
    out.CopyFrom(st)
    g = Game(out)
    for u in attackers:
        if combat.counts_as_large(g, u):
            h = g.hex_of[u]
            g.ext.attack_slots.append(g.label(h))
            for o in g.stack(h, side):
                if o != u and g.large(o) and not g.c(o).artillery and o not in attackers:
                    g.mark(o, "sitout")
        g.mark(u, "attacked")
    g.ext.attacked_hexes.extend(g.label(t) for t in targets)
    return out


def declarations(g: Game, side: str, units: list[str]) -> list[tuple[list[int], list[str]]]:
    """Every declaration combat.check accepts with attackers among `units`."""
    enemy = other(side)
    hexes = [h for h in sorted(g.at) if obligation.attackable(g, h, enemy)]
    out = []
    for k in range(1, len(units) + 1):
        for who in itertools.combinations(units, k):
            near = [h for h in hexes if all(g.hm.distance(g.hex_of[u], h) == 1 for u in who)]
            for j in range(1, len(near) + 1):
                for targets in itertools.combinations(near, j):
                    if combat.check(g, side, [g.label(t) for t in targets], list(who), [], VerdictBuilder()):
                        out.append((list(targets), list(who)))
    return out


def most_covered(st: state_pb2.GameState, side: str, wanted: frozenset[int], memo: dict[bytes, int]) -> int:
    """The most hexes of `wanted` any sequence of declarations by units that must
    attack (combat.obliged, not exempt) covers from `st` (exhaustive)."""
    key = st.SerializeToString(deterministic=True) + repr(sorted(wanted)).encode()
    if key in memo:
        return memo[key]
    g = Game(st)
    units = sorted(u for u in g.on_map(side) if combat.obliged(g, u)
                   and not combat.exempt_from_attacking(g, g.hex_of[u], side))
    best = 0
    for targets, who in declarations(g, side, units):
        got = len(wanted & set(targets))
        if got:
            best = max(best, got + most_covered(declared(st, side, targets, who), side, wanted - set(targets), memo))
    memo[key] = best
    return best


def random_position(rng: random.Random) -> tuple[state_pb2.GameState, str]:
    side = rng.choice(["us", "german"])
    enemy = other(side)
    hexes = rng.sample(AREA, len(AREA))
    place: dict[str, str] = {}
    mine = rng.sample(POOLS[side], rng.randint(1, 4))
    theirs = rng.sample(POOLS[enemy], rng.randint(1, 4))
    own_hexes, enemy_hexes = hexes[:3], hexes[3:7]
    for u in mine:
        place[u] = rng.choice(own_hexes)
    for u in theirs:
        place[u] = rng.choice(enemy_hexes)
    markers: dict[str, list[str]] = {}
    for u in mine:
        if rng.random() < 0.15:
            markers[u] = ["attacked"]
    st = at(place, phase=f"{side}-combat", markers=markers)
    g = Game(st)
    for u in mine:  # 9.6.2.A, as begin_combat marks it
        if g.c(u).artillery and any(g.stack(n, enemy) for n in g.hm.neighbours(g.hex_of[u])):
            unit(st, u).markers.append("art-adjacent")
    return st, side


def test_amb14_max_cover_is_the_exhaustive_maximum_and_refuses_exactly_what_lowers_it() -> None:
    rng = random.Random(9)
    checked = refused = 0
    for _ in range(60):
        st, side = random_position(rng)
        g = Game(st)
        open_now = frozenset(h for h, _ in obligation.open_hexes(g, side))
        if not open_now:
            continue
        memo: dict[bytes, int] = {}
        assert most_covered(st, side, open_now, memo) == len(open_now)  # every open hex can be covered
        may = sorted(u for u in g.on_map(side) if combat.may_attack(g, u))
        for targets, who in declarations(g, side, may):
            after = declared(st, side, targets, who)
            best_after = len(open_now & set(targets)) + most_covered(after, side, open_now - set(targets), memo)
            lost = obligation.left_open(g, side, targets, who)
            assert (best_after < len(open_now)) == bool(lost), (targets, who)
            assert len(open_now) - best_after == len(lost)
            checked += 1
            refused += bool(lost)
    assert checked > 120 and 0 < refused < checked
