"""Citation labels for "Major Battles and Campaigns of General George S. Patton".

The rulebook has no numbered cases, so a citation is the section title in
quotes, an optional sub-heading of a campaign section, and the paragraph
number within it, counted as docs/rules/major-battles.md lists them:
`MB "Battles" ¶2`, `MB "Special Rules for The Bulge" Objective ¶1`.

The constants are shared protobuf messages: code passes them to `add(...)`
or `append(...)`, which copy; nothing may mutate them.
"""

from __future__ import annotations

from adjudicator.core.citations import Rulebook
from umpire.v1 import common_pb2

MB = Rulebook("major-battles", "MB")


def cite(section: str, paragraph: int, sub: str = "") -> common_pb2.Citation:
    case = f'"{section}" ' + (f"{sub} " if sub else "") + f"¶{paragraph}"
    return MB.cite(case)


EQUIPMENT = cite("Equipment", 1)
POSITIONING = cite("Positioning of Units", 1)

DECK = cite("The Movement Deck", 1)
DECK_EXAMPLE = cite("The Movement Deck", 2)
DECK_REUSE = cite("The Movement Deck", 3)

ROAD_COST = cite("Using Movement Points", 1)
MP_POOL = cite("Using Movement Points", 2)
ROAD_LIMIT = cite("Using Movement Points", 3)
MOVE_EXAMPLE = cite("Using Movement Points", 4)

BATTLE_STOP = cite("Battles", 1)
BATTLE_DICE = cite("Battles", 2)
SINGLE_INFANTRY = cite("Battles", 3)
BATTLE_ORDER = cite("Battles", 4)

CASUALTY_DICE = cite("Casualties", 1)
CASUALTY_REMOVAL = cite("Casualties", 2)

RETREAT_TOTALS = cite("Retreating", 1)
RETREAT_ELIMINATED = cite("Retreating", 2)
RETREAT_ATTACKER = cite("Retreating", 3)
RETREAT_DEFENDER = cite("Retreating", 4)
RETREAT_UNDER_ATTACK = cite("Retreating", 5)
RETREAT_SURRENDER = cite("Retreating", 6)
RETREAT_EXAMPLE = cite("Retreating", 7)

_ADV = "Optional Retreating Rule for Advanced Players"
ADVANCED = cite(_ADV, 1)
ADVANCED_ROAD = cite(_ADV, 2)
ADVANCED_EXAMPLE = cite(_ADV, 3)

_N = "Special Rules for Breakout at Normandy"
NORMANDY_US_FORCES = cite(_N, 1, "Starting Forces")
NORMANDY_DE_FORCES = cite(_N, 2, "Starting Forces")
NORMANDY_US_RESERVES = cite(_N, 1, "Reserves")
NORMANDY_DE_RESERVES = cite(_N, 2, "Reserves")
NORMANDY_DURATION = cite(_N, 1, "Duration of Game")
NORMANDY_OBJECTIVE = cite(_N, 1, "Objective")

_B = "Special Rules for The Bulge"
BULGE_US_FORCES = cite(_B, 1, "Starting Forces")
BULGE_DE_FORCES = cite(_B, 2, "Starting Forces")
BULGE_US_RESERVES = cite(_B, 1, "Reserves")
BULGE_DE_RESERVES = cite(_B, 2, "Reserves")
BULGE_DURATION = cite(_B, 1, "Duration of Game")
BULGE_RELIEF = cite(_B, 1, "Objective")
BULGE_WILTZ = cite(_B, 2, "Objective")
BULGE_VICTORY = cite(_B, 3, "Objective")

_S = "Special Rules for The Sicily Campaign"
SICILY_ALLIED_FORCES = cite(_S, 1, "Starting Forces")
SICILY_AXIS_FORCES = cite(_S, 2, "Starting Forces")
SICILY_ALLIED_RESERVES = cite(_S, 1, "Reserves")
SICILY_AXIS_RESERVES = cite(_S, 2, "Reserves")
SICILY_DURATION = cite(_S, 1, "Duration of Game")
SICILY_LANDING = cite(_S, 1, "Allied Landings")
SICILY_LANDING_BATTLE = cite(_S, 2, "Allied Landings")
SICILY_LANDED_NO_ROADS = cite(_S, 3, "Allied Landings")
SICILY_DEFECTION = cite(_S, 1, "Italian Defection")
SICILY_DEFECTION_ONCE = cite(_S, 2, "Italian Defection")
SICILY_MESSINA = cite(_S, 1, "Objective")
SICILY_AXIS_WIN = cite(_S, 2, "Objective")

# Not a rule of the game: the umpire's own procedure (concession, house limits).
UMPIRE = Rulebook("umpire", "Umpire").cite("procedure")
