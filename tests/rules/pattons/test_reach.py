"""Reach for both kinds of movement (5.1.C: tactical or strategic, never both):
the reach question answers a mode (ReachQuestion.mode), and reach and validate
never disagree (property over random positions, both modes): every location
reach lists is a legal move of exactly its cost in that mode, and every legal
move ends at a location reach lists, at no less than its cost.
ILLUSTRATIVE map and counters, SYNTHETIC tables."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.core import engine
from adjudicator.core.errors import MalformedInput, NeedsData
from adjudicator.rules.pattons.model import Game
from adjudicator.rules.pattons.moves import available_reinforcement, entry_choices
from tests.rules.pattons.helpers import RS, at, codes, move, synthetic_tables, with_cell
from umpire.v1 import state_pb2

CCA = "CCA/4"  # mechanized, MA 12 here
INF = "134/35/12"
GER = "126/48/13"
MODES = ("tactical", "strategic")


def test_5_5_reach_answers_strategic_movement_half_an_mp_per_road_hex_for_mechanized_units() -> None:
    st0 = at({CCA: "0117"}, phase="us-movement")
    tactical = {r.location: r.cost for r in RS.reach(st0, CCA, "tactical")}
    strategic = {r.location: r.cost for r in RS.reach(st0, CCA, "strategic")}
    assert RS.reach(st0, CCA) == RS.reach(st0, CCA, "tactical")  # "" is the tactical move (5.1.C)
    # Along the road 0117-0917 strategic movement pays 1/2 MP per hex (5.5.2), tactical 1 MP (5.4.3).
    assert tactical["0417"] == 3 and strategic["0417"] == 1.5
    assert len(strategic) > len(tactical)
    path = next(r.path for r in RS.reach(st0, CCA, "strategic") if r.location == "0917")
    v = engine.validate(st0, move("us", [CCA], list(path), mode="strategic"))
    assert v.legal and v.mp_total == strategic["0917"] == 4


def test_5_5_1_b_strategic_reach_keeps_three_hexes_from_every_enemy_unit() -> None:
    place = {CCA: "0117", "602/12": "0117", GER: "0620"}
    st0 = at(place, phase="us-movement")
    g = Game(st0)
    strategic = RS.reach(st0, CCA, "strategic")
    assert strategic and all(g.hm.distance(g.hex(r.location), g.hex("0620")) >= 3 for r in strategic)
    assert any(r.location == "0520" for r in RS.reach(st0, CCA, "tactical"))
    near = at({CCA: "0618", GER: "0620"}, phase="us-movement")
    locs, notes = RS.reach_with_notes(near, CCA, "strategic")
    assert locs == [] and notes[0].citation.rule_case == "5.5.1.B"


def test_reach_refuses_a_mode_a_move_would_refuse_and_other_rulesets_answer_the_ordinary_move_only() -> None:
    st0 = at({CCA: "0117"}, phase="us-movement")
    with pytest.raises(MalformedInput, match="'strategic'"):
        RS.reach(st0, CCA, "rail")
    from adjudicator.core.ruleset import get_ruleset

    nw = get_ruleset("nordwind-1945")
    assert nw.reach_modes == ("",)
    with pytest.raises(MalformedInput, match="reach answers the movement modes ''"):
        nw.reach(st0, CCA, "strategic")


def test_14_2_1_reach_of_a_reinforcement_whose_entry_hex_is_blocked_starts_from_every_hex_it_may_enter_by() -> None:
    st0 = at({GER: "0224"}, phase="us-movement", turn=3)
    st0.scenario.pattons.arrivals.add(turn=3, unit_ids=["101/26/12"], entry_hex="0124")
    g = Game(st0)
    choices = [g.label(h) for h in entry_choices(g, "101/26/12")]
    assert "0124" not in choices and len(choices) > 3  # in the German ZOC: within three hexes instead
    for mode in MODES:
        reached = {r.location: r.cost for r in RS.reach(st0, "101/26/12", mode)}
        for label in choices:
            v = engine.validate(st0, move("us", ["101/26/12"], [label], mode=mode))
            assert v.legal == (label in reached), (mode, label)
            assert not v.legal or v.mp_total == reached[label]


def test_5_2_5_a_reinforcement_that_entered_has_made_its_minimum_move() -> None:
    ts = with_cell(synthetic_tables(), "pattons-3rd-army/terrain", "clear", "non-mechanized", "8")
    st0 = at({GER: "1020"}, phase="us-movement", turn=3, tables=ts)
    st0.scenario.pattons.arrivals.add(turn=3, unit_ids=["101/26/12"], entry_hex="0124")
    assert Game(st0).hm.terrain[Game(st0).hex("0124")] == "clear"
    one = engine.validate(st0, move("us", ["101/26/12"], ["0124"]))
    assert one.legal and one.mp_total == 6  # 8 MP for its 6: the minimum move (5.2.5) spends them all
    assert codes(engine.validate(st0, move("us", ["101/26/12"], ["0124", "0224"]))) == ["OVER_ALLOWANCE"]
    assert [(r.location, r.cost) for r in RS.reach(st0, "101/26/12")] == [("0124", 6)]


# -- the property: reach and validate agree ---------------------------------------------------------

US_POOL = ["CCA/4", "CCB/6", "134/35/12", "329/83/20", "602/12", "737/12", "177/12", "696/12", "3/20"]
GER_POOL = ["126/48/13", "127/48/13", "110/11", "1/82", "405/13"]
AREA = [f"{c:02d}{r:02d}" for c in range(1, 13) for r in range(14, 28)]  # roads, a river, streams, woods, towns


def random_position(rng: random.Random) -> state_pb2.GameState:
    hexes = rng.sample(AREA, 12)
    place = {u: hexes[i] for i, u in enumerate(rng.sample(US_POOL, rng.randint(2, 5)))}
    for u in rng.sample(GER_POOL, rng.randint(0, 3)):
        place[u] = rng.choice(hexes[6:])
    markers = {u: [rng.choice(["oos", "isolated"])] for u in place if u in US_POOL and rng.random() < 0.25}
    tables = synthetic_tables()
    if rng.random() < 0.3:  # a TEC cell the game lacks: reach leaves it out, validate asks for it
        t = next(x for x in tables.tables if x.id == "pattons-3rd-army/terrain")
        kept = [c for c in t.cells if not (c.row == "woods" and c.column == "mechanized")]
        del t.cells[:]
        t.cells.extend(kept)
    st0 = at(place, phase="us-movement", turn=rng.randint(2, 11), mud=rng.random() < 0.3, markers=markers,
             tables=tables)
    if rng.random() < 0.4:  # a reinforcement entering this turn
        st0.scenario.pattons.arrivals.add(turn=st0.turn, unit_ids=["328/26/12"], entry_hex=rng.choice(
            ["0117", "0124", "0120"]))
    return st0


def walks(g: Game, start: int, rng: random.Random, n: int) -> list[list[int]]:
    out = []
    for _ in range(n):
        path, h = [], start
        for _ in range(rng.randint(1, 8)):
            nxt = [x for x in g.hm.neighbours(h) if x != start and x not in path]
            if not nxt:
                break
            h = rng.choice(nxt)
            path.append(h)
        out.append(path)
    return out


def agree(st0: state_pb2.GameState, rng: random.Random) -> int:
    """Check reach against validate for every US unit that may move, in both modes."""
    g = Game(st0)
    checked = 0
    units = sorted(u for u in g.units if g.side_of(u) == "us" and (u in g.hex_of or available_reinforcement(g, u)))
    for uid in units:
        for mode in MODES:
            try:
                locs, _ = RS.reach_with_notes(st0, uid, mode)
            except NeedsData:
                continue  # e.g. a reinforcement's entry cost the TEC lacks: validate asks for it too
            best = {r.location: r.cost for r in locs}
            for r in locs:  # every location listed is a legal move of exactly that cost
                v = engine.validate(st0, move("us", [uid], list(r.path), mode=mode))
                assert v.legal and v.mp_total == r.cost, (uid, mode, r.location, list(v.violations))
                checked += 1
            if uid in g.hex_of:
                starts = [(g.hex_of[uid], [])]
            else:
                entries = set(entry_choices(g, uid)) | {g.hex(available_reinforcement(g, uid))}
                starts = [(e, [e]) for e in sorted(entries)]
            for start, prefix in starts:
                for walk in walks(g, start, rng, 12):
                    path = [g.label(h) for h in prefix + walk]
                    if not path:
                        continue
                    try:
                        v = engine.validate(st0, move("us", [uid], path, mode=mode))
                    except NeedsData:
                        continue
                    if v.legal:  # every legal move ends where reach says, at no less than its cost
                        assert path[-1] in best, (uid, mode, path)
                        assert v.mp_total >= best[path[-1]], (uid, mode, path, v.mp_total, best[path[-1]])
                    checked += 1
    return checked


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_reach_and_validate_never_disagree_in_either_mode(seed: int) -> None:
    rng = random.Random(seed)
    assert agree(random_position(rng), rng) > 0


def test_5_5_2_a_a_strategic_moves_steps_cite_strategic_movement_not_the_tactical_cases() -> None:
    """5.4.2/5.4.3 are the tactical move's costs; a strategic move pays the TEC
    cost, or 1/2 MP along a road for a mechanized unit, under 5.5.2.A."""
    st0 = at({CCA: "0117"}, phase="us-movement")
    path = next(r.path for r in RS.reach(st0, CCA, "strategic") if r.location == "0417")
    v = engine.validate(st0, move("us", [CCA], list(path), mode="strategic"))
    assert v.legal
    cited = {n.citation.rule_case for step in v.path for n in step.notes}
    assert cited == {"5.5.2.A"}
    tactical = engine.validate(st0, move("us", [CCA], list(path)))
    assert {n.citation.rule_case for step in tactical.path for n in step.notes} <= {"5.4.2", "5.4.3"}  # tactically
