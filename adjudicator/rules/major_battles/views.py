"""What one side sees: the generic view (the other side's private data and
the pending decision's options removed) plus this game's own secret: the
order of the face-down movement cards, hidden from both players alike. The
dice thrown to shuffle the deck would reveal that order, so their values are
blanked (0) in a player's view while the seed is secret (the game is not over
and the seed not revealed); the server keeps them, and once the seed is out
anyone can recompute them, so views show them again and `verify-dice` works on
an exported record."""

from __future__ import annotations

import random
from collections.abc import Sequence

from adjudicator.core.secrecy import perturb_rolls
from adjudicator.core.views import generic_view
from adjudicator.rules.major_battles.deck import CARD_IDS, GAME_ENDS, known_values
from umpire.v1 import common_pb2, major_battles_pb2 as mbp, state_pb2

DECK_PURPOSE = "movement deck:"


def view(state: state_pb2.GameState, side: str) -> state_pb2.GameState:
    v = generic_view(state, side)
    for pack in v.major_battles.packs:
        hidden = [mbp.MbCard(id=GAME_ENDS) if c.id == GAME_ENDS else mbp.MbCard() for c in pack.face_down]
        del pack.face_down[:]
        pack.face_down.extend(hidden)
    if not v.finished and not v.seed:
        # The view is a private copy: blank its shuffle dice in place (as
        # view_rolls does), not a second copy of the whole log.
        for r in v.dice_log:
            if r.purpose.startswith(DECK_PURPOSE):
                r.value = 0
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


def perturb(state: state_pb2.GameState, side: str, rng: random.Random) -> state_pb2.GameState | None:
    """A twin dealt another way (for the non-interference test, core/secrecy.py):
    the cards no player has seen — the face-down cards of packs never turned
    over, and the cards left out of the deal — shuffled and dealt again into
    the same face-down places, the Game Ends card kept at the bottom of the
    blue pack, and the shuffle dice thrown again. Nothing to change in a
    physical deck (the server does not know its cards either) or once the seed
    is out."""
    if state.finished or state.seed or state.major_battles.deck_mode != "dealt":
        return None
    out = state_pb2.GameState()
    out.CopyFrom(state)
    values = known_values(out.scenario.definition.tables)
    packs = out.major_battles.packs
    in_play = {c.id for p in packs for c in list(p.face_down) + list(p.face_up)}
    # Packs turned over hold only cards their players have already seen (MB ¶3).
    slots = [(p, i) for p in packs if not p.turned_over for i, c in enumerate(p.face_down) if c.id != GAME_ENDS]
    unseen = [p.face_down[i].id for p, i in slots] + [cid for cid in CARD_IDS if cid not in in_play]
    if len(unseen) < 2:
        return None
    rng.shuffle(unseen)
    for (p, i), cid in zip(slots, unseen):
        p.face_down[i].CopyFrom(mbp.MbCard(id=cid, value=values[cid]))
    perturb_rolls(out.dice_log, lambda r: r.purpose.startswith(DECK_PURPOSE), rng)
    return out
