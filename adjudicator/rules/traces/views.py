"""What one player sees (4.2, A-40 'hidden'): the generic view, with the
other side's chits in the cup shown only as chits of that side (how many each
side put in the cup is public, which ones is not), the second die of each chit
draw (which picks the chit among its owner's, see chits.py) blanked to 0 for
the other side until the game is over, and the other side's chit selection
blanked in recorded actions. The server keeps everything; once the seed is
revealed `verify-dice` checks every roll."""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.core.views import generic_view
from adjudicator.rules.traces.chits import roll_owner
from umpire.v1 import action_pb2, common_pb2, state_pb2, traces_pb2


def _belligerents(state: state_pb2.GameState, side: str) -> set[str]:
    own = {p.belligerent for p in state.traces.players if p.side == side}
    return own or {side}


def hidden(state: state_pb2.GameState) -> bool:
    if state.finished:
        return False
    for o in state.options:
        if o.name == "tov.a40-selection":
            return o.value == "hidden"
    return True


def view(state: state_pb2.GameState, side: str) -> state_pb2.GameState:
    v = generic_view(state, side)
    if not hidden(state):
        return v
    mine = _belligerents(state, side)
    cup = [c if (not c.owner or c.owner in mine) else traces_pb2.TracesChit(owner=c.owner) for c in v.traces.cup]
    del v.traces.cup[:]
    v.traces.cup.extend(cup)
    for r in v.dice_log:
        owner = roll_owner(r.purpose)
        if owner is not None and owner not in mine:
            r.value = 0
    return v


def view_rolls(state: state_pb2.GameState, rolls: Sequence[common_pb2.DieRoll], side: str) -> list[common_pb2.DieRoll]:
    if not hidden(state):
        return list(rolls)
    mine = _belligerents(state, side)
    out = []
    for r in rolls:
        owner = roll_owner(r.purpose)
        if owner is not None and owner not in mine:
            blank = common_pb2.DieRoll()
            blank.CopyFrom(r)
            blank.value = 0
            out.append(blank)
        else:
            out.append(r)
    return out


def view_action(state: state_pb2.GameState, action: action_pb2.Action, side: str) -> action_pb2.Action:
    if not hidden(state) or action.WhichOneof("kind") != "traces":
        return action
    if action.traces.WhichOneof("kind") != "select_chits":
        return action
    if _belligerents(state, action.side) & _belligerents(state, side):
        return action
    out = action_pb2.Action()
    out.CopyFrom(action)
    n = len(out.traces.select_chits.chits)
    del out.traces.select_chits.chits[:]
    out.traces.select_chits.chits.extend([""] * n)
    return out
