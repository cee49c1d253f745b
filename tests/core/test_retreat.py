"""Retreat path enumeration with ordered priorities; advance paths.
Maps are SYNTHETIC."""

from __future__ import annotations

from adjudicator.core.hexmap import HexMap
from adjudicator.core.retreat import (
    OFF_MAP,
    RetreatRules,
    advance_paths,
    away_from,
    best,
    ends_where,
    fewest_ezoc,
    retreat_paths,
    toward,
)
from adjudicator.core.zoc import occupancy
from tests.core.hexfixtures import game_map


def _map() -> HexMap:
    return HexMap(game_map(8, 8))


def test_paths_have_exact_length_avoid_enemies_and_count_ezoc() -> None:
    hm = _map()
    start = hm.hex_id("0404")
    enemy = hm.hex_id("0403")
    enterable = bytearray([1]) * hm.n
    enterable[enemy] = 0
    zoc = occupancy(hm, [enemy, *hm.neighbours(enemy)])
    paths = retreat_paths(hm, start, 2, RetreatRules(enterable=enterable, zoc=zoc))
    assert paths and all(len(p.hexes) == 2 and enemy not in p.hexes and start not in p.hexes for p in paths)
    for p in paths:
        assert p.ezoc == sum(1 for h in p.hexes if zoc[h])
    friendly = occupancy(hm, [h for h in hm.neighbours(start) if zoc[h]])
    negated = retreat_paths(hm, start, 1, RetreatRules(enterable=enterable, zoc=zoc, negates=friendly))
    assert all(p.ezoc == 0 for p in negated)


def test_priorities_apply_in_order() -> None:
    hm = _map()
    start = hm.hex_id("0404")
    enemy = hm.hex_id("0403")
    enterable = bytearray([1]) * hm.n
    enterable[enemy] = 0
    zoc = occupancy(hm, [enemy, *hm.neighbours(enemy)])
    south = hm.distance_field(hm.edge_hexes("south"))
    rules = RetreatRules(enterable=enterable, zoc=zoc)
    paths = retreat_paths(hm, start, 2, rules)
    top = best(paths, [fewest_ezoc(), toward(south), away_from(hm.distance_field([enemy]))])
    assert top and all(p.ezoc == 0 for p in top)
    assert all(south[p.end] == min(south[q.end] for q in paths if q.ezoc == 0) for p in top)
    assert {hm.labels[p.end] for p in top} == {"0306", "0406", "0506"}  # a true three-way tie
    # An end-hex restriction ranked first wins over everything after it.
    ok = bytearray(hm.n)
    ok[hm.hex_id("0205")] = 1
    first = best(paths, [ends_where(ok), fewest_ezoc()])
    assert {hm.labels[p.end] for p in first} == {"0205"}


def test_off_map_only_from_allowed_edge_hexes() -> None:
    hm = _map()
    corner = hm.hex_id("0101")
    everywhere = bytearray([1]) * hm.n
    none = retreat_paths(hm, corner, 2, RetreatRules(enterable=everywhere))
    assert not any(p.off_map for p in none)
    allowed = retreat_paths(hm, corner, 2, RetreatRules(enterable=everywhere, off_map_from=everywhere))
    offs = [p for p in allowed if p.off_map]
    assert offs and all(p.hexes[-1] == OFF_MAP for p in offs)
    assert toward(hm.distance_field(hm.edge_hexes("north")))(offs[0]) == -1


def test_no_path_when_surrounded() -> None:
    hm = _map()
    start = hm.hex_id("0404")
    enterable = bytearray([1]) * hm.n
    for h in hm.neighbours(start):
        enterable[h] = 0
    assert retreat_paths(hm, start, 1, RetreatRules(enterable=enterable)) == []


def test_advance_follows_the_route_or_runs_free_after_the_first_hex() -> None:
    hm = _map()
    vacated = hm.hex_id("0404")
    route = [hm.hex_id("0405"), hm.hex_id("0406")]
    along = advance_paths(hm, vacated, [route], 3)
    assert along == {(vacated,), (vacated, route[0]), (vacated, route[0], route[1])}
    free = advance_paths(hm, vacated, [route], 2, free_after_first=True)
    assert {p[1] for p in free if len(p) == 2} == set(hm.neighbours(vacated))
    assert all(p[0] == vacated for p in free)
    assert advance_paths(hm, vacated, [route], 0) == set()
