"""The rulebook citations point into: shared/rules/traces-of-victory.txt."""

from __future__ import annotations

from adjudicator.core.citations import Rulebook

RULESET_ID = "traces-of-victory"
TV = Rulebook(RULESET_ID, "ToV")
