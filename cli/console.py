"""The CLI's one rich console, created on first use.

Why: importing rich costs tens of milliseconds, and `umpire --help`, `--version`
and shell completion print nothing through it; a command that prints calls
`out()` and pays then. The console does not bind a file: rich writes to
whatever `sys.stdout` is at the time (so typer's test runner captures it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import Console

_CONSOLE: Console | None = None


def out() -> Console:
    """The shared console (soft wrap: long lines are not cut; no emoji codes)."""
    global _CONSOLE
    if _CONSOLE is None:
        from rich.console import Console

        _CONSOLE = Console(soft_wrap=True, emoji=False)
    return _CONSOLE
