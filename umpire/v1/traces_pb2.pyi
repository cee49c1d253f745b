from umpire.v1 import common_pb2 as _common_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class TracesChitCount(_message.Message):
    __slots__ = ("name", "count", "kind")
    NAME_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    name: str
    count: int
    kind: str
    def __init__(self, name: _Optional[str] = ..., count: _Optional[int] = ..., kind: _Optional[str] = ...) -> None: ...

class TracesChitPool(_message.Message):
    __slots__ = ("belligerent", "chits")
    BELLIGERENT_FIELD_NUMBER: _ClassVar[int]
    CHITS_FIELD_NUMBER: _ClassVar[int]
    belligerent: str
    chits: _containers.RepeatedCompositeFieldContainer[TracesChitCount]
    def __init__(self, belligerent: _Optional[str] = ..., chits: _Optional[_Iterable[_Union[TracesChitCount, _Mapping]]] = ...) -> None: ...

class TracesArmy(_message.Message):
    __slots__ = ("id", "name", "belligerent", "corps")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    BELLIGERENT_FIELD_NUMBER: _ClassVar[int]
    CORPS_FIELD_NUMBER: _ClassVar[int]
    id: str
    name: str
    belligerent: str
    corps: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, id: _Optional[str] = ..., name: _Optional[str] = ..., belligerent: _Optional[str] = ..., corps: _Optional[_Iterable[str]] = ...) -> None: ...

class TracesReinforcement(_message.Message):
    __slots__ = ("turn", "code", "division", "unit_ids", "citation")
    TURN_FIELD_NUMBER: _ClassVar[int]
    CODE_FIELD_NUMBER: _ClassVar[int]
    DIVISION_FIELD_NUMBER: _ClassVar[int]
    UNIT_IDS_FIELD_NUMBER: _ClassVar[int]
    CITATION_FIELD_NUMBER: _ClassVar[int]
    turn: int
    code: str
    division: str
    unit_ids: _containers.RepeatedScalarFieldContainer[str]
    citation: _common_pb2.Citation
    def __init__(self, turn: _Optional[int] = ..., code: _Optional[str] = ..., division: _Optional[str] = ..., unit_ids: _Optional[_Iterable[str]] = ..., citation: _Optional[_Union[_common_pb2.Citation, _Mapping]] = ...) -> None: ...

class TracesArrival(_message.Message):
    __slots__ = ("hq", "draw", "unit_ids", "entry")
    HQ_FIELD_NUMBER: _ClassVar[int]
    DRAW_FIELD_NUMBER: _ClassVar[int]
    UNIT_IDS_FIELD_NUMBER: _ClassVar[int]
    ENTRY_FIELD_NUMBER: _ClassVar[int]
    hq: str
    draw: int
    unit_ids: _containers.RepeatedScalarFieldContainer[str]
    entry: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, hq: _Optional[str] = ..., draw: _Optional[int] = ..., unit_ids: _Optional[_Iterable[str]] = ..., entry: _Optional[_Iterable[str]] = ...) -> None: ...

class TracesReserve(_message.Message):
    __slots__ = ("unit_ids", "needs_hq")
    UNIT_IDS_FIELD_NUMBER: _ClassVar[int]
    NEEDS_HQ_FIELD_NUMBER: _ClassVar[int]
    unit_ids: _containers.RepeatedScalarFieldContainer[str]
    needs_hq: str
    def __init__(self, unit_ids: _Optional[_Iterable[str]] = ..., needs_hq: _Optional[str] = ...) -> None: ...

class TracesObjective(_message.Message):
    __slots__ = ("name", "hexes", "citation")
    NAME_FIELD_NUMBER: _ClassVar[int]
    HEXES_FIELD_NUMBER: _ClassVar[int]
    CITATION_FIELD_NUMBER: _ClassVar[int]
    name: str
    hexes: _containers.RepeatedScalarFieldContainer[str]
    citation: _common_pb2.Citation
    def __init__(self, name: _Optional[str] = ..., hexes: _Optional[_Iterable[str]] = ..., citation: _Optional[_Union[_common_pb2.Citation, _Mapping]] = ...) -> None: ...

