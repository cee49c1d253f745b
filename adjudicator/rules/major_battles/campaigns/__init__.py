"""Campaign rules by name."""

from __future__ import annotations

from adjudicator.core.errors import MalformedInput
from adjudicator.rules.major_battles.campaigns.base import Campaign
from adjudicator.rules.major_battles.campaigns.bulge import Bulge
from adjudicator.rules.major_battles.campaigns.general import General
from adjudicator.rules.major_battles.campaigns.normandy import Normandy
from adjudicator.rules.major_battles.campaigns.sicily import Sicily

CAMPAIGNS: dict[str, Campaign] = {c.name: c for c in (General(), Normandy(), Bulge(), Sicily())}


def campaign_of(name: str) -> Campaign:
    c = CAMPAIGNS.get(name)
    if c is None:
        raise MalformedInput(
            f"unknown campaign {name!r} (known: normandy, bulge, sicily, or empty for the general rules)",
            "scenario.major_battles.campaign",
        )
    return c
