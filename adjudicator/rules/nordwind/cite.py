"""The Nordwind rulebook for citations: `NW.cite("4.2")` -> "Nordwind 4.2"."""

from __future__ import annotations

from adjudicator.core.citations import Rulebook

RULESET_ID = "nordwind-1945"
NW = Rulebook(RULESET_ID, "Nordwind")
GERMAN = "german"
ALLIED = "allied"
SIDES = (GERMAN, ALLIED)


def other(side: str) -> str:
    return ALLIED if side == GERMAN else GERMAN
