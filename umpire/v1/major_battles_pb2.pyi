from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class MajorBattlesScenario(_message.Message):
    __slots__ = ("campaign", "blue_side", "red_side", "blue_cards", "red_cards", "game_ends_card", "fixed_setup")
    CAMPAIGN_FIELD_NUMBER: _ClassVar[int]
    BLUE_SIDE_FIELD_NUMBER: _ClassVar[int]
    RED_SIDE_FIELD_NUMBER: _ClassVar[int]
    BLUE_CARDS_FIELD_NUMBER: _ClassVar[int]
    RED_CARDS_FIELD_NUMBER: _ClassVar[int]
    GAME_ENDS_CARD_FIELD_NUMBER: _ClassVar[int]
    FIXED_SETUP_FIELD_NUMBER: _ClassVar[int]
    campaign: str
    blue_side: str
    red_side: str
    blue_cards: int
    red_cards: int
    game_ends_card: bool
    fixed_setup: bool
    def __init__(self, campaign: _Optional[str] = ..., blue_side: _Optional[str] = ..., red_side: _Optional[str] = ..., blue_cards: _Optional[int] = ..., red_cards: _Optional[int] = ..., game_ends_card: _Optional[bool] = ..., fixed_setup: _Optional[bool] = ...) -> None: ...

class MbCard(_message.Message):
    __slots__ = ("id", "value")
    ID_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    id: str
    value: int
    def __init__(self, id: _Optional[str] = ..., value: _Optional[int] = ...) -> None: ...

class MbPack(_message.Message):
    __slots__ = ("side", "face_down", "face_up", "turned_over")
    SIDE_FIELD_NUMBER: _ClassVar[int]
    FACE_DOWN_FIELD_NUMBER: _ClassVar[int]
    FACE_UP_FIELD_NUMBER: _ClassVar[int]
    TURNED_OVER_FIELD_NUMBER: _ClassVar[int]
    side: str
    face_down: _containers.RepeatedCompositeFieldContainer[MbCard]
    face_up: _containers.RepeatedCompositeFieldContainer[MbCard]
    turned_over: int
    def __init__(self, side: _Optional[str] = ..., face_down: _Optional[_Iterable[_Union[MbCard, _Mapping]]] = ..., face_up: _Optional[_Iterable[_Union[MbCard, _Mapping]]] = ..., turned_over: _Optional[int] = ...) -> None: ...

class MbApproach(_message.Message):
    __slots__ = ("target", "road", "unit_ids", "area", "retreating")
    TARGET_FIELD_NUMBER: _ClassVar[int]
    ROAD_FIELD_NUMBER: _ClassVar[int]
    FROM_FIELD_NUMBER: _ClassVar[int]
    UNIT_IDS_FIELD_NUMBER: _ClassVar[int]
    AREA_FIELD_NUMBER: _ClassVar[int]
    RETREATING_FIELD_NUMBER: _ClassVar[int]
    target: str
    road: str
    unit_ids: _containers.RepeatedScalarFieldContainer[str]
    area: str
    retreating: bool
    def __init__(self, target: _Optional[str] = ..., road: _Optional[str] = ..., unit_ids: _Optional[_Iterable[str]] = ..., area: _Optional[str] = ..., retreating: _Optional[bool] = ..., **kwargs) -> None: ...

