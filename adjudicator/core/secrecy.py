"""The per-side filter a ruleset defines once: what one side may know of a game.

A ruleset says here, in one class, everything that is secret in its game: the
state a side may see (`state`), which dice values it may see (`rolls`), what it
may see of another side's recorded action (`action`), which events reach it
(`event`), and — for the few answers that must be computed on the full state,
a submit's verdict and the errors of applying an action — what of them it may
receive (`verdict`, `error`). The platform (core/disclosure.py) sends nothing
to a side that has not passed through this filter, and computes every answer
it can on the side's view instead of the full state, so a ruleset cannot leak
by forgetting to redact one more answer: secrets it hides from the view are
simply not there to leak.

`perturb` is the other half of the contract, used by the non-interference
property test (tests/properties/test_noninterference.py): it changes only what
`side` may not know (another side's private data, hidden unit values, a deck's
face-down order, a cup's contents), so the test can check that nothing `side`
receives changes.

Once the seed is revealed or the game is over nothing is secret any more
(`open_game`): the filters let everything through.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from adjudicator.core.errors import UmpireError
from adjudicator.core.views import generic_view
from umpire.v1 import action_pb2, common_pb2, state_pb2


def open_game(state: state_pb2.GameState) -> bool:
    """Nothing is secret any more: the game is over or its seed was revealed."""
    return state.finished or bool(state.seed)


class SideFilter:
    """The generic filter: other sides' private data and hidden unit attributes
    removed, an opponent's pending decision shown without its options, events
    only to the sides they name. Rulesets with more secrets subclass it."""

    def state(self, state: state_pb2.GameState, side: str) -> state_pb2.GameState:
        """`side`'s view of `state` (a new message; `state` is not touched)."""
        return generic_view(state, side)

    def rolls(
        self, state: state_pb2.GameState, rolls: Sequence[common_pb2.DieRoll], side: str
    ) -> list[common_pb2.DieRoll]:
        """What `side` may see of dice thrown in `state`'s game (a submit's rolls,
        a record's rolls). Default: everything."""
        return list(rolls)

    def action(self, state: state_pb2.GameState, action: action_pb2.Action, side: str) -> action_pb2.Action:
        """What `side` may see of a recorded action of another side. Default: all."""
        return action

    def event(self, state: state_pb2.GameState, event: state_pb2.Event, side: str) -> state_pb2.Event | None:
        """The event as `side` may see it, or None. Default: `visible_to` decides."""
        if event.visible_to and side not in event.visible_to:
            return None
        return event

    def verdict(self, state: state_pb2.GameState, verdict: action_pb2.Verdict, side: str) -> action_pb2.Verdict:
        """A verdict computed on the full state (only a submit's own verdict is),
        as `side` may receive it. Default: all of it (legality in the game does
        not depend on secrets)."""
        return verdict

    def error(self, state: state_pb2.GameState, error: UmpireError, side: str) -> UmpireError:
        """An error raised while applying `side`'s action on the full state, as
        `side` may receive it. Default: as it is."""
        return error

    def perturb(self, state: state_pb2.GameState, side: str, rng: random.Random) -> state_pb2.GameState | None:
        """A copy of `state` that differs only in what `side` may not know, or
        None when there is nothing hidden from `side` in this state. Default:
        other sides' private values changed."""
        out = state_pb2.GameState()
        out.CopyFrom(state)
        changed = False
        for p in out.private_data:
            if p.side != side:
                for k in list(p.values):
                    p.values[k] = f"{p.values[k]}~{rng.randrange(10**6)}"
                    changed = True
                p.values[f"perturbed-{rng.randrange(10**6)}"] = "x"
                changed = True
        return out if changed else None
