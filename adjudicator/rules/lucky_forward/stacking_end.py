"""What happens when a Movement Segment or an Exploit Phase ends: stacking is
checked (6.0, 6.7.0: the phasing player eliminates the excess, his choice),
and Recon units in Exploit stacked with other units lose the marker (5.3.1)."""

from __future__ import annotations

from adjudicator.core import decisions as dec
from adjudicator.core.dice import DiceSource
from adjudicator.rules.lucky_forward import sop, stacking
from adjudicator.rules.lucky_forward.cite import GOSS
from adjudicator.rules.lucky_forward.model import EXPLOIT, TAC, Model
from adjudicator.rules.lucky_forward.sop import Step

ELIMINATE_OVERSTACK = "ELIMINATE_OVERSTACK"


def end_of_movement(m: Model, dice: DiceSource, step: Step) -> None:
    side = m.state.active_side
    for u in m.side_units(side):
        if u.st.mode == EXPLOIT and u.has("recon") and any(x.st.mode != EXPLOIT for x in m.stack(u.hex) if x.side == side):
            u.st.mode = TAC
            m.emit("MODE_CHANGED", f"{u.d.name or u.id}: a Recon unit in Exploit stacked with other units leaves "
                   "Exploit", ["5.3.1"], units=[u.id])
    ask_overstack(m, side)


def ask_overstack(m: Model, side: str) -> None:
    for h in sorted({u.hex for u in m.side_units(side)}):
        if not stacking.overstacked(m, h, side):
            continue
        options = stacking.removals(m, h, side)
        m.state.pending.CopyFrom(dec.decision(
            m.next_decision_id(), side, ELIMINATE_OVERSTACK,
            f"{m.label(h)} is overstacked: eliminate enough units to meet the stacking limit",
            GOSS.cite("6.7.0"),
            [dec.option("+".join(o), f"eliminate {', '.join(o)}", units=o) for o in options],
            context={"hex": m.label(h)}))
        return


def answer_overstack(m: Model, choice: str, dice: DiceSource) -> None:
    side = m.state.pending.side
    m.state.ClearField("pending")
    for uid in choice.split("+"):
        m.eliminate(m.units[uid], "overstacked at the end of the phase", ["6.7.0"])
    ask_overstack(m, side)
    sop.resume(m, dice)


def register() -> None:
    for key in (("movement", "movement"), ("inactive-exploit", ""), ("active-exploit", "")):
        sop.EXIT[key] = end_of_movement
