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
property test (tests/properties/test_noninterference.py): it returns a twin of
a state that differs only in what `side` may not know (another side's private
data, hidden unit values, a deck's face-down order, a cup's contents, the faces
of secret dice), with values the game could really hold, so the test can check
that nothing `side` receives changes. `perturb_action` does the same for a
recorded action of another side (what of it the filter's `action` hides).

Once the seed is revealed or the game is over nothing is secret any more
(`open_game`): the filters let everything through.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from adjudicator.core.errors import UmpireError
from adjudicator.core.views import HIDEABLE, blank_secret_rolls, generic_view, secret_roll_owner
from umpire.v1 import action_pb2, common_pb2, definition_pb2, state_pb2


def open_game(state: state_pb2.GameState) -> bool:
    """Nothing is secret any more: the game is over or its seed was revealed."""
    return state.finished or bool(state.seed)


class SideFilter:
    """The generic filter: other sides' private data, hidden unit attributes
    and secret dice (`views.secret_roll`) removed, an opponent's pending
    decision shown without its options, events only to the sides they name.
    Rulesets with more secrets subclass it."""

    def state(self, state: state_pb2.GameState, side: str) -> state_pb2.GameState:
        """`side`'s view of `state` (a new message; `state` is not touched)."""
        return generic_view(state, side)

    def rolls(
        self, state: state_pb2.GameState, rolls: Sequence[common_pb2.DieRoll], side: str
    ) -> list[common_pb2.DieRoll]:
        """What `side` may see of dice thrown in `state`'s game (a submit's rolls,
        a record's rolls). Default: all but other sides' secret rolls."""
        return blank_secret_rolls(rolls, side)

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
        None when nothing in this state is hidden from `side`. Default: other
        sides' private values, their units' hidden attributes and the faces of
        their secret rolls changed. A ruleset whose rules read private values
        overrides this to produce values its rules accept."""
        if open_game(state):
            return None
        out = state_pb2.GameState()
        out.CopyFrom(state)
        changed = perturb_private(out, side, rng)
        changed = perturb_hidden_units(out, side, rng) or changed
        changed = perturb_rolls(out.dice_log, lambda r: secret_roll_owner(r.purpose) not in (None, side), rng) or changed
        return out if changed else None

    def perturb_action(
        self, state: state_pb2.GameState, action: action_pb2.Action, side: str, rng: random.Random
    ) -> action_pb2.Action | None:
        """A recorded action of another side changed only in what `action`
        (above) hides from `side`, or None. Default: nothing hidden (answers to
        private decisions are blanked by the platform, core/disclosure.py)."""
        return None


def perturb_private(state: state_pb2.GameState, side: str, rng: random.Random) -> bool:
    """Change every other side's private values (in place); True if any."""
    changed = False
    for p in state.private_data:
        if p.side != side:
            for k in list(p.values):
                p.values[k] = f"{p.values[k]}~{rng.randrange(10**6)}"
            p.values[f"perturbed-{rng.randrange(10**6)}"] = "x"
            changed = True
    return changed


def perturb_hidden_units(state: state_pb2.GameState, side: str, rng: random.Random) -> bool:
    """Shuffle the hidden attributes among each other side's units that hide
    them (the same values, dealt differently: what the enemy cannot tell
    apart), or vary a value no other unit shares. True if any changed."""
    changed = False
    units = state.scenario.definition.units
    for attr in HIDEABLE:
        by_side: dict[str, list[definition_pb2.Unit]] = {}
        for u in units:
            if u.side != side and attr in u.hidden_from_enemy:
                by_side.setdefault(u.side, []).append(u)
        for group in by_side.values():
            values = [_get(u, attr) for u in group]
            shuffled = list(values)
            rng.shuffle(shuffled)
            if shuffled == values:
                shuffled = [_varied(v, rng) for v in values]
            for u, v in zip(group, shuffled):
                _set(u, attr, v)
            changed = True
    return changed


def _get(unit: definition_pb2.Unit, attr: str) -> object:
    value = getattr(unit, attr)
    if attr == "props":
        return dict(value)
    if attr in ("faces", "tags"):
        return list(value)
    return value


def _set(unit: definition_pb2.Unit, attr: str, value: object) -> None:
    unit.ClearField(attr)
    if attr == "props":
        assert isinstance(value, dict)
        unit.props.update(value)
    elif attr in ("faces", "tags"):
        assert isinstance(value, list)
        getattr(unit, attr).extend(value)
    else:
        setattr(unit, attr, value)


def _varied(value: object, rng: random.Random) -> object:
    n = rng.randrange(1, 10**6)
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        return f"{value}~{n}"
    if isinstance(value, dict):
        return {**value, f"perturbed-{n}": "x"}
    if isinstance(value, list) and value and isinstance(value[0], str):
        return value + [f"perturbed-{n}"]
    return value


def perturb_rolls(rolls: Sequence[common_pb2.DieRoll], secret: Callable[[common_pb2.DieRoll], bool],
                  rng: random.Random) -> bool:
    """Throw every secret die of a log again (in place); True if any was secret."""
    changed = False
    for r in rolls:
        if secret(r):
            r.value = rng.randint(1, max(1, r.sides))
            changed = True
    return changed