class TracesMapLimit(_message.Message):
    __slots__ = ("axis", "keep", "bound", "printed", "citation")
    AXIS_FIELD_NUMBER: _ClassVar[int]
    KEEP_FIELD_NUMBER: _ClassVar[int]
    BOUND_FIELD_NUMBER: _ClassVar[int]
    PRINTED_FIELD_NUMBER: _ClassVar[int]
    CITATION_FIELD_NUMBER: _ClassVar[int]
    axis: str
    keep: str
    bound: int
    printed: str
    citation: _common_pb2.Citation
    def __init__(self, axis: _Optional[str] = ..., keep: _Optional[str] = ..., bound: _Optional[int] = ..., printed: _Optional[str] = ..., citation: _Optional[_Union[_common_pb2.Citation, _Mapping]] = ...) -> None: ...

class TracesScenario(_message.Message):
    __slots__ = ("rules_case", "armies", "german_corps", "attached_divisions", "removed_chits", "reinforcements", "arrivals", "reserves", "air_divisor", "objectives", "limits", "restricted_divisions", "restricted_until", "control", "pools", "playable")
    class AttachedDivisionsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    class ControlEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    RULES_CASE_FIELD_NUMBER: _ClassVar[int]
    ARMIES_FIELD_NUMBER: _ClassVar[int]
    GERMAN_CORPS_FIELD_NUMBER: _ClassVar[int]
    ATTACHED_DIVISIONS_FIELD_NUMBER: _ClassVar[int]
    REMOVED_CHITS_FIELD_NUMBER: _ClassVar[int]
    REINFORCEMENTS_FIELD_NUMBER: _ClassVar[int]
    ARRIVALS_FIELD_NUMBER: _ClassVar[int]
    RESERVES_FIELD_NUMBER: _ClassVar[int]
    AIR_DIVISOR_FIELD_NUMBER: _ClassVar[int]
    OBJECTIVES_FIELD_NUMBER: _ClassVar[int]
    LIMITS_FIELD_NUMBER: _ClassVar[int]
    RESTRICTED_DIVISIONS_FIELD_NUMBER: _ClassVar[int]
    RESTRICTED_UNTIL_FIELD_NUMBER: _ClassVar[int]
    CONTROL_FIELD_NUMBER: _ClassVar[int]
    POOLS_FIELD_NUMBER: _ClassVar[int]
    PLAYABLE_FIELD_NUMBER: _ClassVar[int]
    rules_case: str
    armies: _containers.RepeatedCompositeFieldContainer[TracesArmy]
    german_corps: _containers.RepeatedScalarFieldContainer[str]
    attached_divisions: _containers.ScalarMap[str, str]
    removed_chits: _containers.RepeatedScalarFieldContainer[str]
    reinforcements: _containers.RepeatedCompositeFieldContainer[TracesReinforcement]
    arrivals: _containers.RepeatedCompositeFieldContainer[TracesArrival]
    reserves: _containers.RepeatedCompositeFieldContainer[TracesReserve]
    air_divisor: int
    objectives: _containers.RepeatedCompositeFieldContainer[TracesObjective]
    limits: _containers.RepeatedCompositeFieldContainer[TracesMapLimit]
    restricted_divisions: _containers.RepeatedScalarFieldContainer[str]
    restricted_until: int
    control: _containers.ScalarMap[str, str]
    pools: _containers.RepeatedCompositeFieldContainer[TracesChitPool]
    playable: bool
    def __init__(self, rules_case: _Optional[str] = ..., armies: _Optional[_Iterable[_Union[TracesArmy, _Mapping]]] = ..., german_corps: _Optional[_Iterable[str]] = ..., attached_divisions: _Optional[_Mapping[str, str]] = ..., removed_chits: _Optional[_Iterable[str]] = ..., reinforcements: _Optional[_Iterable[_Union[TracesReinforcement, _Mapping]]] = ..., arrivals: _Optional[_Iterable[_Union[TracesArrival, _Mapping]]] = ..., reserves: _Optional[_Iterable[_Union[TracesReserve, _Mapping]]] = ..., air_divisor: _Optional[int] = ..., objectives: _Optional[_Iterable[_Union[TracesObjective, _Mapping]]] = ..., limits: _Optional[_Iterable[_Union[TracesMapLimit, _Mapping]]] = ..., restricted_divisions: _Optional[_Iterable[str]] = ..., restricted_until: _Optional[int] = ..., control: _Optional[_Mapping[str, str]] = ..., pools: _Optional[_Iterable[_Union[TracesChitPool, _Mapping]]] = ..., playable: _Optional[bool] = ...) -> None: ...

