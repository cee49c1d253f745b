from umpire.v1 import common_pb2 as _common_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class NordwindPlacement(_message.Message):
    __slots__ = ("unit_ids", "mode", "hexes", "printed", "citation", "side", "formation")
    UNIT_IDS_FIELD_NUMBER: _ClassVar[int]
    MODE_FIELD_NUMBER: _ClassVar[int]
    HEXES_FIELD_NUMBER: _ClassVar[int]
    PRINTED_FIELD_NUMBER: _ClassVar[int]
    CITATION_FIELD_NUMBER: _ClassVar[int]
    SIDE_FIELD_NUMBER: _ClassVar[int]
    FORMATION_FIELD_NUMBER: _ClassVar[int]
    unit_ids: _containers.RepeatedScalarFieldContainer[str]
    mode: str
    hexes: _containers.RepeatedScalarFieldContainer[str]
    printed: str
    citation: _common_pb2.Citation
    side: str
    formation: str
    def __init__(self, unit_ids: _Optional[_Iterable[str]] = ..., mode: _Optional[str] = ..., hexes: _Optional[_Iterable[str]] = ..., printed: _Optional[str] = ..., citation: _Optional[_Union[_common_pb2.Citation, _Mapping]] = ..., side: _Optional[str] = ..., formation: _Optional[str] = ...) -> None: ...

class NordwindArrival(_message.Message):
    __slots__ = ("turn", "placement", "options")
    TURN_FIELD_NUMBER: _ClassVar[int]
    PLACEMENT_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    turn: int
    placement: NordwindPlacement
    options: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, turn: _Optional[int] = ..., placement: _Optional[_Union[NordwindPlacement, _Mapping]] = ..., options: _Optional[_Iterable[int]] = ...) -> None: ...

class NordwindWithdrawal(_message.Message):
    __slots__ = ("turn", "side", "formations", "reason", "citation")
    TURN_FIELD_NUMBER: _ClassVar[int]
    SIDE_FIELD_NUMBER: _ClassVar[int]
    FORMATIONS_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    CITATION_FIELD_NUMBER: _ClassVar[int]
    turn: int
    side: str
    formations: _containers.RepeatedScalarFieldContainer[str]
    reason: str
    citation: _common_pb2.Citation
    def __init__(self, turn: _Optional[int] = ..., side: _Optional[str] = ..., formations: _Optional[_Iterable[str]] = ..., reason: _Optional[str] = ..., citation: _Optional[_Union[_common_pb2.Citation, _Mapping]] = ...) -> None: ...

class NordwindSecretOption(_message.Message):
    __slots__ = ("id", "vp", "description")
    ID_FIELD_NUMBER: _ClassVar[int]
    VP_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    id: int
    vp: int
    description: str
    def __init__(self, id: _Optional[int] = ..., vp: _Optional[int] = ..., description: _Optional[str] = ...) -> None: ...

class NordwindScenario(_message.Message):
    __slots__ = ("setup", "arrivals", "withdrawals", "secret_options", "red_line", "start_date", "setup_order")
    SETUP_FIELD_NUMBER: _ClassVar[int]
    ARRIVALS_FIELD_NUMBER: _ClassVar[int]
    WITHDRAWALS_FIELD_NUMBER: _ClassVar[int]
    SECRET_OPTIONS_FIELD_NUMBER: _ClassVar[int]
    RED_LINE_FIELD_NUMBER: _ClassVar[int]
    START_DATE_FIELD_NUMBER: _ClassVar[int]
    SETUP_ORDER_FIELD_NUMBER: _ClassVar[int]
    setup: _containers.RepeatedCompositeFieldContainer[NordwindPlacement]
    arrivals: _containers.RepeatedCompositeFieldContainer[NordwindArrival]
    withdrawals: _containers.RepeatedCompositeFieldContainer[NordwindWithdrawal]
    secret_options: _containers.RepeatedCompositeFieldContainer[NordwindSecretOption]
    red_line: bool
    start_date: str
    setup_order: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, setup: _Optional[_Iterable[_Union[NordwindPlacement, _Mapping]]] = ..., arrivals: _Optional[_Iterable[_Union[NordwindArrival, _Mapping]]] = ..., withdrawals: _Optional[_Iterable[_Union[NordwindWithdrawal, _Mapping]]] = ..., secret_options: _Optional[_Iterable[_Union[NordwindSecretOption, _Mapping]]] = ..., red_line: _Optional[bool] = ..., start_date: _Optional[str] = ..., setup_order: _Optional[_Iterable[str]] = ...) -> None: ...

class NordwindRoute(_message.Message):
    __slots__ = ("unit_id", "path")
    UNIT_ID_FIELD_NUMBER: _ClassVar[int]
    PATH_FIELD_NUMBER: _ClassVar[int]
    unit_id: str
    path: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, unit_id: _Optional[str] = ..., path: _Optional[_Iterable[str]] = ...) -> None: ...

