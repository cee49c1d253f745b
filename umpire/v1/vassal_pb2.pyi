from umpire.v1 import action_pb2 as _action_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class VassalBinding(_message.Message):
    __slots__ = ("ruleset", "scenario", "sides", "maps", "pieces", "auto", "log", "eliminated_maps", "off_map_maps")
    class SidesEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    RULESET_FIELD_NUMBER: _ClassVar[int]
    SCENARIO_FIELD_NUMBER: _ClassVar[int]
    SIDES_FIELD_NUMBER: _ClassVar[int]
    MAPS_FIELD_NUMBER: _ClassVar[int]
    PIECES_FIELD_NUMBER: _ClassVar[int]
    AUTO_FIELD_NUMBER: _ClassVar[int]
    LOG_FIELD_NUMBER: _ClassVar[int]
    ELIMINATED_MAPS_FIELD_NUMBER: _ClassVar[int]
    OFF_MAP_MAPS_FIELD_NUMBER: _ClassVar[int]
    ruleset: str
    scenario: str
    sides: _containers.ScalarMap[str, str]
    maps: _containers.RepeatedCompositeFieldContainer[VassalMapBinding]
    pieces: _containers.RepeatedCompositeFieldContainer[VassalPieceRule]
    auto: VassalAutoBinding
    log: VassalLogBinding
    eliminated_maps: _containers.RepeatedScalarFieldContainer[str]
    off_map_maps: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, ruleset: _Optional[str] = ..., scenario: _Optional[str] = ..., sides: _Optional[_Mapping[str, str]] = ..., maps: _Optional[_Iterable[_Union[VassalMapBinding, _Mapping]]] = ..., pieces: _Optional[_Iterable[_Union[VassalPieceRule, _Mapping]]] = ..., auto: _Optional[_Union[VassalAutoBinding, _Mapping]] = ..., log: _Optional[_Union[VassalLogBinding, _Mapping]] = ..., eliminated_maps: _Optional[_Iterable[str]] = ..., off_map_maps: _Optional[_Iterable[str]] = ...) -> None: ...

class VassalMapBinding(_message.Message):
    __slots__ = ("map", "board", "zone", "sheet", "locations", "id_from")
    class LocationsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    MAP_FIELD_NUMBER: _ClassVar[int]
    BOARD_FIELD_NUMBER: _ClassVar[int]
    ZONE_FIELD_NUMBER: _ClassVar[int]
    SHEET_FIELD_NUMBER: _ClassVar[int]
    LOCATIONS_FIELD_NUMBER: _ClassVar[int]
    ID_FROM_FIELD_NUMBER: _ClassVar[int]
    map: str
    board: str
    zone: str
    sheet: str
    locations: _containers.ScalarMap[str, str]
    id_from: str
    def __init__(self, map: _Optional[str] = ..., board: _Optional[str] = ..., zone: _Optional[str] = ..., sheet: _Optional[str] = ..., locations: _Optional[_Mapping[str, str]] = ..., id_from: _Optional[str] = ...) -> None: ...

class VassalPieceRule(_message.Message):
    __slots__ = ("palette_path", "gpid", "prototype", "name", "properties", "map", "bind_as", "unit", "side", "unit_type", "marker", "steps", "layer_markers", "unit_name")
    class PropertiesEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    PALETTE_PATH_FIELD_NUMBER: _ClassVar[int]
    GPID_FIELD_NUMBER: _ClassVar[int]
    PROTOTYPE_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    PROPERTIES_FIELD_NUMBER: _ClassVar[int]
    MAP_FIELD_NUMBER: _ClassVar[int]
    BIND_AS_FIELD_NUMBER: _ClassVar[int]
    UNIT_FIELD_NUMBER: _ClassVar[int]
    SIDE_FIELD_NUMBER: _ClassVar[int]
    UNIT_TYPE_FIELD_NUMBER: _ClassVar[int]
    MARKER_FIELD_NUMBER: _ClassVar[int]
    STEPS_FIELD_NUMBER: _ClassVar[int]
    LAYER_MARKERS_FIELD_NUMBER: _ClassVar[int]
    UNIT_NAME_FIELD_NUMBER: _ClassVar[int]
    palette_path: str
    gpid: str
    prototype: str
    name: str
    properties: _containers.ScalarMap[str, str]
    map: str
    bind_as: str
    unit: str
    side: str
    unit_type: str
    marker: str
    steps: VassalStepBinding
    layer_markers: _containers.RepeatedCompositeFieldContainer[VassalLayerMarker]
    unit_name: str
    def __init__(self, palette_path: _Optional[str] = ..., gpid: _Optional[str] = ..., prototype: _Optional[str] = ..., name: _Optional[str] = ..., properties: _Optional[_Mapping[str, str]] = ..., map: _Optional[str] = ..., bind_as: _Optional[str] = ..., unit: _Optional[str] = ..., side: _Optional[str] = ..., unit_type: _Optional[str] = ..., marker: _Optional[str] = ..., steps: _Optional[_Union[VassalStepBinding, _Mapping]] = ..., layer_markers: _Optional[_Iterable[_Union[VassalLayerMarker, _Mapping]]] = ..., unit_name: _Optional[str] = ...) -> None: ...