class TracesChit(_message.Message):
    __slots__ = ("id", "name", "owner")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    OWNER_FIELD_NUMBER: _ClassVar[int]
    id: str
    name: str
    owner: str
    def __init__(self, id: _Optional[str] = ..., name: _Optional[str] = ..., owner: _Optional[str] = ...) -> None: ...

class TracesActivation(_message.Message):
    __slots__ = ("chit_id", "chit", "player", "belligerent", "mode", "hq", "hq_hex", "activated", "moved", "fought", "attacked", "divisions", "segment", "acted", "retreated", "entering", "division", "draw")
    CHIT_ID_FIELD_NUMBER: _ClassVar[int]
    CHIT_FIELD_NUMBER: _ClassVar[int]
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    BELLIGERENT_FIELD_NUMBER: _ClassVar[int]
    MODE_FIELD_NUMBER: _ClassVar[int]
    HQ_FIELD_NUMBER: _ClassVar[int]
    HQ_HEX_FIELD_NUMBER: _ClassVar[int]
    ACTIVATED_FIELD_NUMBER: _ClassVar[int]
    MOVED_FIELD_NUMBER: _ClassVar[int]
    FOUGHT_FIELD_NUMBER: _ClassVar[int]
    ATTACKED_FIELD_NUMBER: _ClassVar[int]
    DIVISIONS_FIELD_NUMBER: _ClassVar[int]
    SEGMENT_FIELD_NUMBER: _ClassVar[int]
    ACTED_FIELD_NUMBER: _ClassVar[int]
    RETREATED_FIELD_NUMBER: _ClassVar[int]
    ENTERING_FIELD_NUMBER: _ClassVar[int]
    DIVISION_FIELD_NUMBER: _ClassVar[int]
    DRAW_FIELD_NUMBER: _ClassVar[int]
    chit_id: str
    chit: str
    player: str
    belligerent: str
    mode: str
    hq: str
    hq_hex: str
    activated: _containers.RepeatedScalarFieldContainer[str]
    moved: _containers.RepeatedScalarFieldContainer[str]
    fought: _containers.RepeatedScalarFieldContainer[str]
    attacked: _containers.RepeatedScalarFieldContainer[str]
    divisions: _containers.RepeatedScalarFieldContainer[str]
    segment: str
    acted: bool
    retreated: _containers.RepeatedScalarFieldContainer[str]
    entering: _containers.RepeatedScalarFieldContainer[str]
    division: str
    draw: int
    def __init__(self, chit_id: _Optional[str] = ..., chit: _Optional[str] = ..., player: _Optional[str] = ..., belligerent: _Optional[str] = ..., mode: _Optional[str] = ..., hq: _Optional[str] = ..., hq_hex: _Optional[str] = ..., activated: _Optional[_Iterable[str]] = ..., moved: _Optional[_Iterable[str]] = ..., fought: _Optional[_Iterable[str]] = ..., attacked: _Optional[_Iterable[str]] = ..., divisions: _Optional[_Iterable[str]] = ..., segment: _Optional[str] = ..., acted: _Optional[bool] = ..., retreated: _Optional[_Iterable[str]] = ..., entering: _Optional[_Iterable[str]] = ..., division: _Optional[str] = ..., draw: _Optional[int] = ...) -> None: ...

