"""Typed views over a build file: what adjudication needs from a module.

Maps and their boards and grids, board pickers, piece palettes and slots,
prototypes, dice buttons, decks, setup stacks, predefined setups, the turn
tracker, global properties and player sides (research notes §1.3-1.16). The
views are read-only snapshots holding their XML element, so exporters can edit
the tree in place; components inside folders are found because the walk visits
every element.
"""

from __future__ import annotations

from lxml import etree

from adjudicator.core.record import Record
from importers.vassal.buildfile import BuildFile, short, text_of

P = "VASSAL.build.module."
MAP_TAGS = (P + "Map", P + "PrivateMap", P + "PlayerHand")
BOARD = P + "map.boardPicker.Board"
BP = P + "map.BoardPicker"
G = P + "map.boardPicker.board."
HEX, SQUARE, REGION, ZONED = G + "HexGrid", G + "SquareGrid", G + "RegionGrid", G + "ZonedGrid"
ZONE = G + "mapgrid.Zone"
HEX_NUM, SQ_NUM = G + "mapgrid.HexGridNumbering", G + "mapgrid.SquareGridNumbering"
OBLIQUE_NUM = G + "mapgrid.ObliqueHexGridNumbering"
REGION_EL = G + "Region"
SLOT_TAGS = ("VASSAL.build.widget.PieceSlot", "VASSAL.build.widget.CardSlot")
WIDGETS = ("VASSAL.build.widget.TabWidget", "VASSAL.build.widget.PanelWidget", "VASSAL.build.widget.ListWidget",
           "VASSAL.build.widget.BoxWidget")
GRID_TAGS = (HEX, SQUARE, REGION, ZONED)


def _tag(el: etree._Element) -> str:
    return el.tag if isinstance(el.tag, str) else ""


class NumberingView(Record):
    __slots__ = ("tag", "attrs")

    tag: str
    attrs: dict[str, str]

    def __init__(self, tag: str, attrs: dict[str, str]) -> None:
        self.tag = tag
        self.attrs = attrs


class GridView(Record):
    """A grid element: hex, square, region or zoned (with zones and a background)."""

    __slots__ = ("kind", "tag", "attrs", "numbering", "regions", "zones", "background")

    kind: str  # "hex" | "square" | "region" | "zoned" | "custom"
    tag: str
    attrs: dict[str, str]
    numbering: NumberingView | None
    regions: list[tuple[str, int, int]]
    zones: list["ZoneView"]
    background: "GridView | None"

    def __init__(
        self,
        kind: str,
        tag: str,
        attrs: dict[str, str],
        numbering: NumberingView | None = None,
        regions: list[tuple[str, int, int]] | None = None,
        zones: list["ZoneView"] | None = None,
        background: "GridView | None" = None,
    ) -> None:
        self.kind = kind
        self.tag = tag
        self.attrs = attrs
        self.numbering = numbering
        self.regions = [] if regions is None else regions
        self.zones = [] if zones is None else zones
        self.background = background


class ZoneView(Record):
    __slots__ = ("name", "attrs", "grid")

    name: str
    attrs: dict[str, str]
    grid: GridView | None

    def __init__(self, name: str, attrs: dict[str, str], grid: GridView | None) -> None:
        self.name = name
        self.attrs = attrs
        self.grid = grid


class BoardView(Record):
    __slots__ = ("name", "attrs", "grid", "element")

    name: str
    attrs: dict[str, str]
    grid: GridView | None
    element: etree._Element

    def __init__(self, name: str, attrs: dict[str, str], grid: GridView | None, element: etree._Element) -> None:
        self.name = name
        self.attrs = attrs
        self.grid = grid
        self.element = element

    @property
    def image(self) -> str:
        return self.attrs.get("image", "")

    @property
    def reversible(self) -> bool:
        return self.attrs.get("reversible", "false") == "true"


class SlotView(Record):
    """A PieceSlot or CardSlot: its AddPiece text and where it sits."""

    __slots__ = ("entry_name", "gpid", "text", "path", "element")

    entry_name: str
    gpid: str
    text: str
    path: str
    element: etree._Element

    def __init__(self, entry_name: str, gpid: str, text: str, path: str, element: etree._Element) -> None:
        self.entry_name = entry_name
        self.gpid = gpid
        self.text = text
        self.path = path
        self.element = element


