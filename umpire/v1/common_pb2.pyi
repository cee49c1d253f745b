from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Citation(_message.Message):
    __slots__ = ("ruleset", "rule_case", "quote", "label")
    RULESET_FIELD_NUMBER: _ClassVar[int]
    RULE_CASE_FIELD_NUMBER: _ClassVar[int]
    QUOTE_FIELD_NUMBER: _ClassVar[int]
    LABEL_FIELD_NUMBER: _ClassVar[int]
    ruleset: str
    rule_case: str
    quote: str
    label: str
    def __init__(self, ruleset: _Optional[str] = ..., rule_case: _Optional[str] = ..., quote: _Optional[str] = ..., label: _Optional[str] = ...) -> None: ...

class Violation(_message.Message):
    __slots__ = ("code", "message", "citation", "subject")
    CODE_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    CITATION_FIELD_NUMBER: _ClassVar[int]
    SUBJECT_FIELD_NUMBER: _ClassVar[int]
    code: str
    message: str
    citation: Citation
    subject: str
    def __init__(self, code: _Optional[str] = ..., message: _Optional[str] = ..., citation: _Optional[_Union[Citation, _Mapping]] = ..., subject: _Optional[str] = ...) -> None: ...

class NeededCell(_message.Message):
    __slots__ = ("table_id", "table_title", "column", "row", "how_to_supply", "reason", "accepted")
    TABLE_ID_FIELD_NUMBER: _ClassVar[int]
    TABLE_TITLE_FIELD_NUMBER: _ClassVar[int]
    COLUMN_FIELD_NUMBER: _ClassVar[int]
    ROW_FIELD_NUMBER: _ClassVar[int]
    HOW_TO_SUPPLY_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    ACCEPTED_FIELD_NUMBER: _ClassVar[int]
    table_id: str
    table_title: str
    column: str
    row: str
    how_to_supply: str
    reason: str
    accepted: str
    def __init__(self, table_id: _Optional[str] = ..., table_title: _Optional[str] = ..., column: _Optional[str] = ..., row: _Optional[str] = ..., how_to_supply: _Optional[str] = ..., reason: _Optional[str] = ..., accepted: _Optional[str] = ...) -> None: ...

class SuppliedCell(_message.Message):
    __slots__ = ("table_id", "column", "row", "value", "note")
    TABLE_ID_FIELD_NUMBER: _ClassVar[int]
    COLUMN_FIELD_NUMBER: _ClassVar[int]
    ROW_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    NOTE_FIELD_NUMBER: _ClassVar[int]
    table_id: str
    column: str
    row: str
    value: str
    note: str
    def __init__(self, table_id: _Optional[str] = ..., column: _Optional[str] = ..., row: _Optional[str] = ..., value: _Optional[str] = ..., note: _Optional[str] = ...) -> None: ...

class DieRoll(_message.Message):
    __slots__ = ("index", "sides", "value", "purpose", "version", "open")
    INDEX_FIELD_NUMBER: _ClassVar[int]
    SIDES_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    PURPOSE_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    OPEN_FIELD_NUMBER: _ClassVar[int]
    index: int
    sides: int
    value: int
    purpose: str
    version: int
    open: bool
    def __init__(self, index: _Optional[int] = ..., sides: _Optional[int] = ..., value: _Optional[int] = ..., purpose: _Optional[str] = ..., version: _Optional[int] = ..., open: _Optional[bool] = ...) -> None: ...

class RuleNote(_message.Message):
    __slots__ = ("text", "citation")
    TEXT_FIELD_NUMBER: _ClassVar[int]
    CITATION_FIELD_NUMBER: _ClassVar[int]
    text: str
    citation: Citation
    def __init__(self, text: _Optional[str] = ..., citation: _Optional[_Union[Citation, _Mapping]] = ...) -> None: ...
