from umpire.v1 import common_pb2 as _common_pb2
from umpire.v1 import definition_pb2 as _definition_pb2
from umpire.v1 import tables_pb2 as _tables_pb2
from umpire.v1 import state_pb2 as _state_pb2
from umpire.v1 import action_pb2 as _action_pb2
from umpire.v1 import map_pb2 as _map_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class RulesetInfo(_message.Message):
    __slots__ = ("id", "version", "title", "scenarios", "options", "rulebook", "unavailable")
    ID_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    SCENARIOS_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    RULEBOOK_FIELD_NUMBER: _ClassVar[int]
    UNAVAILABLE_FIELD_NUMBER: _ClassVar[int]
    id: str
    version: str
    title: str
    scenarios: _containers.RepeatedScalarFieldContainer[str]
    options: _containers.RepeatedCompositeFieldContainer[_definition_pb2.RuleOption]
    rulebook: str
    unavailable: str
    def __init__(self, id: _Optional[str] = ..., version: _Optional[str] = ..., title: _Optional[str] = ..., scenarios: _Optional[_Iterable[str]] = ..., options: _Optional[_Iterable[_Union[_definition_pb2.RuleOption, _Mapping]]] = ..., rulebook: _Optional[str] = ..., unavailable: _Optional[str] = ...) -> None: ...

class ListRulesetsRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ListRulesetsResponse(_message.Message):
    __slots__ = ("rulesets",)
    RULESETS_FIELD_NUMBER: _ClassVar[int]
    rulesets: _containers.RepeatedCompositeFieldContainer[RulesetInfo]
    def __init__(self, rulesets: _Optional[_Iterable[_Union[RulesetInfo, _Mapping]]] = ...) -> None: ...

class CreateGameRequest(_message.Message):
    __slots__ = ("ruleset", "scenario_id", "scenario", "options", "tables", "parameters", "map", "counters", "position")
    class OptionsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    class ParametersEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    RULESET_FIELD_NUMBER: _ClassVar[int]
    SCENARIO_ID_FIELD_NUMBER: _ClassVar[int]
    SCENARIO_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    TABLES_FIELD_NUMBER: _ClassVar[int]
    PARAMETERS_FIELD_NUMBER: _ClassVar[int]
    MAP_FIELD_NUMBER: _ClassVar[int]
    COUNTERS_FIELD_NUMBER: _ClassVar[int]
    POSITION_FIELD_NUMBER: _ClassVar[int]
    ruleset: str
    scenario_id: str
    scenario: _definition_pb2.Scenario
    options: _containers.ScalarMap[str, str]
    tables: _tables_pb2.TableSet
    parameters: _containers.ScalarMap[str, str]
    map: _map_pb2.GameMap
    counters: _tables_pb2.TableSet
    position: str
    def __init__(self, ruleset: _Optional[str] = ..., scenario_id: _Optional[str] = ..., scenario: _Optional[_Union[_definition_pb2.Scenario, _Mapping]] = ..., options: _Optional[_Mapping[str, str]] = ..., tables: _Optional[_Union[_tables_pb2.TableSet, _Mapping]] = ..., parameters: _Optional[_Mapping[str, str]] = ..., map: _Optional[_Union[_map_pb2.GameMap, _Mapping]] = ..., counters: _Optional[_Union[_tables_pb2.TableSet, _Mapping]] = ..., position: _Optional[str] = ...) -> None: ...

class SideToken(_message.Message):
    __slots__ = ("side", "token")
    SIDE_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    side: str
    token: str
    def __init__(self, side: _Optional[str] = ..., token: _Optional[str] = ...) -> None: ...

class CreateGameResponse(_message.Message):
    __slots__ = ("game_id", "tokens", "seed_commitment", "version")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    TOKENS_FIELD_NUMBER: _ClassVar[int]
    SEED_COMMITMENT_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    tokens: _containers.RepeatedCompositeFieldContainer[SideToken]
    seed_commitment: str
    version: int
    def __init__(self, game_id: _Optional[str] = ..., tokens: _Optional[_Iterable[_Union[SideToken, _Mapping]]] = ..., seed_commitment: _Optional[str] = ..., version: _Optional[int] = ...) -> None: ...

