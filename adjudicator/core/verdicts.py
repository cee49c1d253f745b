"""Building verdicts: violations and notes always carry a citation."""

from __future__ import annotations

from umpire.v1 import action_pb2, common_pb2


class VerdictBuilder:
    """Collects violations and notes; `build()` sets `legal` from what was collected."""

    def __init__(self, action_kind: str = "") -> None:
        self.verdict = action_pb2.Verdict(action_kind=action_kind)

    def violation(
        self, code: str, message: str, citation: common_pb2.Citation, subject: str = ""
    ) -> None:
        self.verdict.violations.add(code=code, message=message, citation=citation, subject=subject)

    def note(self, text: str, citation: common_pb2.Citation) -> None:
        self.verdict.notes.add(text=text, citation=citation)

    def need(self, cell: common_pb2.NeededCell) -> None:
        self.verdict.needs.append(cell)

    @property
    def ok(self) -> bool:
        return not self.verdict.violations

    def build(self) -> action_pb2.Verdict:
        self.verdict.legal = not self.verdict.violations
        return self.verdict


def illegal(code: str, message: str, citation: common_pb2.Citation, subject: str = "") -> action_pb2.Verdict:
    """A verdict with a single violation."""
    b = VerdictBuilder()
    b.violation(code, message, citation, subject)
    return b.build()