class TracesRoute(_message.Message):
    __slots__ = ("unit_id", "path")
    UNIT_ID_FIELD_NUMBER: _ClassVar[int]
    PATH_FIELD_NUMBER: _ClassVar[int]
    unit_id: str
    path: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, unit_id: _Optional[str] = ..., path: _Optional[_Iterable[str]] = ...) -> None: ...

class TracesCombat(_message.Message):
    __slots__ = ("target", "attackers", "defenders", "attacker_player", "defender_player", "attack", "defense", "base_column", "column", "intensity", "air_attack", "air_defense", "result", "die", "defender_losses", "attacker_losses", "retreat", "casualty_roll", "stage", "retreats", "advances", "defender_lost", "net_shift", "automatic", "retreating")
    TARGET_FIELD_NUMBER: _ClassVar[int]
    ATTACKERS_FIELD_NUMBER: _ClassVar[int]
    DEFENDERS_FIELD_NUMBER: _ClassVar[int]
    ATTACKER_PLAYER_FIELD_NUMBER: _ClassVar[int]
    DEFENDER_PLAYER_FIELD_NUMBER: _ClassVar[int]
    ATTACK_FIELD_NUMBER: _ClassVar[int]
    DEFENSE_FIELD_NUMBER: _ClassVar[int]
    BASE_COLUMN_FIELD_NUMBER: _ClassVar[int]
    COLUMN_FIELD_NUMBER: _ClassVar[int]
    INTENSITY_FIELD_NUMBER: _ClassVar[int]
    AIR_ATTACK_FIELD_NUMBER: _ClassVar[int]
    AIR_DEFENSE_FIELD_NUMBER: _ClassVar[int]
    RESULT_FIELD_NUMBER: _ClassVar[int]
    DIE_FIELD_NUMBER: _ClassVar[int]
    DEFENDER_LOSSES_FIELD_NUMBER: _ClassVar[int]
    ATTACKER_LOSSES_FIELD_NUMBER: _ClassVar[int]
    RETREAT_FIELD_NUMBER: _ClassVar[int]
    CASUALTY_ROLL_FIELD_NUMBER: _ClassVar[int]
    STAGE_FIELD_NUMBER: _ClassVar[int]
    RETREATS_FIELD_NUMBER: _ClassVar[int]
    ADVANCES_FIELD_NUMBER: _ClassVar[int]
    DEFENDER_LOST_FIELD_NUMBER: _ClassVar[int]
    NET_SHIFT_FIELD_NUMBER: _ClassVar[int]
    AUTOMATIC_FIELD_NUMBER: _ClassVar[int]
    RETREATING_FIELD_NUMBER: _ClassVar[int]
    target: str
    attackers: _containers.RepeatedScalarFieldContainer[str]
    defenders: _containers.RepeatedScalarFieldContainer[str]
    attacker_player: str
    defender_player: str
    attack: int
    defense: int
    base_column: str
    column: str
    intensity: int
    air_attack: bool
    air_defense: bool
    result: str
    die: int
    defender_losses: int
    attacker_losses: int
    retreat: int
    casualty_roll: bool
    stage: str
    retreats: _containers.RepeatedCompositeFieldContainer[TracesRoute]
    advances: _containers.RepeatedCompositeFieldContainer[TracesRoute]
    defender_lost: bool
    net_shift: int
    automatic: bool
    retreating: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, target: _Optional[str] = ..., attackers: _Optional[_Iterable[str]] = ..., defenders: _Optional[_Iterable[str]] = ..., attacker_player: _Optional[str] = ..., defender_player: _Optional[str] = ..., attack: _Optional[int] = ..., defense: _Optional[int] = ..., base_column: _Optional[str] = ..., column: _Optional[str] = ..., intensity: _Optional[int] = ..., air_attack: _Optional[bool] = ..., air_defense: _Optional[bool] = ..., result: _Optional[str] = ..., die: _Optional[int] = ..., defender_losses: _Optional[int] = ..., attacker_losses: _Optional[int] = ..., retreat: _Optional[int] = ..., casualty_roll: _Optional[bool] = ..., stage: _Optional[str] = ..., retreats: _Optional[_Iterable[_Union[TracesRoute, _Mapping]]] = ..., advances: _Optional[_Iterable[_Union[TracesRoute, _Mapping]]] = ..., defender_lost: _Optional[bool] = ..., net_shift: _Optional[int] = ..., automatic: _Optional[bool] = ..., retreating: _Optional[_Iterable[str]] = ...) -> None: ...

