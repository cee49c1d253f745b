"""Least-cost movement: reachable hexes and path validation agree with each other
and with a networkx reference on random maps (both orientations and staggers).
Costs here are SYNTHETIC (half-MP units), not any game's."""

from __future__ import annotations

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.core.hexmap import HexMap
from adjudicator.core.movement import (
    CostTable,
    MoveContext,
    build_costs,
    destinations,
    reach,
    validate_path,
)
from tests.core.hexfixtures import game_map, random_maps

TERRAIN = {"clear": 2, "wooded": 4, "difficult": 6, "lake": None}


def synthetic_costs(hm: HexMap) -> CostTable:
    def side(h: int, d: int, feats: frozenset[str]) -> int | None:
        if "wall" in feats:
            return None
        return 6 if "river" in feats else 0

    return build_costs(
        hm,
        scale=2,
        terrain_cost=lambda h: TERRAIN[hm.terrain[h]],
        side_cost=side,
        road_cost=lambda h, d, kinds: 1,
    )


def reference(ct: CostTable, ctx: MoveContext, start: int, budget: int) -> dict[int, int]:
    """The same question answered by networkx Dijkstra with a weight function."""
    hm = ct.hexmap
    g = nx.DiGraph()
    for h in range(hm.n):
        for d in range(6):
            t = hm.nbr[h * 6 + d]
            if t >= 0:
                g.add_edge(h, t, e=h * 6 + d)
    zoc = ctx.zoc or bytes(hm.n)
    blocked = ctx.blocked or bytes(hm.n)
    denied = ctx.road_denied or bytes(hm.n)

    def weight(u: int, v: int, data: dict[str, int]) -> float | None:
        e = data["e"]
        if u != start and (zoc[u] and ctx.zoc_stop):
            return None
        if blocked[v]:
            return None
        if zoc[u] and zoc[v] and (not ctx.zoc_to_zoc or e in ctx.zoc_to_zoc_banned_edges):
            return None
        if e in ctx.edge_cost:
            step = ctx.edge_cost[e]
        else:
            options = []
            if ct.side[e] >= 0 and ct.enter[v] >= 0:
                options.append(ct.enter[v] + ct.side[e])
            if ct.road[e] >= 0 and not denied[v]:
                options.append(ct.road[e])
            if not options:
                return None
            step = min(options)
        if zoc[u]:
            step += ctx.zoc_exit
        if zoc[v]:
            step += ctx.zoc_enter
        if e not in ctx.extra_exempt_edges:
            step += ctx.exit_extra.get(u, 0) + ctx.enter_extra.get(v, 0)
        return step

    dist = nx.single_source_dijkstra_path_length(g, start, cutoff=budget, weight=weight)
    return {h: int(c) for h, c in dist.items()}


contexts = st.fixed_dictionaries(
    {
        "zoc_stop": st.booleans(),
        "zoc_to_zoc": st.booleans(),
        "zoc_enter": st.integers(0, 4),
        "zoc_exit": st.integers(0, 4),
    }
)


@settings(max_examples=60, deadline=None)
@given(random_maps(), contexts, st.data())
def test_reach_matches_networkx_and_every_path_validates(hm: HexMap, flags: dict[str, int], data: st.DataObject) -> None:
    ct = synthetic_costs(hm)
    n = hm.n
    start = data.draw(st.integers(0, n - 1))
    zoc = bytearray(data.draw(st.lists(st.sampled_from([0, 0, 1]), min_size=n, max_size=n)))
    blocked = bytearray(data.draw(st.lists(st.sampled_from([0, 0, 0, 1]), min_size=n, max_size=n)))
    blocked[start] = 0
    denied = bytearray(data.draw(st.lists(st.sampled_from([0, 1]), min_size=n, max_size=n)))
    extra = data.draw(st.dictionaries(st.integers(0, n - 1), st.integers(1, 3), max_size=6))
    extra_out = data.draw(st.dictionaries(st.integers(0, n - 1), st.integers(1, 3), max_size=6))
    exempt = frozenset(data.draw(st.lists(st.integers(0, 6 * n - 1), max_size=12)))
    ctx = MoveContext(blocked=blocked, zoc=zoc, road_denied=denied, enter_extra=extra, exit_extra=extra_out,
                      extra_exempt_edges=exempt, **flags)  # type: ignore[arg-type]
    budget = data.draw(st.integers(0, 24))

    r = reach(ct, ctx, start, budget)
    assert r.cost == reference(ct, ctx, start, budget)
    for h, c in r.cost.items():
        assert c <= budget  # reachable set within the allowance
        check = validate_path(ct, ctx, start, r.path_to(h), budget)
        assert check.ok, check.error
        assert check.total == c


