"""Named options: the optional advanced retreat rule, and the reading chosen
for every ambiguity of the text (docs/rules/major-battles.md lists each one
with the passage it comes from). A game's effective options are the ruleset
defaults overlaid by the scenario's options and then by the creator's
overrides; they are stored in `GameState.options`, so a game never changes
meaning when a default changes later.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from adjudicator.core.options import OptionSet, OptionSpec
from adjudicator.rules.major_battles import citations as C
from umpire.v1 import definition_pb2


ADVANCED_RETREAT = "advanced-retreat"
RECYCLE_ORDER = "mb.recycle-order"
ROAD_LIMIT_COUNT = "mb.road-limit-count"
OVERSTACK_SIDES = "mb.overstack-sides"
RESERVE_TIMING = "mb.reserve-timing"
ZERO_DICE_TIE = "mb.zero-dice-tie"
ATTACKER_RETREAT_BLOCKED = "mb.attacker-retreat-blocked"
RETREATED_IN_LEFT = "mb.retreated-in-left"
NORMANDY_LE_MANS = "mb.normandy-le-mans"
NORMANDY_BLOCKED_RESERVES = "mb.normandy-blocked-reserves"
BULGE_TRAPPED = "mb.bulge-trapped"
DEFECTION_ODD = "mb.defection-odd"
LANDING_TIE_RETREAT = "mb.landing-tie-retreat"
SICILY_TURN_LIMIT = "mb.sicily-turn-limit"

SPECS: tuple[OptionSpec, ...] = (
    OptionSpec(
        ADVANCED_RETREAT, "off", ("off", "on"),
        "Optional Retreating Rule for Advanced Players: a retreating defender may retreat toward an "
        "enemy-occupied town and fight for it (the enemy adds 2 dice; a lower total eliminates him).",
        C.ADVANCED,
    ),
    OptionSpec(
        RECYCLE_ORDER, "same-order", ("same-order", "reversed"),
        "Order of the face-up cards when a pack is turned over and used again: 'same-order' (turning the "
        "pile over puts the first card turned on top) or 'reversed' (the last card turned comes first).",
        C.DECK_REUSE,
    ),
    OptionSpec(
        ROAD_LIMIT_COUNT, "traversals", ("traversals", "distinct-units"),
        "What the 5-units-per-road-segment limit counts: every use of the segment by a unit "
        "('traversals'), or distinct units that used it this turn ('distinct-units').",
        C.ROAD_LIMIT,
    ),
    OptionSpec(
        OVERSTACK_SIDES, "active-side", ("active-side", "both-sides"),
        "Whose towns are checked for more than 10 units when a turn is completed: the player whose turn "
        "it was ('active-side', the text's 'after a player's turn is completed he has'), or both players.",
        C.POSITIONING,
    ),
    OptionSpec(
        RESERVE_TIMING, "own-turn", ("own-turn", "every-turn"),
        "'At the end of each turn he throws 3 dice': at the end of each of the player's own turns "
        "('own-turn'), or at the end of every turn of either player ('every-turn').",
        C.NORMANDY_US_RESERVES,
    ),
    OptionSpec(
        ZERO_DICE_TIE, "attacker-retreats", ("attacker-retreats", "ask"),
        "A tie where neither side would throw any die in a refight (both totals 0) can never be broken by "
        "refighting: 'attacker-retreats' ends it with the attacker going back; 'ask' keeps asking both "
        "players (a refight then changes nothing).",
        C.RETREAT_TOTALS,
    ),
    OptionSpec(
        ATTACKER_RETREAT_BLOCKED, "surrender", ("surrender",),
        "A beaten attacker stack whose town of origin is now enemy-occupied (a defender retreated into it) "
        "has nowhere to go and surrenders, as a blocked defender does.",
        C.RETREAT_ATTACKER,
    ),
    OptionSpec(
        RETREATED_IN_LEFT, "must-retreat", ("must-retreat", "surrender"),
        "When every defender taking part in a battle is eliminated but units that retreated into the town "
        "earlier in the turn are still there, those units must retreat from the town the attacker enters "
        "('must-retreat') or surrender ('surrender').",
        C.RETREAT_UNDER_ATTACK,
    ),
    OptionSpec(
        NORMANDY_LE_MANS, "at-least", ("at-least", "exactly"),
        "Normandy German setup: Le Mans holds at least 3 Armored and 1 Infantry ('at-least': the remainder "
        "may go to any town except behind the Front Line, Le Mans included) or exactly those ('exactly').",
        C.NORMANDY_DE_FORCES,
    ),
    OptionSpec(
        NORMANDY_BLOCKED_RESERVES, "forfeit", ("forfeit", "carry-over"),
        "Normandy: when all five (*) towns are occupied by the Americans at the end of a German turn, the 2 "
        "reserve units of that turn cannot enter: they are lost ('forfeit') or enter at the next possible "
        "end of a German turn ('carry-over').",
        C.NORMANDY_DE_RESERVES,
    ),
    OptionSpec(
        BULGE_TRAPPED, "no-battles", ("no-battles", "attack-only"),
        "Bulge: the trapped units in Bastogne 'cannot take part in any battles' until relieved: they "
        "neither attack nor can be attacked ('no-battles'), or only cannot attack and defend normally "
        "('attack-only').",
        C.BULGE_RELIEF,
    ),
    OptionSpec(
        DEFECTION_ODD, "round-up", ("round-up", "round-down"),
        "Sicily defections paid with Armored Units (1 instead of 2 Infantry): an odd Infantry remainder "
        "costs one more Armored Unit ('round-up', as a single casualty does) or nothing ('round-down').",
        C.SICILY_DEFECTION,
    ),
    OptionSpec(
        LANDING_TIE_RETREAT, "eliminated", ("eliminated", "back-to-sea"),
        "Sicily: landing units whose player retreats voluntarily after a tied landing battle have nowhere "
        "to go and are eliminated ('eliminated'), or go back off the map to land again ('back-to-sea').",
        C.SICILY_LANDING_BATTLE,
    ),
    OptionSpec(
        SICILY_TURN_LIMIT, "0", (),
        "NOT IN THE TEXT (house rule, off by default): with N > 0 the Sicily game ends after N game turns "
        "and the Axis wins. The text has no limit: 'The game continues until one player has achieved his "
        "objective.'",
        C.SICILY_DURATION,
    ),
)

SET = OptionSet("Major Battles", SPECS)
BY_NAME = SET.by_name


def rule_options() -> list[definition_pb2.RuleOption]:
    return SET.defaults()


def effective(
    scenario_options: Iterable[definition_pb2.RuleOption], overrides: Mapping[str, str]
) -> list[definition_pb2.RuleOption]:
    """Defaults, then the scenario's options, then the creator's overrides."""
    return SET.effective(scenario_options, overrides)


@dataclass(frozen=True)
class Options:
    """The effective options of one game, read once per state."""

    values: Mapping[str, str]

    @classmethod
    def of(cls, options: Iterable[definition_pb2.RuleOption]) -> Options:
        return cls(SET.values(options))

    def __getitem__(self, name: str) -> str:
        return self.values[name]

    @property
    def advanced_retreat(self) -> bool:
        return self.values[ADVANCED_RETREAT] == "on"

    @property
    def sicily_turn_limit(self) -> int:
        return int(self.values[SICILY_TURN_LIMIT] or "0")