class NordwindCombat(_message.Message):
    __slots__ = ("target", "attackers", "defenders", "supports", "attacker_air", "defender_air", "attacker_side", "defender_side", "base_column", "column", "result", "bold", "stage", "part", "losses", "retreat", "bold_pending", "routes", "defender_retreated", "defender_held", "unfulfilled", "retreated", "attacker_retreated", "zoc_losses", "zoc_units", "net_shift", "planned", "loss_units", "fulfilled", "attacker_quality_shift", "defender_quality_shift")
    TARGET_FIELD_NUMBER: _ClassVar[int]
    ATTACKERS_FIELD_NUMBER: _ClassVar[int]
    DEFENDERS_FIELD_NUMBER: _ClassVar[int]
    SUPPORTS_FIELD_NUMBER: _ClassVar[int]
    ATTACKER_AIR_FIELD_NUMBER: _ClassVar[int]
    DEFENDER_AIR_FIELD_NUMBER: _ClassVar[int]
    ATTACKER_SIDE_FIELD_NUMBER: _ClassVar[int]
    DEFENDER_SIDE_FIELD_NUMBER: _ClassVar[int]
    BASE_COLUMN_FIELD_NUMBER: _ClassVar[int]
    COLUMN_FIELD_NUMBER: _ClassVar[int]
    RESULT_FIELD_NUMBER: _ClassVar[int]
    BOLD_FIELD_NUMBER: _ClassVar[int]
    STAGE_FIELD_NUMBER: _ClassVar[int]
    PART_FIELD_NUMBER: _ClassVar[int]
    LOSSES_FIELD_NUMBER: _ClassVar[int]
    RETREAT_FIELD_NUMBER: _ClassVar[int]
    BOLD_PENDING_FIELD_NUMBER: _ClassVar[int]
    ROUTES_FIELD_NUMBER: _ClassVar[int]
    DEFENDER_RETREATED_FIELD_NUMBER: _ClassVar[int]
    DEFENDER_HELD_FIELD_NUMBER: _ClassVar[int]
    UNFULFILLED_FIELD_NUMBER: _ClassVar[int]
    RETREATED_FIELD_NUMBER: _ClassVar[int]
    ATTACKER_RETREATED_FIELD_NUMBER: _ClassVar[int]
    ZOC_LOSSES_FIELD_NUMBER: _ClassVar[int]
    ZOC_UNITS_FIELD_NUMBER: _ClassVar[int]
    NET_SHIFT_FIELD_NUMBER: _ClassVar[int]
    PLANNED_FIELD_NUMBER: _ClassVar[int]
    LOSS_UNITS_FIELD_NUMBER: _ClassVar[int]
    FULFILLED_FIELD_NUMBER: _ClassVar[int]
    ATTACKER_QUALITY_SHIFT_FIELD_NUMBER: _ClassVar[int]
    DEFENDER_QUALITY_SHIFT_FIELD_NUMBER: _ClassVar[int]
    target: str
    attackers: _containers.RepeatedScalarFieldContainer[str]
    defenders: _containers.RepeatedScalarFieldContainer[str]
    supports: _containers.RepeatedScalarFieldContainer[str]
    attacker_air: bool
    defender_air: bool
    attacker_side: str
    defender_side: str
    base_column: str
    column: str
    result: str
    bold: bool
    stage: str
    part: str
    losses: int
    retreat: int
    bold_pending: bool
    routes: _containers.RepeatedCompositeFieldContainer[NordwindRoute]
    defender_retreated: bool
    defender_held: bool
    unfulfilled: int
    retreated: int
    attacker_retreated: bool
    zoc_losses: int
    zoc_units: _containers.RepeatedScalarFieldContainer[str]
    net_shift: int
    planned: _containers.RepeatedCompositeFieldContainer[NordwindRoute]
    loss_units: _containers.RepeatedScalarFieldContainer[str]
    fulfilled: int
    attacker_quality_shift: int
    defender_quality_shift: int
    def __init__(self, target: _Optional[str] = ..., attackers: _Optional[_Iterable[str]] = ..., defenders: _Optional[_Iterable[str]] = ..., supports: _Optional[_Iterable[str]] = ..., attacker_air: _Optional[bool] = ..., defender_air: _Optional[bool] = ..., attacker_side: _Optional[str] = ..., defender_side: _Optional[str] = ..., base_column: _Optional[str] = ..., column: _Optional[str] = ..., result: _Optional[str] = ..., bold: _Optional[bool] = ..., stage: _Optional[str] = ..., part: _Optional[str] = ..., losses: _Optional[int] = ..., retreat: _Optional[int] = ..., bold_pending: _Optional[bool] = ..., routes: _Optional[_Iterable[_Union[NordwindRoute, _Mapping]]] = ..., defender_retreated: _Optional[bool] = ..., defender_held: _Optional[bool] = ..., unfulfilled: _Optional[int] = ..., retreated: _Optional[int] = ..., attacker_retreated: _Optional[bool] = ..., zoc_losses: _Optional[int] = ..., zoc_units: _Optional[_Iterable[str]] = ..., net_shift: _Optional[int] = ..., planned: _Optional[_Iterable[_Union[NordwindRoute, _Mapping]]] = ..., loss_units: _Optional[_Iterable[str]] = ..., fulfilled: _Optional[int] = ..., attacker_quality_shift: _Optional[int] = ..., defender_quality_shift: _Optional[int] = ...) -> None: ...

