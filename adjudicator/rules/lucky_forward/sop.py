"""The sequence of play (3.3-3.5) as data and a state machine.

A GT is a *program*: the ordered segments of 3.3.0, built for the GT's time
(AM GTs start with the joint pre-GD phases, 3.3.1; PM and Night GTs with the
Weather and Fuel Value phases only, 3.3.1 Important), the Allied player turn,
the Axis player turn, and at night the ENA call and, if called, the ENA
period's own sequence (3.4.5). `LuckyForwardState.step` is the index of the
current segment. Segments are acted in by one side (the phasing player, the
other player, or a named side), or run by the engine ("auto": rolls and
bookkeeping the rules make automatic, and the phases later stages implement,
which pass with an event saying so). A segment in which the acting side can do
nothing at all passes at once.

`GameState.phase`/`segment` carry the current phase and segment ids,
`GameState.active_side` the side that acts now, `LuckyForwardState.phasing`
the player whose player turn it is.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, timedelta

from adjudicator.core.dice import DiceSource
from adjudicator.core.verdicts import VerdictBuilder
from adjudicator.rules.lucky_forward.cite import ALLIED, AXIS, GOSS, other
from adjudicator.rules.lucky_forward.model import Model
from umpire.v1 import action_pb2

TIMES = ("AM", "PM", "night")


@dataclass(frozen=True)
class Step:
    turn: str  # "joint", "allied", "axis", "ena-1", "ena-2", "ena", "end"
    phase: str
    segment: str
    actor: str  # "auto", "phasing", "other", "axis", "allied"
    case: str
    title: str


def _turn(owner: str) -> list[Step]:
    t = owner
    return [
        Step(t, "mode-determination", "", "phasing", "3.3.2a", "Mode Determination Phase"),
        Step(t, "construction", "", "auto", "3.3.2b", "Construction Phase"),
        Step(t, "movement", "cr-designation", "phasing", "3.3.2c", "Combat Reserve Designation Segment"),
        Step(t, "movement", "movement", "phasing", "3.3.2c", "Movement Segment"),
        Step(t, "movement", "command-status", "auto", "3.3.2c", "Command Status Segment"),
        Step(t, "movement", "quick-construction", "auto", "3.3.2c", "Quick Construction Segment"),
        Step(t, "inactive-exploit", "", "other", "3.3.2d", "Inactive Player Exploit Phase"),
        Step(t, "combat", "ta-designation", "phasing", "3.3.2e", "Tactical Assault Designation Segment"),
        Step(t, "combat", "replacement", "auto", "3.3.2e", "Replacement Segment"),
        Step(t, "combat", "fs-air", "auto", "11.1.0", "FS Segment: offensive air support"),
        Step(t, "combat", "fs-defensive", "other", "11.1.0", "FS Segment: defensive support"),
        Step(t, "combat", "fs-offensive", "phasing", "11.1.0", "FS Segment: offensive support"),
        Step(t, "combat", "attacker-status", "phasing", "12.0", "Attacker Status Adjustment Segment"),
        Step(t, "combat", "ground-assault", "phasing", "13.0", "Ground Assault Segment"),
        Step(t, "combat", "as-removal", "auto", "13.13.0", "Artillery Shift Marker Removal Segment"),
        Step(t, "active-exploit", "", "phasing", "3.3.2f", "Active Player Exploit Phase"),
        Step(t, "administrative", "", "auto", "3.3.2g", "Administrative Phase"),
    ]


JOINT_AM = [
    Step("joint", "air-allocation", "", "auto", "3.3.1a", "Joint Air Allocation Phase"),
    Step("joint", "weather", "weather", "auto", "3.3.1b", "Weather Segment"),
    Step("joint", "weather", "ground-interdiction", "auto", "3.3.1b", "Ground Interdiction Value Segment"),
    Step("joint", "command", "rest-designation", "axis", "3.3.1c", "Rest GT Designation Segment"),
    Step("joint", "command", "command", "auto", "3.3.1c", "Command Segment"),
    Step("joint", "command", "naval", "auto", "3.3.1c", "Naval Unit Assignment Segment"),
    Step("joint", "command", "lull", "auto", "3.3.1c", "Lull Determination Segment"),
    Step("joint", "command", "leader-activation", "auto", "3.3.1c", "Ldr Activation Segment"),
    Step("joint", "command", "surrender", "auto", "3.3.1c", "Surrender Segment"),
    Step("joint", "logistics", "", "auto", "3.3.1d", "Joint Logistics Phase"),
    Step("joint", "fuel-value", "", "auto", "3.3.1e", "Joint Fuel Value Determination Phase"),
]
JOINT_LATER = [
    Step("joint", "weather", "weather", "auto", "3.3.1b", "Weather Segment"),
    Step("joint", "weather", "ground-interdiction", "auto", "3.3.1b", "Ground Interdiction Value Segment"),
    Step("joint", "fuel-value", "", "auto", "3.3.1e", "Joint Fuel Value Determination Phase"),
]


def _ena_turn(t: str) -> list[Step]:
    """An ENA player turn (3.4.5a/b): Movement, the other player's Exploit,
    Combat, own Exploit; no Mode Determination or Administrative Phase."""
    segs = [s for s in _turn(t) if s.phase in ("movement", "inactive-exploit", "combat", "active-exploit")]
    return [Step(s.turn, s.phase, s.segment, s.actor, "3.4.5", s.title + " (ENA)") for s in segs]


END_NIGHT = [Step("end", "ena-call", "", "auto", "3.4.0", "ENA call")]
ENA = _ena_turn("ena-1") + _ena_turn("ena-2") + [
    Step("ena", "mutual-fatigue", "", "auto", "3.4.5c", "ENA Mutual Fatigue Phase")]
UPDATE = [Step("end", "update", "", "auto", "3.3.4", "Update Game Turn Indicator")]


_PROGRAMS: dict[tuple[str, bool], list[Step]] = {}


def program(m: Model) -> list[Step]:
    """The GT's segments in order (3.3-3.5); one list per kind of GT (the
    steps are immutable, so the lists are shared)."""
    lf = m.lf
    key = (lf.time, bool(lf.ena.active))
    got = _PROGRAMS.get(key)
    if got is None:
        joint = JOINT_AM if lf.time == "AM" else JOINT_LATER
        got = joint + _turn(ALLIED) + _turn(AXIS)
        if lf.time == "night":
            got = got + END_NIGHT + (ENA if lf.ena.active else [])
        got = got + UPDATE
        _PROGRAMS[key] = got
    return got


def current(m: Model) -> Step:
    prog = program(m)
    return prog[min(m.lf.step, len(prog) - 1)]


def phasing_of(m: Model, step: Step) -> str:
    if step.turn in (ALLIED, AXIS):
        return step.turn
    if step.turn == "ena-1":
        return m.lf.ena.first
    if step.turn == "ena-2":
        return other(m.lf.ena.first)
    return ""


def actor_of(m: Model, step: Step) -> str:
    if step.actor == "phasing":
        return phasing_of(m, step)
    if step.actor == "other":
        return other(phasing_of(m, step))
    if step.actor in (ALLIED, AXIS):
        return step.actor
    return ""


# -- the calendar (LF 3.1.1)
def day_date(m: Model, gd: int) -> date:
    """GD n = day zero + n days (LF 3.1.1: GD 1 = 5 Sep 1944)."""
    zero = date.fromisoformat(m.sc.day_zero or "1944-09-04")
    return zero + timedelta(days=gd)


def game_length(m: Model) -> int:
    return int(m.opts.game_length)


def last_day(m: Model) -> int:
    return m.sc.last_game_day or game_length(m)


def time_label(m: Model) -> str:
    return f"GD {m.lf.game_day} ({day_date(m, m.lf.game_day).isoformat()}) {m.lf.time}" + (
        " ENA" if m.lf.ena.active else "")


# -- the machine
AutoHandler = Callable[[Model, DiceSource, Step], None]
SkipCheck = Callable[[Model, Step], bool]
AUTO: dict[tuple[str, str], AutoHandler] = {}
ENTER: dict[tuple[str, str], AutoHandler] = {}
SKIP: dict[tuple[str, str], SkipCheck] = {}
EXIT: dict[tuple[str, str], AutoHandler] = {}
# What must be done before the acting side may end a segment (e.g. 3.5.0: the
# rest GT designated; 13.4.0: every designated unit attacked).
DONE: dict[tuple[str, str], Callable[[Model, action_pb2.Action, VerdictBuilder], None]] = {}


def enter_step(m: Model, dice: DiceSource, index: int) -> None:
    """Go to segment `index` of the GT's program and on until a side must act."""
    while True:
        prog = program(m)
        if index >= len(prog):
            return
        m.lf.step = index
        step = prog[index]
        s = m.state
        s.phase, s.segment = step.phase, step.segment
        m.lf.phasing = phasing_of(m, step)
        s.active_side = actor_of(m, step)
        key = (step.phase, step.segment)
        if step.actor == "auto":
            AUTO.get(key, _pass_stage)(m, dice, step)
            if s.finished:
                return
            if s.HasField("pending"):
                return
            if m.lf.step != index:  # the handler moved the machine (the update step)
                index = m.lf.step
                continue
            index += 1
            continue
        hook = ENTER.get(key)
        if hook is not None:
            hook(m, dice, step)  # the segment's start-of-segment rules, even when it then passes
            if s.HasField("pending"):
                return
        skip = SKIP.get(key)
        if skip is not None and skip(m, step):
            m.emit("SEGMENT_PASSED", f"{step.title} ({step.case}): {s.active_side} has nothing to do; it passes",
                   [step.case], side=s.active_side)
            index += 1
            continue
        return


