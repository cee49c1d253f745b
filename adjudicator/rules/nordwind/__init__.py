"""Nordwind 1945 (shared/rules/nordwind-1945.txt), on the hex kernel.

`RULESET` is registered as "nordwind-1945" in adjudicator.core.ruleset.
See docs/rules/nordwind-1945.md for what is implemented, the named options and
the data the text lacks.
"""

from adjudicator.rules.nordwind.ruleset import RULESET

__all__ = ["RULESET"]
