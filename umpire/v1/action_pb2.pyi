from umpire.v1 import common_pb2 as _common_pb2
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

class MoveUnits(_message.Message):
    __slots__ = ("unit_ids", "path", "mode")
    UNIT_IDS_FIELD_NUMBER: _ClassVar[int]
    PATH_FIELD_NUMBER: _ClassVar[int]
    MODE_FIELD_NUMBER: _ClassVar[int]
    unit_ids: _containers.RepeatedScalarFieldContainer[str]
    path: _containers.RepeatedScalarFieldContainer[str]
    mode: str
    def __init__(self, unit_ids: _Optional[_Iterable[str]] = ..., path: _Optional[_Iterable[str]] = ..., mode: _Optional[str] = ...) -> None: ...

class Attack(_message.Message):
    __slots__ = ("target", "attackers", "supports")
    TARGET_FIELD_NUMBER: _ClassVar[int]
    ATTACKERS_FIELD_NUMBER: _ClassVar[int]
    SUPPORTS_FIELD_NUMBER: _ClassVar[int]
    target: str
    attackers: _containers.RepeatedScalarFieldContainer[str]
    supports: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, target: _Optional[str] = ..., attackers: _Optional[_Iterable[str]] = ..., supports: _Optional[_Iterable[str]] = ...) -> None: ...

class PlaceUnits(_message.Message):
    __slots__ = ("unit_ids", "location")
    UNIT_IDS_FIELD_NUMBER: _ClassVar[int]
    LOCATION_FIELD_NUMBER: _ClassVar[int]
    unit_ids: _containers.RepeatedScalarFieldContainer[str]
    location: str
    def __init__(self, unit_ids: _Optional[_Iterable[str]] = ..., location: _Optional[str] = ...) -> None: ...

class Assignment(_message.Message):
    __slots__ = ("unit_id", "destination", "path")
    UNIT_ID_FIELD_NUMBER: _ClassVar[int]
    DESTINATION_FIELD_NUMBER: _ClassVar[int]
    PATH_FIELD_NUMBER: _ClassVar[int]
    unit_id: str
    destination: str
    path: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, unit_id: _Optional[str] = ..., destination: _Optional[str] = ..., path: _Optional[_Iterable[str]] = ...) -> None: ...

class AnswerDecision(_message.Message):
    __slots__ = ("decision_id", "choices", "assignments")
    DECISION_ID_FIELD_NUMBER: _ClassVar[int]
    CHOICES_FIELD_NUMBER: _ClassVar[int]
    ASSIGNMENTS_FIELD_NUMBER: _ClassVar[int]
    decision_id: str
    choices: _containers.RepeatedScalarFieldContainer[str]
    assignments: _containers.RepeatedCompositeFieldContainer[Assignment]
    def __init__(self, decision_id: _Optional[str] = ..., choices: _Optional[_Iterable[str]] = ..., assignments: _Optional[_Iterable[_Union[Assignment, _Mapping]]] = ...) -> None: ...

class EndPhase(_message.Message):
    __slots__ = ("phase",)
    PHASE_FIELD_NUMBER: _ClassVar[int]
    phase: str
    def __init__(self, phase: _Optional[str] = ...) -> None: ...

