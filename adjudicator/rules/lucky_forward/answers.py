"""Answers to the pending decisions, by decision kind: each checks the answer
against its decision (core/decisions.py) and the rules, then goes on with the
procedure that asked (the sequence of play, an FS mission, a GA)."""

from __future__ import annotations

from collections.abc import Callable

from adjudicator.core.decisions import check_answer
from adjudicator.core.dice import DiceSource
from adjudicator.core.verdicts import VerdictBuilder
from adjudicator.rules.lucky_forward import designations, ena, fs_results, fuel, ga_answers, losses
from adjudicator.rules.lucky_forward import stacking_end
from adjudicator.rules.lucky_forward.model import Model
from umpire.v1 import action_pb2

Validator = Callable[[Model, action_pb2.Action, VerdictBuilder], None]
Applier = Callable[[Model, action_pb2.Action, DiceSource], None]


def _generic(m: Model, action: action_pb2.Action, b: VerdictBuilder) -> None:
    check_answer(m.state.pending, action.answer, b)


def _one(fn: Callable[[Model, str, DiceSource], None]) -> tuple[Validator, Applier]:
    def apply(m: Model, action: action_pb2.Action, dice: DiceSource) -> None:
        fn(m, action.answer.choices[0], dice)

    return _generic, apply


def _fs(fn: Callable[[Model, str], None]) -> Callable[[Model, str, DiceSource], None]:
    def go(m: Model, choice: str, dice: DiceSource) -> None:
        m.state.ClearField("pending")
        fn(m, choice)
        fs_results.run(m, dice)

    return go


def _first_hit(m: Model, choice: str) -> None:
    m.lf.fs.first_hit = choice
    m.lf.fs.stage = "step1" if choice == "step" else "retreat"


def _drms(m: Model, choice: str, dice: DiceSource) -> None:
    m.state.ClearField("pending")
    fs_results.set_drm(m, choice, dice)


def _fatigue(m: Model, choice: str, dice: DiceSource) -> None:
    m.state.ClearField("pending")
    fs_results.answer_fatigue(m, int(choice), dice)


def _ad(m: Model, choice: str, dice: DiceSource) -> None:
    m.state.ClearField("pending")
    fs_results.answer_ad(m, choice, dice)


def _advance_apply(m: Model, action: action_pb2.Action, dice: DiceSource) -> None:
    m.state.ClearField("pending")
    fs_results.answer_advance(m, list(action.answer.choices), dice)


def _advance_validate(m: Model, action: action_pb2.Action, b: VerdictBuilder) -> None:
    check_answer(m.state.pending, action.answer, b)
    if not b.ok:
        return
    chosen = [c for c in action.answer.choices if not c.startswith("tac:")]
    for c in action.answer.choices:
        if c.startswith("tac:") and c[4:] not in chosen:
            b.violation("NOT_ADVANCING", f"{c[4:]} reverts to Tac only if it advances", m.state.pending.citation)
    if chosen:
        from adjudicator.rules.lucky_forward import stacking

        h = m.hex_id(m.lf.fs.target)
        if not stacking.hex_fits(m, h, extra=[m.units[c] for c in chosen]):
            b.violation("STACKING", "advancing units must meet the target hex's stacking limit",
                        m.state.pending.citation)


def _losses_apply(m: Model, action: action_pb2.Action, dice: DiceSource) -> None:
    d = m.state.pending
    purpose = d.context.get("purpose", "")
    choice = action.answer.choices[0]
    m.state.ClearField("pending")
    if purpose == "fs-step1":
        fs_results.choose_step_one(m, choice)
        fs_results.run(m, dice)
        return
    if purpose.startswith("fs:"):
        stage = purpose[3:]
        if stage == "adjacent-loss":
            from adjudicator.rules.lucky_forward import steps

            units = fs_results._targets(m)
            r = steps.LossRules(units=units, max_step_loss=False, z_fulfil=all(u.is_z for u in units))
            losses.apply_losses(m, r, choice.split("+"), "retreat into a non-MCT hex next to the enemy", "11.6.3d")
            mark = next((x for x in m.lf.marks if x.startswith("fs-after-retreat:")), "fs-after-retreat:fail")
            m.lf.marks.remove(mark) if mark in m.lf.marks else None
            fs_results.continue_after_retreat(m, mark.endswith("ret"))
        else:
            losses.apply_losses(m, fs_results._rules(m, stage in ("fail-losses", "ret-losses")), choice.split("+"),
                                f"FS on {m.lf.fs.target}", "11.6.2")
            fs_results.after_losses(m, stage, len(choice.split("+")))
        fs_results.run(m, dice)
        return
    ga_answers.losses_answer(m, purpose, choice, dice)


def _retreat(m: Model, choice: str, dice: DiceSource) -> None:
    m.state.ClearField("pending")
    fs_results.retreated(m, choice)
    fs_results.run(m, dice)


def _ta_keep(m: Model, choice: str, dice: DiceSource) -> None:
    designations.answer_ta_keep(m, choice, dice)


def _adv_limit(m: Model, choice: str, dice: DiceSource) -> None:
    designations.answer_adv_limit(m, choice, dice)


HANDLERS: dict[str, tuple[Validator, Applier]] = {
    fuel.FUEL_OPTION: _one(fuel.answer_fuel_option),
    fuel.FUEL_UNITS: (_generic, lambda m, a, dice: fuel.answer_units(m, list(a.answer.choices), dice)),
    designations.TA_KEEP: _one(_ta_keep),
    designations.ADV_LIMIT: _one(_adv_limit),
    stacking_end.ELIMINATE_OVERSTACK: _one(stacking_end.answer_overstack),
    ena.ENA_CALL: _one(ena.answer_call),
    ena.ENA_FIRST: _one(ena.answer_first),
    fs_results.FS_DRMS: _one(_drms),
    fs_results.FS_FIRST_HIT: _one(_fs(_first_hit)),
    fs_results.FS_RETREAT: _one(_retreat),
    fs_results.FS_FATIGUE: _one(_fatigue),
    fs_results.FS_AD: _one(_ad),
    fs_results.FS_ADVANCE: (_advance_validate, _advance_apply),
    losses.STEP_LOSSES: (_generic, _losses_apply),
    **ga_answers.HANDLERS,
}
