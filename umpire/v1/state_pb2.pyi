from umpire.v1 import common_pb2 as _common_pb2
from umpire.v1 import definition_pb2 as _definition_pb2
from umpire.v1 import action_pb2 as _action_pb2
from umpire.v1 import major_battles_pb2 as _major_battles_pb2
from umpire.v1 import nordwind_pb2 as _nordwind_pb2
from umpire.v1 import pattons_pb2 as _pattons_pb2
from umpire.v1 import traces_pb2 as _traces_pb2
from umpire.v1 import lucky_forward_pb2 as _lucky_forward_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class UnitState(_message.Message):
    __slots__ = ("unit_id", "status", "location", "steps_lost", "markers", "mp_spent", "side")
    class Status(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
        __slots__ = ()
        ON_MAP: _ClassVar[UnitState.Status]
        OFF_MAP: _ClassVar[UnitState.Status]
        ELIMINATED: _ClassVar[UnitState.Status]
        WITHDRAWN: _ClassVar[UnitState.Status]
        EXITED: _ClassVar[UnitState.Status]
    ON_MAP: UnitState.Status
    OFF_MAP: UnitState.Status
    ELIMINATED: UnitState.Status
    WITHDRAWN: UnitState.Status
    EXITED: UnitState.Status
    UNIT_ID_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    LOCATION_FIELD_NUMBER: _ClassVar[int]
    STEPS_LOST_FIELD_NUMBER: _ClassVar[int]
    MARKERS_FIELD_NUMBER: _ClassVar[int]
    MP_SPENT_FIELD_NUMBER: _ClassVar[int]
    SIDE_FIELD_NUMBER: _ClassVar[int]
    unit_id: str
    status: UnitState.Status
    location: str
    steps_lost: int
    markers: _containers.RepeatedScalarFieldContainer[str]
    mp_spent: float
    side: str
    def __init__(self, unit_id: _Optional[str] = ..., status: _Optional[_Union[UnitState.Status, str]] = ..., location: _Optional[str] = ..., steps_lost: _Optional[int] = ..., markers: _Optional[_Iterable[str]] = ..., mp_spent: _Optional[float] = ..., side: _Optional[str] = ...) -> None: ...

class MapMarker(_message.Message):
    __slots__ = ("id", "kind", "location", "side", "values")
    class ValuesEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    ID_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    LOCATION_FIELD_NUMBER: _ClassVar[int]
    SIDE_FIELD_NUMBER: _ClassVar[int]
    VALUES_FIELD_NUMBER: _ClassVar[int]
    id: str
    kind: str
    location: str
    side: str
    values: _containers.ScalarMap[str, str]
    def __init__(self, id: _Optional[str] = ..., kind: _Optional[str] = ..., location: _Optional[str] = ..., side: _Optional[str] = ..., values: _Optional[_Mapping[str, str]] = ...) -> None: ...

class OpaquePiece(_message.Message):
    __slots__ = ("id", "format", "name", "location", "definition", "state", "attributes")
    class AttributesEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    ID_FIELD_NUMBER: _ClassVar[int]
    FORMAT_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    LOCATION_FIELD_NUMBER: _ClassVar[int]
    DEFINITION_FIELD_NUMBER: _ClassVar[int]
    STATE_FIELD_NUMBER: _ClassVar[int]
    ATTRIBUTES_FIELD_NUMBER: _ClassVar[int]
    id: str
    format: str
    name: str
    location: str
    definition: str
    state: str
    attributes: _containers.ScalarMap[str, str]
    def __init__(self, id: _Optional[str] = ..., format: _Optional[str] = ..., name: _Optional[str] = ..., location: _Optional[str] = ..., definition: _Optional[str] = ..., state: _Optional[str] = ..., attributes: _Optional[_Mapping[str, str]] = ...) -> None: ...

class ImportSource(_message.Message):
    __slots__ = ("format", "file", "fingerprint", "units", "unit_objects", "markers", "unit_markers")
    class UnitObjectsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    class UnitMarkersEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    FORMAT_FIELD_NUMBER: _ClassVar[int]
    FILE_FIELD_NUMBER: _ClassVar[int]
    FINGERPRINT_FIELD_NUMBER: _ClassVar[int]
    UNITS_FIELD_NUMBER: _ClassVar[int]
    UNIT_OBJECTS_FIELD_NUMBER: _ClassVar[int]
    MARKERS_FIELD_NUMBER: _ClassVar[int]
    UNIT_MARKERS_FIELD_NUMBER: _ClassVar[int]
    format: str
    file: str
    fingerprint: str
    units: _containers.RepeatedCompositeFieldContainer[UnitState]
    unit_objects: _containers.ScalarMap[str, str]
    markers: _containers.RepeatedCompositeFieldContainer[MapMarker]
    unit_markers: _containers.ScalarMap[str, str]
    def __init__(self, format: _Optional[str] = ..., file: _Optional[str] = ..., fingerprint: _Optional[str] = ..., units: _Optional[_Iterable[_Union[UnitState, _Mapping]]] = ..., unit_objects: _Optional[_Mapping[str, str]] = ..., markers: _Optional[_Iterable[_Union[MapMarker, _Mapping]]] = ..., unit_markers: _Optional[_Mapping[str, str]] = ...) -> None: ...

class DecisionOption(_message.Message):
    __slots__ = ("id", "label", "units", "path", "citation")
    ID_FIELD_NUMBER: _ClassVar[int]
    LABEL_FIELD_NUMBER: _ClassVar[int]
    UNITS_FIELD_NUMBER: _ClassVar[int]
    PATH_FIELD_NUMBER: _ClassVar[int]
    CITATION_FIELD_NUMBER: _ClassVar[int]
    id: str
    label: str
    units: _containers.RepeatedScalarFieldContainer[str]
    path: _containers.RepeatedScalarFieldContainer[str]
    citation: _common_pb2.Citation
    def __init__(self, id: _Optional[str] = ..., label: _Optional[str] = ..., units: _Optional[_Iterable[str]] = ..., path: _Optional[_Iterable[str]] = ..., citation: _Optional[_Union[_common_pb2.Citation, _Mapping]] = ...) -> None: ...

class Decision(_message.Message):
    __slots__ = ("id", "side", "kind", "prompt", "citation", "options", "min_choices", "max_choices", "wants_assignments", "context")
    class ContextEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    ID_FIELD_NUMBER: _ClassVar[int]
    SIDE_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    PROMPT_FIELD_NUMBER: _ClassVar[int]
    CITATION_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    MIN_CHOICES_FIELD_NUMBER: _ClassVar[int]
    MAX_CHOICES_FIELD_NUMBER: _ClassVar[int]
    WANTS_ASSIGNMENTS_FIELD_NUMBER: _ClassVar[int]
    CONTEXT_FIELD_NUMBER: _ClassVar[int]
    id: str
    side: str
    kind: str
    prompt: str
    citation: _common_pb2.Citation
    options: _containers.RepeatedCompositeFieldContainer[DecisionOption]
    min_choices: int
    max_choices: int
    wants_assignments: bool
    context: _containers.ScalarMap[str, str]
    def __init__(self, id: _Optional[str] = ..., side: _Optional[str] = ..., kind: _Optional[str] = ..., prompt: _Optional[str] = ..., citation: _Optional[_Union[_common_pb2.Citation, _Mapping]] = ..., options: _Optional[_Iterable[_Union[DecisionOption, _Mapping]]] = ..., min_choices: _Optional[int] = ..., max_choices: _Optional[int] = ..., wants_assignments: _Optional[bool] = ..., context: _Optional[_Mapping[str, str]] = ...) -> None: ...

class GameResult(_message.Message):
    __slots__ = ("winner", "level", "reason", "citation")
    WINNER_FIELD_NUMBER: _ClassVar[int]
    LEVEL_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    CITATION_FIELD_NUMBER: _ClassVar[int]
    winner: str
    level: str
    reason: str
    citation: _common_pb2.Citation
    def __init__(self, winner: _Optional[str] = ..., level: _Optional[str] = ..., reason: _Optional[str] = ..., citation: _Optional[_Union[_common_pb2.Citation, _Mapping]] = ...) -> None: ...

class SidePrivate(_message.Message):
    __slots__ = ("side", "values")
    class ValuesEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    SIDE_FIELD_NUMBER: _ClassVar[int]
    VALUES_FIELD_NUMBER: _ClassVar[int]
    side: str
    values: _containers.ScalarMap[str, str]
    def __init__(self, side: _Optional[str] = ..., values: _Optional[_Mapping[str, str]] = ...) -> None: ...

class GameState(_message.Message):
    __slots__ = ("ruleset", "ruleset_version", "game_id", "scenario", "version", "turn", "phase", "segment", "active_side", "units", "markers", "private_data", "pending", "dice_log", "seed_commitment", "seed", "finished", "result", "viewer", "options", "dice_open", "opaque_pieces", "import_source", "major_battles", "nordwind", "traces", "pattons", "lucky_forward")
    RULESET_FIELD_NUMBER: _ClassVar[int]
    RULESET_VERSION_FIELD_NUMBER: _ClassVar[int]
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SCENARIO_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    TURN_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    SEGMENT_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_SIDE_FIELD_NUMBER: _ClassVar[int]
    UNITS_FIELD_NUMBER: _ClassVar[int]
    MARKERS_FIELD_NUMBER: _ClassVar[int]
    PRIVATE_DATA_FIELD_NUMBER: _ClassVar[int]
    PENDING_FIELD_NUMBER: _ClassVar[int]
    DICE_LOG_FIELD_NUMBER: _ClassVar[int]
    SEED_COMMITMENT_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    FINISHED_FIELD_NUMBER: _ClassVar[int]
    RESULT_FIELD_NUMBER: _ClassVar[int]
    VIEWER_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    DICE_OPEN_FIELD_NUMBER: _ClassVar[int]
    OPAQUE_PIECES_FIELD_NUMBER: _ClassVar[int]
    IMPORT_SOURCE_FIELD_NUMBER: _ClassVar[int]
    MAJOR_BATTLES_FIELD_NUMBER: _ClassVar[int]
    NORDWIND_FIELD_NUMBER: _ClassVar[int]
    TRACES_FIELD_NUMBER: _ClassVar[int]
    PATTONS_FIELD_NUMBER: _ClassVar[int]
    LUCKY_FORWARD_FIELD_NUMBER: _ClassVar[int]
    ruleset: str
    ruleset_version: str
    game_id: str
    scenario: _definition_pb2.Scenario
    version: int
    turn: int
    phase: str
    segment: str
    active_side: str
    units: _containers.RepeatedCompositeFieldContainer[UnitState]
    markers: _containers.RepeatedCompositeFieldContainer[MapMarker]
    private_data: _containers.RepeatedCompositeFieldContainer[SidePrivate]
    pending: Decision
    dice_log: _containers.RepeatedCompositeFieldContainer[_common_pb2.DieRoll]
    seed_commitment: str
    seed: str
    finished: bool
    result: GameResult
    viewer: str
    options: _containers.RepeatedCompositeFieldContainer[_definition_pb2.RuleOption]
    dice_open: bool
    opaque_pieces: _containers.RepeatedCompositeFieldContainer[OpaquePiece]
    import_source: ImportSource
    major_battles: _major_battles_pb2.MajorBattlesState
    nordwind: _nordwind_pb2.NordwindState
    traces: _traces_pb2.TracesState
    pattons: _pattons_pb2.PattonsState
    lucky_forward: _lucky_forward_pb2.LuckyForwardState
    def __init__(self, ruleset: _Optional[str] = ..., ruleset_version: _Optional[str] = ..., game_id: _Optional[str] = ..., scenario: _Optional[_Union[_definition_pb2.Scenario, _Mapping]] = ..., version: _Optional[int] = ..., turn: _Optional[int] = ..., phase: _Optional[str] = ..., segment: _Optional[str] = ..., active_side: _Optional[str] = ..., units: _Optional[_Iterable[_Union[UnitState, _Mapping]]] = ..., markers: _Optional[_Iterable[_Union[MapMarker, _Mapping]]] = ..., private_data: _Optional[_Iterable[_Union[SidePrivate, _Mapping]]] = ..., pending: _Optional[_Union[Decision, _Mapping]] = ..., dice_log: _Optional[_Iterable[_Union[_common_pb2.DieRoll, _Mapping]]] = ..., seed_commitment: _Optional[str] = ..., seed: _Optional[str] = ..., finished: _Optional[bool] = ..., result: _Optional[_Union[GameResult, _Mapping]] = ..., viewer: _Optional[str] = ..., options: _Optional[_Iterable[_Union[_definition_pb2.RuleOption, _Mapping]]] = ..., dice_open: _Optional[bool] = ..., opaque_pieces: _Optional[_Iterable[_Union[OpaquePiece, _Mapping]]] = ..., import_source: _Optional[_Union[ImportSource, _Mapping]] = ..., major_battles: _Optional[_Union[_major_battles_pb2.MajorBattlesState, _Mapping]] = ..., nordwind: _Optional[_Union[_nordwind_pb2.NordwindState, _Mapping]] = ..., traces: _Optional[_Union[_traces_pb2.TracesState, _Mapping]] = ..., pattons: _Optional[_Union[_pattons_pb2.PattonsState, _Mapping]] = ..., lucky_forward: _Optional[_Union[_lucky_forward_pb2.LuckyForwardState, _Mapping]] = ...) -> None: ...

class Event(_message.Message):
    __slots__ = ("version", "kind", "text", "citations", "side", "units", "from_location", "to_location", "dice", "visible_to")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    CITATIONS_FIELD_NUMBER: _ClassVar[int]
    SIDE_FIELD_NUMBER: _ClassVar[int]
    UNITS_FIELD_NUMBER: _ClassVar[int]
    FROM_LOCATION_FIELD_NUMBER: _ClassVar[int]
    TO_LOCATION_FIELD_NUMBER: _ClassVar[int]
    DICE_FIELD_NUMBER: _ClassVar[int]
    VISIBLE_TO_FIELD_NUMBER: _ClassVar[int]
    version: int
    kind: str
    text: str
    citations: _containers.RepeatedCompositeFieldContainer[_common_pb2.Citation]
    side: str
    units: _containers.RepeatedScalarFieldContainer[str]
    from_location: str
    to_location: str
    dice: _containers.RepeatedCompositeFieldContainer[_common_pb2.DieRoll]
    visible_to: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, version: _Optional[int] = ..., kind: _Optional[str] = ..., text: _Optional[str] = ..., citations: _Optional[_Iterable[_Union[_common_pb2.Citation, _Mapping]]] = ..., side: _Optional[str] = ..., units: _Optional[_Iterable[str]] = ..., from_location: _Optional[str] = ..., to_location: _Optional[str] = ..., dice: _Optional[_Iterable[_Union[_common_pb2.DieRoll, _Mapping]]] = ..., visible_to: _Optional[_Iterable[str]] = ...) -> None: ...

