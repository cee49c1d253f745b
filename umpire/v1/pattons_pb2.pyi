from umpire.v1 import common_pb2 as _common_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class PattonsChitDef(_message.Message):
    __slots__ = ("id", "morale", "front_a", "front_b", "front_c", "back_a", "back_b", "back_c")
    ID_FIELD_NUMBER: _ClassVar[int]
    MORALE_FIELD_NUMBER: _ClassVar[int]
    FRONT_A_FIELD_NUMBER: _ClassVar[int]
    FRONT_B_FIELD_NUMBER: _ClassVar[int]
    FRONT_C_FIELD_NUMBER: _ClassVar[int]
    BACK_A_FIELD_NUMBER: _ClassVar[int]
    BACK_B_FIELD_NUMBER: _ClassVar[int]
    BACK_C_FIELD_NUMBER: _ClassVar[int]
    id: str
    morale: int
    front_a: int
    front_b: int
    front_c: int
    back_a: int
    back_b: int
    back_c: int
    def __init__(self, id: _Optional[str] = ..., morale: _Optional[int] = ..., front_a: _Optional[int] = ..., front_b: _Optional[int] = ..., front_c: _Optional[int] = ..., back_a: _Optional[int] = ..., back_b: _Optional[int] = ..., back_c: _Optional[int] = ...) -> None: ...

class PattonsArrival(_message.Message):
    __slots__ = ("turn", "unit_ids", "entry_hex", "citation")
    TURN_FIELD_NUMBER: _ClassVar[int]
    UNIT_IDS_FIELD_NUMBER: _ClassVar[int]
    ENTRY_HEX_FIELD_NUMBER: _ClassVar[int]
    CITATION_FIELD_NUMBER: _ClassVar[int]
    turn: int
    unit_ids: _containers.RepeatedScalarFieldContainer[str]
    entry_hex: str
    citation: _common_pb2.Citation
    def __init__(self, turn: _Optional[int] = ..., unit_ids: _Optional[_Iterable[str]] = ..., entry_hex: _Optional[str] = ..., citation: _Optional[_Union[_common_pb2.Citation, _Mapping]] = ...) -> None: ...

class PattonsScenario(_message.Message):
    __slots__ = ("chits", "arrivals", "support", "us_corps", "frozen_turn1", "german_corps_turn1", "us_corps_oos_turn1", "us_division_oos", "two_regiment_division", "variable_division", "entry_hex_a", "variable_first_turn", "extended")
    class SupportEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: int
        def __init__(self, key: _Optional[str] = ..., value: _Optional[int] = ...) -> None: ...
    CHITS_FIELD_NUMBER: _ClassVar[int]
    ARRIVALS_FIELD_NUMBER: _ClassVar[int]
    SUPPORT_FIELD_NUMBER: _ClassVar[int]
    US_CORPS_FIELD_NUMBER: _ClassVar[int]
    FROZEN_TURN1_FIELD_NUMBER: _ClassVar[int]
    GERMAN_CORPS_TURN1_FIELD_NUMBER: _ClassVar[int]
    US_CORPS_OOS_TURN1_FIELD_NUMBER: _ClassVar[int]
    US_DIVISION_OOS_FIELD_NUMBER: _ClassVar[int]
    TWO_REGIMENT_DIVISION_FIELD_NUMBER: _ClassVar[int]
    VARIABLE_DIVISION_FIELD_NUMBER: _ClassVar[int]
    ENTRY_HEX_A_FIELD_NUMBER: _ClassVar[int]
    VARIABLE_FIRST_TURN_FIELD_NUMBER: _ClassVar[int]
    EXTENDED_FIELD_NUMBER: _ClassVar[int]
    chits: _containers.RepeatedCompositeFieldContainer[PattonsChitDef]
    arrivals: _containers.RepeatedCompositeFieldContainer[PattonsArrival]
    support: _containers.ScalarMap[str, int]
    us_corps: _containers.RepeatedScalarFieldContainer[str]
    frozen_turn1: _containers.RepeatedScalarFieldContainer[str]
    german_corps_turn1: str
    us_corps_oos_turn1: str
    us_division_oos: str
    two_regiment_division: str
    variable_division: str
    entry_hex_a: str
    variable_first_turn: int
    extended: bool
    def __init__(self, chits: _Optional[_Iterable[_Union[PattonsChitDef, _Mapping]]] = ..., arrivals: _Optional[_Iterable[_Union[PattonsArrival, _Mapping]]] = ..., support: _Optional[_Mapping[str, int]] = ..., us_corps: _Optional[_Iterable[str]] = ..., frozen_turn1: _Optional[_Iterable[str]] = ..., german_corps_turn1: _Optional[str] = ..., us_corps_oos_turn1: _Optional[str] = ..., us_division_oos: _Optional[str] = ..., two_regiment_division: _Optional[str] = ..., variable_division: _Optional[str] = ..., entry_hex_a: _Optional[str] = ..., variable_first_turn: _Optional[int] = ..., extended: _Optional[bool] = ...) -> None: ...

