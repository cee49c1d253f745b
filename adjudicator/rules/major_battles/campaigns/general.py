"""The general rules without a campaign (the illustration boards): no
reserves, no objective; the game ends with the Game Ends card. The rulebook
gives no deal for this case, so the illustrations borrow Normandy's (12 +
Game Ends and 11)."""

from __future__ import annotations

from adjudicator.rules.major_battles.campaigns.base import Campaign


class General(Campaign):
    name = ""
    title = "General rules (no campaign)"
