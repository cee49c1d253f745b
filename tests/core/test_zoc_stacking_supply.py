"""ZOC spreading with exceptions, stacking alternatives, supply tracing.
Maps and limits here are SYNTHETIC unless a rule case is named."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.core.hexmap import HexMap
from adjudicator.core.stacking import StackLimit, minimal_removals, overstacked, valid_removal
from adjudicator.core.supply import SupplyNet, trace
from adjudicator.core.zoc import negated, occupancy, side_mask, surrounded, zoc_field
from tests.core.hexfixtures import game_map, random_maps


def test_zoc_reaches_neighbours_except_blocked_sides_and_lone_weak_units() -> None:
    hm = HexMap(game_map(8, 8, sides=[("0404", "0405", ["rhine"])]))
    a = hm.hex_id("0404")
    z = zoc_field(hm, [(a, True)], side_mask(hm, {"rhine"}))
    assert z[a] == 1
    assert {h for h in range(hm.n) if z[h]} == {a, *hm.neighbours(a)} - {hm.hex_id("0405")}
    only_own = zoc_field(hm, [(a, False)])
    assert [h for h in range(hm.n) if only_own[h]] == [a]


def test_zoc_counts_sources_and_friendly_negation() -> None:
    hm = HexMap(game_map(8, 8))
    a, b = hm.hex_id("0404"), hm.hex_id("0406")
    z = zoc_field(hm, [(a, True), (b, True)])
    shared = hm.hex_id("0405")
    assert z[shared] == 2
    friendly = occupancy(hm, [shared])
    assert negated(z, friendly)[shared] == 0 and negated(z, friendly)[a] == 1


def test_surrounded_needs_every_neighbour_covered() -> None:
    hm = HexMap(game_map(8, 8))
    h = hm.hex_id("0404")
    covered = occupancy(hm, hm.neighbours(h))
    assert surrounded(hm, h, covered)
    covered[hm.neighbours(h)[0]] = 0
    assert not surrounded(hm, h, covered)
    edge = hm.hex_id("0101")
    assert not surrounded(hm, edge, occupancy(hm, hm.neighbours(edge)))
    assert surrounded(hm, edge, occupancy(hm, hm.neighbours(edge)), off_map_counts=True)


NORDWIND_LIKE = StackLimit(({"regiment": 3, "battalion": 1}, {"regiment": 2, "battalion": 2}))


def test_stacking_alternatives() -> None:
    cat = {"r1": "regiment", "r2": "regiment", "r3": "regiment", "b1": "battalion", "b2": "battalion",
           "m": "marker"}.__getitem__
    fits = lambda units: not overstacked({"x": units}, NORDWIND_LIKE, cat)  # noqa: E731
    assert fits(["r1", "r2", "r3", "b1"])
    assert fits(["r1", "r2", "b1", "b2"])
    assert fits(["r1", "r2", "r3", "b1", "m"])  # markers do not count
    assert not fits(["r1", "r2", "r3", "b1", "b2"])
    assert not fits(["r1", "r2", "r3", "r3", "b1"])
    stack = ["r1", "r2", "r3", "b1", "b2"]
    assert set(minimal_removals(stack, NORDWIND_LIKE, cat)) == {("r1",), ("r2",), ("r3",), ("b1",), ("b2",)}
    assert valid_removal(stack, ["b2"], NORDWIND_LIKE, cat) is None
    assert "could stay" in (valid_removal(stack, ["b2", "r1"], NORDWIND_LIKE, cat) or "")
    assert "exceed" in (valid_removal(stack, [], NORDWIND_LIKE, cat) or "")


def test_supply_is_blocked_by_enemy_and_unnegated_zoc_and_uses_extra_links() -> None:
    hm = HexMap(game_map(6, 1, sides=[("0501", "0601", ["rhine"])]))
    net = SupplyNet.build(hm, side_open=bytearray(1 - x for x in side_mask(hm, {"rhine"})))
    cells = [hm.hex_id(f"0{c}01") for c in range(1, 7)]
    source = [cells[0]]
    assert [trace(net, source)[h] for h in cells] == [1, 1, 1, 1, 1, 0]
    ferry = trace(net, source, extra_links={cells[4]: [cells[5]]})
    assert ferry[cells[5]] == 1
    zoc = bytearray(hm.n)
    zoc[cells[2]] = 1
    friendly = bytearray(hm.n)
    blocked = negated(zoc, friendly)
    assert [trace(net, source, blocked)[h] for h in cells] == [1, 1, 0, 0, 0, 0]
    friendly[cells[2]] = 1  # a friendly unit negates the ZOC for supply
    assert trace(net, source, negated(zoc, friendly))[cells[4]] == 1


@settings(max_examples=30, deadline=None)
@given(random_maps(), st.data())
def test_multi_source_trace_equals_per_unit_searches(hm: HexMap, data: st.DataObject) -> None:
    n = hm.n
    blocked = bytearray(data.draw(st.lists(st.sampled_from([0, 0, 1]), min_size=n, max_size=n)))
    sources = data.draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=3))
    net = SupplyNet.build(hm)
    reached = trace(net, sources, blocked)
    for h in range(n):
        if blocked[h]:
            assert not reached[h]
            continue
        passable = bytearray(0 if b else 1 for b in blocked)
        field = hm.distance_field([h], passable)
        assert bool(reached[h]) == any(field[s] >= 0 and not blocked[s] for s in sources)


def test_removals_by_any_fit_predicate() -> None:
    from adjudicator.core.stacking import minimal_removals_by, valid_removal_by

    # SYNTHETIC limit: at most two units, and "x" only with "y".
    def fits(rest: list[str]) -> bool:
        return len(rest) <= 2 and ("x" not in rest or "y" in rest)

    units = ["x", "y", "z"]
    assert sorted(minimal_removals_by(units, fits)) == [("x",), ("z",)]
    assert valid_removal_by(units, ["z"], fits) is None
    assert valid_removal_by(units, ["y"], fits) == "the remaining units still exceed the stacking limit"
    assert valid_removal_by(units, ["x", "z"], fits) == "x could stay: eliminate only the excess"