class PattonsHeld(_message.Message):
    __slots__ = ("unit_id", "chit", "morale")
    UNIT_ID_FIELD_NUMBER: _ClassVar[int]
    CHIT_FIELD_NUMBER: _ClassVar[int]
    MORALE_FIELD_NUMBER: _ClassVar[int]
    unit_id: str
    chit: str
    morale: int
    def __init__(self, unit_id: _Optional[str] = ..., chit: _Optional[str] = ..., morale: _Optional[int] = ...) -> None: ...

class PattonsPool(_message.Message):
    __slots__ = ("morale", "chits", "count")
    MORALE_FIELD_NUMBER: _ClassVar[int]
    CHITS_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    morale: int
    chits: _containers.RepeatedScalarFieldContainer[str]
    count: int
    def __init__(self, morale: _Optional[int] = ..., chits: _Optional[_Iterable[str]] = ..., count: _Optional[int] = ...) -> None: ...

class PattonsRoute(_message.Message):
    __slots__ = ("unit_ids", "path", "start")
    UNIT_IDS_FIELD_NUMBER: _ClassVar[int]
    PATH_FIELD_NUMBER: _ClassVar[int]
    START_FIELD_NUMBER: _ClassVar[int]
    unit_ids: _containers.RepeatedScalarFieldContainer[str]
    path: _containers.RepeatedScalarFieldContainer[str]
    start: str
    def __init__(self, unit_ids: _Optional[_Iterable[str]] = ..., path: _Optional[_Iterable[str]] = ..., start: _Optional[str] = ...) -> None: ...

