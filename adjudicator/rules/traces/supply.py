"""Zones of control (6.0), supply lines (8.1) and the Supply chit's check (8.0).

A supply line runs from a unit to a friendly supply source, of any length; it
may not enter an enemy-occupied or enemy-controlled hex, nor an enemy ZOC hex
unless a friendly combat unit or HQ stands there, nor cross an unbridged River
hexside (Streams and Canals are fine). One multi-source pass per side
(adjudicator.core.supply) answers it for every hex at once.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from adjudicator.core.supply import trace
from adjudicator.core.zoc import zoc_field
from adjudicator.rules.traces.cite import TV
from adjudicator.rules.traces.model import BELLIGERENTS, OOS, Game, other


def ezoc(g: Game, belligerent: str) -> bytearray:
    """Per hex: 1 where a unit of the enemy of `belligerent` exerts a ZOC.
    6.0: all units (HQs included) exert a ZOC into the six surrounding hexes,
    across Streams but not River hexsides; several ZOCs count as one."""
    enemy = other(belligerent)
    sources = [(h, True) for h, ids in g.at.items() if any(g.belligerent(u) == enemy for u in ids)]
    block = g.board.zoc_block(g.opts.zoc_canal == "blocked")
    f = zoc_field(g.hm, sources, block)
    return bytearray(1 if x else 0 for x in f)


def sources(g: Game, belligerent: str) -> list[int]:
    """8.1: friendly supply sources; "An enemy occupied friendly Supply Source is
    not a valid Supply Source for either player." A-26: own colour (default)."""
    enemy_units = g.occupied(other(belligerent))
    captured = g.opts.supply_sources == "captured-too"
    out = []
    for colour, hexes in g.board.sources.items():
        for h in hexes:
            if not g.in_play[h] or enemy_units[h]:
                continue
            if g.control(h) and g.control(h) != belligerent:
                continue
            if colour == belligerent or (captured and g.control(h) == belligerent):
                out.append(h)
    return out


def blocked(g: Game, belligerent: str, as_if_friendly: Iterable[int] = (), *, leaving: str = "",
            taken: Iterable[int] = ()) -> bytearray:
    """8.1: hexes a supply line of `belligerent` may not enter. `as_if_friendly`
    hexes count as holding a friendly unit (13.0: an objective traces "as if it
    was an Allied unit", A-33). `leaving`: a unit of `belligerent` no longer in
    its hex (it is moving away); `taken`: enemy-controlled hexes that pass to
    `belligerent` (6.1: a unit entering them)."""
    enemy = other(belligerent)
    z = ezoc(g, belligerent)
    friendly = g.occupied(belligerent)
    if leaving:
        start = g.hex_of(leaving)
        if start >= 0 and not any(u != leaving and g.belligerent(u) == belligerent for u in g.at.get(start, ())):
            friendly[start] = 0
    for h in as_if_friendly:
        friendly[h] = 1
    won = set(taken)
    enemy_units = g.occupied(enemy)
    out = bytearray(g.hm.n)
    for h in range(g.hm.n):
        if not g.in_play[h] or enemy_units[h] or (g.control(h) == enemy and h not in won) or (z[h] and not friendly[h]):
            out[h] = 1
    return out


def reach(g: Game, belligerent: str, as_if_friendly: Iterable[int] = ()) -> bytearray:
    """Per hex: 1 where a unit of `belligerent` could trace a supply line."""
    extra = list(as_if_friendly)
    return trace(g.board.supply_net, sources(g, belligerent), blocked(g, belligerent, extra))


def taken_on_the_way(g: Game, uid: str, hexes: Sequence[int]) -> list[int]:
    """The enemy-controlled City, Town and Supply Source hexes `uid` takes by
    entering `hexes` (6.1; A-43 'end': only the last one)."""
    b = g.belligerent(uid)
    entered = hexes[-1:] if g.opts.control == "end" else hexes
    return [h for h in entered if g.control(h) and g.control(h) != b]


def reach_after(g: Game, uid: str, hexes: Sequence[int]) -> bytearray:
    """Per hex: 1 where a unit of `uid`'s side could trace a supply line once
    `uid` has left its hex and entered `hexes` (it stands in the last): its own
    presence no longer negates an enemy ZOC where it was (8.1), it negates one
    where it ends, and the hexes it took change control (6.1). 10.4 and 2.3
    judge a retreat's and a relocation's supply so, as it will be after the move."""
    b = g.belligerent(uid)
    end = [h for h in hexes[-1:] if h >= 0]
    taken = taken_on_the_way(g, uid, [h for h in hexes if h >= 0])
    src = sources(g, b)
    captured = g.opts.supply_sources == "captured-too"
    for h in taken:  # a supply source taken back serves its owner again (A-26: any, with captured-too)
        colour = g.board.source_colour(h)
        if colour and (colour == b or captured) and h not in src:
            src.append(h)
    return trace(g.board.supply_net, src, blocked(g, b, end, leaving=uid, taken=taken))


def garrison_supplied(g: Game, uid: str, h: int) -> bool:
    """12.7, 8.1 note: Metz garrison units (and the 1215th and 1217th Regiments
    of the 462nd VG) are always in supply while in Metz city or its forts."""
    return (g.has_tag(uid, "metz-garrison") or g.has_tag(uid, "metz-supply")) and bool(g.board.metz[h])


def in_supply(g: Game, uid: str, reached: bytearray | None = None) -> bool:
    h = g.hex_of(uid)
    if h < 0:
        return False
    if garrison_supplied(g, uid, h):
        return True
    if reached is None:
        reached = reach(g, g.belligerent(uid))
    return bool(reached[h])


def check(g: Game) -> list[str]:
    """The Supply chit (8.0, 8.1): every unit of both sides is judged first,
    then each unit out of supply loses one step. Returns the units out of supply."""
    from adjudicator.rules.traces.losses import relocate_hq, take_steps

    reached = {b: reach(g, b) for b in BELLIGERENTS}
    out: list[str] = []
    for u in g.state.units:
        if u.status != u.ON_MAP:
            continue
        g.drop_marker(u.unit_id, OOS)
        if not in_supply(g, u.unit_id, reached[g.belligerent(u.unit_id)]):
            out.append(u.unit_id)
    g.emit("SUPPLY_CHECK",
           "supply check: " + (", ".join(f"{g.name(u)} in {g.us[u].location}" for u in out) + " out of supply"
                               if out else "every unit is in supply"),
           [TV.cite("8.1")], units=out)
    for uid in out:
        g.add_marker(uid, OOS)
    for uid in out:
        if g.is_hq(uid) and g.opts.hq_out_of_supply == "relocate":
            relocate_hq(g, uid, "cannot trace a line of supply", TV.cite("2.3"))
        else:
            take_steps(g, uid, 1, "out of supply", TV.cite("8.1"))
    return out
