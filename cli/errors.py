"""One place that turns typed errors into a one-line message and an exit code.

exit 0: done / legal; exit 1: illegal action or data needed; exit 2: bad input.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import NoReturn, TypeVar

from adjudicator.core.errors import IllegalAction, NeedsData, UmpireError

T = TypeVar("T")

EXIT_ILLEGAL = 1
EXIT_BAD_INPUT = 2


def fail(message: str, code: int = EXIT_BAD_INPUT) -> NoReturn:
    print(f"umpire: error: {message}", file=sys.stderr)
    raise SystemExit(code)


def run(fn: Callable[[], T]) -> T:
    """Call `fn`; a typed error becomes one line on stderr and its exit code."""
    try:
        return fn()
    except (IllegalAction, NeedsData) as e:
        fail(e.one_line(), EXIT_ILLEGAL)
    except UmpireError as e:
        fail(e.one_line(), EXIT_BAD_INPUT)
    except KeyboardInterrupt:
        fail("interrupted", 130)