class Action(_message.Message):
    __slots__ = ("side", "move", "attack", "answer", "end_phase", "place", "major_battles", "nordwind", "traces", "pattons", "lucky_forward", "supplied_cells", "comment")
    SIDE_FIELD_NUMBER: _ClassVar[int]
    MOVE_FIELD_NUMBER: _ClassVar[int]
    ATTACK_FIELD_NUMBER: _ClassVar[int]
    ANSWER_FIELD_NUMBER: _ClassVar[int]
    END_PHASE_FIELD_NUMBER: _ClassVar[int]
    PLACE_FIELD_NUMBER: _ClassVar[int]
    MAJOR_BATTLES_FIELD_NUMBER: _ClassVar[int]
    NORDWIND_FIELD_NUMBER: _ClassVar[int]
    TRACES_FIELD_NUMBER: _ClassVar[int]
    PATTONS_FIELD_NUMBER: _ClassVar[int]
    LUCKY_FORWARD_FIELD_NUMBER: _ClassVar[int]
    SUPPLIED_CELLS_FIELD_NUMBER: _ClassVar[int]
    COMMENT_FIELD_NUMBER: _ClassVar[int]
    side: str
    move: MoveUnits
    attack: Attack
    answer: AnswerDecision
    end_phase: EndPhase
    place: PlaceUnits
    major_battles: _major_battles_pb2.MajorBattlesAction
    nordwind: _nordwind_pb2.NordwindAction
    traces: _traces_pb2.TracesAction
    pattons: _pattons_pb2.PattonsAction
    lucky_forward: _lucky_forward_pb2.LuckyForwardAction
    supplied_cells: _containers.RepeatedCompositeFieldContainer[_common_pb2.SuppliedCell]
    comment: str
    def __init__(self, side: _Optional[str] = ..., move: _Optional[_Union[MoveUnits, _Mapping]] = ..., attack: _Optional[_Union[Attack, _Mapping]] = ..., answer: _Optional[_Union[AnswerDecision, _Mapping]] = ..., end_phase: _Optional[_Union[EndPhase, _Mapping]] = ..., place: _Optional[_Union[PlaceUnits, _Mapping]] = ..., major_battles: _Optional[_Union[_major_battles_pb2.MajorBattlesAction, _Mapping]] = ..., nordwind: _Optional[_Union[_nordwind_pb2.NordwindAction, _Mapping]] = ..., traces: _Optional[_Union[_traces_pb2.TracesAction, _Mapping]] = ..., pattons: _Optional[_Union[_pattons_pb2.PattonsAction, _Mapping]] = ..., lucky_forward: _Optional[_Union[_lucky_forward_pb2.LuckyForwardAction, _Mapping]] = ..., supplied_cells: _Optional[_Iterable[_Union[_common_pb2.SuppliedCell, _Mapping]]] = ..., comment: _Optional[str] = ...) -> None: ...

class PathStep(_message.Message):
    __slots__ = ("location", "cost", "total", "notes")
    LOCATION_FIELD_NUMBER: _ClassVar[int]
    COST_FIELD_NUMBER: _ClassVar[int]
    TOTAL_FIELD_NUMBER: _ClassVar[int]
    NOTES_FIELD_NUMBER: _ClassVar[int]
    location: str
    cost: float
    total: float
    notes: _containers.RepeatedCompositeFieldContainer[_common_pb2.RuleNote]
    def __init__(self, location: _Optional[str] = ..., cost: _Optional[float] = ..., total: _Optional[float] = ..., notes: _Optional[_Iterable[_Union[_common_pb2.RuleNote, _Mapping]]] = ...) -> None: ...

class Shift(_message.Message):
    __slots__ = ("columns", "kind", "reason", "citation", "cancelled")
    COLUMNS_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    CITATION_FIELD_NUMBER: _ClassVar[int]
    CANCELLED_FIELD_NUMBER: _ClassVar[int]
    columns: int
    kind: str
    reason: str
    citation: _common_pb2.Citation
    cancelled: bool
    def __init__(self, columns: _Optional[int] = ..., kind: _Optional[str] = ..., reason: _Optional[str] = ..., citation: _Optional[_Union[_common_pb2.Citation, _Mapping]] = ..., cancelled: _Optional[bool] = ...) -> None: ...

class OutcomeProbability(_message.Message):
    __slots__ = ("result", "probability", "when")
    RESULT_FIELD_NUMBER: _ClassVar[int]
    PROBABILITY_FIELD_NUMBER: _ClassVar[int]
    WHEN_FIELD_NUMBER: _ClassVar[int]
    result: str
    probability: float
    when: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, result: _Optional[str] = ..., probability: _Optional[float] = ..., when: _Optional[_Iterable[str]] = ...) -> None: ...

