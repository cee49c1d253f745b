"""One place that turns typed errors into a one-line message and an exit code.

Exit codes, the same for every command (README "Exit codes"):

* 0: done; for an action, legal and applied (or, for a dry run, legal with
  nothing more needed);
* 1: illegal action (or a check that found problems, e.g. verify-dice);
* 2: bad input (a file, option or id that is wrong), nothing written;
* 3: legal so far, but more input is needed to go on: the thrown dice
  (`--roll`) or table data the engine lacks (`--cell`, `--tables`); nothing
  was applied or written. check-log exits 3 too when it judged no step, or
  skipped some (it needs a scenario or binding for them): not "all legal".
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import NoReturn, TypeVar

T = TypeVar("T")

EXIT_ILLEGAL = 1
EXIT_BAD_INPUT = 2
EXIT_NEEDS_INPUT = 3


def fail(message: str, code: int = EXIT_BAD_INPUT) -> NoReturn:
    print(f"umpire: error: {message}", file=sys.stderr)
    raise SystemExit(code)


def run(fn: Callable[[], T]) -> T:
    """Call `fn`; a typed error becomes one line on stderr and its exit code.
    (The error types are imported here, not at the top: every command module
    imports this one, and the CLI starts without the kernel; cli/main.py.)"""
    from adjudicator.core.errors import IllegalAction, NeedsData, UmpireError

    try:
        return fn()
    except NeedsData as e:
        fail(e.one_line(), EXIT_NEEDS_INPUT)
    except IllegalAction as e:
        fail(e.one_line(), EXIT_ILLEGAL)
    except UmpireError as e:
        fail(e.one_line(), EXIT_BAD_INPUT)
    except KeyboardInterrupt:
        fail("interrupted", 130)
