"""Auditable dice.

Every roll is `HMAC-SHA256(seed, "<game_id>|<index>|<purpose>")` mapped to the
die's faces without bias (rejection sampling on 64-bit chunks). The game
publishes `SHA256(seed)` when it is created and the seed when it ends (or both
sides agree); anyone can then recompute every roll of the log with
`umpire verify-dice`. Offline adjudication takes the rolls actually thrown as
input instead (`ScriptedDice`). Rulesets only ever see the `DiceSource` protocol.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterable, Sequence
from typing import Protocol

from adjudicator.core.errors import MalformedInput
from umpire.v1 import common_pb2


class DiceSource(Protocol):
    """Where rulesets get randomness from. `purpose` is logged with the roll."""

    def roll(self, sides: int, purpose: str) -> int: ...


class NeedsRoll(MalformedInput):
    """Offline adjudication ran out of the rolls given as input."""

    def __init__(self, index: int, sides: int, purpose: str) -> None:
        self.index = index
        self.sides = sides
        self.purpose = purpose
        super().__init__(
            f"this action needs die roll #{index + 1} (d{sides}: {purpose}); give the thrown value with --roll",
            "dice",
        )


def new_seed() -> bytes:
    return secrets.token_bytes(32)


def commitment(seed: bytes) -> str:
    """The published commitment to a seed: SHA-256, hex."""
    return hashlib.sha256(seed).hexdigest()


def roll_value(seed: bytes, game_id: str, index: int, purpose: str, sides: int) -> int:
    """The face (1..sides) of roll `index` of a game. Unbiased for any `sides`."""
    if sides < 1:
        raise ValueError("a die needs at least one face")
    span = 1 << 64
    limit = span - (span % sides)
    counter = 0
    while True:
        msg = f"{game_id}|{index}|{purpose}".encode()
        if counter:
            msg += f"|{counter}".encode()
        digest = hmac.new(seed, msg, hashlib.sha256).digest()
        for off in range(0, 32, 8):
            x = int.from_bytes(digest[off : off + 8], "big")
            if x < limit:
                return x % sides + 1
        counter += 1


class _Recording:
    """Keeps the rolls a source produced, in order, for the dice log."""

    def __init__(self, start_index: int, version: int, open_: bool = False) -> None:
        self.next_index = start_index
        self.version = version
        # Thrown after the seed was revealed: predictable by anyone (DieRoll.open).
        self.open = open_
        self.rolls: list[common_pb2.DieRoll] = []

    def _record(self, sides: int, value: int, purpose: str) -> int:
        self.rolls.append(
            common_pb2.DieRoll(
                index=self.next_index, sides=sides, value=value, purpose=purpose, version=self.version,
                open=self.open,
            )
        )
        self.next_index += 1
        return value


class HmacDice(_Recording):
    """Server dice: derived from the game's secret seed and the roll index.
    `open_`: the seed is already public, so every roll is marked open."""

    def __init__(self, seed: bytes, game_id: str, start_index: int, version: int, open_: bool = False) -> None:
        super().__init__(start_index, version, open_)
        self.seed = seed
        self.game_id = game_id

    def roll(self, sides: int, purpose: str) -> int:
        value = roll_value(self.seed, self.game_id, self.next_index, purpose, sides)
        return self._record(sides, value, purpose)


class ScriptedDice(_Recording):
    """Offline dice: the values actually thrown, given as input, used in order."""

    def __init__(self, values: Iterable[int], start_index: int = 0, version: int = 0) -> None:
        super().__init__(start_index, version)
        self.values = list(values)
        self.used = 0

    def roll(self, sides: int, purpose: str) -> int:
        if self.used >= len(self.values):
            raise NeedsRoll(self.used, sides, purpose)
        value = self.values[self.used]
        if not 1 <= value <= sides:
            raise MalformedInput(f"roll #{self.used + 1} is {value}, not a face of a d{sides} ({purpose})", "dice")
        self.used += 1
        return self._record(sides, value, purpose)

    @property
    def unused(self) -> int:
        return len(self.values) - self.used


class ReplayDice(_Recording):
    """Replays recorded rolls and checks that the ruleset asks for the same dice."""

    def __init__(self, recorded: Sequence[common_pb2.DieRoll], start_index: int, version: int) -> None:
        super().__init__(start_index, version)
        self.recorded = list(recorded)
        self.used = 0

    def roll(self, sides: int, purpose: str) -> int:
        if self.used >= len(self.recorded):
            raise MalformedInput(f"replay asked for an unrecorded roll ({purpose})", "dice log")
        rec = self.recorded[self.used]
        if rec.sides != sides or rec.purpose != purpose or rec.index != self.next_index:
            raise MalformedInput(
                f"replay diverged at roll #{rec.index}: recorded d{rec.sides} {rec.purpose!r}, "
                f"asked d{sides} {purpose!r}",
                "dice log",
            )
        self.used += 1
        self.open = rec.open  # replayed as recorded
        return self._record(sides, rec.value, purpose)


def verify_rolls(seed: bytes, game_id: str, rolls: Sequence[common_pb2.DieRoll]) -> list[str]:
    """Recompute every roll from the revealed seed; returns one line per mismatch."""
    problems = []
    for expected_index, r in enumerate(rolls):
        if r.index != expected_index:
            problems.append(f"roll #{r.index}: expected index {expected_index} (gap or reorder in the log)")
        value = roll_value(seed, game_id, r.index, r.purpose, r.sides)
        if value != r.value:
            problems.append(f"roll #{r.index} ({r.purpose}): log says {r.value}, the seed gives {value}")
    return problems