class DrawPileView(Record):
    __slots__ = ("name", "attrs", "cards")

    name: str
    attrs: dict[str, str]
    cards: list[SlotView]

    def __init__(self, name: str, attrs: dict[str, str], cards: list[SlotView]) -> None:
        self.name = name
        self.attrs = attrs
        self.cards = cards


class SetupStackView(Record):
    __slots__ = ("name", "attrs", "slots")

    name: str
    attrs: dict[str, str]
    slots: list[SlotView]

    def __init__(self, name: str, attrs: dict[str, str], slots: list[SlotView]) -> None:
        self.name = name
        self.attrs = attrs
        self.slots = slots

    @property
    def owning_board(self) -> str:
        return self.attrs.get("owningBoard", "")

    @property
    def use_grid_location(self) -> bool:
        return self.attrs.get("useGridLocation", "false") == "true"


class MapView(Record):
    __slots__ = ("name", "id", "tag", "attrs", "boards", "board_setup", "draw_piles", "setup_stacks", "element")

    name: str  # mapName
    id: str  # Map0, Map1, ... (build order)
    tag: str
    attrs: dict[str, str]
    boards: list[BoardView]
    board_setup: str  # BoardPicker <setup> text ("" when absent)
    draw_piles: list[DrawPileView]
    setup_stacks: list[SetupStackView]
    element: etree._Element

    def __init__(
        self,
        name: str,
        id: str,
        tag: str,
        attrs: dict[str, str],
        boards: list[BoardView],
        board_setup: str,
        draw_piles: list[DrawPileView],
        setup_stacks: list[SetupStackView],
        element: etree._Element,
    ) -> None:
        self.name = name
        self.id = id
        self.tag = tag
        self.attrs = attrs
        self.boards = boards
        self.board_setup = board_setup
        self.draw_piles = draw_piles
        self.setup_stacks = setup_stacks
        self.element = element

    @property
    def identifier(self) -> str:
        """What saves call the map (Map.getIdentifier): mapName, else the id."""
        return self.name or self.id

    @property
    def edge(self) -> tuple[int, int]:
        return _int(self.attrs.get("edgeWidth", "0")), _int(self.attrs.get("edgeHeight", "0"))


class PrototypeView(Record):
    __slots__ = ("name", "text", "element")

    name: str
    text: str
    element: etree._Element

    def __init__(self, name: str, text: str, element: etree._Element) -> None:
        self.name = name
        self.text = text
        self.element = element


class PredefinedSetupView(Record):
    __slots__ = ("name", "file", "use_file", "is_menu", "path", "element")

    name: str
    file: str
    use_file: bool
    is_menu: bool
    path: str
    element: etree._Element

    def __init__(
        self,
        name: str,
        file: str,
        use_file: bool,
        is_menu: bool,
        path: str,
        element: etree._Element,
    ) -> None:
        self.name = name
        self.file = file
        self.use_file = use_file
        self.is_menu = is_menu
        self.path = path
        self.element = element


class DiceView(Record):
    __slots__ = ("tag", "name", "attrs")

    tag: str
    name: str
    attrs: dict[str, str]

    def __init__(self, tag: str, name: str, attrs: dict[str, str]) -> None:
        self.tag = tag
        self.name = name
        self.attrs = attrs


class TurnTrackerView(Record):
    __slots__ = ("id", "name", "levels")

    id: str
    name: str
    levels: list[tuple[str, dict[str, str]]]

    def __init__(self, id: str, name: str, levels: list[tuple[str, dict[str, str]]]) -> None:
        self.id = id
        self.name = name
        self.levels = levels


class GlobalPropertyView(Record):
    __slots__ = ("name", "initial", "container")

    name: str
    initial: str
    container: str  # "Module", a map name, or "map:zone"

    def __init__(self, name: str, initial: str, container: str) -> None:
        self.name = name
        self.initial = initial
        self.container = container


