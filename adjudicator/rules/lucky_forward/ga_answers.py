"""Answers to the GA's pending decisions."""

from __future__ import annotations

from collections.abc import Callable

from adjudicator.core.decisions import check_answer
from adjudicator.core.dice import DiceSource
from adjudicator.core.verdicts import VerdictBuilder
from adjudicator.rules.lucky_forward import ga_advance, ga_apply, ga_results, losses
from adjudicator.rules.lucky_forward.cite import GOSS
from adjudicator.rules.lucky_forward.model import Model
from umpire.v1 import action_pb2

Validator = Callable[[Model, action_pb2.Action, VerdictBuilder], None]
Applier = Callable[[Model, action_pb2.Action, DiceSource], None]


def _v(m: Model, action: action_pb2.Action, b: VerdictBuilder) -> None:
    check_answer(m.state.pending, action.answer, b)


def _line(m: Model, action: action_pb2.Action, dice: DiceSource) -> None:
    m.state.ClearField("pending")
    ga_results.set_line(m, int(action.answer.choices[0]), dice)


def _defender_v(m: Model, action: action_pb2.Action, b: VerdictBuilder) -> None:
    check_answer(m.state.pending, action.answer, b)
    if not b.ok:
        return
    for text, case in ga_results.check_defender(m, list(action.answer.choices)):
        b.violation("GA_DECLARATION", text, GOSS.cite(case))


def _defender(m: Model, action: action_pb2.Action, dice: DiceSource) -> None:
    m.state.ClearField("pending")
    ga_results.set_defender(m, list(action.answer.choices), dice)


def _attacker_v(m: Model, action: action_pb2.Action, b: VerdictBuilder) -> None:
    check_answer(m.state.pending, action.answer, b)
    ch = list(action.answer.choices)
    if len([c for c in ch if c.startswith("leader:")]) > 1:
        b.violation("GA_DECLARATION", "one leader bonus per GA", GOSS.cite("23.2.1b"))
    if len([c for c in ch if c.startswith("cr:")]) > 3:
        b.violation("GA_DECLARATION", "at most three CR units per side", GOSS.cite("13.8.2"))


def _attacker(m: Model, action: action_pb2.Action, dice: DiceSource) -> None:
    m.state.ClearField("pending")
    ga_results.set_attacker(m, list(action.answer.choices), dice)


def _reduce(m: Model, action: action_pb2.Action, dice: DiceSource) -> None:
    m.state.ClearField("pending")
    ga_apply.answer_reduce(m, list(action.answer.choices), dice)


def _option(m: Model, action: action_pb2.Action, dice: DiceSource) -> None:
    m.state.ClearField("pending")
    ga_apply.answer_option(m, action.answer.choices[0], dice)


def _mix(m: Model, action: action_pb2.Action, dice: DiceSource) -> None:
    m.state.ClearField("pending")
    ga_apply.answer_mix(m, int(action.answer.choices[0]), dice)


def _retreat(m: Model, action: action_pb2.Action, dice: DiceSource) -> None:
    ga_apply.answer_retreat(m, action.answer.choices[0], dice)


def _advance_v(m: Model, action: action_pb2.Action, b: VerdictBuilder) -> None:
    check_answer(m.state.pending, action.answer, b)
    if not b.ok:
        return
    why = ga_advance.check(m, list(action.answer.choices))
    if why:
        b.violation("ADVANCE", why, GOSS.cite("13.12.2"))


def _advance(m: Model, action: action_pb2.Action, dice: DiceSource) -> None:
    m.state.ClearField("pending")
    ga_advance.apply(m, list(action.answer.choices))
    m.lf.ga.stage = "finish"
    ga_apply.run(m, dice)


def losses_answer(m: Model, purpose: str, choice: str, dice: DiceSource) -> None:
    """A STEP_LOSSES answer for a GA (purpose "ga:<stage>")."""
    stage = purpose.split(":", 1)[1]
    s = ga_apply._side(m)
    chosen = choice.split("+")
    if stage == "mandatory":
        r = ga_apply._rules(m, s, not s.ignore_max_step_loss, priority=True)
        losses.apply_losses(m, r, chosen, f"GA on {m.lf.ga.hex}: mandatory hits", "13.10.3")
        ga_apply.after_mandatory(m, s, len(chosen))
    else:
        r = ga_apply._rules(m, s, stage == "short-losses")
        losses.apply_losses(m, r, chosen, f"GA on {m.lf.ga.hex}: discretionary hits", "13.10.4")
        ga_apply.after_losses(m, s, stage, len(chosen))
    ga_apply.run(m, dice)


HANDLERS: dict[str, tuple[Validator, Applier]] = {
    ga_results.GA_LINE: (_v, _line),
    ga_results.GA_DEFENDER: (_defender_v, _defender),
    ga_results.GA_ATTACKER: (_attacker_v, _attacker),
    ga_apply.GA_REDUCE: (_v, _reduce),
    ga_apply.GA_OPTION: (_v, _option),
    ga_apply.GA_MIX: (_v, _mix),
    ga_apply.GA_RETREAT: (_v, _retreat),
    ga_apply.GA_ADVANCE: (_advance_v, _advance),
}
