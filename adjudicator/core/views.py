"""Per-side views: what one side may see of a game.

Redaction must cover every field that is sent (snapshots, events, records),
not just the obvious ones: boardgame.io's leaks came from fields nobody thought
of. The generic view removes other sides' private data and the attributes a
unit hides from the enemy; rulesets add their own hidden fields on top.
"""

from __future__ import annotations

from umpire.v1 import definition_pb2, state_pb2

# Unit attributes a scenario may list in `hidden_from_enemy`.
HIDEABLE = ("faces", "name", "type", "size", "formation", "steps", "tags", "props", "nationality")


def redact_unit(unit: definition_pb2.Unit) -> None:
    """Clear the attributes the unit hides from its enemy (in place)."""
    for attr in unit.hidden_from_enemy:
        if attr in HIDEABLE:
            unit.ClearField(attr)


def generic_view(state: state_pb2.GameState, side: str) -> state_pb2.GameState:
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
    return view


def event_visible(event: state_pb2.Event, side: str) -> bool:
    return not event.visible_to or side in event.visible_to
