"""The Patton's 3rd Army rulebook for citations (`P3.cite("9.4.1")` -> "P3A
9.4.1"), the side ids and the table ids of the data pack."""

from __future__ import annotations

from adjudicator.core.citations import Rulebook

RULESET_ID = "pattons-3rd-army"
P3 = Rulebook(RULESET_ID, "P3A")
US = "us"
GERMAN = "german"
SIDES = (US, GERMAN)

CRT = f"{RULESET_ID}/crt"
TEC = f"{RULESET_ID}/terrain"
WEATHER = f"{RULESET_ID}/weather"
BOMBERS = f"{RULESET_ID}/heavy-bombers"
IMAGINARY = f"{RULESET_ID}/imaginary-chit"


def other(side: str) -> str:
    return GERMAN if side == US else US
