"""Citations for GOSS / Lucky Forward: `GOSS.cite("13.10.4a")` -> "GOSS 13.10.4a",
`GOSS.cite("LF 3.4.0")` -> "LF 3.4.0" (the Lucky Forward exclusive rules are
cited with their own prefix, as the rulebook does: LF 1.1.0)."""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.core.citations import Rulebook
from umpire.v1 import common_pb2

RULESET_ID = "lucky-forward"
ALLIED = "allied"
AXIS = "axis"
SIDES = (ALLIED, AXIS)


@dataclass(frozen=True)
class GossBook(Rulebook):
    """The GOSS rules booklet and the Lucky Forward booklet in one citation
    space: a case starting "LF " is Lucky Forward's, any other is GOSS's."""

    def cite(self, case: str, quote: str = "") -> common_pb2.Citation:
        label = case if case.startswith("LF ") else f"{self.prefix} {case}"
        return common_pb2.Citation(ruleset=self.ruleset, rule_case=case, quote=quote, label=label)


GOSS = GossBook(RULESET_ID, "GOSS")


def other(side: str) -> str:
    return AXIS if side == ALLIED else ALLIED
