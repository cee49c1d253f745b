from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class HexNumbering(_message.Message):
    __slots__ = ("first", "separator", "column_alpha", "row_alpha", "column_leading", "row_leading", "column_offset", "row_offset", "column_descending", "row_descending", "stagger", "location_format")
    FIRST_FIELD_NUMBER: _ClassVar[int]
    SEPARATOR_FIELD_NUMBER: _ClassVar[int]
    COLUMN_ALPHA_FIELD_NUMBER: _ClassVar[int]
    ROW_ALPHA_FIELD_NUMBER: _ClassVar[int]
    COLUMN_LEADING_FIELD_NUMBER: _ClassVar[int]
    ROW_LEADING_FIELD_NUMBER: _ClassVar[int]
    COLUMN_OFFSET_FIELD_NUMBER: _ClassVar[int]
    ROW_OFFSET_FIELD_NUMBER: _ClassVar[int]
    COLUMN_DESCENDING_FIELD_NUMBER: _ClassVar[int]
    ROW_DESCENDING_FIELD_NUMBER: _ClassVar[int]
    STAGGER_FIELD_NUMBER: _ClassVar[int]
    LOCATION_FORMAT_FIELD_NUMBER: _ClassVar[int]
    first: str
    separator: str
    column_alpha: bool
    row_alpha: bool
    column_leading: int
    row_leading: int
    column_offset: int
    row_offset: int
    column_descending: bool
    row_descending: bool
    stagger: bool
    location_format: str
    def __init__(self, first: _Optional[str] = ..., separator: _Optional[str] = ..., column_alpha: _Optional[bool] = ..., row_alpha: _Optional[bool] = ..., column_leading: _Optional[int] = ..., row_leading: _Optional[int] = ..., column_offset: _Optional[int] = ..., row_offset: _Optional[int] = ..., column_descending: _Optional[bool] = ..., row_descending: _Optional[bool] = ..., stagger: _Optional[bool] = ..., location_format: _Optional[str] = ...) -> None: ...

class HexGrid(_message.Message):
    __slots__ = ("sideways", "numbering", "columns", "rows", "x0", "y0", "dx", "dy", "board_width", "board_height", "sheets", "sheet_separator")
    SIDEWAYS_FIELD_NUMBER: _ClassVar[int]
    NUMBERING_FIELD_NUMBER: _ClassVar[int]
    COLUMNS_FIELD_NUMBER: _ClassVar[int]
    ROWS_FIELD_NUMBER: _ClassVar[int]
    X0_FIELD_NUMBER: _ClassVar[int]
    Y0_FIELD_NUMBER: _ClassVar[int]
    DX_FIELD_NUMBER: _ClassVar[int]
    DY_FIELD_NUMBER: _ClassVar[int]
    BOARD_WIDTH_FIELD_NUMBER: _ClassVar[int]
    BOARD_HEIGHT_FIELD_NUMBER: _ClassVar[int]
    SHEETS_FIELD_NUMBER: _ClassVar[int]
    SHEET_SEPARATOR_FIELD_NUMBER: _ClassVar[int]
    sideways: bool
    numbering: HexNumbering
    columns: int
    rows: int
    x0: int
    y0: int
    dx: float
    dy: float
    board_width: int
    board_height: int
    sheets: _containers.RepeatedCompositeFieldContainer[MapSheet]
    sheet_separator: str
    def __init__(self, sideways: _Optional[bool] = ..., numbering: _Optional[_Union[HexNumbering, _Mapping]] = ..., columns: _Optional[int] = ..., rows: _Optional[int] = ..., x0: _Optional[int] = ..., y0: _Optional[int] = ..., dx: _Optional[float] = ..., dy: _Optional[float] = ..., board_width: _Optional[int] = ..., board_height: _Optional[int] = ..., sheets: _Optional[_Iterable[_Union[MapSheet, _Mapping]]] = ..., sheet_separator: _Optional[str] = ...) -> None: ...

class MapSheet(_message.Message):
    __slots__ = ("id", "column_offset", "row_offset", "name", "columns", "rows")
    ID_FIELD_NUMBER: _ClassVar[int]
    COLUMN_OFFSET_FIELD_NUMBER: _ClassVar[int]
    ROW_OFFSET_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    COLUMNS_FIELD_NUMBER: _ClassVar[int]
    ROWS_FIELD_NUMBER: _ClassVar[int]
    id: str
    column_offset: int
    row_offset: int
    name: str
    columns: int
    rows: int
    def __init__(self, id: _Optional[str] = ..., column_offset: _Optional[int] = ..., row_offset: _Optional[int] = ..., name: _Optional[str] = ..., columns: _Optional[int] = ..., rows: _Optional[int] = ...) -> None: ...

class Hex(_message.Message):
    __slots__ = ("id", "terrain", "features", "tags", "name", "banks")
    class BanksEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    ID_FIELD_NUMBER: _ClassVar[int]
    TERRAIN_FIELD_NUMBER: _ClassVar[int]
    FEATURES_FIELD_NUMBER: _ClassVar[int]
    TAGS_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    BANKS_FIELD_NUMBER: _ClassVar[int]
    id: str
    terrain: str
    features: _containers.RepeatedScalarFieldContainer[str]
    tags: _containers.RepeatedScalarFieldContainer[str]
    name: str
    banks: _containers.ScalarMap[str, str]
    def __init__(self, id: _Optional[str] = ..., terrain: _Optional[str] = ..., features: _Optional[_Iterable[str]] = ..., tags: _Optional[_Iterable[str]] = ..., name: _Optional[str] = ..., banks: _Optional[_Mapping[str, str]] = ...) -> None: ...

