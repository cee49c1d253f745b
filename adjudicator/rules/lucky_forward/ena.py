"""Extended night activity (3.4): the call, the first player, activations and
the mutual fatigue phase. ENA periods are allowed from the scenario's
`ena_from_game_day` on (LF 3.4.0: GD 83).

Both sides are asked in turn whether they call an ENA period; the first
answer is private, so the second side answers without knowing it (3.4.1: an
independent decision). Both sides then roll 1d10 (3.4.2: the roll is each
side's activation allowance; the text has the rolls made when both call, and
every ENA needs the allowances: they are rolled whenever an ENA happens); when
both called, the higher roll (the Axis on a tie) picks the first player.
"""

from __future__ import annotations

from adjudicator.core import decisions as dec
from adjudicator.core.dice import DiceSource
from adjudicator.core.verdicts import VerdictBuilder
from adjudicator.rules.lucky_forward import fatigue, modes, prc, sop
from adjudicator.rules.lucky_forward.cite import ALLIED, AXIS, GOSS, SIDES
from adjudicator.rules.lucky_forward.model import EXPLOIT, OUT, TAC, Model
from adjudicator.rules.lucky_forward.sop import Step
from umpire.v1 import action_pb2

ENA_CALL = "ENA_CALL"
ENA_FIRST = "ENA_FIRST"


def allowed(m: Model) -> bool:
    x = m.sc.ena_from_game_day
    return bool(x) and m.lf.game_day >= x


def call(m: Model, dice: DiceSource, step: Step) -> None:
    if not allowed(m):
        return
    _ask_call(m, ALLIED)


def _ask_call(m: Model, side: str) -> None:
    m.state.pending.CopyFrom(dec.decision(
        m.next_decision_id(), side, ENA_CALL, "extend the night GT with an ENA period?", GOSS.cite("3.4.0"),
        [dec.option("call", "call an ENA period"), dec.option("pass", "no ENA period")],
        context={"private": "true"}))


def answer_call(m: Model, choice: str, dice: DiceSource) -> None:
    side = m.state.pending.side
    m.state.ClearField("pending")
    if choice == "call":
        m.lf.ena.called.append(side)
    if side == ALLIED:
        _ask_call(m, AXIS)
        return
    called = list(m.lf.ena.called)
    if not called:
        m.emit("ENA", "no side calls an ENA period", ["3.4.0"])
        sop.resume(m, dice)
        return
    rolls = {s: dice.roll(10, f"ENA die roll {s}") % 10 for s in SIDES}
    for s in SIDES:
        m.lf.ena.activations[s] = rolls[s]
        m.lf.ena.activations[f"{s}:roll"] = rolls[s]
    m.emit("ENA", f"ENA period called by {' and '.join(called)}: rolls allied {rolls[ALLIED]}, axis {rolls[AXIS]}",
           ["3.4.1", "3.4.2"])
    if len(called) == 1:
        _start(m, called[0], dice)
        return
    winner = AXIS if rolls[AXIS] >= rolls[ALLIED] else ALLIED  # 3.4.1: the Axis wins ties
    m.state.pending.CopyFrom(dec.decision(
        m.next_decision_id(), winner, ENA_FIRST, "you rolled higher: which side is the first player?",
        GOSS.cite("3.4.1"), [dec.option(ALLIED, "the Allies move first"), dec.option(AXIS, "the Axis moves first")]))


def answer_first(m: Model, choice: str, dice: DiceSource) -> None:
    m.state.ClearField("pending")
    _start(m, choice, dice)


def _start(m: Model, first: str, dice: DiceSource) -> None:
    m.lf.ena.first = first
    m.lf.ena.active = True
    m.emit("ENA_STARTED", f"ENA period: {first} is the first player", ["3.4.5"])
    sop.resume(m, dice)


