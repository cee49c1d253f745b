"""Lucky Forward (GOSS, shared/rules/lucky-forward-goss.txt), stage 1, on the
ruleset template (core/template.py) and the hex kernel.

`RULESET` is registered as "lucky-forward" in adjudicator/rules/registry.py.
docs/rules/lucky-forward.md maps every case of the rulebook to what is
implemented, and lists the named options and the data the text lacks.
"""

from adjudicator.rules.lucky_forward.ruleset import RULESET

__all__ = ["RULESET"]
