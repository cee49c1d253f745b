from umpire.v1 import common_pb2 as _common_pb2
from umpire.v1 import map_pb2 as _map_pb2
from umpire.v1 import tables_pb2 as _tables_pb2
from umpire.v1 import major_battles_pb2 as _major_battles_pb2
from umpire.v1 import nordwind_pb2 as _nordwind_pb2
from umpire.v1 import pattons_pb2 as _pattons_pb2
from umpire.v1 import traces_pb2 as _traces_pb2
from umpire.v1 import lucky_forward_pb2 as _lucky_forward_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Side(_message.Message):
    __slots__ = ("id", "name", "color")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    COLOR_FIELD_NUMBER: _ClassVar[int]
    id: str
    name: str
    color: str
    def __init__(self, id: _Optional[str] = ..., name: _Optional[str] = ..., color: _Optional[str] = ...) -> None: ...

class UnitType(_message.Message):
    __slots__ = ("id", "name", "movement_class", "tags")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    MOVEMENT_CLASS_FIELD_NUMBER: _ClassVar[int]
    TAGS_FIELD_NUMBER: _ClassVar[int]
    id: str
    name: str
    movement_class: str
    tags: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, id: _Optional[str] = ..., name: _Optional[str] = ..., movement_class: _Optional[str] = ..., tags: _Optional[_Iterable[str]] = ...) -> None: ...

class UnitFace(_message.Message):
    __slots__ = ("attack", "defense", "movement", "quality", "values")
    class ValuesEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    ATTACK_FIELD_NUMBER: _ClassVar[int]
    DEFENSE_FIELD_NUMBER: _ClassVar[int]
    MOVEMENT_FIELD_NUMBER: _ClassVar[int]
    QUALITY_FIELD_NUMBER: _ClassVar[int]
    VALUES_FIELD_NUMBER: _ClassVar[int]
    attack: int
    defense: int
    movement: int
    quality: str
    values: _containers.ScalarMap[str, str]
    def __init__(self, attack: _Optional[int] = ..., defense: _Optional[int] = ..., movement: _Optional[int] = ..., quality: _Optional[str] = ..., values: _Optional[_Mapping[str, str]] = ...) -> None: ...

class Unit(_message.Message):
    __slots__ = ("id", "side", "name", "formation", "size", "type", "faces", "steps", "tags", "hidden_from_enemy", "nationality", "props")
    class PropsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    ID_FIELD_NUMBER: _ClassVar[int]
    SIDE_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    FORMATION_FIELD_NUMBER: _ClassVar[int]
    SIZE_FIELD_NUMBER: _ClassVar[int]
    TYPE_FIELD_NUMBER: _ClassVar[int]
    FACES_FIELD_NUMBER: _ClassVar[int]
    STEPS_FIELD_NUMBER: _ClassVar[int]
    TAGS_FIELD_NUMBER: _ClassVar[int]
    HIDDEN_FROM_ENEMY_FIELD_NUMBER: _ClassVar[int]
    NATIONALITY_FIELD_NUMBER: _ClassVar[int]
    PROPS_FIELD_NUMBER: _ClassVar[int]
    id: str
    side: str
    name: str
    formation: str
    size: str
    type: str
    faces: _containers.RepeatedCompositeFieldContainer[UnitFace]
    steps: int
    tags: _containers.RepeatedScalarFieldContainer[str]
    hidden_from_enemy: _containers.RepeatedScalarFieldContainer[str]
    nationality: str
    props: _containers.ScalarMap[str, str]
    def __init__(self, id: _Optional[str] = ..., side: _Optional[str] = ..., name: _Optional[str] = ..., formation: _Optional[str] = ..., size: _Optional[str] = ..., type: _Optional[str] = ..., faces: _Optional[_Iterable[_Union[UnitFace, _Mapping]]] = ..., steps: _Optional[int] = ..., tags: _Optional[_Iterable[str]] = ..., hidden_from_enemy: _Optional[_Iterable[str]] = ..., nationality: _Optional[str] = ..., props: _Optional[_Mapping[str, str]] = ...) -> None: ...

class Placement(_message.Message):
    __slots__ = ("unit_id", "location")
    UNIT_ID_FIELD_NUMBER: _ClassVar[int]
    LOCATION_FIELD_NUMBER: _ClassVar[int]
    unit_id: str
    location: str
    def __init__(self, unit_id: _Optional[str] = ..., location: _Optional[str] = ...) -> None: ...

class Reinforcement(_message.Message):
    __slots__ = ("unit_ids", "turn", "entry", "condition", "citation")
    UNIT_IDS_FIELD_NUMBER: _ClassVar[int]
    TURN_FIELD_NUMBER: _ClassVar[int]
    ENTRY_FIELD_NUMBER: _ClassVar[int]
    CONDITION_FIELD_NUMBER: _ClassVar[int]
    CITATION_FIELD_NUMBER: _ClassVar[int]
    unit_ids: _containers.RepeatedScalarFieldContainer[str]
    turn: int
    entry: _containers.RepeatedScalarFieldContainer[str]
    condition: str
    citation: _common_pb2.Citation
    def __init__(self, unit_ids: _Optional[_Iterable[str]] = ..., turn: _Optional[int] = ..., entry: _Optional[_Iterable[str]] = ..., condition: _Optional[str] = ..., citation: _Optional[_Union[_common_pb2.Citation, _Mapping]] = ...) -> None: ...

class VictoryCondition(_message.Message):
    __slots__ = ("id", "side", "description", "citation")
    ID_FIELD_NUMBER: _ClassVar[int]
    SIDE_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    CITATION_FIELD_NUMBER: _ClassVar[int]
    id: str
    side: str
    description: str
    citation: _common_pb2.Citation
    def __init__(self, id: _Optional[str] = ..., side: _Optional[str] = ..., description: _Optional[str] = ..., citation: _Optional[_Union[_common_pb2.Citation, _Mapping]] = ...) -> None: ...