def validate_activate(m: Model, action: action_pb2.Action, b: VerdictBuilder) -> None:
    if not sop.guard(m, "lucky_forward.activate", action, b):
        return
    if f"ena-moved:{action.side}:{m.lf.step}" in m.lf.marks:
        b.violation("NOT_AT_START", "activation checks are made at the start of the phase", GOSS.cite("3.4.2b"))
    r = action.lucky_forward.activate
    left = m.lf.ena.activations.get(action.side, 0)
    if r.leader:
        ldr = m.units.get(r.leader)
        if ldr is None or ldr.side != action.side or not ldr.is_leader:
            b.violation("NOT_LEADER", f"{r.leader!r} is not one of your leaders", GOSS.cite("3.4.2a"))
            return
        if not ldr.st.leader_active:
            b.violation("INACTIVE", "the leader must be active", GOSS.cite("3.4.2a"))
        hq_hex = m.hq_unit_hex(ldr.c.leader_hq)
        if hq_hex != ldr.hex:
            b.violation("NOT_WITH_HQ", "a formation leader activates from his formation HQ's hex", GOSS.cite("3.4.2a"))
        if left < (m.lf.ena.activations.get(f"{action.side}:roll", left) + 1) // 2:
            b.violation("NO_ALLOWANCE", "a leader's attempt uses half the side's ENA allowance", GOSS.cite("3.4.2a"))
    if len(r.unit_ids) > left:
        b.violation("NO_ALLOWANCE", f"you may attempt {left} more activation(s)", GOSS.cite("3.4.2"))
    for uid in r.unit_ids:
        u = m.units.get(uid)
        if u is None or u.side != action.side or not u.on_map:
            b.violation("NOT_YOURS", f"{uid} is not a unit of yours on the map", GOSS.cite("3.4.2"), uid)
        elif u.st.ena_active:
            b.violation("ACTIVE", f"{uid} is already active", GOSS.cite("3.4.2"), uid)
        elif u.st.supply == OUT or u.st.out_of_command or u.st.mode not in (TAC, EXPLOIT):
            b.violation("CANNOT_ACTIVATE", f"{uid}: ENA units are not OoS or OoC and are in Tac or Exploit mode",
                        GOSS.cite("3.4.2"), uid)


def apply_activate(m: Model, action: action_pb2.Action, dice: DiceSource) -> None:
    r = action.lucky_forward.activate
    e = m.lf.ena
    side = action.side
    key = f"{side}:roll"
    if key not in e.activations:
        e.activations[key] = e.activations.get(side, 0)
    if r.leader:
        ldr = m.units[r.leader]
        cost = (e.activations[key] + 1) // 2
        e.activations[side] = e.activations.get(side, 0) - cost
        roll = dice.roll(10, f"ENA activation {ldr.id}") % 10
        if roll < ldr.c.leader_activation:
            units = [u for u in m.side_units(side) if u.hq == ldr.c.leader_hq and u.st.supply != OUT
                     and not u.st.out_of_command and u.st.mode in (TAC, EXPLOIT)]
            for u in units:
                u.st.ena_active = True
            m.emit("ENA_ACTIVATION", f"{ldr.d.name or ldr.id} rolls {roll} < {ldr.c.leader_activation}: the formation "
                   f"activates ({len(units)} units); {e.activations[side]} activations left", ["3.4.2a"],
                   units=[u.id for u in units])
        else:
            m.emit("ENA_ACTIVATION", f"{ldr.d.name or ldr.id} rolls {roll}: no activation; {e.activations[side]} "
                   "activations left", ["3.4.2a"])
    for uid in r.unit_ids:
        u = m.units[uid]
        e.activations[side] = e.activations.get(side, 0) - 1
        ok, text = prc.check(m, dice, u, "offensive", 0, f"ENA activation {uid}", case="3.4.2b")
        u.st.ena_active = ok
        m.emit("ENA_ACTIVATION", f"{u.d.name or uid}: {text}", ["3.4.2b"], units=[uid])


def mutual_fatigue(m: Model, dice: DiceSource, step: Step) -> None:
    """3.4.5c / 3.4.6: one fatigue hit per ENA action, placed now; units in an
    MR bonus period are exempt."""
    for u in sorted(m.units.values(), key=lambda x: x.id):
        n, u.st.ena_fatigue_due = u.st.ena_fatigue_due, 0
        u.st.ena_active = False
        if not u.on_map or modes.in_bonus(m, u):
            continue
        for _ in range(n):
            fatigue.hit(m, u, "ENA activity", ("3.4.6",))


def skip_when_unused(m: Model, step: Step) -> bool:
    """3.3.5 / 3.4.5: at night and in ENA a side moves its Exploit units in one
    of its two Exploit Phases: the other passes; a side without Exploit or MR
    units has nothing to do in one."""
    side = m.state.active_side
    if not any(u.st.mode in (EXPLOIT, 3) for u in m.side_units(side)):
        return True
    if m.night:
        used = m.lf.night_exploit.used.get(side, "")
        here = "active" if step.phase == "active-exploit" else "inactive"
        if used and used != here:
            return True
    return False


def register() -> None:
    sop.AUTO[("ena-call", "")] = call
    sop.AUTO[("mutual-fatigue", "")] = mutual_fatigue
    sop.SKIP[("inactive-exploit", "")] = skip_when_unused
    sop.SKIP[("active-exploit", "")] = skip_when_unused
