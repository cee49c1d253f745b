"""The service's default settings, in a module that imports nothing.

Why: `umpire serve --help` (and `umpire --help`, which builds every command's
options) shows these defaults; reading them from the modules that use them
would import grpc, SQLAlchemy and the store just to print a number.
"""

from __future__ import annotations

DEFAULT_PORT = 50051
DEFAULT_HOST = "127.0.0.1"
DEFAULT_SERVER = f"{DEFAULT_HOST}:{DEFAULT_PORT}"
DEFAULT_DB = "sqlite:///umpire-data/umpire.sqlite"

# Games kept in memory, compressed (service/cache.py).
CACHE_SIZE = 10_000
# Games kept parsed, ready to answer: as many as a ruleset's per-state caches
# are sized for (adjudicator.core.ruleset.HOT_STATES; a test checks they agree).
HOT_SIZE = 64

# CreateGame guard (service/ratelimit.py): games per second per client, and at once.
DEFAULT_RATE = 5.0
DEFAULT_BURST = 30
