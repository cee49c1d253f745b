"""Per-side views: what one side may see of a game.

Redaction must cover every field that is sent (snapshots, events, records),
not just the obvious ones: boardgame.io's leaks came from fields nobody thought
of. The generic view removes other sides' private data and the attributes a
unit hides from the enemy; rulesets add their own hidden fields on top.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from umpire.v1 import common_pb2, definition_pb2, state_pb2

# Unit attributes a scenario may list in `hidden_from_enemy`.
HIDEABLE = ("faces", "name", "type", "size", "formation", "steps", "tags", "props", "nationality")

# A die thrown to make one side's secret (a hidden strength, a secret plan) is
# logged like any other, but its face is that side's secret: a ruleset names it
# with `secret_roll(side, what)` and every other side sees its value as 0 while
# the game runs and the seed is secret (the server keeps it; `verify-dice`
# checks it once the seed is out).
SECRET_ROLL = "secret of "


def secret_roll(side: str, what: str) -> str:
    """The purpose of a die whose face only `side` may see, e.g. "secret of red: plan"."""
    return f"{SECRET_ROLL}{side}: {what}"


def secret_roll_owner(purpose: str) -> str | None:
    """The side a `secret_roll` purpose belongs to, else None."""
    if not purpose.startswith(SECRET_ROLL) or ": " not in purpose:
        return None
    return purpose[len(SECRET_ROLL):].split(": ", 1)[0]


def blank_rolls(rolls: Iterable[common_pb2.DieRoll],
                hidden: Callable[[common_pb2.DieRoll], bool]) -> list[common_pb2.DieRoll]:
    """The rolls with the faces of those `hidden` selects set to 0 (copies where changed)."""
    out = []
    for r in rolls:
        if hidden(r):
            blank = common_pb2.DieRoll()
            blank.CopyFrom(r)
            blank.value = 0
            r = blank
        out.append(r)
    return out


def blank_secret_rolls(rolls: Iterable[common_pb2.DieRoll], side: str) -> list[common_pb2.DieRoll]:
    """The rolls with other sides' secret faces set to 0 (copies where changed)."""
    return blank_rolls(rolls, lambda r: secret_roll_owner(r.purpose) not in (None, side))


def redact_unit(unit: definition_pb2.Unit) -> None:
    """Clear the attributes the unit hides from its enemy (in place)."""
    for attr in unit.hidden_from_enemy:
        if attr in HIDEABLE:
            unit.ClearField(attr)


def generic_view(state: state_pb2.GameState, side: str) -> state_pb2.GameState:
    """Other sides' private data, hidden unit attributes and secret rolls
    removed, an opponent's pending decision without its options."""
    view = state_pb2.GameState()
    view.CopyFrom(state)
    view.viewer = side
    # What an imported file showed of every unit (both sides'): not for one side's eyes.
    view.ClearField("import_source")
    keep = [p for p in view.private_data if p.side == side]
    del view.private_data[:]
    view.private_data.extend(keep)
    for unit in view.scenario.definition.units:
        if unit.side != side and unit.hidden_from_enemy:
            redact_unit(unit)
    if view.HasField("pending") and view.pending.side != side:
        # The other side sees that a decision is pending and whose it is, not its options.
        options = len(view.pending.options)
        view.pending.ClearField("options")
        view.pending.context.clear()
        view.pending.context["options_hidden"] = str(options)
    if not (state.finished or state.seed):
        # The view is a private copy: blank other sides' secret faces in place
        # (what blank_secret_rolls gives), not a second copy of the whole log,
        # which grows with the game and is copied for every new position.
        for r in view.dice_log:
            if r.purpose.startswith(SECRET_ROLL) and secret_roll_owner(r.purpose) not in (None, side):
                r.value = 0
    return view


def event_visible(event: state_pb2.Event, side: str) -> bool:
    return not event.visible_to or side in event.visible_to
