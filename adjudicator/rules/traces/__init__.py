"""Traces of Victory (ruleset id `traces-of-victory`) on the shared hex kernel.
See docs/rules/traces-of-victory.md."""

from adjudicator.rules.traces.ruleset import RULESET

__all__ = ["RULESET"]