class GetStateRequest(_message.Message):
    __slots__ = ("game_id",)
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    def __init__(self, game_id: _Optional[str] = ...) -> None: ...

class GetStateResponse(_message.Message):
    __slots__ = ("state",)
    STATE_FIELD_NUMBER: _ClassVar[int]
    state: _state_pb2.GameState
    def __init__(self, state: _Optional[_Union[_state_pb2.GameState, _Mapping]] = ...) -> None: ...

class ValidateActionRequest(_message.Message):
    __slots__ = ("game_id", "action")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    action: _action_pb2.Action
    def __init__(self, game_id: _Optional[str] = ..., action: _Optional[_Union[_action_pb2.Action, _Mapping]] = ...) -> None: ...

class ValidateActionResponse(_message.Message):
    __slots__ = ("verdict", "version")
    VERDICT_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    verdict: _action_pb2.Verdict
    version: int
    def __init__(self, verdict: _Optional[_Union[_action_pb2.Verdict, _Mapping]] = ..., version: _Optional[int] = ...) -> None: ...

class SubmitActionRequest(_message.Message):
    __slots__ = ("game_id", "action", "expected_version")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    EXPECTED_VERSION_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    action: _action_pb2.Action
    expected_version: int
    def __init__(self, game_id: _Optional[str] = ..., action: _Optional[_Union[_action_pb2.Action, _Mapping]] = ..., expected_version: _Optional[int] = ...) -> None: ...

class SubmitActionResponse(_message.Message):
    __slots__ = ("verdict", "version", "events", "dice")
    VERDICT_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    DICE_FIELD_NUMBER: _ClassVar[int]
    verdict: _action_pb2.Verdict
    version: int
    events: _containers.RepeatedCompositeFieldContainer[_state_pb2.Event]
    dice: _containers.RepeatedCompositeFieldContainer[_common_pb2.DieRoll]
    def __init__(self, verdict: _Optional[_Union[_action_pb2.Verdict, _Mapping]] = ..., version: _Optional[int] = ..., events: _Optional[_Iterable[_Union[_state_pb2.Event, _Mapping]]] = ..., dice: _Optional[_Iterable[_Union[_common_pb2.DieRoll, _Mapping]]] = ...) -> None: ...

class QueryRequest(_message.Message):
    __slots__ = ("game_id", "reach", "legal_actions")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    REACH_FIELD_NUMBER: _ClassVar[int]
    LEGAL_ACTIONS_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    reach: ReachQuestion
    legal_actions: LegalActionsQuestion
    def __init__(self, game_id: _Optional[str] = ..., reach: _Optional[_Union[ReachQuestion, _Mapping]] = ..., legal_actions: _Optional[_Union[LegalActionsQuestion, _Mapping]] = ...) -> None: ...

class ReachQuestion(_message.Message):
    __slots__ = ("unit_id", "mode")
    UNIT_ID_FIELD_NUMBER: _ClassVar[int]
    MODE_FIELD_NUMBER: _ClassVar[int]
    unit_id: str
    mode: str
    def __init__(self, unit_id: _Optional[str] = ..., mode: _Optional[str] = ...) -> None: ...

class LegalActionsQuestion(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ReachableLocation(_message.Message):
    __slots__ = ("location", "cost", "path")
    LOCATION_FIELD_NUMBER: _ClassVar[int]
    COST_FIELD_NUMBER: _ClassVar[int]
    PATH_FIELD_NUMBER: _ClassVar[int]
    location: str
    cost: float
    path: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, location: _Optional[str] = ..., cost: _Optional[float] = ..., path: _Optional[_Iterable[str]] = ...) -> None: ...

class LegalAction(_message.Message):
    __slots__ = ("kind", "description", "example", "needs")
    KIND_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    EXAMPLE_FIELD_NUMBER: _ClassVar[int]
    NEEDS_FIELD_NUMBER: _ClassVar[int]
    kind: str
    description: str
    example: _action_pb2.Action
    needs: _containers.RepeatedCompositeFieldContainer[_common_pb2.NeededCell]
    def __init__(self, kind: _Optional[str] = ..., description: _Optional[str] = ..., example: _Optional[_Union[_action_pb2.Action, _Mapping]] = ..., needs: _Optional[_Iterable[_Union[_common_pb2.NeededCell, _Mapping]]] = ...) -> None: ...