class ModuleViews(Record):
    __slots__ = ("name", "version", "vassal_version", "next_gpid", "sides", "maps", "slots", "prototypes", "predefined",
                 "dice", "turn_trackers", "global_properties", "unknown_tags", "_gpids")
    _record_skip = ("_gpids",)

    name: str
    version: str
    vassal_version: str
    next_gpid: int
    sides: list[str]
    maps: list[MapView]
    slots: list[SlotView]
    prototypes: dict[str, PrototypeView]
    predefined: list[PredefinedSetupView]
    dice: list[DiceView]
    turn_trackers: list[TurnTrackerView]
    global_properties: list[GlobalPropertyView]
    unknown_tags: dict[str, int]
    _gpids: dict[str, SlotView] | None

    def __init__(
        self,
        name: str,
        version: str,
        vassal_version: str,
        next_gpid: int,
        sides: list[str],
        maps: list[MapView],
        slots: list[SlotView],
        prototypes: dict[str, PrototypeView],
        predefined: list[PredefinedSetupView],
        dice: list[DiceView],
        turn_trackers: list[TurnTrackerView],
        global_properties: list[GlobalPropertyView],
        unknown_tags: dict[str, int],
    ) -> None:
        self.name = name
        self.version = version
        self.vassal_version = vassal_version
        self.next_gpid = next_gpid
        self.sides = sides
        self.maps = maps
        self.slots = slots
        self.prototypes = prototypes
        self.predefined = predefined
        self.dice = dice
        self.turn_trackers = turn_trackers
        self.global_properties = global_properties
        self.unknown_tags = unknown_tags
        self._gpids = None  # the slots by gpid, made when first asked

    def map_by_id(self, ident: str) -> MapView | None:
        for m in self.maps:
            if ident in (m.name, m.id):
                return m
        return None

    def slot_by_gpid(self, gpid: str) -> SlotView | None:
        """The first slot with this gpid (indexed once: monster modules have thousands)."""
        if self._gpids is None:
            index: dict[str, SlotView] = {}
            for s in self.slots:
                index.setdefault(s.gpid, s)
            self._gpids = index
        return self._gpids.get(gpid)


def _int(text: str, default: int = 0) -> int:
    try:
        return int(text)
    except ValueError:
        return default


def _attrs(el: etree._Element) -> dict[str, str]:
    return {str(k): str(v) for k, v in el.attrib.items()}


def read_grid(el: etree._Element) -> GridView:
    tag = _tag(el)
    kind = {HEX: "hex", SQUARE: "square", REGION: "region", ZONED: "zoned"}.get(tag, "custom")
    g = GridView(kind, tag, _attrs(el))
    for child in el:
        ct = _tag(child)
        if ct in (HEX_NUM, SQ_NUM, OBLIQUE_NUM):
            g.numbering = NumberingView(ct, _attrs(child))
        elif ct == REGION_EL:
            a = child.attrib
            g.regions.append((str(a.get("name", "")), _int(str(a.get("originx", "0"))), _int(str(a.get("originy", "0")))))
        elif ct == ZONE:
            zg = next((read_grid(c) for c in child if _tag(c) in GRID_TAGS), None)
            g.zones.append(ZoneView(str(child.get("name", "")), _attrs(child), zg))
        elif ct in GRID_TAGS and kind == "zoned":
            g.background = read_grid(child)
    return g


def _slot(el: etree._Element, path: str) -> SlotView:
    text = text_of(el)
    entry = str(el.get("entryName", ""))
    return SlotView(entry, str(el.get("gpid", "")), text, path, el)


def _slots_under(el: etree._Element, path: str) -> list[SlotView]:
    # lxml picks the slots out (in document order) without a Python step per element.
    return [_slot(child, f"{path}/{child.get('entryName', '')}") for child in el.iter(*SLOT_TAGS)]


_DRAW_PILE = P + "map.DrawPile"
_SETUP_STACK = P + "map.SetupStack"


def _read_map(el: etree._Element, index: int) -> MapView:
    boards: list[BoardView] = []
    setup = ""
    piles: list[DrawPileView] = []
    stacks: list[SetupStackView] = []
    name = str(el.get("mapName", ""))
    for child in el.iter(BP, BOARD, _DRAW_PILE, _SETUP_STACK):
        t = _tag(child)
        if t == BP:
            for s in child:
                if _tag(s) == "setup":
                    setup = text_of(s)
        elif t == BOARD:
            grid = next((read_grid(c) for c in child if _tag(c) in GRID_TAGS), None)
            boards.append(BoardView(str(child.get("name", "")), _attrs(child), grid, child))
        elif t == _DRAW_PILE:
            pname = str(child.get("name", ""))
            piles.append(DrawPileView(pname, _attrs(child), _slots_under(child, f"{name}/{pname}")))
        elif t == _SETUP_STACK:
            sname = str(child.get("name", ""))
            stacks.append(SetupStackView(sname, _attrs(child), _slots_under(child, f"{name}/{sname}")))
    return MapView(name, f"Map{index}", _tag(el), _attrs(el), boards, setup, piles, stacks, el)