STAGE_OF = {
    "air-allocation": "4 (air points, 20.0)", "ground-interdiction": "4 (air, 20.3)",
    "command": "4 (attachments and boundaries, 9.0)", "naval": "none: Lucky Forward has no naval units (11.9.0)",
    "lull": "4 (lulls, 24.0)", "logistics": "4 (16.0)", "construction": "4 (17.0)",
    "command-status": "4 (ZOPs, 9.2; command status is kept as it is)", "quick-construction": "4 (17.3.3)",
    "replacement": "4 (22.0)", "fs-air": "4 (GS missions, 20.2)",
}


def _pass_stage(m: Model, dice: DiceSource, step: Step) -> None:
    stage = STAGE_OF.get(step.segment or step.phase, "")
    if stage:
        m.emit("SEGMENT_PASSED", f"{step.title} ({step.case}) passes: implemented in stage {stage}", [step.case])


def finish_segment(m: Model, dice: DiceSource) -> None:
    """The acting side ended the current segment: run its exit rules, then go on."""
    step = current(m)
    hook = EXIT.get((step.phase, step.segment))
    if hook is not None:
        hook(m, dice, step)
        if m.state.HasField("pending"):
            m.lf.marks.append(f"exit-done:{m.lf.step}")
            return
    enter_step(m, dice, m.lf.step + 1)


