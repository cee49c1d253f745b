"""Who may create games, and how fast: so one client cannot fill the database.

CreateGame needs no side token, so it is the one call anybody can repeat for
free. Two configurable guards (`umpire serve --create-rate/--create-burst/
--create-token`, docs/deploy.md):

* a token bucket per client address: `burst` games at once, then `rate` per
  second (RESOURCE_EXHAUSTED with RetryInfo beyond it). The address is the
  peer's, or, behind a load balancer, the one it adds to a header
  (`--client-header x-forwarded-for`: the last entry, the one the balancer
  appended; a client can put anything before it). Only trust such a header
  when every request comes through that balancer. Limits are per process.
* an optional creation token: when set, CreateGame wants it as the bearer.
"""

from __future__ import annotations

import hmac
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from adjudicator.core.errors import RateLimited, Unauthenticated
from adjudicator.service.defaults import DEFAULT_BURST, DEFAULT_RATE

# Buckets kept; the least recently seen client beyond this starts afresh.
MAX_CLIENTS = 10_000


@dataclass(frozen=True)
class CreationPolicy:
    rate: float = DEFAULT_RATE  # games per second per client; 0 = no limit
    burst: int = DEFAULT_BURST
    token: str | None = None  # required bearer for CreateGame, if set
    client_header: str | None = None  # e.g. "x-forwarded-for" behind a load balancer


class CreationGate:
    def __init__(self, policy: CreationPolicy, clock: Callable[[], float] = time.monotonic) -> None:
        self.policy = policy
        self._clock = clock
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def client_of(self, peer: str, metadata: dict[str, str]) -> str:
        header = self.policy.client_header
        if header:
            forwarded = metadata.get(header.lower(), "")
            last = forwarded.split(",")[-1].strip()
            if last:
                return last[:100]
        # "ipv4:127.0.0.1:54321" / "ipv6:[::1]:54321": the address without the port.
        host, _, _port = peer.rpartition(":")
        return host or peer

    def admit(self, client: str, bearer: str | None) -> None:
        """Raise unless `client` may create a game now (and spend one token)."""
        token = self.policy.token
        if token is not None and not (bearer and hmac.compare_digest(bearer.encode(), token.encode())):
            raise Unauthenticated(
                "this server wants its creation token for CreateGame: send `authorization: Bearer <token>`"
            )
        rate, burst = self.policy.rate, max(1, self.policy.burst)
        if rate <= 0:
            return
        now = self._clock()
        tokens, last = self._buckets.pop(client, (float(burst), now))
        tokens = min(float(burst), tokens + (now - last) * rate)
        if tokens < 1.0:
            self._buckets[client] = (tokens, now)
            wait = (1.0 - tokens) / rate
            raise RateLimited(
                f"too many games created from {client}: at most {burst} at once and {rate:g} per second; "
                f"retry in {wait:.1f} s",
                wait,
            )
        self._buckets[client] = (tokens - 1.0, now)
        while len(self._buckets) > MAX_CLIENTS:
            self._buckets.popitem(last=False)