class MbBattle(_message.Message):
    __slots__ = ("target", "kind", "attacker", "defender", "attacker_units", "defender_units", "defender_bonus_dice", "round", "attacker_dice", "defender_dice", "attacker_total", "defender_total", "attacker_faces", "defender_faces", "attacker_casualties", "defender_casualties", "stage", "retreating_units", "voluntary_retreat")
    TARGET_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    ATTACKER_FIELD_NUMBER: _ClassVar[int]
    DEFENDER_FIELD_NUMBER: _ClassVar[int]
    ATTACKER_UNITS_FIELD_NUMBER: _ClassVar[int]
    DEFENDER_UNITS_FIELD_NUMBER: _ClassVar[int]
    DEFENDER_BONUS_DICE_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    ATTACKER_DICE_FIELD_NUMBER: _ClassVar[int]
    DEFENDER_DICE_FIELD_NUMBER: _ClassVar[int]
    ATTACKER_TOTAL_FIELD_NUMBER: _ClassVar[int]
    DEFENDER_TOTAL_FIELD_NUMBER: _ClassVar[int]
    ATTACKER_FACES_FIELD_NUMBER: _ClassVar[int]
    DEFENDER_FACES_FIELD_NUMBER: _ClassVar[int]
    ATTACKER_CASUALTIES_FIELD_NUMBER: _ClassVar[int]
    DEFENDER_CASUALTIES_FIELD_NUMBER: _ClassVar[int]
    STAGE_FIELD_NUMBER: _ClassVar[int]
    RETREATING_UNITS_FIELD_NUMBER: _ClassVar[int]
    VOLUNTARY_RETREAT_FIELD_NUMBER: _ClassVar[int]
    target: str
    kind: str
    attacker: str
    defender: str
    attacker_units: _containers.RepeatedScalarFieldContainer[str]
    defender_units: _containers.RepeatedScalarFieldContainer[str]
    defender_bonus_dice: int
    round: int
    attacker_dice: int
    defender_dice: int
    attacker_total: int
    defender_total: int
    attacker_faces: _containers.RepeatedScalarFieldContainer[int]
    defender_faces: _containers.RepeatedScalarFieldContainer[int]
    attacker_casualties: int
    defender_casualties: int
    stage: str
    retreating_units: _containers.RepeatedScalarFieldContainer[str]
    voluntary_retreat: bool
    def __init__(self, target: _Optional[str] = ..., kind: _Optional[str] = ..., attacker: _Optional[str] = ..., defender: _Optional[str] = ..., attacker_units: _Optional[_Iterable[str]] = ..., defender_units: _Optional[_Iterable[str]] = ..., defender_bonus_dice: _Optional[int] = ..., round: _Optional[int] = ..., attacker_dice: _Optional[int] = ..., defender_dice: _Optional[int] = ..., attacker_total: _Optional[int] = ..., defender_total: _Optional[int] = ..., attacker_faces: _Optional[_Iterable[int]] = ..., defender_faces: _Optional[_Iterable[int]] = ..., attacker_casualties: _Optional[int] = ..., defender_casualties: _Optional[int] = ..., stage: _Optional[str] = ..., retreating_units: _Optional[_Iterable[str]] = ..., voluntary_retreat: _Optional[bool] = ...) -> None: ...

class MbDefection(_message.Message):
    __slots__ = ("town", "number", "unit_ids", "turn")
    TOWN_FIELD_NUMBER: _ClassVar[int]
    NUMBER_FIELD_NUMBER: _ClassVar[int]
    UNIT_IDS_FIELD_NUMBER: _ClassVar[int]
    TURN_FIELD_NUMBER: _ClassVar[int]
    town: str
    number: int
    unit_ids: _containers.RepeatedScalarFieldContainer[str]
    turn: int
    def __init__(self, town: _Optional[str] = ..., number: _Optional[int] = ..., unit_ids: _Optional[_Iterable[str]] = ..., turn: _Optional[int] = ...) -> None: ...

