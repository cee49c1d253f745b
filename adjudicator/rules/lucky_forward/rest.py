"""Rest GTs (3.5): who rests when, what a rest GT forbids, and its fatigue.

The Allies rest every Night GT (3.5.1). The Axis designates each GD, secretly,
one rest GT per group (3.5.2; option lf.rest-granularity: all armies, per
army, per corps or per formation); the designation is the Axis side's private
data. A designation is read only in the Axis side's own actions (the Allies'
answers never depend on it), and revealed when an Axis unit at night does
something 3.5.3 forbids in a rest GT (3.5.2 Important). Rest-GT fatigue
(3.5.4) for an action is placed by its side's own next action.
"""

from __future__ import annotations

from adjudicator.rules.lucky_forward import fatigue
from adjudicator.rules.lucky_forward.cite import ALLIED, AXIS
from adjudicator.rules.lucky_forward.model import Model, U
from umpire.v1 import lucky_forward_pb2 as lf_pb2

LEVELS = {"army": lf_pb2.LF_HQ_ARMY, "corps": lf_pb2.LF_HQ_CORPS}


def group_of(m: Model, u: U) -> str:
    """The designation group a unit belongs to (3.5.2 options 1-4)."""
    g = m.opts.rest_granularity
    if g == "all":
        return "all"
    if g == "army":
        return m.army_of(u.hq) or u.hq
    if g == "corps":
        return m.corps_of(u.hq) or u.hq
    return u.hq


def groups(m: Model) -> list[str]:
    """Every group the Axis must designate for this GD."""
    return sorted({group_of(m, u) for u in m.side_units(AXIS)}) or ["all"]


def _private(m: Model, side: str) -> dict[str, str]:
    for p in m.state.private_data:
        if p.side == side:
            return dict(p.values)
    return {}


def designation(m: Model, group: str) -> str | None:
    """The Axis group's rest GT this GD ("AM", "PM", "night"), if this state knows it."""
    for r in m.lf.rest_revealed:
        if r.group == group and r.game_day == m.lf.game_day:
            return r.time
    v = _private(m, AXIS).get(f"rest:{group}")
    if v is None:
        return None
    time, _, day = v.partition("@")
    if day != str(m.lf.game_day):
        return None
    return time


def is_rest(m: Model, u: U) -> bool | None:
    """Whether it is the unit's rest GT now; None when this state (a side's
    view) does not know. ENA periods are not GTs (3.5.0: they do not change
    the rest GT)."""
    if m.ena:
        return False
    if u.side == ALLIED:
        return m.lf.time == "night"  # 3.5.1
    t = designation(m, group_of(m, u))
    return None if t is None else t == m.lf.time


def reveal(m: Model, u: U, why: str) -> None:
    """3.5.2 Important: an Axis unit's action at night that 3.5.3 forbids in a
    rest GT reveals its group's designation."""
    if u.side != AXIS or m.lf.time != "night":
        return
    g = group_of(m, u)
    t = designation(m, g)
    if t is None or any(r.group == g and r.game_day == m.lf.game_day for r in m.lf.rest_revealed):
        return
    m.lf.rest_revealed.add(group=g, time=t, game_day=m.lf.game_day)
    m.emit("REST_REVEALED", f"{why}: the Axis reveals the rest GT of {g}: {t} (3.5.2)", ["3.5.2"], units=[u.id])


def exempt(m: Model, u: U) -> bool:
    """3.5.4a b: units in an MR bonus period are exempt (5.4.4d)."""
    return bool(u.st.mr_bonus_until and m.lf.gt < u.st.mr_bonus_until)


def settle(m: Model, side: str) -> None:
    """Place the rest-GT fatigue hits `side` owes (3.5.4b for removed TA markers,
    3.5.4c-e as its GAs and missions recorded them). Called at the end of every
    action of `side`, which alone may read its own designation."""
    for u in m.side_units(side):
        st = u.st
        if st.ta_removed:
            st.ta_removed = False
            if is_rest(m, u) and not exempt(m, u):
                fatigue.hit(m, u, "its TA marker was removed in its rest GT", ("3.5.4",))
        while st.rest_fatigue_due > 0:
            st.rest_fatigue_due -= 1
            fatigue.hit(m, u, "acted in its rest GT", ("3.5.4",))
