"""Fatigue (14.0): two levels, hits, what fatigue forbids, and recovery."""

from __future__ import annotations

from adjudicator.rules.lucky_forward.model import MECH, TAC, Model, U

# 14.2.0: what a fatigued unit (level 1 or 2) cannot do.
FORBIDDEN = {
    "rib": "14.2.0 a", "cr": "14.2.0 b", "construction": "14.2.0 c", "eng-shift": "14.2.0 d",
    "ferry": "14.2.0 e", "replacements": "14.2.0 f", "exploit": "14.2.0 g", "breakdown": "14.2.0 h",
}


def hit(m: Model, u: U, why: str, cases: tuple[str, ...] = ()) -> bool:
    """One fatigue hit (14.1.0): fatigue 1, then 2; a further hit has no effect.
    Returns whether the level rose."""
    if u.st.fatigue >= 2:
        m.emit("FATIGUE", f"{u.d.name or u.id} is already fatigue 2: the hit has no effect ({why})",
               ["14.1.0", *cases], units=[u.id])
        return False
    u.st.fatigue += 1
    m.emit("FATIGUE", f"{u.d.name or u.id} is now fatigue {u.st.fatigue} ({why})", ["14.1.0", *cases], units=[u.id])
    if u.st.fatigue == 2:
        _fatigue_two(m, u)
    return True


def _fatigue_two(m: Model, u: U) -> None:
    """14.2.2 a: a fatigue-2 unit cannot be attack designated (option
    lf.a13-fatigue2-attacker: it loses a designation it holds, or keeps it and
    attacks at a quarter)."""
    from adjudicator.rules.lucky_forward.model import PA

    if m.opts.fatigue2_attacker != "drop-designation":
        return
    if u.st.tactical_assault or u.st.mode == PA:
        u.st.tactical_assault = False
        if u.st.mode == PA:
            u.st.mode = TAC
        m.emit("DESIGNATION_REMOVED", f"{u.d.name or u.id} is fatigue 2 and may not be attack designated",
               ["14.2.2"], units=[u.id])


def ma_factor(u: U) -> str:
    """14.2.1 a / 14.2.2 c, as the MA pipeline reads them (7.6.1c-d)."""
    return {0: "", 1: "half", 2: "quarter"}[min(2, u.st.fatigue)]


def observed_at_rest(m: Model, u: U) -> bool | None:
    """Whether an enemy ground unit observes a unit that is not moving (for
    14.3.0): observation.py's answer, None when a LOS line decides (stage 2)."""
    from adjudicator.rules.lucky_forward import observation

    return observation.observed_by_any(m, u, moving=False)


def recover(m: Model, side: str) -> None:
    """14.3.0: in the friendly Administrative Phase a fatigued unit loses one
    level if it did not move in the preceding friendly Movement Phase, took no
    part in a GA and received no FS result in the preceding friendly Combat
    Phase, is in Tac mode (5.1.3c), and is not observed by an enemy ground unit
    (Mech units: nor adjacent to one)."""
    waiting = []
    for u in sorted(m.side_units(side), key=lambda x: x.id):
        if not u.st.fatigue or u.st.moved or u.st.fought or u.st.mode != TAC:
            continue
        if u.movement_class == MECH and m.enemy_adjacent(side)[u.hex]:
            continue
        seen = observed_at_rest(m, u)
        if seen is None:
            waiting.append(u.d.name or u.id)
            continue
        if seen:
            continue
        u.st.fatigue -= 1
        m.emit("FATIGUE_RECOVERED", f"{u.d.name or u.id} recovers one fatigue level (now {u.st.fatigue})",
               ["14.3.0"], units=[u.id])
    if waiting:
        m.emit("FATIGUE_NOT_RECOVERED", f"{', '.join(waiting)}: whether an enemy ground unit observes them needs "
               "line of sight (8.1, stage 2): they do not recover this phase", ["14.3.0", "8.1.0"])