class Hexside(_message.Message):
    __slots__ = ("a", "b", "features")
    A_FIELD_NUMBER: _ClassVar[int]
    B_FIELD_NUMBER: _ClassVar[int]
    FEATURES_FIELD_NUMBER: _ClassVar[int]
    a: str
    b: str
    features: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, a: _Optional[str] = ..., b: _Optional[str] = ..., features: _Optional[_Iterable[str]] = ...) -> None: ...

class RoadLink(_message.Message):
    __slots__ = ("a", "b", "kind")
    A_FIELD_NUMBER: _ClassVar[int]
    B_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    a: str
    b: str
    kind: str
    def __init__(self, a: _Optional[str] = ..., b: _Optional[str] = ..., kind: _Optional[str] = ...) -> None: ...

class HexMap(_message.Message):
    __slots__ = ("grid", "default_terrain", "hexes", "hexsides", "roads", "excluded")
    GRID_FIELD_NUMBER: _ClassVar[int]
    DEFAULT_TERRAIN_FIELD_NUMBER: _ClassVar[int]
    HEXES_FIELD_NUMBER: _ClassVar[int]
    HEXSIDES_FIELD_NUMBER: _ClassVar[int]
    ROADS_FIELD_NUMBER: _ClassVar[int]
    EXCLUDED_FIELD_NUMBER: _ClassVar[int]
    grid: HexGrid
    default_terrain: str
    hexes: _containers.RepeatedCompositeFieldContainer[Hex]
    hexsides: _containers.RepeatedCompositeFieldContainer[Hexside]
    roads: _containers.RepeatedCompositeFieldContainer[RoadLink]
    excluded: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, grid: _Optional[_Union[HexGrid, _Mapping]] = ..., default_terrain: _Optional[str] = ..., hexes: _Optional[_Iterable[_Union[Hex, _Mapping]]] = ..., hexsides: _Optional[_Iterable[_Union[Hexside, _Mapping]]] = ..., roads: _Optional[_Iterable[_Union[RoadLink, _Mapping]]] = ..., excluded: _Optional[_Iterable[str]] = ...) -> None: ...

class Town(_message.Message):
    __slots__ = ("id", "name", "tags", "props", "x", "y")
    class PropsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    TAGS_FIELD_NUMBER: _ClassVar[int]
    PROPS_FIELD_NUMBER: _ClassVar[int]
    X_FIELD_NUMBER: _ClassVar[int]
    Y_FIELD_NUMBER: _ClassVar[int]
    id: str
    name: str
    tags: _containers.RepeatedScalarFieldContainer[str]
    props: _containers.ScalarMap[str, str]
    x: float
    y: float
    def __init__(self, id: _Optional[str] = ..., name: _Optional[str] = ..., tags: _Optional[_Iterable[str]] = ..., props: _Optional[_Mapping[str, str]] = ..., x: _Optional[float] = ..., y: _Optional[float] = ...) -> None: ...

class Road(_message.Message):
    __slots__ = ("id", "a", "b", "kind")
    ID_FIELD_NUMBER: _ClassVar[int]
    A_FIELD_NUMBER: _ClassVar[int]
    B_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    id: str
    a: str
    b: str
    kind: str
    def __init__(self, id: _Optional[str] = ..., a: _Optional[str] = ..., b: _Optional[str] = ..., kind: _Optional[str] = ...) -> None: ...

class SpecialArea(_message.Message):
    __slots__ = ("id", "kind", "town", "capacity", "name", "tags")
    ID_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    TOWN_FIELD_NUMBER: _ClassVar[int]
    CAPACITY_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    TAGS_FIELD_NUMBER: _ClassVar[int]
    id: str
    kind: str
    town: str
    capacity: int
    name: str
    tags: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, id: _Optional[str] = ..., kind: _Optional[str] = ..., town: _Optional[str] = ..., capacity: _Optional[int] = ..., name: _Optional[str] = ..., tags: _Optional[_Iterable[str]] = ...) -> None: ...

class GraphMap(_message.Message):
    __slots__ = ("towns", "roads", "areas")
    TOWNS_FIELD_NUMBER: _ClassVar[int]
    ROADS_FIELD_NUMBER: _ClassVar[int]
    AREAS_FIELD_NUMBER: _ClassVar[int]
    towns: _containers.RepeatedCompositeFieldContainer[Town]
    roads: _containers.RepeatedCompositeFieldContainer[Road]
    areas: _containers.RepeatedCompositeFieldContainer[SpecialArea]
    def __init__(self, towns: _Optional[_Iterable[_Union[Town, _Mapping]]] = ..., roads: _Optional[_Iterable[_Union[Road, _Mapping]]] = ..., areas: _Optional[_Iterable[_Union[SpecialArea, _Mapping]]] = ...) -> None: ...

class GameMap(_message.Message):
    __slots__ = ("id", "name", "source", "hex", "graph")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    SOURCE_FIELD_NUMBER: _ClassVar[int]
    HEX_FIELD_NUMBER: _ClassVar[int]
    GRAPH_FIELD_NUMBER: _ClassVar[int]
    id: str
    name: str
    source: str
    hex: HexMap
    graph: GraphMap
    def __init__(self, id: _Optional[str] = ..., name: _Optional[str] = ..., source: _Optional[str] = ..., hex: _Optional[_Union[HexMap, _Mapping]] = ..., graph: _Optional[_Union[GraphMap, _Mapping]] = ...) -> None: ...
