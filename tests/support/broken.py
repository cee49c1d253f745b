"""A registered ruleset whose code fails to import (a missing dependency), for
tests of ListRulesets / `umpire rulesets` isolation."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from adjudicator.core.ruleset import register, unregister

BROKEN_ID = "broken-game"
REASON = "No module named 'a_dependency_nobody_installed'"


@contextmanager
def broken_ruleset(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Register BROKEN_ID, whose module is present but raises on import."""
    (tmp_path / "umpire_broken_game.py").write_text(f"raise ModuleNotFoundError({REASON!r})\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    register(BROKEN_ID, "umpire_broken_game:RULESET")
    try:
        yield BROKEN_ID
    finally:
        unregister(BROKEN_ID)
