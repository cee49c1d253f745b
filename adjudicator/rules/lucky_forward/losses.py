"""Step losses chosen by their owner: a pending decision whose options are the
allocations the rules allow (steps.outcomes), or the losses applied at once
when the rules leave no choice."""

from __future__ import annotations

from adjudicator.core import decisions as dec
from adjudicator.rules.lucky_forward import steps
from adjudicator.rules.lucky_forward.cite import GOSS
from adjudicator.rules.lucky_forward.model import Model

STEP_LOSSES = "STEP_LOSSES"


def allocate(m: Model, side: str, n: int, rules: steps.LossRules, why: str, case: str,
             context: dict[str, str]) -> int | None:
    """Take `n` losses under `rules`: returns how many were applied now (the
    rules left one allocation), or None when the owner must choose (a pending
    STEP_LOSSES decision with `context`). Losses the rules cannot place (Max
    step loss reached) are left to the caller: n is capped first."""
    n = steps.capacity(rules, n)
    if n == 0:
        return 0
    outs = steps.outcomes(rules, n)
    if len(outs) == 1:
        apply_losses(m, rules, outs[0], why, case)
        return n
    ctx = dict(context)
    ctx["count"] = str(n)
    m.state.pending.CopyFrom(dec.decision(
        m.next_decision_id(), side, STEP_LOSSES, f"{why}: choose the {n} step loss(es)", GOSS.cite(case),
        [dec.option("+".join(o), ", ".join(o), units=sorted(set(o))) for o in outs], context=ctx))
    return None


def apply_losses(m: Model, rules: steps.LossRules, chosen: tuple[str, ...] | list[str], why: str, case: str) -> None:
    order = steps.ordered(rules, chosen) or list(chosen)
    for uid in order:
        u = m.units[uid]
        steps.take_loss(m, u, why, (case,))
        u.st.losses_this_combat += 1