class PattonsCombat(_message.Message):
    __slots__ = ("targets", "attackers", "defenders", "bystanders", "attacker_support", "defender_support", "attacker_air", "defender_air", "attacker_side", "stage", "revealed_version", "line", "attack", "defense", "base_column", "column", "roll", "result", "bold", "part", "step", "losses", "retreat", "flexible", "to_retreat", "routes", "vacated", "owing", "unfulfilled", "advancing", "defender_declared")
    class UnfulfilledEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: int
        def __init__(self, key: _Optional[str] = ..., value: _Optional[int] = ...) -> None: ...
    TARGETS_FIELD_NUMBER: _ClassVar[int]
    ATTACKERS_FIELD_NUMBER: _ClassVar[int]
    DEFENDERS_FIELD_NUMBER: _ClassVar[int]
    BYSTANDERS_FIELD_NUMBER: _ClassVar[int]
    ATTACKER_SUPPORT_FIELD_NUMBER: _ClassVar[int]
    DEFENDER_SUPPORT_FIELD_NUMBER: _ClassVar[int]
    ATTACKER_AIR_FIELD_NUMBER: _ClassVar[int]
    DEFENDER_AIR_FIELD_NUMBER: _ClassVar[int]
    ATTACKER_SIDE_FIELD_NUMBER: _ClassVar[int]
    STAGE_FIELD_NUMBER: _ClassVar[int]
    REVEALED_VERSION_FIELD_NUMBER: _ClassVar[int]
    LINE_FIELD_NUMBER: _ClassVar[int]
    ATTACK_FIELD_NUMBER: _ClassVar[int]
    DEFENSE_FIELD_NUMBER: _ClassVar[int]
    BASE_COLUMN_FIELD_NUMBER: _ClassVar[int]
    COLUMN_FIELD_NUMBER: _ClassVar[int]
    ROLL_FIELD_NUMBER: _ClassVar[int]
    RESULT_FIELD_NUMBER: _ClassVar[int]
    BOLD_FIELD_NUMBER: _ClassVar[int]
    PART_FIELD_NUMBER: _ClassVar[int]
    STEP_FIELD_NUMBER: _ClassVar[int]
    LOSSES_FIELD_NUMBER: _ClassVar[int]
    RETREAT_FIELD_NUMBER: _ClassVar[int]
    FLEXIBLE_FIELD_NUMBER: _ClassVar[int]
    TO_RETREAT_FIELD_NUMBER: _ClassVar[int]
    ROUTES_FIELD_NUMBER: _ClassVar[int]
    VACATED_FIELD_NUMBER: _ClassVar[int]
    OWING_FIELD_NUMBER: _ClassVar[int]
    UNFULFILLED_FIELD_NUMBER: _ClassVar[int]
    ADVANCING_FIELD_NUMBER: _ClassVar[int]
    DEFENDER_DECLARED_FIELD_NUMBER: _ClassVar[int]
    targets: _containers.RepeatedScalarFieldContainer[str]
    attackers: _containers.RepeatedScalarFieldContainer[str]
    defenders: _containers.RepeatedScalarFieldContainer[str]
    bystanders: _containers.RepeatedScalarFieldContainer[str]
    attacker_support: _containers.RepeatedScalarFieldContainer[str]
    defender_support: _containers.RepeatedScalarFieldContainer[str]
    attacker_air: bool
    defender_air: bool
    attacker_side: str
    stage: str
    revealed_version: int
    line: str
    attack: int
    defense: int
    base_column: str
    column: str
    roll: _containers.RepeatedScalarFieldContainer[int]
    result: str
    bold: bool
    part: str
    step: str
    losses: int
    retreat: int
    flexible: int
    to_retreat: _containers.RepeatedScalarFieldContainer[str]
    routes: _containers.RepeatedCompositeFieldContainer[PattonsRoute]
    vacated: _containers.RepeatedScalarFieldContainer[str]
    owing: _containers.RepeatedScalarFieldContainer[str]
    unfulfilled: _containers.ScalarMap[str, int]
    advancing: _containers.RepeatedScalarFieldContainer[str]
    defender_declared: bool
    def __init__(self, targets: _Optional[_Iterable[str]] = ..., attackers: _Optional[_Iterable[str]] = ..., defenders: _Optional[_Iterable[str]] = ..., bystanders: _Optional[_Iterable[str]] = ..., attacker_support: _Optional[_Iterable[str]] = ..., defender_support: _Optional[_Iterable[str]] = ..., attacker_air: _Optional[bool] = ..., defender_air: _Optional[bool] = ..., attacker_side: _Optional[str] = ..., stage: _Optional[str] = ..., revealed_version: _Optional[int] = ..., line: _Optional[str] = ..., attack: _Optional[int] = ..., defense: _Optional[int] = ..., base_column: _Optional[str] = ..., column: _Optional[str] = ..., roll: _Optional[_Iterable[int]] = ..., result: _Optional[str] = ..., bold: _Optional[bool] = ..., part: _Optional[str] = ..., step: _Optional[str] = ..., losses: _Optional[int] = ..., retreat: _Optional[int] = ..., flexible: _Optional[int] = ..., to_retreat: _Optional[_Iterable[str]] = ..., routes: _Optional[_Iterable[_Union[PattonsRoute, _Mapping]]] = ..., vacated: _Optional[_Iterable[str]] = ..., owing: _Optional[_Iterable[str]] = ..., unfulfilled: _Optional[_Mapping[str, int]] = ..., advancing: _Optional[_Iterable[str]] = ..., defender_declared: _Optional[bool] = ...) -> None: ...