class RuleOption(_message.Message):
    __slots__ = ("name", "value", "description", "citation")
    NAME_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    CITATION_FIELD_NUMBER: _ClassVar[int]
    name: str
    value: str
    description: str
    citation: _common_pb2.Citation
    def __init__(self, name: _Optional[str] = ..., value: _Optional[str] = ..., description: _Optional[str] = ..., citation: _Optional[_Union[_common_pb2.Citation, _Mapping]] = ...) -> None: ...

class GameDefinition(_message.Message):
    __slots__ = ("id", "name", "ruleset", "sides", "map", "unit_types", "units", "tables", "source")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    RULESET_FIELD_NUMBER: _ClassVar[int]
    SIDES_FIELD_NUMBER: _ClassVar[int]
    MAP_FIELD_NUMBER: _ClassVar[int]
    UNIT_TYPES_FIELD_NUMBER: _ClassVar[int]
    UNITS_FIELD_NUMBER: _ClassVar[int]
    TABLES_FIELD_NUMBER: _ClassVar[int]
    SOURCE_FIELD_NUMBER: _ClassVar[int]
    id: str
    name: str
    ruleset: str
    sides: _containers.RepeatedCompositeFieldContainer[Side]
    map: _map_pb2.GameMap
    unit_types: _containers.RepeatedCompositeFieldContainer[UnitType]
    units: _containers.RepeatedCompositeFieldContainer[Unit]
    tables: _containers.RepeatedCompositeFieldContainer[_tables_pb2.Table]
    source: str
    def __init__(self, id: _Optional[str] = ..., name: _Optional[str] = ..., ruleset: _Optional[str] = ..., sides: _Optional[_Iterable[_Union[Side, _Mapping]]] = ..., map: _Optional[_Union[_map_pb2.GameMap, _Mapping]] = ..., unit_types: _Optional[_Iterable[_Union[UnitType, _Mapping]]] = ..., units: _Optional[_Iterable[_Union[Unit, _Mapping]]] = ..., tables: _Optional[_Iterable[_Union[_tables_pb2.Table, _Mapping]]] = ..., source: _Optional[str] = ...) -> None: ...

class Scenario(_message.Message):
    __slots__ = ("id", "name", "ruleset", "ruleset_version", "definition", "setup", "reinforcements", "victory", "first_turn", "last_turn", "options", "description", "source", "major_battles", "nordwind", "traces", "pattons", "lucky_forward")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    RULESET_FIELD_NUMBER: _ClassVar[int]
    RULESET_VERSION_FIELD_NUMBER: _ClassVar[int]
    DEFINITION_FIELD_NUMBER: _ClassVar[int]
    SETUP_FIELD_NUMBER: _ClassVar[int]
    REINFORCEMENTS_FIELD_NUMBER: _ClassVar[int]
    VICTORY_FIELD_NUMBER: _ClassVar[int]
    FIRST_TURN_FIELD_NUMBER: _ClassVar[int]
    LAST_TURN_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    SOURCE_FIELD_NUMBER: _ClassVar[int]
    MAJOR_BATTLES_FIELD_NUMBER: _ClassVar[int]
    NORDWIND_FIELD_NUMBER: _ClassVar[int]
    TRACES_FIELD_NUMBER: _ClassVar[int]
    PATTONS_FIELD_NUMBER: _ClassVar[int]
    LUCKY_FORWARD_FIELD_NUMBER: _ClassVar[int]
    id: str
    name: str
    ruleset: str
    ruleset_version: str
    definition: GameDefinition
    setup: _containers.RepeatedCompositeFieldContainer[Placement]
    reinforcements: _containers.RepeatedCompositeFieldContainer[Reinforcement]
    victory: _containers.RepeatedCompositeFieldContainer[VictoryCondition]
    first_turn: int
    last_turn: int
    options: _containers.RepeatedCompositeFieldContainer[RuleOption]
    description: str
    source: str
    major_battles: _major_battles_pb2.MajorBattlesScenario
    nordwind: _nordwind_pb2.NordwindScenario
    traces: _traces_pb2.TracesScenario
    pattons: _pattons_pb2.PattonsScenario
    lucky_forward: _lucky_forward_pb2.LuckyForwardScenario
    def __init__(self, id: _Optional[str] = ..., name: _Optional[str] = ..., ruleset: _Optional[str] = ..., ruleset_version: _Optional[str] = ..., definition: _Optional[_Union[GameDefinition, _Mapping]] = ..., setup: _Optional[_Iterable[_Union[Placement, _Mapping]]] = ..., reinforcements: _Optional[_Iterable[_Union[Reinforcement, _Mapping]]] = ..., victory: _Optional[_Iterable[_Union[VictoryCondition, _Mapping]]] = ..., first_turn: _Optional[int] = ..., last_turn: _Optional[int] = ..., options: _Optional[_Iterable[_Union[RuleOption, _Mapping]]] = ..., description: _Optional[str] = ..., source: _Optional[str] = ..., major_battles: _Optional[_Union[_major_battles_pb2.MajorBattlesScenario, _Mapping]] = ..., nordwind: _Optional[_Union[_nordwind_pb2.NordwindScenario, _Mapping]] = ..., traces: _Optional[_Union[_traces_pb2.TracesScenario, _Mapping]] = ..., pattons: _Optional[_Union[_pattons_pb2.PattonsScenario, _Mapping]] = ..., lucky_forward: _Optional[_Union[_lucky_forward_pb2.LuckyForwardScenario, _Mapping]] = ...) -> None: ...