class TracesPlayer(_message.Message):
    __slots__ = ("side", "belligerent", "armies", "lead")
    SIDE_FIELD_NUMBER: _ClassVar[int]
    BELLIGERENT_FIELD_NUMBER: _ClassVar[int]
    ARMIES_FIELD_NUMBER: _ClassVar[int]
    LEAD_FIELD_NUMBER: _ClassVar[int]
    side: str
    belligerent: str
    armies: _containers.RepeatedScalarFieldContainer[str]
    lead: bool
    def __init__(self, side: _Optional[str] = ..., belligerent: _Optional[str] = ..., armies: _Optional[_Iterable[str]] = ..., lead: _Optional[bool] = ...) -> None: ...

class TracesState(_message.Message):
    __slots__ = ("weather", "weather_log", "mud_turns", "air_total", "air_available", "interdiction", "allied_vp", "cup", "drawn", "hq_draws", "selected", "activation", "combat", "control", "decisions_asked", "relocate", "relocate_from", "entered_divisions", "entry_turn", "resume", "players", "objectives_held", "exited")
    class WeatherLogEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: int
        value: str
        def __init__(self, key: _Optional[int] = ..., value: _Optional[str] = ...) -> None: ...
    class HqDrawsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: int
        def __init__(self, key: _Optional[str] = ..., value: _Optional[int] = ...) -> None: ...
    class ControlEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    class RelocateFromEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    class EntryTurnEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: int
        def __init__(self, key: _Optional[str] = ..., value: _Optional[int] = ...) -> None: ...
    WEATHER_FIELD_NUMBER: _ClassVar[int]
    WEATHER_LOG_FIELD_NUMBER: _ClassVar[int]
    MUD_TURNS_FIELD_NUMBER: _ClassVar[int]
    AIR_TOTAL_FIELD_NUMBER: _ClassVar[int]
    AIR_AVAILABLE_FIELD_NUMBER: _ClassVar[int]
    INTERDICTION_FIELD_NUMBER: _ClassVar[int]
    ALLIED_VP_FIELD_NUMBER: _ClassVar[int]
    CUP_FIELD_NUMBER: _ClassVar[int]
    DRAWN_FIELD_NUMBER: _ClassVar[int]
    HQ_DRAWS_FIELD_NUMBER: _ClassVar[int]
    SELECTED_FIELD_NUMBER: _ClassVar[int]
    ACTIVATION_FIELD_NUMBER: _ClassVar[int]
    COMBAT_FIELD_NUMBER: _ClassVar[int]
    CONTROL_FIELD_NUMBER: _ClassVar[int]
    DECISIONS_ASKED_FIELD_NUMBER: _ClassVar[int]
    RELOCATE_FIELD_NUMBER: _ClassVar[int]
    RELOCATE_FROM_FIELD_NUMBER: _ClassVar[int]
    ENTERED_DIVISIONS_FIELD_NUMBER: _ClassVar[int]
    ENTRY_TURN_FIELD_NUMBER: _ClassVar[int]
    RESUME_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    OBJECTIVES_HELD_FIELD_NUMBER: _ClassVar[int]
    EXITED_FIELD_NUMBER: _ClassVar[int]
    weather: str
    weather_log: _containers.ScalarMap[int, str]
    mud_turns: _containers.RepeatedScalarFieldContainer[int]
    air_total: int
    air_available: int
    interdiction: _containers.RepeatedScalarFieldContainer[str]
    allied_vp: int
    cup: _containers.RepeatedCompositeFieldContainer[TracesChit]
    drawn: _containers.RepeatedCompositeFieldContainer[TracesChit]
    hq_draws: _containers.ScalarMap[str, int]
    selected: _containers.RepeatedScalarFieldContainer[str]
    activation: TracesActivation
    combat: TracesCombat
    control: _containers.ScalarMap[str, str]
    decisions_asked: int
    relocate: _containers.RepeatedScalarFieldContainer[str]
    relocate_from: _containers.ScalarMap[str, str]
    entered_divisions: _containers.RepeatedScalarFieldContainer[str]
    entry_turn: _containers.ScalarMap[str, int]
    resume: str
    players: _containers.RepeatedCompositeFieldContainer[TracesPlayer]
    objectives_held: _containers.RepeatedScalarFieldContainer[str]
    exited: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, weather: _Optional[str] = ..., weather_log: _Optional[_Mapping[int, str]] = ..., mud_turns: _Optional[_Iterable[int]] = ..., air_total: _Optional[int] = ..., air_available: _Optional[int] = ..., interdiction: _Optional[_Iterable[str]] = ..., allied_vp: _Optional[int] = ..., cup: _Optional[_Iterable[_Union[TracesChit, _Mapping]]] = ..., drawn: _Optional[_Iterable[_Union[TracesChit, _Mapping]]] = ..., hq_draws: _Optional[_Mapping[str, int]] = ..., selected: _Optional[_Iterable[str]] = ..., activation: _Optional[_Union[TracesActivation, _Mapping]] = ..., combat: _Optional[_Union[TracesCombat, _Mapping]] = ..., control: _Optional[_Mapping[str, str]] = ..., decisions_asked: _Optional[int] = ..., relocate: _Optional[_Iterable[str]] = ..., relocate_from: _Optional[_Mapping[str, str]] = ..., entered_divisions: _Optional[_Iterable[str]] = ..., entry_turn: _Optional[_Mapping[str, int]] = ..., resume: _Optional[str] = ..., players: _Optional[_Iterable[_Union[TracesPlayer, _Mapping]]] = ..., objectives_held: _Optional[_Iterable[str]] = ..., exited: _Optional[_Iterable[str]] = ...) -> None: ...