def _plain(**terrain: str) -> tuple[HexMap, CostTable]:
    hm = HexMap(game_map(8, 8, terrain=terrain))
    return hm, synthetic_costs(hm)


def test_zoc_entry_stops_and_zoc_to_zoc_is_banned() -> None:
    hm, ct = _plain()
    a, b, c = hm.hex_id("0404"), hm.hex_id("0405"), hm.hex_id("0406")
    zoc = bytearray(hm.n)
    zoc[b] = zoc[c] = 1
    ctx = MoveContext(zoc=zoc, zoc_exit=2)
    r = reach(ct, ctx, a, 20)
    assert r.cost[b] == 2 and c not in {h for h in r.cost if r.parent[h] == b}
    bad = validate_path(ct, ctx, a, [b, c], 20)
    assert bad.error is not None and bad.error.code == "STOPPED" and bad.error.index == 1
    # Starting in EZOC: leaving costs +exit, moving into another EZOC hex is banned.
    out = validate_path(ct, ctx, b, [c], 20)
    assert out.error is not None and out.error.code == "ZOC_TO_ZOC"
    leave = validate_path(ct, ctx, b, [hm.hex_id("0305")], 20)
    assert leave.ok and leave.total == 4 and [p.kind for p in leave.steps[0].parts] == ["zoc-exit", "terrain"]


def test_a_unit_whose_move_ended_reaches_nothing_and_validates_nothing() -> None:
    """One cost model for both questions: a unit that stopped earlier in the
    phase (Nordwind 4.2) has no destination in `reach`, and `validate_path`
    refuses its first step, whatever MP it has left."""
    hm, ct = _plain()
    a = hm.hex_id("0404")
    ctx = MoveContext(stopped=True)
    r = reach(ct, ctx, a, 20)
    assert r.cost == {a: 0} and destinations(ct, ctx, r) == {}
    for t in hm.neighbours(a):
        check = validate_path(ct, ctx, a, [t], 20)
        assert check.error is not None and (check.error.code, check.error.index) == ("STOPPED", 0)
    assert validate_path(ct, ctx, a, [], 20).ok  # no step taken: nothing to refuse


def test_infiltration_passes_through_zoc_paying_each_exit() -> None:
    hm, ct = _plain()
    path = [hm.hex_id(x) for x in ("0405", "0406", "0407")]
    zoc = bytearray(hm.n)
    for h in path[:2]:
        zoc[h] = 1
    ctx = MoveContext(zoc=zoc, zoc_exit=2, zoc_stop=False, zoc_to_zoc=True)
    check = validate_path(ct, ctx, hm.hex_id("0404"), path, 20)
    assert check.ok and check.total == 2 + (2 + 2) + (2 + 2)


def test_road_rate_denied_pays_the_terrain() -> None:
    hm = HexMap(game_map(8, 8, terrain={"0405": "wooded"}, roads=[("0404", "0405", "road")]))
    ct = synthetic_costs(hm)
    a, b = hm.hex_id("0404"), hm.hex_id("0405")
    assert validate_path(ct, MoveContext(), a, [b], 20).total == 1
    denied = bytearray(hm.n)
    denied[b] = 1
    check = validate_path(ct, MoveContext(road_denied=denied), a, [b], 20)
    assert check.total == 4 and check.steps[0].parts[0].kind == "road-denied"