class NordwindFerry(_message.Message):
    __slots__ = ("hex", "destroyed", "turn_placed")
    HEX_FIELD_NUMBER: _ClassVar[int]
    DESTROYED_FIELD_NUMBER: _ClassVar[int]
    TURN_PLACED_FIELD_NUMBER: _ClassVar[int]
    hex: str
    destroyed: bool
    turn_placed: int
    def __init__(self, hex: _Optional[str] = ..., destroyed: _Optional[bool] = ..., turn_placed: _Optional[int] = ...) -> None: ...

class NordwindReturn(_message.Message):
    __slots__ = ("unit_id", "exit_hex", "turn")
    UNIT_ID_FIELD_NUMBER: _ClassVar[int]
    EXIT_HEX_FIELD_NUMBER: _ClassVar[int]
    TURN_FIELD_NUMBER: _ClassVar[int]
    unit_id: str
    exit_hex: str
    turn: int
    def __init__(self, unit_id: _Optional[str] = ..., exit_hex: _Optional[str] = ..., turn: _Optional[int] = ...) -> None: ...

class NordwindState(_message.Message):
    __slots__ = ("weather", "previous_weather", "air_missions", "ferry", "steps_lost", "attacked_hexes", "combat", "decision_counter", "saverne_turns", "returns", "arrivals_done", "withdrawn", "entered")
    class AirMissionsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: int
        def __init__(self, key: _Optional[str] = ..., value: _Optional[int] = ...) -> None: ...
    class StepsLostEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: int
        def __init__(self, key: _Optional[str] = ..., value: _Optional[int] = ...) -> None: ...
    class EnteredEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    WEATHER_FIELD_NUMBER: _ClassVar[int]
    PREVIOUS_WEATHER_FIELD_NUMBER: _ClassVar[int]
    AIR_MISSIONS_FIELD_NUMBER: _ClassVar[int]
    FERRY_FIELD_NUMBER: _ClassVar[int]
    STEPS_LOST_FIELD_NUMBER: _ClassVar[int]
    ATTACKED_HEXES_FIELD_NUMBER: _ClassVar[int]
    COMBAT_FIELD_NUMBER: _ClassVar[int]
    DECISION_COUNTER_FIELD_NUMBER: _ClassVar[int]
    SAVERNE_TURNS_FIELD_NUMBER: _ClassVar[int]
    RETURNS_FIELD_NUMBER: _ClassVar[int]
    ARRIVALS_DONE_FIELD_NUMBER: _ClassVar[int]
    WITHDRAWN_FIELD_NUMBER: _ClassVar[int]
    ENTERED_FIELD_NUMBER: _ClassVar[int]
    weather: str
    previous_weather: str
    air_missions: _containers.ScalarMap[str, int]
    ferry: NordwindFerry
    steps_lost: _containers.ScalarMap[str, int]
    attacked_hexes: _containers.RepeatedScalarFieldContainer[str]
    combat: NordwindCombat
    decision_counter: int
    saverne_turns: _containers.RepeatedScalarFieldContainer[int]
    returns: _containers.RepeatedCompositeFieldContainer[NordwindReturn]
    arrivals_done: _containers.RepeatedScalarFieldContainer[int]
    withdrawn: _containers.RepeatedScalarFieldContainer[str]
    entered: _containers.ScalarMap[str, str]
    def __init__(self, weather: _Optional[str] = ..., previous_weather: _Optional[str] = ..., air_missions: _Optional[_Mapping[str, int]] = ..., ferry: _Optional[_Union[NordwindFerry, _Mapping]] = ..., steps_lost: _Optional[_Mapping[str, int]] = ..., attacked_hexes: _Optional[_Iterable[str]] = ..., combat: _Optional[_Union[NordwindCombat, _Mapping]] = ..., decision_counter: _Optional[int] = ..., saverne_turns: _Optional[_Iterable[int]] = ..., returns: _Optional[_Iterable[_Union[NordwindReturn, _Mapping]]] = ..., arrivals_done: _Optional[_Iterable[int]] = ..., withdrawn: _Optional[_Iterable[str]] = ..., entered: _Optional[_Mapping[str, str]] = ...) -> None: ...

class PlaceFerry(_message.Message):
    __slots__ = ("hex",)
    HEX_FIELD_NUMBER: _ClassVar[int]
    hex: str
    def __init__(self, hex: _Optional[str] = ...) -> None: ...

class NordwindAction(_message.Message):
    __slots__ = ("place_ferry",)
    PLACE_FERRY_FIELD_NUMBER: _ClassVar[int]
    place_ferry: PlaceFerry
    def __init__(self, place_ferry: _Optional[_Union[PlaceFerry, _Mapping]] = ...) -> None: ...
