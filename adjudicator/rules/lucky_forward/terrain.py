"""What the rules' text says about terrain, independent of the missing TEC:
covering terrain (8.2.1, 8.2.2), the GA terrain lines (13.3.2), the terrain
that stops Mech units (5.2.3, 13.11.1, 13.12.5), rivers, bridges and fords.

Map vocabulary (docs/rules/lucky-forward.md "Map data"): a hex's `terrain` is
its base terrain; its `features` add further terrain types (a hex may hold
several: 1.2.0), population features ("location", "village", "town", "city"),
"vp" / "hvp" (vantage points), "constricted" (dashed contour lines, 26.0),
"west-wall" (a Ft Area hex, LF 17.5.0). Hexside features: "stream", "river",
"major river", "great river", "bridge", "ford", "contour". Road links:
"primary", "secondary", "trail", "railroad" (26.0 Railroads: trails).
"""

from __future__ import annotations

from adjudicator.rules.lucky_forward.model import Model

TERRAIN_TYPES = ("clear", "rough", "rough-2", "woods", "forest", "marsh", "soft ground", "swamp", "bocage",
                 "hedgerow", "RR embankment")
POPULATION = ("location", "village", "town", "city")
MCT_TERRAIN = {"woods", "forest", "bocage", "hedgerow", "town", "city"}  # 8.2.1
OCT_EXTRA = {"location", "village"}  # 8.2.2 2
MECH_STOP = {"woods", "forest", "marsh", "soft ground", "swamp", "bocage", "hedgerow", "RR embankment"}  # 5.2.3
MARSH = {"marsh", "soft ground", "swamp"}  # 13.3.2: marsh also represents soft ground and swamp
LINES = {  # 13.3.2
    "clear": 1,
    "rough": 2, "hedgerow": 2, "woods": 2, "village": 2, "marsh": 2, "soft ground": 2, "swamp": 2,
    "forest": 3, "bocage": 3, "town": 3, "rough-2": 3,
    "city": 4,
}
RIVERS = ("river", "major river", "great river")
ROADS = ("primary", "secondary", "trail", "railroad")


def features(m: Model, h: int) -> frozenset[str]:
    return m.hm.features[h] | {m.hm.terrain[h]}


def terrains(m: Model, h: int) -> list[str]:
    """Every terrain type and population feature in the hex, in a stable order
    (the defender picks among them for combat: 1.2.0, 13.3.2)."""
    f = features(m, h)
    return [t for t in TERRAIN_TYPES + POPULATION if t in f]


def constricted(m: Model, h: int) -> bool:
    """Constricted terrain (26.0 dashed contour lines; rough-2, LF 1.2.2 b)."""
    f = features(m, h)
    return "constricted" in f or "rough-2" in f


def stacking_constricted(m: Model, h: int) -> bool:
    """Constricted for stacking: RR embankment is constricted for movement only
    (7.11.4); enemy Ft Areas impose no constricted stacking (7.9.1b)."""
    return constricted(m, h)


def works(m: Model, h: int) -> list[str]:
    return [w.kind for w in m.works.get(h, ())]


def ft_area(m: Model, h: int) -> bool:
    return "west-wall" in m.hm.features[h] or "ft-area" in m.hm.features[h]


def mct(m: Model, h: int) -> bool:
    """Movement covering terrain (8.2.1): woods, forest, bocage, hedgerow,
    towns, cities, and ET-3, Forts and Ft Areas whatever the terrain."""
    if features(m, h) & MCT_TERRAIN:
        return True
    w = works(m, h)
    return "ET-3" in w or "fort" in w or ft_area(m, h)


def oct(m: Model, h: int) -> bool:
    """Observation covering terrain (8.2.2): all MCT, locations, villages, IP,
    ET-2, ET-3 and destroyed Ft Areas."""
    if mct(m, h) or features(m, h) & OCT_EXTRA:
        return True
    w = works(m, h)
    return bool({"IP", "ET-2", "ET-3"} & set(w)) or "destroyed-ft-area" in m.hm.features[h]


def covering(m: Model, h: int) -> bool:
    """Any covering terrain (8.2.0: CT is MCT or OCT)."""
    return oct(m, h)


def lines(m: Model, h: int) -> dict[int, list[str]]:
    """GA terrain lines the defender may choose, with the terrain giving each (13.3.2)."""
    out: dict[int, list[str]] = {}
    for t in terrains(m, h):
        line = LINES.get(t)
        if line is not None:
            out.setdefault(line, []).append(t)
    return out or {1: ["clear"]}


def marsh(m: Model, h: int) -> bool:
    """26.0 TEC c: marsh/swamp (and soft ground, 13.3.2) counts for CS
    modifiers whatever line the defender chose."""
    return bool(features(m, h) & MARSH)


def mech_stop(m: Model, h: int) -> bool:
    """5.2.3, 13.11.1 b, 13.12.5: the terrain in which a Mech unit entering
    other than along a road must stop."""
    return bool(features(m, h) & MECH_STOP) or constricted(m, h)


def side(m: Model, a: int, b: int) -> frozenset[str]:
    return m.hm.side_of(a, b)


def road(m: Model, a: int, b: int) -> frozenset[str]:
    d = m.hm.direction(a, b)
    return m.hm.roads[a * 6 + d] if d is not None else frozenset()


def river(m: Model, a: int, b: int) -> str:
    """The largest river on the hexside, or "" (26.0 Rivers; streams are not rivers)."""
    f = side(m, a, b)
    for r in reversed(RIVERS):
        if r in f:
            return r
    return ""


def bridged(m: Model, a: int, b: int) -> bool:
    """A bridge on the hexside (option lf.a2-bridges: wherever a road crosses a
    watercourse, 7.10.2; or only where the map marks one, 26.0)."""
    f = side(m, a, b)
    if "bridge" in f:
        return True
    return m.opts.bridges == "road-crossing" and bool(road(m, a, b)) and bool(f & {"stream", *RIVERS})


def ford(m: Model, a: int, b: int) -> bool:
    return "ford" in side(m, a, b)


def vp(m: Model, h: int) -> bool:
    return bool(m.hm.features[h] & {"vp", "hvp"})


def hvp(m: Model, h: int) -> bool:
    return "hvp" in m.hm.features[h]


def population(m: Model, h: int) -> str:
    for p in ("city", "town", "village", "location"):
        if p in features(m, h):
            return p
    return ""