class RecordedAction(_message.Message):
    __slots__ = ("version", "action", "dice", "events", "accepted_at", "private_to")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    DICE_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    ACCEPTED_AT_FIELD_NUMBER: _ClassVar[int]
    PRIVATE_TO_FIELD_NUMBER: _ClassVar[int]
    version: int
    action: _action_pb2.Action
    dice: _containers.RepeatedCompositeFieldContainer[_common_pb2.DieRoll]
    events: _containers.RepeatedCompositeFieldContainer[Event]
    accepted_at: str
    private_to: str
    def __init__(self, version: _Optional[int] = ..., action: _Optional[_Union[_action_pb2.Action, _Mapping]] = ..., dice: _Optional[_Iterable[_Union[_common_pb2.DieRoll, _Mapping]]] = ..., events: _Optional[_Iterable[_Union[Event, _Mapping]]] = ..., accepted_at: _Optional[str] = ..., private_to: _Optional[str] = ...) -> None: ...

class GameRecord(_message.Message):
    __slots__ = ("game_id", "initial", "actions", "final", "parameters", "creation_events")
    class ParametersEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    INITIAL_FIELD_NUMBER: _ClassVar[int]
    ACTIONS_FIELD_NUMBER: _ClassVar[int]
    FINAL_FIELD_NUMBER: _ClassVar[int]
    PARAMETERS_FIELD_NUMBER: _ClassVar[int]
    CREATION_EVENTS_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    initial: GameState
    actions: _containers.RepeatedCompositeFieldContainer[RecordedAction]
    final: GameState
    parameters: _containers.ScalarMap[str, str]
    creation_events: _containers.RepeatedCompositeFieldContainer[Event]
    def __init__(self, game_id: _Optional[str] = ..., initial: _Optional[_Union[GameState, _Mapping]] = ..., actions: _Optional[_Iterable[_Union[RecordedAction, _Mapping]]] = ..., final: _Optional[_Union[GameState, _Mapping]] = ..., parameters: _Optional[_Mapping[str, str]] = ..., creation_events: _Optional[_Iterable[_Union[Event, _Mapping]]] = ...) -> None: ...