class TracesSelectChits(_message.Message):
    __slots__ = ("chits",)
    CHITS_FIELD_NUMBER: _ClassVar[int]
    chits: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, chits: _Optional[_Iterable[str]] = ...) -> None: ...

class TracesActivate(_message.Message):
    __slots__ = ("hq", "divisions", "metz", "division")
    HQ_FIELD_NUMBER: _ClassVar[int]
    DIVISIONS_FIELD_NUMBER: _ClassVar[int]
    METZ_FIELD_NUMBER: _ClassVar[int]
    DIVISION_FIELD_NUMBER: _ClassVar[int]
    hq: str
    divisions: _containers.RepeatedScalarFieldContainer[str]
    metz: bool
    division: str
    def __init__(self, hq: _Optional[str] = ..., divisions: _Optional[_Iterable[str]] = ..., metz: _Optional[bool] = ..., division: _Optional[str] = ...) -> None: ...

class TracesInterdict(_message.Message):
    __slots__ = ("hexes",)
    HEXES_FIELD_NUMBER: _ClassVar[int]
    hexes: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, hexes: _Optional[_Iterable[str]] = ...) -> None: ...

class TracesAction(_message.Message):
    __slots__ = ("select_chits", "activate", "interdict")
    SELECT_CHITS_FIELD_NUMBER: _ClassVar[int]
    ACTIVATE_FIELD_NUMBER: _ClassVar[int]
    INTERDICT_FIELD_NUMBER: _ClassVar[int]
    select_chits: TracesSelectChits
    activate: TracesActivate
    interdict: TracesInterdict
    def __init__(self, select_chits: _Optional[_Union[TracesSelectChits, _Mapping]] = ..., activate: _Optional[_Union[TracesActivate, _Mapping]] = ..., interdict: _Optional[_Union[TracesInterdict, _Mapping]] = ...) -> None: ...