def resume(m: Model, dice: DiceSource) -> None:
    """Go on after a decision that an exit rule or an automatic segment asked."""
    if m.state.HasField("pending"):
        return
    mark = f"exit-done:{m.lf.step}"
    step = current(m)
    if mark in m.lf.marks:
        m.lf.marks.remove(mark)
        enter_step(m, dice, m.lf.step + 1)
    elif step.actor == "auto":
        enter_step(m, dice, m.lf.step + 1)


# -- which segments an action belongs to ("every action refused outside its phase")
ACTION_SEGMENTS: dict[str, tuple[tuple[tuple[str, str], ...], str]] = {
    "lucky_forward.set_mode": ((("mode-determination", ""),), "5.0"),
    "lucky_forward.set_stance": ((("mode-determination", ""),), "5.6.0"),
    "lucky_forward.set_reserve": ((("movement", "cr-designation"),), "5.8.0"),
    "lucky_forward.designate_rest": ((("command", "rest-designation"),), "3.5.2"),
    "lucky_forward.designate_assault": ((("combat", "ta-designation"),), "10.2.0"),
    "lucky_forward.remove_designation": ((("combat", "attacker-status"),), "12.2.0"),
    "lucky_forward.fire_support": ((("combat", "fs-defensive"), ("combat", "fs-offensive")), "11.1.0"),
    "lucky_forward.ground_assault": ((("combat", "ground-assault"),), "13.2.0"),
    "lucky_forward.enter_exploit": ((("inactive-exploit", ""), ("active-exploit", "")), "5.4.3"),
    "lucky_forward.activate": ((("movement", "movement"), ("inactive-exploit", ""), ("active-exploit", "")), "3.4.2b"),
    "move": ((("movement", "movement"), ("inactive-exploit", ""), ("active-exploit", "")), "3.3.2c"),
}


def guard(m: Model, key: str, action: action_pb2.Action, b: VerdictBuilder) -> bool:
    """The action is allowed in the current segment and by the side acting in it."""
    step = current(m)
    s = m.state
    allowed, case = ACTION_SEGMENTS[key]
    if (step.phase, step.segment) not in allowed:
        where = " or ".join(f"the {p}{' ' + g if g else ''} {'segment' if g else 'phase'}" for p, g in allowed)
        b.violation("WRONG_PHASE", f"{key.split('.')[-1]} is done in {where} ({case}); it is now "
                    f"{step.title} of {time_label(m)}", GOSS.cite(case))
        return False
    if key == "lucky_forward.activate" and not m.ena:
        b.violation("NOT_ENA", "units activate only at the start of ENA Movement and Exploit Phases", GOSS.cite(case))
        return False
    if action.side != s.active_side:
        b.violation("NOT_YOUR_SEGMENT", f"{step.title} ({step.case}) is {s.active_side or 'nobody'}'s to act in",
                    GOSS.cite(step.case))
        return False
    return True


def check_end_phase(m: Model, action: action_pb2.Action, b: VerdictBuilder) -> bool:
    step = current(m)
    s = m.state
    if action.side != s.active_side:
        b.violation("NOT_YOUR_SEGMENT", f"{step.title} ({step.case}) is {s.active_side or 'nobody'}'s to end",
                    GOSS.cite(step.case))
        return False
    want = action.end_phase.phase
    if want and want not in (step.phase, step.segment, f"{step.phase}/{step.segment}"):
        b.violation("PHASE_MISMATCH", f"you are ending {want!r} but it is {step.title} "
                    f"({step.phase}{'/' + step.segment if step.segment else ''})", GOSS.cite("3.3.0"))
        return False
    return True
