"""Major Battles and Campaigns of General George S. Patton (ruleset id
`major-battles`). See docs/rules/major-battles.md."""

from adjudicator.rules.major_battles.ruleset import RULESET

__all__ = ["RULESET"]
