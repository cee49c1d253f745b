"""The rulesets Umpire ships: stable id -> "module:attribute".

The list lives beside the rulesets (as python-chess keeps `VARIANTS` in
variant.py), not in the kernel: adding a game is a line here and a package
beside this file (docs/rules/new-game.md). Entries are imported lazily by
`adjudicator.core.ruleset`, one at a time, so a ruleset that fails to import
is reported as broken without taking the others down.
"""

from __future__ import annotations

RULESETS: dict[str, str] = {
    "major-battles": "adjudicator.rules.major_battles:RULESET",
    "nordwind-1945": "adjudicator.rules.nordwind:RULESET",
    "pattons-3rd-army": "adjudicator.rules.pattons:RULESET",
    "traces-of-victory": "adjudicator.rules.traces:RULESET",
    "lucky-forward": "adjudicator.rules.lucky_forward:RULESET",
}