class QueryResponse(_message.Message):
    __slots__ = ("reachable", "legal_actions", "notes", "version")
    REACHABLE_FIELD_NUMBER: _ClassVar[int]
    LEGAL_ACTIONS_FIELD_NUMBER: _ClassVar[int]
    NOTES_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    reachable: _containers.RepeatedCompositeFieldContainer[ReachableLocation]
    legal_actions: _containers.RepeatedCompositeFieldContainer[LegalAction]
    notes: _containers.RepeatedCompositeFieldContainer[_common_pb2.RuleNote]
    version: int
    def __init__(self, reachable: _Optional[_Iterable[_Union[ReachableLocation, _Mapping]]] = ..., legal_actions: _Optional[_Iterable[_Union[LegalAction, _Mapping]]] = ..., notes: _Optional[_Iterable[_Union[_common_pb2.RuleNote, _Mapping]]] = ..., version: _Optional[int] = ...) -> None: ...

class WatchGameRequest(_message.Message):
    __slots__ = ("game_id", "from_version")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    FROM_VERSION_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    from_version: int
    def __init__(self, game_id: _Optional[str] = ..., from_version: _Optional[int] = ...) -> None: ...

class WatchGameResponse(_message.Message):
    __slots__ = ("event",)
    EVENT_FIELD_NUMBER: _ClassVar[int]
    event: _state_pb2.Event
    def __init__(self, event: _Optional[_Union[_state_pb2.Event, _Mapping]] = ...) -> None: ...

class ExportGameRequest(_message.Message):
    __slots__ = ("game_id",)
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    def __init__(self, game_id: _Optional[str] = ...) -> None: ...

class ExportGameResponse(_message.Message):
    __slots__ = ("record",)
    RECORD_FIELD_NUMBER: _ClassVar[int]
    record: _state_pb2.GameRecord
    def __init__(self, record: _Optional[_Union[_state_pb2.GameRecord, _Mapping]] = ...) -> None: ...

class RevealSeedRequest(_message.Message):
    __slots__ = ("game_id",)
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    def __init__(self, game_id: _Optional[str] = ...) -> None: ...

class RevealSeedResponse(_message.Message):
    __slots__ = ("seed", "agreed", "revealed_at_version")
    SEED_FIELD_NUMBER: _ClassVar[int]
    AGREED_FIELD_NUMBER: _ClassVar[int]
    REVEALED_AT_VERSION_FIELD_NUMBER: _ClassVar[int]
    seed: str
    agreed: _containers.RepeatedScalarFieldContainer[str]
    revealed_at_version: int
    def __init__(self, seed: _Optional[str] = ..., agreed: _Optional[_Iterable[str]] = ..., revealed_at_version: _Optional[int] = ...) -> None: ...

class StaleVersionDetail(_message.Message):
    __slots__ = ("current_version", "expected_version")
    CURRENT_VERSION_FIELD_NUMBER: _ClassVar[int]
    EXPECTED_VERSION_FIELD_NUMBER: _ClassVar[int]
    current_version: int
    expected_version: int
    def __init__(self, current_version: _Optional[int] = ..., expected_version: _Optional[int] = ...) -> None: ...

class IllegalActionDetail(_message.Message):
    __slots__ = ("verdict",)
    VERDICT_FIELD_NUMBER: _ClassVar[int]
    verdict: _action_pb2.Verdict
    def __init__(self, verdict: _Optional[_Union[_action_pb2.Verdict, _Mapping]] = ...) -> None: ...

class AmbiguousDetail(_message.Message):
    __slots__ = ("message", "candidates")
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    CANDIDATES_FIELD_NUMBER: _ClassVar[int]
    message: str
    candidates: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, message: _Optional[str] = ..., candidates: _Optional[_Iterable[str]] = ...) -> None: ...
