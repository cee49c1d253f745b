"""Typed errors, python-chess style.

Every failure a user can cause is one of these; each maps to exactly one gRPC
status (adjudicator/service/errors.py) and one CLI exit code (cli/errors.py), so
the mapping lives in one place per adapter. Messages are one line that names what
is wrong and where.
"""

from __future__ import annotations

from collections.abc import Sequence

from umpire.v1 import action_pb2, common_pb2


class UmpireError(Exception):
    """Base of every error Umpire reports to a user."""

    def one_line(self) -> str:
        return " ".join(str(self).split())


class MalformedInput(UmpireError):
    """Input cannot be parsed or does not fit the schema (INVALID_ARGUMENT, exit 2).

    `where` names the file, entry, offset or field path the problem is in.
    """

    def __init__(self, message: str, where: str = "") -> None:
        self.message = message
        self.where = where
        super().__init__(f"{where}: {message}" if where else message)


class IllegalAction(UmpireError):
    """The action parses but the rules forbid it (FAILED_PRECONDITION, exit 1)."""

    def __init__(self, verdict: action_pb2.Verdict, action: action_pb2.Action | None = None) -> None:
        self.verdict = verdict
        # The action judged (lets the disclosure layer re-judge it on a side's knowledge).
        self.action = action
        first = verdict.violations[0] if verdict.violations else None
        text = f"{first.message} [{first.citation.label}]" if first else "illegal action"
        more = len(verdict.violations) - 1
        if more > 0:
            text += f" (+{more} more)"
        super().__init__(text)


class NeedsData(UmpireError):
    """The engine lacks data to go on: unknown table cells (FAILED_PRECONDITION, exit 1).

    Not the player's fault: the message says exactly which cell is needed and how
    to supply it.
    """

    def __init__(self, cells: Sequence[common_pb2.NeededCell]) -> None:
        self.cells = list(cells)
        super().__init__(self.describe())

    def describe(self) -> str:
        """One line: each cell by title and id, its copyable `--cell` and the
        values it accepts (filled by the engine after raising: see `accepted`)."""
        from adjudicator.core.tables import WHOLE_TABLE_COLUMN, cell_option

        parts = []
        for c in self.cells:
            title = f"{c.table_title} ({c.table_id})" if c.table_title and c.table_title != c.table_id else c.table_id
            parts.append(
                f"{title} column {c.column!r} row {c.row!r} is unknown"
                + (f" ({c.reason})" if c.reason else "")
                + ("" if c.column == WHOLE_TABLE_COLUMN else f": give it with {cell_option(c)}"
                   + (f" where VALUE is {c.accepted}" if c.accepted else ""))
            )
        how = self.cells[0].how_to_supply if self.cells else ""
        return "; ".join(parts) + (f". {how}" if how else "")

    def one_line(self) -> str:
        return " ".join(self.describe().split())  # after the engine filled `accepted`


class Ambiguous(UmpireError):
    """Input has several readings (INVALID_ARGUMENT with the candidates, exit 2)."""

    def __init__(self, message: str, candidates: Sequence[str]) -> None:
        self.message = message
        self.candidates = list(candidates)
        super().__init__(f"{message}: candidates {', '.join(self.candidates)}")


class StaleVersion(UmpireError):
    """The client acted on an old version (ABORTED)."""

    def __init__(self, expected: int, current: int) -> None:
        self.expected = expected
        self.current = current
        super().__init__(f"stale state: you acted on version {expected}, the game is at version {current}")


class NotFound(UmpireError):
    """Unknown game, ruleset, scenario or unit (NOT_FOUND, exit 2)."""


class Unauthenticated(UmpireError):
    """Missing or unknown token (UNAUTHENTICATED)."""


class PermissionDenied(UmpireError):
    """The caller's side may not do this (PERMISSION_DENIED)."""


class RateLimited(UmpireError):
    """Too many requests of a kind from one client (RESOURCE_EXHAUSTED with RetryInfo)."""

    def __init__(self, message: str, retry_after: float) -> None:
        self.retry_after = retry_after
        super().__init__(message)


class Unavailable(UmpireError):
    """The database cannot be reached now (connection refused, or dropped and
    dropped again on a fresh connection): transient, the client retries
    (UNAVAILABLE). The message says so and no more; the cause goes to the log."""
