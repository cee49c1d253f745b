"""What one side sees: the generic view (the other side's private data and
the pending decision's options removed) plus this game's own secret: the
order of the face-down movement cards, hidden from both players alike. The
dice thrown to shuffle the deck would reveal that order, so their values are
blanked (0) in a player's view while the seed is secret (the game is not over
and the seed not revealed); the server keeps them, and once the seed is out
anyone can recompute them, so views show them again and `verify-dice` works on
an exported record."""

from __future__ import annotations

from adjudicator.core.views import generic_view
from adjudicator.rules.major_battles.deck import GAME_ENDS
from collections.abc import Sequence

from umpire.v1 import common_pb2, major_battles_pb2 as mbp, state_pb2

DECK_PURPOSE = "movement deck:"


def view(state: state_pb2.GameState, side: str) -> state_pb2.GameState:
    v = generic_view(state, side)
    for pack in v.major_battles.packs:
        hidden = [mbp.MbCard(id=GAME_ENDS) if c.id == GAME_ENDS else mbp.MbCard() for c in pack.face_down]
        del pack.face_down[:]
        pack.face_down.extend(hidden)
    if not v.finished and not v.seed:
        del v.dice_log[:]
        v.dice_log.extend(view_rolls(state, state.dice_log))
    return v


def view_rolls(state: state_pb2.GameState, rolls: Sequence[common_pb2.DieRoll]) -> list[common_pb2.DieRoll]:
    """Rolls as a player may see them while the seed is secret: shuffle dice blanked."""
    out = []
    for r in rolls:
        c = common_pb2.DieRoll()
        c.CopyFrom(r)
        if r.purpose.startswith(DECK_PURPOSE) and not state.finished and not state.seed:
            c.value = 0
        out.append(c)
    return out
