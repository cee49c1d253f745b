"""The CLI's one rich console, created on first use.

Why: importing rich costs tens of milliseconds, and `umpire --help`, `--version`
and shell completion print nothing through it; a command that prints pays
then. `out.print(...)` is rich's `Console.print`; `out.get()` is the console
itself, for the renderers (cli/render.py). The console does not bind a file:
rich writes to whatever `sys.stdout` is at the time (so typer's test runner
captures it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.console import Console


class LazyConsole:
    """A rich console (soft wrap: long lines are not cut; no emoji codes) made
    the first time something is printed."""

    def __init__(self) -> None:
        self._console: Console | None = None

    def get(self) -> Console:
        if self._console is None:
            from rich.console import Console

            self._console = Console(soft_wrap=True, emoji=False)
        return self._console

    def print(self, *objects: Any, **kwargs: Any) -> None:
        self.get().print(*objects, **kwargs)


out = LazyConsole()
