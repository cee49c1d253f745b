"""Rule citations: every violation and every applied effect names its rule case.

A `Rulebook` knows its ruleset id and the short prefix players use when they
quote it (`Nordwind 4.2`, `GOSS 13.10.4a`, `MB "Battles" ¶2`), so rulesets
write `NW.cite("4.2")` next to the logic the case governs.
"""

from __future__ import annotations

from dataclasses import dataclass

from umpire.v1 import common_pb2


@dataclass(frozen=True)
class Rulebook:
    ruleset: str
    prefix: str

    def cite(self, case: str, quote: str = "") -> common_pb2.Citation:
        return common_pb2.Citation(
            ruleset=self.ruleset, rule_case=case, quote=quote, label=f"{self.prefix} {case}"
        )


def label(citation: common_pb2.Citation) -> str:
    """The human form of a citation, also for citations built without a label."""
    if citation.label:
        return citation.label
    return f"{citation.ruleset} {citation.rule_case}".strip()