class MajorBattlesState(_message.Message):
    __slots__ = ("campaign", "deck_mode", "packs", "mp_allowance", "mp_spent", "road_use", "area_use", "battles_started", "approaches", "battle", "battle_queue", "turns_started", "setup_done", "board_digest", "decisions_asked", "end_step", "bastogne_relieved", "wiltz_occupied", "wiltz_held", "messina_occupied", "defection_pending", "defection_chart", "red_reserve_entries", "reserve_serial")
    class RoadUseEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: int
        def __init__(self, key: _Optional[str] = ..., value: _Optional[int] = ...) -> None: ...
    class AreaUseEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: int
        def __init__(self, key: _Optional[str] = ..., value: _Optional[int] = ...) -> None: ...
    class TurnsStartedEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: int
        def __init__(self, key: _Optional[str] = ..., value: _Optional[int] = ...) -> None: ...
    CAMPAIGN_FIELD_NUMBER: _ClassVar[int]
    DECK_MODE_FIELD_NUMBER: _ClassVar[int]
    PACKS_FIELD_NUMBER: _ClassVar[int]
    MP_ALLOWANCE_FIELD_NUMBER: _ClassVar[int]
    MP_SPENT_FIELD_NUMBER: _ClassVar[int]
    ROAD_USE_FIELD_NUMBER: _ClassVar[int]
    AREA_USE_FIELD_NUMBER: _ClassVar[int]
    BATTLES_STARTED_FIELD_NUMBER: _ClassVar[int]
    APPROACHES_FIELD_NUMBER: _ClassVar[int]
    BATTLE_FIELD_NUMBER: _ClassVar[int]
    BATTLE_QUEUE_FIELD_NUMBER: _ClassVar[int]
    TURNS_STARTED_FIELD_NUMBER: _ClassVar[int]
    SETUP_DONE_FIELD_NUMBER: _ClassVar[int]
    BOARD_DIGEST_FIELD_NUMBER: _ClassVar[int]
    DECISIONS_ASKED_FIELD_NUMBER: _ClassVar[int]
    END_STEP_FIELD_NUMBER: _ClassVar[int]
    BASTOGNE_RELIEVED_FIELD_NUMBER: _ClassVar[int]
    WILTZ_OCCUPIED_FIELD_NUMBER: _ClassVar[int]
    WILTZ_HELD_FIELD_NUMBER: _ClassVar[int]
    MESSINA_OCCUPIED_FIELD_NUMBER: _ClassVar[int]
    DEFECTION_PENDING_FIELD_NUMBER: _ClassVar[int]
    DEFECTION_CHART_FIELD_NUMBER: _ClassVar[int]
    RED_RESERVE_ENTRIES_FIELD_NUMBER: _ClassVar[int]
    RESERVE_SERIAL_FIELD_NUMBER: _ClassVar[int]
    campaign: str
    deck_mode: str
    packs: _containers.RepeatedCompositeFieldContainer[MbPack]
    mp_allowance: int
    mp_spent: int
    road_use: _containers.ScalarMap[str, int]
    area_use: _containers.ScalarMap[str, int]
    battles_started: bool
    approaches: _containers.RepeatedCompositeFieldContainer[MbApproach]
    battle: MbBattle
    battle_queue: _containers.RepeatedScalarFieldContainer[str]
    turns_started: _containers.ScalarMap[str, int]
    setup_done: _containers.RepeatedScalarFieldContainer[str]
    board_digest: str
    decisions_asked: int
    end_step: str
    bastogne_relieved: bool
    wiltz_occupied: bool
    wiltz_held: bool
    messina_occupied: bool
    defection_pending: _containers.RepeatedScalarFieldContainer[str]
    defection_chart: _containers.RepeatedCompositeFieldContainer[MbDefection]
    red_reserve_entries: int
    reserve_serial: int
    def __init__(self, campaign: _Optional[str] = ..., deck_mode: _Optional[str] = ..., packs: _Optional[_Iterable[_Union[MbPack, _Mapping]]] = ..., mp_allowance: _Optional[int] = ..., mp_spent: _Optional[int] = ..., road_use: _Optional[_Mapping[str, int]] = ..., area_use: _Optional[_Mapping[str, int]] = ..., battles_started: _Optional[bool] = ..., approaches: _Optional[_Iterable[_Union[MbApproach, _Mapping]]] = ..., battle: _Optional[_Union[MbBattle, _Mapping]] = ..., battle_queue: _Optional[_Iterable[str]] = ..., turns_started: _Optional[_Mapping[str, int]] = ..., setup_done: _Optional[_Iterable[str]] = ..., board_digest: _Optional[str] = ..., decisions_asked: _Optional[int] = ..., end_step: _Optional[str] = ..., bastogne_relieved: _Optional[bool] = ..., wiltz_occupied: _Optional[bool] = ..., wiltz_held: _Optional[bool] = ..., messina_occupied: _Optional[bool] = ..., defection_pending: _Optional[_Iterable[str]] = ..., defection_chart: _Optional[_Iterable[_Union[MbDefection, _Mapping]]] = ..., red_reserve_entries: _Optional[int] = ..., reserve_serial: _Optional[int] = ...) -> None: ...

class MbTurnCard(_message.Message):
    __slots__ = ("value",)
    VALUE_FIELD_NUMBER: _ClassVar[int]
    value: int
    def __init__(self, value: _Optional[int] = ...) -> None: ...

class MbLand(_message.Message):
    __slots__ = ("area", "unit_ids")
    AREA_FIELD_NUMBER: _ClassVar[int]
    UNIT_IDS_FIELD_NUMBER: _ClassVar[int]
    area: str
    unit_ids: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, area: _Optional[str] = ..., unit_ids: _Optional[_Iterable[str]] = ...) -> None: ...

class MbConcede(_message.Message):
    __slots__ = ("reason",)
    REASON_FIELD_NUMBER: _ClassVar[int]
    reason: str
    def __init__(self, reason: _Optional[str] = ...) -> None: ...

class MajorBattlesAction(_message.Message):
    __slots__ = ("turn_card", "land", "concede")
    TURN_CARD_FIELD_NUMBER: _ClassVar[int]
    LAND_FIELD_NUMBER: _ClassVar[int]
    CONCEDE_FIELD_NUMBER: _ClassVar[int]
    turn_card: MbTurnCard
    land: MbLand
    concede: MbConcede
    def __init__(self, turn_card: _Optional[_Union[MbTurnCard, _Mapping]] = ..., land: _Optional[_Union[MbLand, _Mapping]] = ..., concede: _Optional[_Union[MbConcede, _Mapping]] = ...) -> None: ...