class CombatDetails(_message.Message):
    __slots__ = ("target", "attackers", "defenders", "attack_strength", "defense_strength", "base_column", "shifts", "final_column", "attacker_dice", "defender_dice", "outcomes", "notes")
    TARGET_FIELD_NUMBER: _ClassVar[int]
    ATTACKERS_FIELD_NUMBER: _ClassVar[int]
    DEFENDERS_FIELD_NUMBER: _ClassVar[int]
    ATTACK_STRENGTH_FIELD_NUMBER: _ClassVar[int]
    DEFENSE_STRENGTH_FIELD_NUMBER: _ClassVar[int]
    BASE_COLUMN_FIELD_NUMBER: _ClassVar[int]
    SHIFTS_FIELD_NUMBER: _ClassVar[int]
    FINAL_COLUMN_FIELD_NUMBER: _ClassVar[int]
    ATTACKER_DICE_FIELD_NUMBER: _ClassVar[int]
    DEFENDER_DICE_FIELD_NUMBER: _ClassVar[int]
    OUTCOMES_FIELD_NUMBER: _ClassVar[int]
    NOTES_FIELD_NUMBER: _ClassVar[int]
    target: str
    attackers: _containers.RepeatedScalarFieldContainer[str]
    defenders: _containers.RepeatedScalarFieldContainer[str]
    attack_strength: float
    defense_strength: float
    base_column: str
    shifts: _containers.RepeatedCompositeFieldContainer[Shift]
    final_column: str
    attacker_dice: int
    defender_dice: int
    outcomes: _containers.RepeatedCompositeFieldContainer[OutcomeProbability]
    notes: _containers.RepeatedCompositeFieldContainer[_common_pb2.RuleNote]
    def __init__(self, target: _Optional[str] = ..., attackers: _Optional[_Iterable[str]] = ..., defenders: _Optional[_Iterable[str]] = ..., attack_strength: _Optional[float] = ..., defense_strength: _Optional[float] = ..., base_column: _Optional[str] = ..., shifts: _Optional[_Iterable[_Union[Shift, _Mapping]]] = ..., final_column: _Optional[str] = ..., attacker_dice: _Optional[int] = ..., defender_dice: _Optional[int] = ..., outcomes: _Optional[_Iterable[_Union[OutcomeProbability, _Mapping]]] = ..., notes: _Optional[_Iterable[_Union[_common_pb2.RuleNote, _Mapping]]] = ...) -> None: ...

class Verdict(_message.Message):
    __slots__ = ("legal", "violations", "needs", "path", "mp_total", "mp_remaining", "combat", "notes", "action_kind")
    LEGAL_FIELD_NUMBER: _ClassVar[int]
    VIOLATIONS_FIELD_NUMBER: _ClassVar[int]
    NEEDS_FIELD_NUMBER: _ClassVar[int]
    PATH_FIELD_NUMBER: _ClassVar[int]
    MP_TOTAL_FIELD_NUMBER: _ClassVar[int]
    MP_REMAINING_FIELD_NUMBER: _ClassVar[int]
    COMBAT_FIELD_NUMBER: _ClassVar[int]
    NOTES_FIELD_NUMBER: _ClassVar[int]
    ACTION_KIND_FIELD_NUMBER: _ClassVar[int]
    legal: bool
    violations: _containers.RepeatedCompositeFieldContainer[_common_pb2.Violation]
    needs: _containers.RepeatedCompositeFieldContainer[_common_pb2.NeededCell]
    path: _containers.RepeatedCompositeFieldContainer[PathStep]
    mp_total: float
    mp_remaining: float
    combat: CombatDetails
    notes: _containers.RepeatedCompositeFieldContainer[_common_pb2.RuleNote]
    action_kind: str
    def __init__(self, legal: _Optional[bool] = ..., violations: _Optional[_Iterable[_Union[_common_pb2.Violation, _Mapping]]] = ..., needs: _Optional[_Iterable[_Union[_common_pb2.NeededCell, _Mapping]]] = ..., path: _Optional[_Iterable[_Union[PathStep, _Mapping]]] = ..., mp_total: _Optional[float] = ..., mp_remaining: _Optional[float] = ..., combat: _Optional[_Union[CombatDetails, _Mapping]] = ..., notes: _Optional[_Iterable[_Union[_common_pb2.RuleNote, _Mapping]]] = ..., action_kind: _Optional[str] = ...) -> None: ...
