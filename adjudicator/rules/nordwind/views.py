"""What one side may know in Nordwind 1945: the generic view, whose only
secret here is the German reinforcement option (10.2.3: "He chooses one
secretly at the start of the game"), kept in the German private data and
removed from the Allied view by the generic filter. The option shows itself
when its reinforcements enter (or do not) on their turn, and in the victory
points at the end (10.3); `perturb` (the non-interference test's twin) only
swaps it for another option the Allies could not yet have ruled out."""

from __future__ import annotations

import random

from adjudicator.core.secrecy import SideFilter, open_game
from adjudicator.rules.nordwind.cite import GERMAN
from adjudicator.rules.nordwind.phases import secret_option
from umpire.v1 import state_pb2


def _has_option(state: state_pb2.GameState) -> bool:
    return any(p.side == GERMAN and "secret_option" in p.values for p in state.private_data)


def still_possible(state: state_pb2.GameState, option: int) -> bool:
    """Whether the German could have chosen `option`, from what the Allies saw:
    every optional arrival already made belongs to it, and none whose turn has
    passed without it arriving does. (An optional arrival of this very turn
    that has not come may still come, unless the real option would have
    brought it already: then its absence tells nothing.)"""
    chosen = secret_option(state)
    done = set(state.nordwind.arrivals_done)
    for i, a in enumerate(state.scenario.nordwind.arrivals):
        if not a.options:
            continue
        if i in done:
            if option not in a.options:
                return False
        elif a.turn < state.turn or (a.turn == state.turn and chosen not in a.options):
            if option in a.options:
                return False
    return True


def perturb(state: state_pb2.GameState, side: str, rng: random.Random) -> state_pb2.GameState | None:
    """The twin with another German option the Allies cannot yet rule out."""
    if side == GERMAN or open_game(state) or not _has_option(state):
        return None
    chosen = secret_option(state)
    others = [o.id for o in state.scenario.nordwind.secret_options if o.id != chosen and still_possible(state, o.id)]
    if not others:
        return None
    out = state_pb2.GameState()
    out.CopyFrom(state)
    for p in out.private_data:
        if p.side == GERMAN and "secret_option" in p.values:
            p.values["secret_option"] = str(rng.choice(others))
    return out


class NordwindFilter(SideFilter):
    """The generic filter (the German option is private data); its twin is a
    plausible other option (the generic one would write a value no rule reads)."""

    perturb = staticmethod(perturb)
