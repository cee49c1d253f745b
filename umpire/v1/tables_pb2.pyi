from umpire.v1 import common_pb2 as _common_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class TableCell(_message.Message):
    __slots__ = ("row", "column", "value", "unknown", "source", "marks", "note", "row_through")
    class MarksEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    ROW_FIELD_NUMBER: _ClassVar[int]
    COLUMN_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    UNKNOWN_FIELD_NUMBER: _ClassVar[int]
    SOURCE_FIELD_NUMBER: _ClassVar[int]
    MARKS_FIELD_NUMBER: _ClassVar[int]
    NOTE_FIELD_NUMBER: _ClassVar[int]
    ROW_THROUGH_FIELD_NUMBER: _ClassVar[int]
    row: str
    column: str
    value: str
    unknown: bool
    source: str
    marks: _containers.ScalarMap[str, str]
    note: str
    row_through: str
    def __init__(self, row: _Optional[str] = ..., column: _Optional[str] = ..., value: _Optional[str] = ..., unknown: _Optional[bool] = ..., source: _Optional[str] = ..., marks: _Optional[_Mapping[str, str]] = ..., note: _Optional[str] = ..., row_through: _Optional[str] = ...) -> None: ...

class Table(_message.Message):
    __slots__ = ("id", "title", "row_label", "column_label", "rows", "columns", "cells", "source", "citation")
    ID_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    ROW_LABEL_FIELD_NUMBER: _ClassVar[int]
    COLUMN_LABEL_FIELD_NUMBER: _ClassVar[int]
    ROWS_FIELD_NUMBER: _ClassVar[int]
    COLUMNS_FIELD_NUMBER: _ClassVar[int]
    CELLS_FIELD_NUMBER: _ClassVar[int]
    SOURCE_FIELD_NUMBER: _ClassVar[int]
    CITATION_FIELD_NUMBER: _ClassVar[int]
    id: str
    title: str
    row_label: str
    column_label: str
    rows: _containers.RepeatedScalarFieldContainer[str]
    columns: _containers.RepeatedScalarFieldContainer[str]
    cells: _containers.RepeatedCompositeFieldContainer[TableCell]
    source: str
    citation: _common_pb2.Citation
    def __init__(self, id: _Optional[str] = ..., title: _Optional[str] = ..., row_label: _Optional[str] = ..., column_label: _Optional[str] = ..., rows: _Optional[_Iterable[str]] = ..., columns: _Optional[_Iterable[str]] = ..., cells: _Optional[_Iterable[_Union[TableCell, _Mapping]]] = ..., source: _Optional[str] = ..., citation: _Optional[_Union[_common_pb2.Citation, _Mapping]] = ...) -> None: ...

class TableSet(_message.Message):
    __slots__ = ("tables",)
    TABLES_FIELD_NUMBER: _ClassVar[int]
    tables: _containers.RepeatedCompositeFieldContainer[Table]
    def __init__(self, tables: _Optional[_Iterable[_Union[Table, _Mapping]]] = ...) -> None: ...