KNOWN_PREFIXES = ("VASSAL.",)


def _custom(tag: str) -> bool:
    """A component class that is not VASSAL's own (a module's custom Java code)."""
    return bool(tag) and not tag.startswith(KNOWN_PREFIXES) and tag not in ("entry", "option", "setup")


def read_views(bf: BuildFile | etree._Element) -> ModuleViews:
    root = bf.root if isinstance(bf, BuildFile) else bf
    maps: list[MapView] = []
    slots: list[SlotView] = []
    protos: dict[str, PrototypeView] = {}
    predefined: list[PredefinedSetupView] = []
    dice: list[DiceView] = []
    trackers: list[TurnTrackerView] = []
    gprops: list[GlobalPropertyView] = []
    sides: list[str] = []
    unknown: dict[str, int] = {}

    def walk(el: etree._Element, palette: list[str], setup_path: list[str], container: str,
             inside_unknown: bool = False) -> None:
        for child in el:
            t = _tag(child)
            if not t:
                continue
            custom = _custom(t)
            if custom and not inside_unknown:
                unknown[t] = unknown.get(t, 0) + 1
            if t in MAP_TAGS:
                m = _read_map(child, len(maps))
                maps.append(m)
                slots.extend(s for p in m.draw_piles for s in p.cards)
                slots.extend(s for st in m.setup_stacks for s in st.slots)
                walk_props(child, m.identifier)
                for el in child.iter():  # custom components inside the map (kept verbatim)
                    et = _tag(el)
                    if et and _custom(et):
                        parent = el.getparent()
                        if not _custom(_tag(parent) if parent is not None else ""):
                            unknown[et] = unknown.get(et, 0) + 1
                continue
            if t == P + "PieceWindow":
                walk(child, [str(child.get("name", ""))], setup_path, container)
                continue
            if t in WIDGETS:
                walk(child, palette + [str(child.get("entryName", ""))], setup_path, container)
                continue
            if t in SLOT_TAGS:
                s = _slot(child, "/".join(palette + [str(child.get("entryName", ""))]))
                slots.append(s)
                continue
            if t == P + "PrototypeDefinition":
                n = str(child.get("name", ""))
                protos[n] = PrototypeView(n, text_of(child), child)
                continue
            if t == P + "PredefinedSetup":
                n = str(child.get("name", ""))
                is_menu = child.get("isMenu", "false") == "true"
                predefined.append(PredefinedSetupView(
                    n, str(child.get("file", "")), child.get("useFile", "false") == "true", is_menu,
                    "/".join(setup_path + [n]), child))
                if is_menu:
                    walk(child, palette, setup_path + [n], container)
                continue
            if t in (P + "DiceButton", P + "SpecialDiceButton", P + "RandomTextButton"):
                dice.append(DiceView(t, str(child.get("name", "")), _attrs(child)))
                continue
            if t == P + "turn.TurnTracker" or t.endswith("TurnTracker"):
                levels = [(_tag(c), _attrs(c)) for c in child.iter() if c is not child and "TurnLevel" in _tag(c)]
                trackers.append(TurnTrackerView(f"TurnTracker{len(trackers)}", str(child.get("name", "")), levels))
                continue
            if t == P + "PlayerRoster":
                sides.extend(text_of(e) for e in child if _tag(e) == "entry")
                continue
            if t == P + "properties.GlobalProperties":
                walk_props(child, container)
                continue
            walk(child, palette, setup_path, container, inside_unknown or custom)

    def walk_props(el: etree._Element, container: str) -> None:
        for c in el.iter(P + "properties.GlobalProperty"):
            gprops.append(GlobalPropertyView(str(c.get("name", "")), str(c.get("initialValue", "")), container))

    walk(root, [], [], "Module")
    a = root.attrib
    return ModuleViews(
        name=str(a.get("name", "")),
        version=str(a.get("version", "")),
        vassal_version=str(a.get("VassalVersion", a.get("vassalVersion", ""))),
        next_gpid=_int(str(a.get("nextPieceSlotId", "0"))),
        sides=sides,
        maps=maps,
        slots=slots,
        prototypes=protos,
        predefined=predefined,
        dice=dice,
        turn_trackers=trackers,
        global_properties=gprops,
        unknown_tags=unknown,
    )


def describe(tag: str) -> str:
    return short(tag)
