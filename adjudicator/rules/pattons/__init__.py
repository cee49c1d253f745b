"""Patton's 3rd Army: The Lorraine Campaign (ruleset `pattons-3rd-army`)."""

from adjudicator.rules.pattons.ruleset import RULESET

__all__ = ["RULESET"]