def test_override_edge_crosses_an_impassable_side() -> None:
    hm = HexMap(game_map(8, 8, sides=[("0404", "0405", ["wall"])]))
    ct = synthetic_costs(hm)
    a, b = hm.hex_id("0404"), hm.hex_id("0405")
    assert validate_path(ct, MoveContext(), a, [b], 20).error.code == "IMPASSABLE_HEXSIDE"  # type: ignore[union-attr]
    e = a * 6 + (hm.direction(a, b) or 0)
    assert reach(ct, MoveContext(), a, 20).cost[b] == 4  # around the wall
    ctx = MoveContext(edge_cost={e: 1}, edge_label={e: "ferry"})
    assert reach(ct, ctx, a, 20).cost[b] == 1
    check = validate_path(ct, ctx, a, [b], 20)
    assert check.ok and check.total == 1 and check.steps[0].parts[0].detail == "ferry"


def test_minimum_move_and_end_restrictions() -> None:
    hm, ct = _plain(**{"0405": "difficult"})
    a, b = hm.hex_id("0404"), hm.hex_id("0405")
    assert b not in reach(ct, MoveContext(), a, 4).cost
    r = reach(ct, MoveContext(minimum_move=True), a, 4)
    assert r.cost[b] == 4 and b in r.minimum
    assert validate_path(ct, MoveContext(minimum_move=True), a, [b], 4).minimum_move
    end_ok = bytearray([1]) * hm.n
    end_ok[hm.hex_id("0403")] = 0
    ctx = MoveContext(end_ok=end_ok)
    assert hm.hex_id("0403") not in destinations(ct, ctx, reach(ct, ctx, a, 4))
    assert validate_path(ct, ctx, a, [hm.hex_id("0403")], 4).error.code == "CANNOT_END_HERE"  # type: ignore[union-attr]


def test_first_illegal_step_is_reported_with_running_totals() -> None:
    hm = HexMap(game_map(8, 8, terrain={"0406": "lake"}))
    ct = synthetic_costs(hm)
    path = [hm.hex_id(x) for x in ("0405", "0406", "0407")]
    check = validate_path(ct, MoveContext(), hm.hex_id("0404"), path, 20)
    assert check.error is not None and check.error.index == 1 and check.error.code == "IMPASSABLE_TERRAIN"
    assert check.total == 2 and len(check.steps) == 1
    over = validate_path(ct, MoveContext(), hm.hex_id("0404"), [hm.hex_id("0405"), hm.hex_id("0505")], 3)
    assert over.error is not None and over.error.code == "OVER_ALLOWANCE" and over.error.index == 1
    far = validate_path(ct, MoveContext(), hm.hex_id("0404"), [hm.hex_id("0707")], 20)
    assert far.error is not None and far.error.code == "NOT_ADJACENT"


def test_extra_costs_are_not_charged_across_exempt_edges() -> None:
    """Per-hex extras (Traces 7.2 interdiction: +1 to enter, +1 to leave) may be
    waived across chosen edges (7.2: no effect on river crossings)."""
    hm, ct = _plain()
    a, b, c = (hm.hex_id(x) for x in ("0404", "0405", "0406"))
    ctx = MoveContext(enter_extra={b: 2, c: 2}, exit_extra={b: 2})
    check = validate_path(ct, ctx, a, [b, c], 40)
    assert check.ok and check.total == (2 + 2) + (2 + 2 + 2)
    e_bc = b * 6 + (hm.direction(b, c) or 0)
    waived = MoveContext(enter_extra={b: 2, c: 2}, exit_extra={b: 2}, extra_exempt_edges=frozenset({e_bc}))
    check = validate_path(ct, waived, a, [b, c], 40)
    assert check.ok and check.total == (2 + 2) + 2
    assert [p.kind for p in check.steps[1].parts] == ["terrain"]
    assert reach(ct, waived, a, 40).cost[c] == 6  # = validate_path's total (other routes cost 2 + 2 + 2 too)


def test_mp_units_reads_printed_costs_in_the_tables_units() -> None:
    import pytest

    from adjudicator.core.errors import MalformedInput
    from adjudicator.core.movement import mp_units

    assert (mp_units("1/2", 2), mp_units("+3", 2), mp_units(" 2 ", 1)) == (1, 6, 2)
    for bad, scale in (("1/3", 2), ("x", 2), ("-1", 2), ("1/2", 1)):
        with pytest.raises(MalformedInput, match="movement cost"):
            mp_units(bad, scale, "TEC")