class PattonsState(_message.Message):
    __slots__ = ("weather", "rain", "previous_weather", "mud_until", "rain_turns", "air_points", "support", "pools", "held", "combat", "attacked_hexes", "attack_slots", "decision_counter", "bombers_used", "variable_turn", "last_through", "divisions_attacked", "divisions_lost", "entered", "rest_log")
    class AirPointsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: int
        def __init__(self, key: _Optional[str] = ..., value: _Optional[int] = ...) -> None: ...
    class SupportEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: int
        def __init__(self, key: _Optional[str] = ..., value: _Optional[int] = ...) -> None: ...
    class LastThroughEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    class EnteredEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: int
        def __init__(self, key: _Optional[str] = ..., value: _Optional[int] = ...) -> None: ...
    WEATHER_FIELD_NUMBER: _ClassVar[int]
    RAIN_FIELD_NUMBER: _ClassVar[int]
    PREVIOUS_WEATHER_FIELD_NUMBER: _ClassVar[int]
    MUD_UNTIL_FIELD_NUMBER: _ClassVar[int]
    RAIN_TURNS_FIELD_NUMBER: _ClassVar[int]
    AIR_POINTS_FIELD_NUMBER: _ClassVar[int]
    SUPPORT_FIELD_NUMBER: _ClassVar[int]
    POOLS_FIELD_NUMBER: _ClassVar[int]
    HELD_FIELD_NUMBER: _ClassVar[int]
    COMBAT_FIELD_NUMBER: _ClassVar[int]
    ATTACKED_HEXES_FIELD_NUMBER: _ClassVar[int]
    ATTACK_SLOTS_FIELD_NUMBER: _ClassVar[int]
    DECISION_COUNTER_FIELD_NUMBER: _ClassVar[int]
    BOMBERS_USED_FIELD_NUMBER: _ClassVar[int]
    VARIABLE_TURN_FIELD_NUMBER: _ClassVar[int]
    LAST_THROUGH_FIELD_NUMBER: _ClassVar[int]
    DIVISIONS_ATTACKED_FIELD_NUMBER: _ClassVar[int]
    DIVISIONS_LOST_FIELD_NUMBER: _ClassVar[int]
    ENTERED_FIELD_NUMBER: _ClassVar[int]
    REST_LOG_FIELD_NUMBER: _ClassVar[int]
    weather: str
    rain: bool
    previous_weather: str
    mud_until: int
    rain_turns: _containers.RepeatedScalarFieldContainer[int]
    air_points: _containers.ScalarMap[str, int]
    support: _containers.ScalarMap[str, int]
    pools: _containers.RepeatedCompositeFieldContainer[PattonsPool]
    held: _containers.RepeatedCompositeFieldContainer[PattonsHeld]
    combat: PattonsCombat
    attacked_hexes: _containers.RepeatedScalarFieldContainer[str]
    attack_slots: _containers.RepeatedScalarFieldContainer[str]
    decision_counter: int
    bombers_used: bool
    variable_turn: int
    last_through: _containers.ScalarMap[str, str]
    divisions_attacked: _containers.RepeatedScalarFieldContainer[str]
    divisions_lost: _containers.RepeatedScalarFieldContainer[str]
    entered: _containers.ScalarMap[str, int]
    rest_log: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, weather: _Optional[str] = ..., rain: _Optional[bool] = ..., previous_weather: _Optional[str] = ..., mud_until: _Optional[int] = ..., rain_turns: _Optional[_Iterable[int]] = ..., air_points: _Optional[_Mapping[str, int]] = ..., support: _Optional[_Mapping[str, int]] = ..., pools: _Optional[_Iterable[_Union[PattonsPool, _Mapping]]] = ..., held: _Optional[_Iterable[_Union[PattonsHeld, _Mapping]]] = ..., combat: _Optional[_Union[PattonsCombat, _Mapping]] = ..., attacked_hexes: _Optional[_Iterable[str]] = ..., attack_slots: _Optional[_Iterable[str]] = ..., decision_counter: _Optional[int] = ..., bombers_used: _Optional[bool] = ..., variable_turn: _Optional[int] = ..., last_through: _Optional[_Mapping[str, str]] = ..., divisions_attacked: _Optional[_Iterable[str]] = ..., divisions_lost: _Optional[_Iterable[str]] = ..., entered: _Optional[_Mapping[str, int]] = ..., rest_log: _Optional[_Iterable[str]] = ...) -> None: ...

class HeavyBombers(_message.Message):
    __slots__ = ("hexes",)
    HEXES_FIELD_NUMBER: _ClassVar[int]
    hexes: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, hexes: _Optional[_Iterable[str]] = ...) -> None: ...

class PattonsAttack(_message.Message):
    __slots__ = ("targets", "attackers", "supports")
    TARGETS_FIELD_NUMBER: _ClassVar[int]
    ATTACKERS_FIELD_NUMBER: _ClassVar[int]
    SUPPORTS_FIELD_NUMBER: _ClassVar[int]
    targets: _containers.RepeatedScalarFieldContainer[str]
    attackers: _containers.RepeatedScalarFieldContainer[str]
    supports: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, targets: _Optional[_Iterable[str]] = ..., attackers: _Optional[_Iterable[str]] = ..., supports: _Optional[_Iterable[str]] = ...) -> None: ...

class CadreSize(_message.Message):
    __slots__ = ("unit_id", "original")
    UNIT_ID_FIELD_NUMBER: _ClassVar[int]
    ORIGINAL_FIELD_NUMBER: _ClassVar[int]
    unit_id: str
    original: bool
    def __init__(self, unit_id: _Optional[str] = ..., original: _Optional[bool] = ...) -> None: ...

class PattonsAction(_message.Message):
    __slots__ = ("heavy_bombers", "attack", "cadre_size")
    HEAVY_BOMBERS_FIELD_NUMBER: _ClassVar[int]
    ATTACK_FIELD_NUMBER: _ClassVar[int]
    CADRE_SIZE_FIELD_NUMBER: _ClassVar[int]
    heavy_bombers: HeavyBombers
    attack: PattonsAttack
    cadre_size: CadreSize
    def __init__(self, heavy_bombers: _Optional[_Union[HeavyBombers, _Mapping]] = ..., attack: _Optional[_Union[PattonsAttack, _Mapping]] = ..., cadre_size: _Optional[_Union[CadreSize, _Mapping]] = ...) -> None: ...
