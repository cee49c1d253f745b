"""A VASSAL module (.vmod) or extension (.vmdx): archive, build file, metadata, views
and map geometry.

The build file is read from `buildFile.xml`, falling back to the legacy
`buildFile`; `moduledata` / `extensiondata` are optional (research notes §1.1).
Board sizes come from the board images' headers when the board has an image.
"""

from __future__ import annotations

import copy
import zlib
from pathlib import Path

from adjudicator.core.errors import MalformedInput
from adjudicator.core.record import Record
from importers.vassal.archive import DEFAULT_LIMITS, Archive, Limits
from importers.vassal.buildfile import BUILD_FILES, BuildFile, parse_xml, text_of
from importers.vassal.geometry import BoardGeometry, MapGeometry, board_geometry, layout
from importers.vassal.images import image_size
from importers.vassal.seqenc import decode, java_parse_int
from importers.vassal.views import MapView, ModuleViews, read_views


class Metadata(Record):
    """`moduledata` / `extensiondata` / `savedata` (AbstractMetaData XML)."""

    __slots__ = ("version", "vassal_version", "name", "description", "date_saved", "extra")

    version: str
    vassal_version: str
    name: str
    description: str
    date_saved: str
    extra: dict[str, str]

    def __init__(
        self,
        version: str = "",
        vassal_version: str = "",
        name: str = "",
        description: str = "",
        date_saved: str = "",
        extra: dict[str, str] | None = None,
    ) -> None:
        self.version = version
        self.vassal_version = vassal_version
        self.name = name
        self.description = description
        self.date_saved = date_saved
        self.extra = {} if extra is None else extra

    @classmethod
    def parse(cls, data: bytes, where: str) -> "Metadata":
        root = parse_xml(data, where)
        md = cls()
        for child in root:
            tag = child.tag if isinstance(child.tag, str) else ""
            text = text_of(child)
            if tag == "version":
                md.version = text
            elif tag == "VassalVersion":
                md.vassal_version = text
            elif tag == "name" and not md.name:
                md.name = text
            elif tag == "description" and not md.description:
                md.description = text
            elif tag == "dateSaved":
                md.date_saved = text
            elif tag:
                md.extra[tag] = text
        return md


class BoardPlacement(Record):
    __slots__ = ("name", "col", "row", "reversed")

    name: str
    col: int
    row: int
    reversed: bool

    def __init__(self, name: str, col: int, row: int, reversed: bool = False) -> None:
        self.name = name
        self.col = col
        self.row = row
        self.reversed = reversed


def parse_board_picker(text: str) -> tuple[str, list[BoardPlacement]]:
    """`<mapId>BoardPicker\\tname[/rev]\\tcol\\trow...` -> (map id, placements)."""
    toks = decode(text, "\t")
    head = toks[0]
    ident = head[: -len("BoardPicker")] if head.endswith("BoardPicker") else head
    out: list[BoardPlacement] = []
    i = 1
    while i < len(toks):
        nm = decode(toks[i], "/")
        name = nm[0]
        rev = len(nm) > 1 and nm[1] == "rev"
        col = _int(toks[i + 1]) if i + 1 < len(toks) else 0
        row = _int(toks[i + 2]) if i + 2 < len(toks) else 0
        out.append(BoardPlacement(name, col, row, rev))
        i += 3
    return ident, out


def _int(t: str) -> int:
    try:
        return java_parse_int(t)
    except ValueError:
        return 0


