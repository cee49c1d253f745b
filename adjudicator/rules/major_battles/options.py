"""Named options: the optional advanced retreat rule, and the reading chosen
for every ambiguity of the text (docs/rules/major-battles.md lists each one
with the passage it comes from). A game's effective options are the ruleset
defaults overlaid by the scenario's options and then by the creator's
overrides; they are stored in `GameState.options`, so a game never changes
meaning when a default changes later. The model reads them once per state as
one typed object (`Game.opts`, a `MajorBattlesOptions`).
"""

from __future__ import annotations

from adjudicator.core.options import IntOpt, Opt, RuleOptions
from adjudicator.rules.major_battles import citations as C


class MajorBattlesOptions(RuleOptions):
    book = C.MB
    title = "Major Battles"

    advanced_retreat = Opt("advanced-retreat", "off", ("off", "on"), C.ADVANCED.rule_case,
        "Optional Retreating Rule for Advanced Players: a retreating defender may retreat toward an "
        "enemy-occupied town and fight for it (the enemy adds 2 dice; a lower total eliminates him).")

    recycle_order = Opt("mb.recycle-order", "same-order", ("same-order", "reversed"), C.DECK_REUSE.rule_case,
        "Order of the face-up cards when a pack is turned over and used again: 'same-order' (turning the "
        "pile over puts the first card turned on top) or 'reversed' (the last card turned comes first).")

    road_limit_count = Opt("mb.road-limit-count", "traversals", ("traversals", "distinct-units"), C.ROAD_LIMIT.rule_case,
        "What the 5-units-per-road-segment limit counts: every use of the segment by a unit "
        "('traversals'), or distinct units that used it this turn ('distinct-units').")

    overstack_sides = Opt("mb.overstack-sides", "active-side", ("active-side", "both-sides"), C.POSITIONING.rule_case,
        "Whose towns are checked for more than 10 units when a turn is completed: the player whose turn "
        "it was ('active-side', the text's 'after a player's turn is completed he has'), or both players.")

    reserve_timing = Opt("mb.reserve-timing", "own-turn", ("own-turn", "every-turn"), C.NORMANDY_US_RESERVES.rule_case,
        "'At the end of each turn he throws 3 dice': at the end of each of the player's own turns "
        "('own-turn'), or at the end of every turn of either player ('every-turn').")

    zero_dice_tie = Opt("mb.zero-dice-tie", "attacker-retreats", ("attacker-retreats", "ask"), C.RETREAT_TOTALS.rule_case,
        "A tie where neither side would throw any die in a refight (both totals 0) can never be broken by "
        "refighting: 'attacker-retreats' ends it with the attacker going back; 'ask' keeps asking both "
        "players (a refight then changes nothing).")

    attacker_retreat_blocked = Opt("mb.attacker-retreat-blocked", "surrender", ("surrender",), C.RETREAT_ATTACKER.rule_case,
        "A beaten attacker stack whose town of origin is now enemy-occupied (a defender retreated into it) "
        "has nowhere to go and surrenders, as a blocked defender does.")

    retreated_in_left = Opt("mb.retreated-in-left", "must-retreat", ("must-retreat", "surrender"), C.RETREAT_UNDER_ATTACK.rule_case,
        "When every defender taking part in a battle is eliminated but units that retreated into the town "
        "earlier in the turn are still there, those units must retreat from the town the attacker enters "
        "('must-retreat') or surrender ('surrender').")

    normandy_le_mans = Opt("mb.normandy-le-mans", "at-least", ("at-least", "exactly"), C.NORMANDY_DE_FORCES.rule_case,
        "Normandy German setup: Le Mans holds at least 3 Armored and 1 Infantry ('at-least': the remainder "
        "may go to any town except behind the Front Line, Le Mans included) or exactly those ('exactly').")

    normandy_blocked_reserves = Opt("mb.normandy-blocked-reserves", "forfeit", ("forfeit", "carry-over"), C.NORMANDY_DE_RESERVES.rule_case,
        "Normandy: when all five (*) towns are occupied by the Americans at the end of a German turn, the 2 "
        "reserve units of that turn cannot enter: they are lost ('forfeit') or enter at the next possible "
        "end of a German turn ('carry-over').")

    bulge_trapped = Opt("mb.bulge-trapped", "no-battles", ("no-battles", "attack-only"), C.BULGE_RELIEF.rule_case,
        "Bulge: the trapped units in Bastogne 'cannot take part in any battles' until relieved: they "
        "neither attack nor can be attacked ('no-battles'), or only cannot attack and defend normally "
        "('attack-only').")

    defection_odd = Opt("mb.defection-odd", "round-up", ("round-up", "round-down"), C.SICILY_DEFECTION.rule_case,
        "Sicily defections paid with Armored Units (1 instead of 2 Infantry): an odd Infantry remainder "
        "costs one more Armored Unit ('round-up', as a single casualty does) or nothing ('round-down').")

    landing_tie_retreat = Opt("mb.landing-tie-retreat", "eliminated", ("eliminated", "back-to-sea"), C.SICILY_LANDING_BATTLE.rule_case,
        "Sicily: landing units whose player retreats voluntarily after a tied landing battle have nowhere "
        "to go and are eliminated ('eliminated'), or go back off the map to land again ('back-to-sea').")

    sicily_turn_limit = IntOpt("mb.sicily-turn-limit", 0, C.SICILY_DURATION.rule_case,
        "NOT IN THE TEXT (house rule, off by default): with N > 0 the Sicily game ends after N game turns "
        "and the Axis wins. The text has no limit: 'The game continues until one player has achieved his "
        "objective.'")
