"""What one player sees (4.2, A-40 'hidden'): the generic view, with the
other side's chits in the cup shown only as chits of that side (how many each
side put in the cup is public, which ones is not), the second die of each chit
draw (which picks the chit among its owner's, see chits.py) blanked to 0 for
the other side until the game is over, and the other side's chit selection
blanked in recorded actions. The server keeps everything; once the seed is
revealed `verify-dice` checks every roll."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from adjudicator.core.secrecy import perturb_rolls
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


def perturb(state: state_pb2.GameState, side: str, rng: random.Random) -> state_pb2.GameState | None:
    """A twin whose cup holds other chits of the other side (for the
    non-interference test, core/secrecy.py): the same number, in the same
    places, drawn from what that side's pool could still have put in this turn
    (its pool less the chits already drawn, the special chits it did put in
    kept as the only specials), and the dice that picked its chits thrown
    again. Nothing to change when selection is open or the game is over."""
    if not hidden(state):
        return None
    mine = _belligerents(state, side)
    out = state_pb2.GameState()
    out.CopyFrom(state)
    changed = False
    for pool in out.scenario.traces.pools:
        bel = pool.belligerent
        places = [i for i, c in enumerate(out.traces.cup) if c.owner == bel]
        if bel in mine or not places:
            continue
        in_cup = Counter(out.traces.cup[i].name for i in places)
        left = Counter({c.name: c.count for c in pool.chits if c.kind == "standard" or c.name in in_cup})
        left.subtract(Counter(c.name for c in out.traces.drawn if c.owner == bel))
        names = sorted(rng.sample(list(left.elements()), len(places)))
        copies: Counter[str] = Counter()
        for i, name in zip(places, names):
            copies[name] += 1
            out.traces.cup[i].CopyFrom(traces_pb2.TracesChit(id=f"{bel}:{name}#{copies[name]}", name=name, owner=bel))
        perturb_rolls(out.dice_log, lambda r: roll_owner(r.purpose) == bel, rng)
        changed = True
    return out if changed else None


def perturb_action(state: state_pb2.GameState, action: action_pb2.Action, side: str,
                   rng: random.Random) -> action_pb2.Action | None:
    """Another side's secret chit selection with other chits of its pool."""
    if view_action(state, action, side) is action:
        return None
    pool = next((p for p in state.scenario.traces.pools
                 if p.belligerent in _belligerents(state, action.side)), None)
    names = [c.name for c in pool.chits] if pool is not None else ["?"]
    out = action_pb2.Action()
    out.CopyFrom(action)
    chits = out.traces.select_chits.chits
    chosen = [rng.choice(names) for _ in chits]
    del chits[:]
    chits.extend(chosen)
    return out