class Module:
    """A module archive with its parsed build file."""

    def __init__(self, archive: Archive) -> None:
        self.archive = archive
        self.name = archive.name
        entry = next((e for e in BUILD_FILES if archive.has(e)), None)
        if entry is None:
            raise MalformedInput("no buildFile.xml or buildFile entry: not a VASSAL module", archive.name)
        self.buildfile = BuildFile(archive.read(entry), entry, f"{archive.name}: {entry}")
        self.views: ModuleViews = read_views(self.buildfile)
        # Identifies the build file (exports check that a state was imported with it).
        self.digest = f"{zlib.crc32(self.buildfile.original):08x}:{len(self.buildfile.original)}"
        self.metadata: Metadata | None = None
        for md in ("moduledata", "extensiondata"):
            if archive.has(md):
                self.metadata = Metadata.parse(archive.read(md), f"{archive.name}: {md}")
                break
        self._image_sizes: dict[str, tuple[int, int] | None] = {}
        self.extensions: list["Module"] = []  # loaded into this view (with_extensions)

    @classmethod
    def open(cls, path: str | Path, limits: Limits = DEFAULT_LIMITS) -> "Module":
        return cls(Archive.open(path, limits))

    @property
    def title(self) -> str:
        return self.views.name or (self.metadata.name if self.metadata else "")

    def find_entry(self, name: str) -> Archive | None:
        """The archive holding an entry: the module's, else a loaded extension's
        (VASSAL looks a file up in the module first, then in its extensions)."""
        for a in [self.archive] + [e.archive for e in self.extensions]:
            if a.has(name):
                return a
        return None

    def with_extensions(self, extensions: list["Module"]) -> "Module":
        """This module as VASSAL runs it with these extensions loaded: their
        palettes, prototypes, maps, setups merged into the views used for
        binding (importers.vassal.extensions). The module's own build file and
        archive are unchanged (exports that edit the module edit only it)."""
        from importers.vassal.extensions import merged_views

        if not extensions:
            return self
        merged = copy.copy(self)
        merged.extensions = self.extensions + list(extensions)
        merged.views = merged_views(self, merged.extensions)
        merged.digest = "+".join([self.digest] + [e.digest for e in extensions])
        merged._image_sizes = {}
        return merged

    def image_size(self, image: str) -> tuple[int, int] | None:
        if image not in self._image_sizes:
            size = None
            for entry in (f"images/{image}", image):
                archive = self.find_entry(entry)
                if archive is not None:
                    info = archive.info(entry)
                    # The header is near the start; a JPEG whose frame header
                    # follows large metadata needs the whole entry.
                    size = image_size(archive.read_head(entry, 256 * 1024))
                    if size is None and info.file_size < 64 * 1024 * 1024:
                        size = image_size(archive.read(entry))
                    break
            self._image_sizes[image] = size
        return self._image_sizes[image]

    def board(self, m: MapView, name: str) -> BoardGeometry:
        for b in m.boards:
            if b.name == name:
                return board_geometry(b, self.image_size(b.image) if b.image else None)
        raise MalformedInput(f"map {m.identifier!r} has no board {name!r}", self.name)

    def default_layout(self, m: MapView) -> list[BoardPlacement]:
        """The boards a new game shows: the <setup> layout, else the only board."""
        if m.board_setup:
            return parse_board_picker(m.board_setup)[1]
        if len(m.boards) == 1:
            return [BoardPlacement(m.boards[0].name, 0, 0)]
        return []

    def map_geometry(self, map_ident: str, placements: list[BoardPlacement] | None = None) -> MapGeometry:
        m = self.views.map_by_id(map_ident)
        if m is None:
            raise MalformedInput(f"the module has no map {map_ident!r}", self.name)
        pl = placements if placements is not None else self.default_layout(m)
        boards = [(self.board(m, p.name), p.col, p.row, p.reversed) for p in pl if any(b.name == p.name for b in m.boards)]
        geo = layout(m.identifier, boards, m.edge)
        for pile in m.draw_piles:
            x = _int(pile.attrs.get("x", "0"))
            y = _int(pile.attrs.get("y", "0"))
            owner = geo.board(pile.attrs.get("owningBoard", "")) if pile.attrs.get("owningBoard") else None
            if owner is not None:
                x, y = x + owner.x, y + owner.y
            else:
                x, y = x + m.edge[0], y + m.edge[1]
            geo.decks[(x, y)] = pile.name
        return geo
