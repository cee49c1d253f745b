from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class LfSize(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    LF_SIZE_UNSPECIFIED: _ClassVar[LfSize]
    LF_SIZE_BATTALION: _ClassVar[LfSize]
    LF_SIZE_COMPANY: _ClassVar[LfSize]
    LF_SIZE_Z_STEP: _ClassVar[LfSize]

class LfMovementClass(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    LF_CLASS_UNSPECIFIED: _ClassVar[LfMovementClass]
    LF_CLASS_LEG: _ClassVar[LfMovementClass]
    LF_CLASS_MECH: _ClassVar[LfMovementClass]
    LF_CLASS_STATIC: _ClassVar[LfMovementClass]

class LfArmorClass(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    LF_ARMOR_NONE: _ClassVar[LfArmorClass]
    LF_ARMOR_PURE: _ClassVar[LfArmorClass]
    LF_ARMOR_MIXED: _ClassVar[LfArmorClass]

class LfHqLevel(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    LF_HQ_UNSPECIFIED: _ClassVar[LfHqLevel]
    LF_HQ_ARMY: _ClassVar[LfHqLevel]
    LF_HQ_CORPS: _ClassVar[LfHqLevel]
    LF_HQ_DIVISION: _ClassVar[LfHqLevel]
    LF_HQ_BATTLE_GROUP: _ClassVar[LfHqLevel]

class LfMode(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    LF_MODE_TACTICAL: _ClassVar[LfMode]
    LF_MODE_PREPARED_ASSAULT: _ClassVar[LfMode]
    LF_MODE_EXPLOIT: _ClassVar[LfMode]
    LF_MODE_MANEUVER_RESERVE: _ClassVar[LfMode]
    LF_MODE_STRATEGIC: _ClassVar[LfMode]

class LfSupply(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    LF_SUPPLY_GENERAL: _ClassVar[LfSupply]
    LF_SUPPLY_ON_HAND: _ClassVar[LfSupply]
    LF_SUPPLY_OUT: _ClassVar[LfSupply]
LF_SIZE_UNSPECIFIED: LfSize
LF_SIZE_BATTALION: LfSize
LF_SIZE_COMPANY: LfSize
LF_SIZE_Z_STEP: LfSize
LF_CLASS_UNSPECIFIED: LfMovementClass
LF_CLASS_LEG: LfMovementClass
LF_CLASS_MECH: LfMovementClass
LF_CLASS_STATIC: LfMovementClass
LF_ARMOR_NONE: LfArmorClass
LF_ARMOR_PURE: LfArmorClass
LF_ARMOR_MIXED: LfArmorClass
LF_HQ_UNSPECIFIED: LfHqLevel
LF_HQ_ARMY: LfHqLevel
LF_HQ_CORPS: LfHqLevel
LF_HQ_DIVISION: LfHqLevel
LF_HQ_BATTLE_GROUP: LfHqLevel
LF_MODE_TACTICAL: LfMode
LF_MODE_PREPARED_ASSAULT: LfMode
LF_MODE_EXPLOIT: LfMode
LF_MODE_MANEUVER_RESERVE: LfMode
LF_MODE_STRATEGIC: LfMode
LF_SUPPLY_GENERAL: LfSupply
LF_SUPPLY_ON_HAND: LfSupply
LF_SUPPLY_OUT: LfSupply

class LfCounter(_message.Message):
    __slots__ = ("unit_id", "size", "steps", "movement_class", "types", "personnel", "armor_class", "attack", "defense", "reduced_attack", "reduced_defense", "z_attack", "z_defense", "armor", "armor_defense", "anti_tank", "barrage", "range", "movement", "offensive_pr", "defensive_pr", "flame", "heavy_artillery", "self_propelled", "horse_drawn", "transportable", "gun", "red_hexagon", "heavy_unit_bar", "red_triangle", "red_square", "rear_echelon", "independent", "afv_weight", "printed_hq", "training", "leader_activation", "leader_hq", "nebelwerfer", "railroad", "mixed_artillery", "metz_garrison", "fifth_panzer_army", "breakdown_unit", "z_step_reverse", "printed_asset")
    UNIT_ID_FIELD_NUMBER: _ClassVar[int]
    SIZE_FIELD_NUMBER: _ClassVar[int]
    STEPS_FIELD_NUMBER: _ClassVar[int]
    MOVEMENT_CLASS_FIELD_NUMBER: _ClassVar[int]
    TYPES_FIELD_NUMBER: _ClassVar[int]
    PERSONNEL_FIELD_NUMBER: _ClassVar[int]
    ARMOR_CLASS_FIELD_NUMBER: _ClassVar[int]
    ATTACK_FIELD_NUMBER: _ClassVar[int]
    DEFENSE_FIELD_NUMBER: _ClassVar[int]
    REDUCED_ATTACK_FIELD_NUMBER: _ClassVar[int]
    REDUCED_DEFENSE_FIELD_NUMBER: _ClassVar[int]
    Z_ATTACK_FIELD_NUMBER: _ClassVar[int]
    Z_DEFENSE_FIELD_NUMBER: _ClassVar[int]
    ARMOR_FIELD_NUMBER: _ClassVar[int]
    ARMOR_DEFENSE_FIELD_NUMBER: _ClassVar[int]
    ANTI_TANK_FIELD_NUMBER: _ClassVar[int]
    BARRAGE_FIELD_NUMBER: _ClassVar[int]
    RANGE_FIELD_NUMBER: _ClassVar[int]
    MOVEMENT_FIELD_NUMBER: _ClassVar[int]
    OFFENSIVE_PR_FIELD_NUMBER: _ClassVar[int]
    DEFENSIVE_PR_FIELD_NUMBER: _ClassVar[int]
    FLAME_FIELD_NUMBER: _ClassVar[int]
    HEAVY_ARTILLERY_FIELD_NUMBER: _ClassVar[int]
    SELF_PROPELLED_FIELD_NUMBER: _ClassVar[int]
    HORSE_DRAWN_FIELD_NUMBER: _ClassVar[int]
    TRANSPORTABLE_FIELD_NUMBER: _ClassVar[int]
    GUN_FIELD_NUMBER: _ClassVar[int]
    RED_HEXAGON_FIELD_NUMBER: _ClassVar[int]
    HEAVY_UNIT_BAR_FIELD_NUMBER: _ClassVar[int]
    RED_TRIANGLE_FIELD_NUMBER: _ClassVar[int]
    RED_SQUARE_FIELD_NUMBER: _ClassVar[int]
    REAR_ECHELON_FIELD_NUMBER: _ClassVar[int]
    INDEPENDENT_FIELD_NUMBER: _ClassVar[int]
    AFV_WEIGHT_FIELD_NUMBER: _ClassVar[int]
    PRINTED_HQ_FIELD_NUMBER: _ClassVar[int]
    TRAINING_FIELD_NUMBER: _ClassVar[int]
    LEADER_ACTIVATION_FIELD_NUMBER: _ClassVar[int]
    LEADER_HQ_FIELD_NUMBER: _ClassVar[int]
    NEBELWERFER_FIELD_NUMBER: _ClassVar[int]
    RAILROAD_FIELD_NUMBER: _ClassVar[int]
    MIXED_ARTILLERY_FIELD_NUMBER: _ClassVar[int]
    METZ_GARRISON_FIELD_NUMBER: _ClassVar[int]
    FIFTH_PANZER_ARMY_FIELD_NUMBER: _ClassVar[int]
    BREAKDOWN_UNIT_FIELD_NUMBER: _ClassVar[int]
    Z_STEP_REVERSE_FIELD_NUMBER: _ClassVar[int]
    PRINTED_ASSET_FIELD_NUMBER: _ClassVar[int]
    unit_id: str
    size: LfSize
    steps: int
    movement_class: LfMovementClass
    types: _containers.RepeatedScalarFieldContainer[str]
    personnel: bool
    armor_class: LfArmorClass
    attack: float
    defense: float
    reduced_attack: float
    reduced_defense: float
    z_attack: float
    z_defense: float
    armor: int
    armor_defense: int
    anti_tank: int
    barrage: int
    range: int
    movement: int
    offensive_pr: int
    defensive_pr: int
    flame: bool
    heavy_artillery: bool
    self_propelled: bool
    horse_drawn: bool
    transportable: bool
    gun: str
    red_hexagon: bool
    heavy_unit_bar: bool
    red_triangle: bool
    red_square: bool
    rear_echelon: bool
    independent: bool
    afv_weight: str
    printed_hq: str
    training: str
    leader_activation: int
    leader_hq: str
    nebelwerfer: bool
    railroad: bool
    mixed_artillery: bool
    metz_garrison: bool
    fifth_panzer_army: bool
    breakdown_unit: bool
    z_step_reverse: bool
    printed_asset: str
    def __init__(self, unit_id: _Optional[str] = ..., size: _Optional[_Union[LfSize, str]] = ..., steps: _Optional[int] = ..., movement_class: _Optional[_Union[LfMovementClass, str]] = ..., types: _Optional[_Iterable[str]] = ..., personnel: _Optional[bool] = ..., armor_class: _Optional[_Union[LfArmorClass, str]] = ..., attack: _Optional[float] = ..., defense: _Optional[float] = ..., reduced_attack: _Optional[float] = ..., reduced_defense: _Optional[float] = ..., z_attack: _Optional[float] = ..., z_defense: _Optional[float] = ..., armor: _Optional[int] = ..., armor_defense: _Optional[int] = ..., anti_tank: _Optional[int] = ..., barrage: _Optional[int] = ..., range: _Optional[int] = ..., movement: _Optional[int] = ..., offensive_pr: _Optional[int] = ..., defensive_pr: _Optional[int] = ..., flame: _Optional[bool] = ..., heavy_artillery: _Optional[bool] = ..., self_propelled: _Optional[bool] = ..., horse_drawn: _Optional[bool] = ..., transportable: _Optional[bool] = ..., gun: _Optional[str] = ..., red_hexagon: _Optional[bool] = ..., heavy_unit_bar: _Optional[bool] = ..., red_triangle: _Optional[bool] = ..., red_square: _Optional[bool] = ..., rear_echelon: _Optional[bool] = ..., independent: _Optional[bool] = ..., afv_weight: _Optional[str] = ..., printed_hq: _Optional[str] = ..., training: _Optional[str] = ..., leader_activation: _Optional[int] = ..., leader_hq: _Optional[str] = ..., nebelwerfer: _Optional[bool] = ..., railroad: _Optional[bool] = ..., mixed_artillery: _Optional[bool] = ..., metz_garrison: _Optional[bool] = ..., fifth_panzer_army: _Optional[bool] = ..., breakdown_unit: _Optional[bool] = ..., z_step_reverse: _Optional[bool] = ..., printed_asset: _Optional[str] = ...) -> None: ...

class LfHq(_message.Message):
    __slots__ = ("unit_id", "level", "parent", "mech_formation", "name")
    UNIT_ID_FIELD_NUMBER: _ClassVar[int]
    LEVEL_FIELD_NUMBER: _ClassVar[int]
    PARENT_FIELD_NUMBER: _ClassVar[int]
    MECH_FORMATION_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    unit_id: str
    level: LfHqLevel
    parent: str
    mech_formation: bool
    name: str
    def __init__(self, unit_id: _Optional[str] = ..., level: _Optional[_Union[LfHqLevel, str]] = ..., parent: _Optional[str] = ..., mech_formation: _Optional[bool] = ..., name: _Optional[str] = ...) -> None: ...

class LfAssignment(_message.Message):
    __slots__ = ("unit_id", "hq", "regiment")
    UNIT_ID_FIELD_NUMBER: _ClassVar[int]
    HQ_FIELD_NUMBER: _ClassVar[int]
    REGIMENT_FIELD_NUMBER: _ClassVar[int]
    unit_id: str
    hq: str
    regiment: str
    def __init__(self, unit_id: _Optional[str] = ..., hq: _Optional[str] = ..., regiment: _Optional[str] = ...) -> None: ...

class LfUnitStatus(_message.Message):
    __slots__ = ("unit_id", "mode", "tactical_assault", "fatigue", "artillery_shifts", "supply", "isolated", "extended_supply", "out_of_command", "ammo_depleted", "out_of_battery", "combat_reserve", "dismounted", "motorized", "leg_at_as_mech", "attached_to", "mr_gts", "mr_bonus_until", "moved", "fought", "half_mp_spent", "advanced_after_fs", "barrage_used", "fire_missions", "attacked", "defended", "defended_below_table", "gave_rib", "retreated_alone", "losses_this_combat", "surrender_checks", "leader_active", "leader_bonus_used", "designation_removed", "committed_cr", "ena_active", "ena_fatigue_due", "mr_bonus_mp", "mr_released_gt", "ta_removed", "rest_fatigue_due", "mr_fuel_until", "retreated", "ga_retreated")
    UNIT_ID_FIELD_NUMBER: _ClassVar[int]
    MODE_FIELD_NUMBER: _ClassVar[int]
    TACTICAL_ASSAULT_FIELD_NUMBER: _ClassVar[int]
    FATIGUE_FIELD_NUMBER: _ClassVar[int]
    ARTILLERY_SHIFTS_FIELD_NUMBER: _ClassVar[int]
    SUPPLY_FIELD_NUMBER: _ClassVar[int]
    ISOLATED_FIELD_NUMBER: _ClassVar[int]
    EXTENDED_SUPPLY_FIELD_NUMBER: _ClassVar[int]
    OUT_OF_COMMAND_FIELD_NUMBER: _ClassVar[int]
    AMMO_DEPLETED_FIELD_NUMBER: _ClassVar[int]
    OUT_OF_BATTERY_FIELD_NUMBER: _ClassVar[int]
    COMBAT_RESERVE_FIELD_NUMBER: _ClassVar[int]
    DISMOUNTED_FIELD_NUMBER: _ClassVar[int]
    MOTORIZED_FIELD_NUMBER: _ClassVar[int]
    LEG_AT_AS_MECH_FIELD_NUMBER: _ClassVar[int]
    ATTACHED_TO_FIELD_NUMBER: _ClassVar[int]
    MR_GTS_FIELD_NUMBER: _ClassVar[int]
    MR_BONUS_UNTIL_FIELD_NUMBER: _ClassVar[int]
    MOVED_FIELD_NUMBER: _ClassVar[int]
    FOUGHT_FIELD_NUMBER: _ClassVar[int]
    HALF_MP_SPENT_FIELD_NUMBER: _ClassVar[int]
    ADVANCED_AFTER_FS_FIELD_NUMBER: _ClassVar[int]
    BARRAGE_USED_FIELD_NUMBER: _ClassVar[int]
    FIRE_MISSIONS_FIELD_NUMBER: _ClassVar[int]
    ATTACKED_FIELD_NUMBER: _ClassVar[int]
    DEFENDED_FIELD_NUMBER: _ClassVar[int]
    DEFENDED_BELOW_TABLE_FIELD_NUMBER: _ClassVar[int]
    GAVE_RIB_FIELD_NUMBER: _ClassVar[int]
    RETREATED_ALONE_FIELD_NUMBER: _ClassVar[int]
    LOSSES_THIS_COMBAT_FIELD_NUMBER: _ClassVar[int]
    SURRENDER_CHECKS_FIELD_NUMBER: _ClassVar[int]
    LEADER_ACTIVE_FIELD_NUMBER: _ClassVar[int]
    LEADER_BONUS_USED_FIELD_NUMBER: _ClassVar[int]
    DESIGNATION_REMOVED_FIELD_NUMBER: _ClassVar[int]
    COMMITTED_CR_FIELD_NUMBER: _ClassVar[int]
    ENA_ACTIVE_FIELD_NUMBER: _ClassVar[int]
    ENA_FATIGUE_DUE_FIELD_NUMBER: _ClassVar[int]
    MR_BONUS_MP_FIELD_NUMBER: _ClassVar[int]
    MR_RELEASED_GT_FIELD_NUMBER: _ClassVar[int]
    TA_REMOVED_FIELD_NUMBER: _ClassVar[int]
    REST_FATIGUE_DUE_FIELD_NUMBER: _ClassVar[int]
    MR_FUEL_UNTIL_FIELD_NUMBER: _ClassVar[int]
    RETREATED_FIELD_NUMBER: _ClassVar[int]
    GA_RETREATED_FIELD_NUMBER: _ClassVar[int]
    unit_id: str
    mode: LfMode
    tactical_assault: bool
    fatigue: int
    artillery_shifts: int
    supply: LfSupply
    isolated: bool
    extended_supply: bool
    out_of_command: bool
    ammo_depleted: bool
    out_of_battery: bool
    combat_reserve: bool
    dismounted: bool
    motorized: bool
    leg_at_as_mech: bool
    attached_to: str
    mr_gts: int
    mr_bonus_until: int
    moved: bool
    fought: bool
    half_mp_spent: int
    advanced_after_fs: bool
    barrage_used: int
    fire_missions: int
    attacked: bool
    defended: bool
    defended_below_table: bool
    gave_rib: bool
    retreated_alone: bool
    losses_this_combat: int
    surrender_checks: int
    leader_active: bool
    leader_bonus_used: bool
    designation_removed: bool
    committed_cr: bool
    ena_active: bool
    ena_fatigue_due: int
    mr_bonus_mp: int
    mr_released_gt: int
    ta_removed: bool
    rest_fatigue_due: int
    mr_fuel_until: int
    retreated: bool
    ga_retreated: bool
    def __init__(self, unit_id: _Optional[str] = ..., mode: _Optional[_Union[LfMode, str]] = ..., tactical_assault: _Optional[bool] = ..., fatigue: _Optional[int] = ..., artillery_shifts: _Optional[int] = ..., supply: _Optional[_Union[LfSupply, str]] = ..., isolated: _Optional[bool] = ..., extended_supply: _Optional[bool] = ..., out_of_command: _Optional[bool] = ..., ammo_depleted: _Optional[bool] = ..., out_of_battery: _Optional[bool] = ..., combat_reserve: _Optional[bool] = ..., dismounted: _Optional[bool] = ..., motorized: _Optional[bool] = ..., leg_at_as_mech: _Optional[bool] = ..., attached_to: _Optional[str] = ..., mr_gts: _Optional[int] = ..., mr_bonus_until: _Optional[int] = ..., moved: _Optional[bool] = ..., fought: _Optional[bool] = ..., half_mp_spent: _Optional[int] = ..., advanced_after_fs: _Optional[bool] = ..., barrage_used: _Optional[int] = ..., fire_missions: _Optional[int] = ..., attacked: _Optional[bool] = ..., defended: _Optional[bool] = ..., defended_below_table: _Optional[bool] = ..., gave_rib: _Optional[bool] = ..., retreated_alone: _Optional[bool] = ..., losses_this_combat: _Optional[int] = ..., surrender_checks: _Optional[int] = ..., leader_active: _Optional[bool] = ..., leader_bonus_used: _Optional[bool] = ..., designation_removed: _Optional[bool] = ..., committed_cr: _Optional[bool] = ..., ena_active: _Optional[bool] = ..., ena_fatigue_due: _Optional[int] = ..., mr_bonus_mp: _Optional[int] = ..., mr_released_gt: _Optional[int] = ..., ta_removed: _Optional[bool] = ..., rest_fatigue_due: _Optional[int] = ..., mr_fuel_until: _Optional[int] = ..., retreated: _Optional[bool] = ..., ga_retreated: _Optional[bool] = ...) -> None: ...

class LfHqStatus(_message.Message):
    __slots__ = ("unit_id", "fuel", "fuel_value", "fuel_option", "full_ma_units", "adv", "unsupported", "amp", "ga_used", "ga_bought")
    UNIT_ID_FIELD_NUMBER: _ClassVar[int]
    FUEL_FIELD_NUMBER: _ClassVar[int]
    FUEL_VALUE_FIELD_NUMBER: _ClassVar[int]
    FUEL_OPTION_FIELD_NUMBER: _ClassVar[int]
    FULL_MA_UNITS_FIELD_NUMBER: _ClassVar[int]
    ADV_FIELD_NUMBER: _ClassVar[int]
    UNSUPPORTED_FIELD_NUMBER: _ClassVar[int]
    AMP_FIELD_NUMBER: _ClassVar[int]
    GA_USED_FIELD_NUMBER: _ClassVar[int]
    GA_BOUGHT_FIELD_NUMBER: _ClassVar[int]
    unit_id: str
    fuel: str
    fuel_value: int
    fuel_option: int
    full_ma_units: _containers.RepeatedScalarFieldContainer[str]
    adv: int
    unsupported: bool
    amp: int
    ga_used: int
    ga_bought: int
    def __init__(self, unit_id: _Optional[str] = ..., fuel: _Optional[str] = ..., fuel_value: _Optional[int] = ..., fuel_option: _Optional[int] = ..., full_ma_units: _Optional[_Iterable[str]] = ..., adv: _Optional[int] = ..., unsupported: _Optional[bool] = ..., amp: _Optional[int] = ..., ga_used: _Optional[int] = ..., ga_bought: _Optional[int] = ...) -> None: ...

class LfWork(_message.Message):
    __slots__ = ("hex", "kind", "side", "value")
    HEX_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    SIDE_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    hex: str
    kind: str
    side: str
    value: int
    def __init__(self, hex: _Optional[str] = ..., kind: _Optional[str] = ..., side: _Optional[str] = ..., value: _Optional[int] = ...) -> None: ...

class LfDelayMarker(_message.Message):
    __slots__ = ("id", "hex", "side", "drm")
    ID_FIELD_NUMBER: _ClassVar[int]
    HEX_FIELD_NUMBER: _ClassVar[int]
    SIDE_FIELD_NUMBER: _ClassVar[int]
    DRM_FIELD_NUMBER: _ClassVar[int]
    id: str
    hex: str
    side: str
    drm: int
    def __init__(self, id: _Optional[str] = ..., hex: _Optional[str] = ..., side: _Optional[str] = ..., drm: _Optional[int] = ...) -> None: ...

class LfWeather(_message.Message):
    __slots__ = ("game_day", "time", "atmosphere", "ground", "precipitation")
    GAME_DAY_FIELD_NUMBER: _ClassVar[int]
    TIME_FIELD_NUMBER: _ClassVar[int]
    ATMOSPHERE_FIELD_NUMBER: _ClassVar[int]
    GROUND_FIELD_NUMBER: _ClassVar[int]
    PRECIPITATION_FIELD_NUMBER: _ClassVar[int]
    game_day: int
    time: str
    atmosphere: str
    ground: str
    precipitation: bool
    def __init__(self, game_day: _Optional[int] = ..., time: _Optional[str] = ..., atmosphere: _Optional[str] = ..., ground: _Optional[str] = ..., precipitation: _Optional[bool] = ...) -> None: ...

class LfEna(_message.Message):
    __slots__ = ("called", "first", "activations", "exploit_used", "active")
    class ActivationsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: int
        def __init__(self, key: _Optional[str] = ..., value: _Optional[int] = ...) -> None: ...
    class ExploitUsedEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    CALLED_FIELD_NUMBER: _ClassVar[int]
    FIRST_FIELD_NUMBER: _ClassVar[int]
    ACTIVATIONS_FIELD_NUMBER: _ClassVar[int]
    EXPLOIT_USED_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_FIELD_NUMBER: _ClassVar[int]
    called: _containers.RepeatedScalarFieldContainer[str]
    first: str
    activations: _containers.ScalarMap[str, int]
    exploit_used: _containers.ScalarMap[str, str]
    active: bool
    def __init__(self, called: _Optional[_Iterable[str]] = ..., first: _Optional[str] = ..., activations: _Optional[_Mapping[str, int]] = ..., exploit_used: _Optional[_Mapping[str, str]] = ..., active: _Optional[bool] = ...) -> None: ...

class LfNightExploit(_message.Message):
    __slots__ = ("used",)
    class UsedEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    USED_FIELD_NUMBER: _ClassVar[int]
    used: _containers.ScalarMap[str, str]
    def __init__(self, used: _Optional[_Mapping[str, str]] = ...) -> None: ...

class LfRestDesignation(_message.Message):
    __slots__ = ("group", "time", "game_day")
    GROUP_FIELD_NUMBER: _ClassVar[int]
    TIME_FIELD_NUMBER: _ClassVar[int]
    GAME_DAY_FIELD_NUMBER: _ClassVar[int]
    group: str
    time: str
    game_day: int
    def __init__(self, group: _Optional[str] = ..., time: _Optional[str] = ..., game_day: _Optional[int] = ...) -> None: ...

class LfFire(_message.Message):
    __slots__ = ("unit_id", "points")
    UNIT_ID_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    unit_id: str
    points: int
    def __init__(self, unit_id: _Optional[str] = ..., points: _Optional[int] = ...) -> None: ...

class LfFsMission(_message.Message):
    __slots__ = ("side", "spotter", "target", "fire", "volleys", "intensive", "drm", "targets", "hits", "as_hits", "stage", "first_hit", "max_step_loss", "fatigue_hits", "retreated_to", "results", "step_one_done", "prc_passed", "designated", "et3_removed")
    SIDE_FIELD_NUMBER: _ClassVar[int]
    SPOTTER_FIELD_NUMBER: _ClassVar[int]
    TARGET_FIELD_NUMBER: _ClassVar[int]
    FIRE_FIELD_NUMBER: _ClassVar[int]
    VOLLEYS_FIELD_NUMBER: _ClassVar[int]
    INTENSIVE_FIELD_NUMBER: _ClassVar[int]
    DRM_FIELD_NUMBER: _ClassVar[int]
    TARGETS_FIELD_NUMBER: _ClassVar[int]
    HITS_FIELD_NUMBER: _ClassVar[int]
    AS_HITS_FIELD_NUMBER: _ClassVar[int]
    STAGE_FIELD_NUMBER: _ClassVar[int]
    FIRST_HIT_FIELD_NUMBER: _ClassVar[int]
    MAX_STEP_LOSS_FIELD_NUMBER: _ClassVar[int]
    FATIGUE_HITS_FIELD_NUMBER: _ClassVar[int]
    RETREATED_TO_FIELD_NUMBER: _ClassVar[int]
    RESULTS_FIELD_NUMBER: _ClassVar[int]
    STEP_ONE_DONE_FIELD_NUMBER: _ClassVar[int]
    PRC_PASSED_FIELD_NUMBER: _ClassVar[int]
    DESIGNATED_FIELD_NUMBER: _ClassVar[int]
    ET3_REMOVED_FIELD_NUMBER: _ClassVar[int]
    side: str
    spotter: str
    target: str
    fire: _containers.RepeatedCompositeFieldContainer[LfFire]
    volleys: _containers.RepeatedScalarFieldContainer[int]
    intensive: int
    drm: int
    targets: _containers.RepeatedScalarFieldContainer[str]
    hits: int
    as_hits: int
    stage: str
    first_hit: str
    max_step_loss: bool
    fatigue_hits: int
    retreated_to: str
    results: _containers.RepeatedScalarFieldContainer[str]
    step_one_done: bool
    prc_passed: bool
    designated: bool
    et3_removed: bool
    def __init__(self, side: _Optional[str] = ..., spotter: _Optional[str] = ..., target: _Optional[str] = ..., fire: _Optional[_Iterable[_Union[LfFire, _Mapping]]] = ..., volleys: _Optional[_Iterable[int]] = ..., intensive: _Optional[int] = ..., drm: _Optional[int] = ..., targets: _Optional[_Iterable[str]] = ..., hits: _Optional[int] = ..., as_hits: _Optional[int] = ..., stage: _Optional[str] = ..., first_hit: _Optional[str] = ..., max_step_loss: _Optional[bool] = ..., fatigue_hits: _Optional[int] = ..., retreated_to: _Optional[str] = ..., results: _Optional[_Iterable[str]] = ..., step_one_done: _Optional[bool] = ..., prc_passed: _Optional[bool] = ..., designated: _Optional[bool] = ..., et3_removed: _Optional[bool] = ...) -> None: ...

class LfGaSide(_message.Message):
    __slots__ = ("side", "units", "standoff", "ohs_full", "lead_pr", "lead_armor", "reserves", "leader", "half_strength", "gav", "result", "roll", "modified", "mandatory", "discretionary", "option", "retreated", "fatigue_hits", "shift_engineers", "stage", "prc_passed", "et3_removed", "ignore_max_step_loss", "retreat_paths", "terrain", "armor_terrain", "retreat_done")
    SIDE_FIELD_NUMBER: _ClassVar[int]
    UNITS_FIELD_NUMBER: _ClassVar[int]
    STANDOFF_FIELD_NUMBER: _ClassVar[int]
    OHS_FULL_FIELD_NUMBER: _ClassVar[int]
    LEAD_PR_FIELD_NUMBER: _ClassVar[int]
    LEAD_ARMOR_FIELD_NUMBER: _ClassVar[int]
    RESERVES_FIELD_NUMBER: _ClassVar[int]
    LEADER_FIELD_NUMBER: _ClassVar[int]
    HALF_STRENGTH_FIELD_NUMBER: _ClassVar[int]
    GAV_FIELD_NUMBER: _ClassVar[int]
    RESULT_FIELD_NUMBER: _ClassVar[int]
    ROLL_FIELD_NUMBER: _ClassVar[int]
    MODIFIED_FIELD_NUMBER: _ClassVar[int]
    MANDATORY_FIELD_NUMBER: _ClassVar[int]
    DISCRETIONARY_FIELD_NUMBER: _ClassVar[int]
    OPTION_FIELD_NUMBER: _ClassVar[int]
    RETREATED_FIELD_NUMBER: _ClassVar[int]
    FATIGUE_HITS_FIELD_NUMBER: _ClassVar[int]
    SHIFT_ENGINEERS_FIELD_NUMBER: _ClassVar[int]
    STAGE_FIELD_NUMBER: _ClassVar[int]
    PRC_PASSED_FIELD_NUMBER: _ClassVar[int]
    ET3_REMOVED_FIELD_NUMBER: _ClassVar[int]
    IGNORE_MAX_STEP_LOSS_FIELD_NUMBER: _ClassVar[int]
    RETREAT_PATHS_FIELD_NUMBER: _ClassVar[int]
    TERRAIN_FIELD_NUMBER: _ClassVar[int]
    ARMOR_TERRAIN_FIELD_NUMBER: _ClassVar[int]
    RETREAT_DONE_FIELD_NUMBER: _ClassVar[int]
    side: str
    units: _containers.RepeatedScalarFieldContainer[str]
    standoff: _containers.RepeatedScalarFieldContainer[str]
    ohs_full: _containers.RepeatedScalarFieldContainer[str]
    lead_pr: str
    lead_armor: str
    reserves: _containers.RepeatedScalarFieldContainer[str]
    leader: str
    half_strength: bool
    gav: int
    result: str
    roll: int
    modified: int
    mandatory: int
    discretionary: int
    option: str
    retreated: int
    fatigue_hits: int
    shift_engineers: _containers.RepeatedScalarFieldContainer[str]
    stage: str
    prc_passed: bool
    et3_removed: bool
    ignore_max_step_loss: bool
    retreat_paths: _containers.RepeatedScalarFieldContainer[str]
    terrain: str
    armor_terrain: str
    retreat_done: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, side: _Optional[str] = ..., units: _Optional[_Iterable[str]] = ..., standoff: _Optional[_Iterable[str]] = ..., ohs_full: _Optional[_Iterable[str]] = ..., lead_pr: _Optional[str] = ..., lead_armor: _Optional[str] = ..., reserves: _Optional[_Iterable[str]] = ..., leader: _Optional[str] = ..., half_strength: _Optional[bool] = ..., gav: _Optional[int] = ..., result: _Optional[str] = ..., roll: _Optional[int] = ..., modified: _Optional[int] = ..., mandatory: _Optional[int] = ..., discretionary: _Optional[int] = ..., option: _Optional[str] = ..., retreated: _Optional[int] = ..., fatigue_hits: _Optional[int] = ..., shift_engineers: _Optional[_Iterable[str]] = ..., stage: _Optional[str] = ..., prc_passed: _Optional[bool] = ..., et3_removed: _Optional[bool] = ..., ignore_max_step_loss: _Optional[bool] = ..., retreat_paths: _Optional[_Iterable[str]] = ..., terrain: _Optional[str] = ..., armor_terrain: _Optional[str] = ..., retreat_done: _Optional[_Iterable[str]] = ...) -> None: ...

class LfGroundAssault(_message.Message):
    __slots__ = ("hex", "attacker", "defender", "line", "initial_column", "final_column", "drm", "stage", "shifts")
    HEX_FIELD_NUMBER: _ClassVar[int]
    ATTACKER_FIELD_NUMBER: _ClassVar[int]
    DEFENDER_FIELD_NUMBER: _ClassVar[int]
    LINE_FIELD_NUMBER: _ClassVar[int]
    INITIAL_COLUMN_FIELD_NUMBER: _ClassVar[int]
    FINAL_COLUMN_FIELD_NUMBER: _ClassVar[int]
    DRM_FIELD_NUMBER: _ClassVar[int]
    STAGE_FIELD_NUMBER: _ClassVar[int]
    SHIFTS_FIELD_NUMBER: _ClassVar[int]
    hex: str
    attacker: LfGaSide
    defender: LfGaSide
    line: int
    initial_column: str
    final_column: str
    drm: int
    stage: str
    shifts: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, hex: _Optional[str] = ..., attacker: _Optional[_Union[LfGaSide, _Mapping]] = ..., defender: _Optional[_Union[LfGaSide, _Mapping]] = ..., line: _Optional[int] = ..., initial_column: _Optional[str] = ..., final_column: _Optional[str] = ..., drm: _Optional[int] = ..., stage: _Optional[str] = ..., shifts: _Optional[_Iterable[str]] = ...) -> None: ...

class LuckyForwardScenario(_message.Message):
    __slots__ = ("counters", "hqs", "assignments", "first_game_day", "first_time", "last_game_day", "ena_from_game_day", "weather", "initial", "hq_status", "works", "delays", "unobserved_missions", "lull_ended_gt", "day_zero")
    class LullEndedGtEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: int
        def __init__(self, key: _Optional[str] = ..., value: _Optional[int] = ...) -> None: ...
    COUNTERS_FIELD_NUMBER: _ClassVar[int]
    HQS_FIELD_NUMBER: _ClassVar[int]
    ASSIGNMENTS_FIELD_NUMBER: _ClassVar[int]
    FIRST_GAME_DAY_FIELD_NUMBER: _ClassVar[int]
    FIRST_TIME_FIELD_NUMBER: _ClassVar[int]
    LAST_GAME_DAY_FIELD_NUMBER: _ClassVar[int]
    ENA_FROM_GAME_DAY_FIELD_NUMBER: _ClassVar[int]
    WEATHER_FIELD_NUMBER: _ClassVar[int]
    INITIAL_FIELD_NUMBER: _ClassVar[int]
    HQ_STATUS_FIELD_NUMBER: _ClassVar[int]
    WORKS_FIELD_NUMBER: _ClassVar[int]
    DELAYS_FIELD_NUMBER: _ClassVar[int]
    UNOBSERVED_MISSIONS_FIELD_NUMBER: _ClassVar[int]
    LULL_ENDED_GT_FIELD_NUMBER: _ClassVar[int]
    DAY_ZERO_FIELD_NUMBER: _ClassVar[int]
    counters: _containers.RepeatedCompositeFieldContainer[LfCounter]
    hqs: _containers.RepeatedCompositeFieldContainer[LfHq]
    assignments: _containers.RepeatedCompositeFieldContainer[LfAssignment]
    first_game_day: int
    first_time: str
    last_game_day: int
    ena_from_game_day: int
    weather: _containers.RepeatedCompositeFieldContainer[LfWeather]
    initial: _containers.RepeatedCompositeFieldContainer[LfUnitStatus]
    hq_status: _containers.RepeatedCompositeFieldContainer[LfHqStatus]
    works: _containers.RepeatedCompositeFieldContainer[LfWork]
    delays: _containers.RepeatedCompositeFieldContainer[LfDelayMarker]
    unobserved_missions: bool
    lull_ended_gt: _containers.ScalarMap[str, int]
    day_zero: str
    def __init__(self, counters: _Optional[_Iterable[_Union[LfCounter, _Mapping]]] = ..., hqs: _Optional[_Iterable[_Union[LfHq, _Mapping]]] = ..., assignments: _Optional[_Iterable[_Union[LfAssignment, _Mapping]]] = ..., first_game_day: _Optional[int] = ..., first_time: _Optional[str] = ..., last_game_day: _Optional[int] = ..., ena_from_game_day: _Optional[int] = ..., weather: _Optional[_Iterable[_Union[LfWeather, _Mapping]]] = ..., initial: _Optional[_Iterable[_Union[LfUnitStatus, _Mapping]]] = ..., hq_status: _Optional[_Iterable[_Union[LfHqStatus, _Mapping]]] = ..., works: _Optional[_Iterable[_Union[LfWork, _Mapping]]] = ..., delays: _Optional[_Iterable[_Union[LfDelayMarker, _Mapping]]] = ..., unobserved_missions: _Optional[bool] = ..., lull_ended_gt: _Optional[_Mapping[str, int]] = ..., day_zero: _Optional[str] = ...) -> None: ...

class LuckyForwardState(_message.Message):
    __slots__ = ("game_day", "time", "gt", "movement_step", "units", "hqs", "works", "delays", "weather", "rest_revealed", "ena", "night_exploit", "art_targets", "spotter_uses", "spotter_hexes", "attacked_hexes", "supporting_used", "fs", "ga", "decisions", "marks", "phasing", "step")
    GAME_DAY_FIELD_NUMBER: _ClassVar[int]
    TIME_FIELD_NUMBER: _ClassVar[int]
    GT_FIELD_NUMBER: _ClassVar[int]
    MOVEMENT_STEP_FIELD_NUMBER: _ClassVar[int]
    UNITS_FIELD_NUMBER: _ClassVar[int]
    HQS_FIELD_NUMBER: _ClassVar[int]
    WORKS_FIELD_NUMBER: _ClassVar[int]
    DELAYS_FIELD_NUMBER: _ClassVar[int]
    WEATHER_FIELD_NUMBER: _ClassVar[int]
    REST_REVEALED_FIELD_NUMBER: _ClassVar[int]
    ENA_FIELD_NUMBER: _ClassVar[int]
    NIGHT_EXPLOIT_FIELD_NUMBER: _ClassVar[int]
    ART_TARGETS_FIELD_NUMBER: _ClassVar[int]
    SPOTTER_USES_FIELD_NUMBER: _ClassVar[int]
    SPOTTER_HEXES_FIELD_NUMBER: _ClassVar[int]
    ATTACKED_HEXES_FIELD_NUMBER: _ClassVar[int]
    SUPPORTING_USED_FIELD_NUMBER: _ClassVar[int]
    FS_FIELD_NUMBER: _ClassVar[int]
    GA_FIELD_NUMBER: _ClassVar[int]
    DECISIONS_FIELD_NUMBER: _ClassVar[int]
    MARKS_FIELD_NUMBER: _ClassVar[int]
    PHASING_FIELD_NUMBER: _ClassVar[int]
    STEP_FIELD_NUMBER: _ClassVar[int]
    game_day: int
    time: str
    gt: int
    movement_step: int
    units: _containers.RepeatedCompositeFieldContainer[LfUnitStatus]
    hqs: _containers.RepeatedCompositeFieldContainer[LfHqStatus]
    works: _containers.RepeatedCompositeFieldContainer[LfWork]
    delays: _containers.RepeatedCompositeFieldContainer[LfDelayMarker]
    weather: LfWeather
    rest_revealed: _containers.RepeatedCompositeFieldContainer[LfRestDesignation]
    ena: LfEna
    night_exploit: LfNightExploit
    art_targets: _containers.RepeatedScalarFieldContainer[str]
    spotter_uses: _containers.RepeatedScalarFieldContainer[str]
    spotter_hexes: _containers.RepeatedScalarFieldContainer[str]
    attacked_hexes: _containers.RepeatedScalarFieldContainer[str]
    supporting_used: _containers.RepeatedScalarFieldContainer[str]
    fs: LfFsMission
    ga: LfGroundAssault
    decisions: int
    marks: _containers.RepeatedScalarFieldContainer[str]
    phasing: str
    step: int
    def __init__(self, game_day: _Optional[int] = ..., time: _Optional[str] = ..., gt: _Optional[int] = ..., movement_step: _Optional[int] = ..., units: _Optional[_Iterable[_Union[LfUnitStatus, _Mapping]]] = ..., hqs: _Optional[_Iterable[_Union[LfHqStatus, _Mapping]]] = ..., works: _Optional[_Iterable[_Union[LfWork, _Mapping]]] = ..., delays: _Optional[_Iterable[_Union[LfDelayMarker, _Mapping]]] = ..., weather: _Optional[_Union[LfWeather, _Mapping]] = ..., rest_revealed: _Optional[_Iterable[_Union[LfRestDesignation, _Mapping]]] = ..., ena: _Optional[_Union[LfEna, _Mapping]] = ..., night_exploit: _Optional[_Union[LfNightExploit, _Mapping]] = ..., art_targets: _Optional[_Iterable[str]] = ..., spotter_uses: _Optional[_Iterable[str]] = ..., spotter_hexes: _Optional[_Iterable[str]] = ..., attacked_hexes: _Optional[_Iterable[str]] = ..., supporting_used: _Optional[_Iterable[str]] = ..., fs: _Optional[_Union[LfFsMission, _Mapping]] = ..., ga: _Optional[_Union[LfGroundAssault, _Mapping]] = ..., decisions: _Optional[int] = ..., marks: _Optional[_Iterable[str]] = ..., phasing: _Optional[str] = ..., step: _Optional[int] = ...) -> None: ...

class LfSetMode(_message.Message):
    __slots__ = ("unit_ids", "mode")
    UNIT_IDS_FIELD_NUMBER: _ClassVar[int]
    MODE_FIELD_NUMBER: _ClassVar[int]
    unit_ids: _containers.RepeatedScalarFieldContainer[str]
    mode: LfMode
    def __init__(self, unit_ids: _Optional[_Iterable[str]] = ..., mode: _Optional[_Union[LfMode, str]] = ...) -> None: ...

class LfSetStance(_message.Message):
    __slots__ = ("unit_ids", "out_of_battery")
    UNIT_IDS_FIELD_NUMBER: _ClassVar[int]
    OUT_OF_BATTERY_FIELD_NUMBER: _ClassVar[int]
    unit_ids: _containers.RepeatedScalarFieldContainer[str]
    out_of_battery: bool
    def __init__(self, unit_ids: _Optional[_Iterable[str]] = ..., out_of_battery: _Optional[bool] = ...) -> None: ...

class LfSetReserve(_message.Message):
    __slots__ = ("unit_ids", "on")
    UNIT_IDS_FIELD_NUMBER: _ClassVar[int]
    ON_FIELD_NUMBER: _ClassVar[int]
    unit_ids: _containers.RepeatedScalarFieldContainer[str]
    on: bool
    def __init__(self, unit_ids: _Optional[_Iterable[str]] = ..., on: _Optional[bool] = ...) -> None: ...

class LfDesignateAssault(_message.Message):
    __slots__ = ("unit_ids",)
    UNIT_IDS_FIELD_NUMBER: _ClassVar[int]
    unit_ids: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, unit_ids: _Optional[_Iterable[str]] = ...) -> None: ...

class LfRemoveDesignation(_message.Message):
    __slots__ = ("hex", "then", "retreat_to")
    HEX_FIELD_NUMBER: _ClassVar[int]
    THEN_FIELD_NUMBER: _ClassVar[int]
    RETREAT_TO_FIELD_NUMBER: _ClassVar[int]
    hex: str
    then: str
    retreat_to: str
    def __init__(self, hex: _Optional[str] = ..., then: _Optional[str] = ..., retreat_to: _Optional[str] = ...) -> None: ...

class LfDesignateRest(_message.Message):
    __slots__ = ("group", "time")
    GROUP_FIELD_NUMBER: _ClassVar[int]
    TIME_FIELD_NUMBER: _ClassVar[int]
    group: str
    time: str
    def __init__(self, group: _Optional[str] = ..., time: _Optional[str] = ...) -> None: ...

class LfFireSupport(_message.Message):
    __slots__ = ("spotter", "target", "fire", "intensive", "fire_remainder")
    SPOTTER_FIELD_NUMBER: _ClassVar[int]
    TARGET_FIELD_NUMBER: _ClassVar[int]
    FIRE_FIELD_NUMBER: _ClassVar[int]
    INTENSIVE_FIELD_NUMBER: _ClassVar[int]
    FIRE_REMAINDER_FIELD_NUMBER: _ClassVar[int]
    spotter: str
    target: str
    fire: _containers.RepeatedCompositeFieldContainer[LfFire]
    intensive: int
    fire_remainder: bool
    def __init__(self, spotter: _Optional[str] = ..., target: _Optional[str] = ..., fire: _Optional[_Iterable[_Union[LfFire, _Mapping]]] = ..., intensive: _Optional[int] = ..., fire_remainder: _Optional[bool] = ...) -> None: ...

class LfGroundAssaultAction(_message.Message):
    __slots__ = ("hex", "attackers", "standoff", "ohs_full", "lead_pr", "lead_armor")
    HEX_FIELD_NUMBER: _ClassVar[int]
    ATTACKERS_FIELD_NUMBER: _ClassVar[int]
    STANDOFF_FIELD_NUMBER: _ClassVar[int]
    OHS_FULL_FIELD_NUMBER: _ClassVar[int]
    LEAD_PR_FIELD_NUMBER: _ClassVar[int]
    LEAD_ARMOR_FIELD_NUMBER: _ClassVar[int]
    hex: str
    attackers: _containers.RepeatedScalarFieldContainer[str]
    standoff: _containers.RepeatedScalarFieldContainer[str]
    ohs_full: _containers.RepeatedScalarFieldContainer[str]
    lead_pr: str
    lead_armor: str
    def __init__(self, hex: _Optional[str] = ..., attackers: _Optional[_Iterable[str]] = ..., standoff: _Optional[_Iterable[str]] = ..., ohs_full: _Optional[_Iterable[str]] = ..., lead_pr: _Optional[str] = ..., lead_armor: _Optional[str] = ...) -> None: ...

class LfActivate(_message.Message):
    __slots__ = ("unit_ids", "leader")
    UNIT_IDS_FIELD_NUMBER: _ClassVar[int]
    LEADER_FIELD_NUMBER: _ClassVar[int]
    unit_ids: _containers.RepeatedScalarFieldContainer[str]
    leader: str
    def __init__(self, unit_ids: _Optional[_Iterable[str]] = ..., leader: _Optional[str] = ...) -> None: ...

class LfEnterExploit(_message.Message):
    __slots__ = ("unit_ids",)
    UNIT_IDS_FIELD_NUMBER: _ClassVar[int]
    unit_ids: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, unit_ids: _Optional[_Iterable[str]] = ...) -> None: ...

class LuckyForwardAction(_message.Message):
    __slots__ = ("set_mode", "set_stance", "set_reserve", "designate_assault", "remove_designation", "designate_rest", "fire_support", "ground_assault", "enter_exploit", "activate")
    SET_MODE_FIELD_NUMBER: _ClassVar[int]
    SET_STANCE_FIELD_NUMBER: _ClassVar[int]
    SET_RESERVE_FIELD_NUMBER: _ClassVar[int]
    DESIGNATE_ASSAULT_FIELD_NUMBER: _ClassVar[int]
    REMOVE_DESIGNATION_FIELD_NUMBER: _ClassVar[int]
    DESIGNATE_REST_FIELD_NUMBER: _ClassVar[int]
    FIRE_SUPPORT_FIELD_NUMBER: _ClassVar[int]
    GROUND_ASSAULT_FIELD_NUMBER: _ClassVar[int]
    ENTER_EXPLOIT_FIELD_NUMBER: _ClassVar[int]
    ACTIVATE_FIELD_NUMBER: _ClassVar[int]
    set_mode: LfSetMode
    set_stance: LfSetStance
    set_reserve: LfSetReserve
    designate_assault: LfDesignateAssault
    remove_designation: LfRemoveDesignation
    designate_rest: LfDesignateRest
    fire_support: LfFireSupport
    ground_assault: LfGroundAssaultAction
    enter_exploit: LfEnterExploit
    activate: LfActivate
    def __init__(self, set_mode: _Optional[_Union[LfSetMode, _Mapping]] = ..., set_stance: _Optional[_Union[LfSetStance, _Mapping]] = ..., set_reserve: _Optional[_Union[LfSetReserve, _Mapping]] = ..., designate_assault: _Optional[_Union[LfDesignateAssault, _Mapping]] = ..., remove_designation: _Optional[_Union[LfRemoveDesignation, _Mapping]] = ..., designate_rest: _Optional[_Union[LfDesignateRest, _Mapping]] = ..., fire_support: _Optional[_Union[LfFireSupport, _Mapping]] = ..., ground_assault: _Optional[_Union[LfGroundAssaultAction, _Mapping]] = ..., enter_exploit: _Optional[_Union[LfEnterExploit, _Mapping]] = ..., activate: _Optional[_Union[LfActivate, _Mapping]] = ...) -> None: ...
