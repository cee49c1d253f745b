"""Who may act now, with the real reason when a side may not: a refusal in the
setup names the setup (place your units first, or the other side is placing),
not "not your turn" (issue 13). Every turn-bound action (turn a card, move,
land, attack, end the turn) asks here first."""

from __future__ import annotations

from adjudicator.core.verdicts import VerdictBuilder
from adjudicator.rules.major_battles import citations as C
from adjudicator.rules.major_battles.model import Game
from umpire.v1 import common_pb2


def in_turn(g: Game, side: str, what: str, b: VerdictBuilder, cite: common_pb2.Citation = C.DECK) -> bool:
    """Whether it is `side`'s turn to `what`; otherwise one violation with why."""
    if g.phase == "turn" and g.active == side:
        return True
    if g.phase == "setup":
        if g.active == side:
            # MB "Positioning of Units" ¶1: each player places his starting units, then ends his setup.
            b.violation("SETUP_FIRST", f"{side} cannot {what} yet: the setup is on; place your starting units, "
                        "then end your setup (end_phase) before the first turn", C.POSITIONING)
        else:
            b.violation("NOT_YOUR_SETUP", f"{side} cannot {what} during the setup: {g.active} is placing units "
                        "now", C.POSITIONING)
        return False
    if g.phase != "turn":
        b.violation("WRONG_PHASE", f"{side} cannot {what} in the {g.phase or 'current'} phase", cite)
        return False
    b.violation("NOT_YOUR_TURN", f"{side} cannot {what} now: it is {g.active}'s turn", cite)
    return False