class VassalStepBinding(_message.Message):
    __slots__ = ("layer", "steps_lost", "inactive", "property")
    class StepsLostEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: int
        value: int
        def __init__(self, key: _Optional[int] = ..., value: _Optional[int] = ...) -> None: ...
    LAYER_FIELD_NUMBER: _ClassVar[int]
    STEPS_LOST_FIELD_NUMBER: _ClassVar[int]
    INACTIVE_FIELD_NUMBER: _ClassVar[int]
    PROPERTY_FIELD_NUMBER: _ClassVar[int]
    layer: str
    steps_lost: _containers.ScalarMap[int, int]
    inactive: int
    property: str
    def __init__(self, layer: _Optional[str] = ..., steps_lost: _Optional[_Mapping[int, int]] = ..., inactive: _Optional[int] = ..., property: _Optional[str] = ...) -> None: ...

class VassalLayerMarker(_message.Message):
    __slots__ = ("layer", "levels")
    class LevelsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: int
        value: str
        def __init__(self, key: _Optional[int] = ..., value: _Optional[str] = ...) -> None: ...
    LAYER_FIELD_NUMBER: _ClassVar[int]
    LEVELS_FIELD_NUMBER: _ClassVar[int]
    layer: str
    levels: _containers.ScalarMap[int, str]
    def __init__(self, layer: _Optional[str] = ..., levels: _Optional[_Mapping[int, str]] = ...) -> None: ...

class VassalAutoBinding(_message.Message):
    __slots__ = ("disabled", "unit_properties", "side_properties")
    DISABLED_FIELD_NUMBER: _ClassVar[int]
    UNIT_PROPERTIES_FIELD_NUMBER: _ClassVar[int]
    SIDE_PROPERTIES_FIELD_NUMBER: _ClassVar[int]
    disabled: bool
    unit_properties: _containers.RepeatedScalarFieldContainer[str]
    side_properties: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, disabled: _Optional[bool] = ..., unit_properties: _Optional[_Iterable[str]] = ..., side_properties: _Optional[_Iterable[str]] = ...) -> None: ...

class VassalLogBinding(_message.Message):
    __slots__ = ("end_phase_on_turn", "end_phase_chat", "dice_chat", "no_merge_moves", "chat_actions")
    END_PHASE_ON_TURN_FIELD_NUMBER: _ClassVar[int]
    END_PHASE_CHAT_FIELD_NUMBER: _ClassVar[int]
    DICE_CHAT_FIELD_NUMBER: _ClassVar[int]
    NO_MERGE_MOVES_FIELD_NUMBER: _ClassVar[int]
    CHAT_ACTIONS_FIELD_NUMBER: _ClassVar[int]
    end_phase_on_turn: bool
    end_phase_chat: _containers.RepeatedScalarFieldContainer[str]
    dice_chat: str
    no_merge_moves: bool
    chat_actions: _containers.RepeatedCompositeFieldContainer[VassalChatAction]
    def __init__(self, end_phase_on_turn: _Optional[bool] = ..., end_phase_chat: _Optional[_Iterable[str]] = ..., dice_chat: _Optional[str] = ..., no_merge_moves: _Optional[bool] = ..., chat_actions: _Optional[_Iterable[_Union[VassalChatAction, _Mapping]]] = ...) -> None: ...

class VassalChatAction(_message.Message):
    __slots__ = ("pattern", "action", "side")
    PATTERN_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    SIDE_FIELD_NUMBER: _ClassVar[int]
    pattern: str
    action: str
    side: str
    def __init__(self, pattern: _Optional[str] = ..., action: _Optional[str] = ..., side: _Optional[str] = ...) -> None: ...

class VassalLogEntry(_message.Message):
    __slots__ = ("steps", "action", "verdict", "skipped", "summary")
    STEPS_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    VERDICT_FIELD_NUMBER: _ClassVar[int]
    SKIPPED_FIELD_NUMBER: _ClassVar[int]
    SUMMARY_FIELD_NUMBER: _ClassVar[int]
    steps: _containers.RepeatedScalarFieldContainer[int]
    action: _action_pb2.Action
    verdict: _action_pb2.Verdict
    skipped: str
    summary: str
    def __init__(self, steps: _Optional[_Iterable[int]] = ..., action: _Optional[_Union[_action_pb2.Action, _Mapping]] = ..., verdict: _Optional[_Union[_action_pb2.Verdict, _Mapping]] = ..., skipped: _Optional[str] = ..., summary: _Optional[str] = ...) -> None: ...

class VassalLogReport(_message.Message):
    __slots__ = ("log", "ruleset", "entries", "all_legal", "first_illegal_step")
    LOG_FIELD_NUMBER: _ClassVar[int]
    RULESET_FIELD_NUMBER: _ClassVar[int]
    ENTRIES_FIELD_NUMBER: _ClassVar[int]
    ALL_LEGAL_FIELD_NUMBER: _ClassVar[int]
    FIRST_ILLEGAL_STEP_FIELD_NUMBER: _ClassVar[int]
    log: str
    ruleset: str
    entries: _containers.RepeatedCompositeFieldContainer[VassalLogEntry]
    all_legal: bool
    first_illegal_step: int
    def __init__(self, log: _Optional[str] = ..., ruleset: _Optional[str] = ..., entries: _Optional[_Iterable[_Union[VassalLogEntry, _Mapping]]] = ..., all_legal: _Optional[bool] = ..., first_illegal_step: _Optional[int] = ...) -> None: ...
