"""What a side may do now (legal actions with examples), computed on the side's
own view. Every example is validated before it is offered (an example the
engine would refuse is never shown); a question that needs a table cell the
game lacks is left out."""

from __future__ import annotations

from collections.abc import Iterable

from adjudicator.core.errors import NeedsData
from adjudicator.core.verdicts import VerdictBuilder
from adjudicator.rules.lucky_forward import designations, fs_declare, ga_results, modes, rest, sop
from adjudicator.rules.lucky_forward.model import EXPLOIT, MR, PA, TAC, Model, U
from umpire.v1 import action_pb2, service_pb2

MAX_MOVES = 4


def _ok(m: Model, a: action_pb2.Action) -> bool:
    from adjudicator.rules.lucky_forward.ruleset import RULESET

    b = VerdictBuilder()
    try:
        RULESET._actions.find(m.state, a).validate(m, a, b)
    except NeedsData:
        return False
    return b.ok


def _la(kind: str, a: action_pb2.Action, desc: str) -> service_pb2.LegalAction:
    return service_pb2.LegalAction(kind=kind, example=a, description=desc)


def legal(m: Model, side: str) -> list[service_pb2.LegalAction]:
    s = m.state
    if s.HasField("pending"):
        if s.pending.side != side:
            return []
        return answers(m, side)
    if side != s.active_side:
        return []
    step = sop.current(m)
    out: list[service_pb2.LegalAction] = []
    key = (step.phase, step.segment)
    gen = {
        ("command", "rest-designation"): _rest,
        ("mode-determination", ""): _modes,
        ("movement", "cr-designation"): _reserve,
        ("movement", "movement"): _moves,
        ("inactive-exploit", ""): _moves,
        ("active-exploit", ""): _moves,
        ("combat", "ta-designation"): _ta,
        ("combat", "fs-defensive"): _fs,
        ("combat", "fs-offensive"): _fs,
        ("combat", "ground-assault"): _ga,
    }.get(key)
    if gen is not None:
        for kind, a, desc in gen(m, side):
            a.side = side
            if _ok(m, a):
                out.append(_la(kind, a, desc))
    end = action_pb2.Action(side=side, end_phase=action_pb2.EndPhase())
    if _ok(m, end):
        out.append(_la("end_phase", end, f"end the {step.title} ({step.case})"))
    return out


Gen = Iterable[tuple[str, action_pb2.Action, str]]


def _lf(**kw: object) -> action_pb2.Action:
    a = action_pb2.Action()
    for k, v in kw.items():
        getattr(a.lucky_forward, k).CopyFrom(v)
    return a


def _rest(m: Model, side: str) -> Gen:
    from umpire.v1 import lucky_forward_pb2 as lf

    for g in rest.groups(m):
        if rest.designation(m, g) is None:
            for t in sop.TIMES:
                yield "lucky_forward.designate_rest", _lf(designate_rest=lf.LfDesignateRest(group=g, time=t)), \
                    f"rest GT of {g}: {t}"


def _mine(m: Model, side: str) -> list[U]:
    return sorted((u for u in m.side_units(side) if not u.is_leader and not u.is_hq), key=lambda u: u.id)


def _modes(m: Model, side: str) -> Gen:
    from umpire.v1 import lucky_forward_pb2 as lf

    adj = m.enemy_adjacent(side)
    for u in _mine(m, side):
        if u.st.mode == TAC and (adj[u.hex] or any(adj[n] for n in m.hm.neighbours(u.hex))) and not u.is_art:
            if modes.refusal(m, u, PA, [u]) is None:
                yield "lucky_forward.set_mode", _lf(set_mode=lf.LfSetMode(unit_ids=[u.id], mode=PA)), \
                    f"{u.d.name or u.id} to PA mode"
        elif u.st.mode == PA:
            yield "lucky_forward.set_mode", _lf(set_mode=lf.LfSetMode(unit_ids=[u.id], mode=TAC)), \
                f"{u.d.name or u.id} back to Tac mode"


def _reserve(m: Model, side: str) -> Gen:
    from umpire.v1 import lucky_forward_pb2 as lf

    for u in _mine(m, side):
        if not u.st.combat_reserve and modes.reserve_refusal(m, u) is None:
            yield "lucky_forward.set_reserve", _lf(set_reserve=lf.LfSetReserve(unit_ids=[u.id], on=True)), \
                f"CR marker on {u.d.name or u.id}"
            return


def _moves(m: Model, side: str) -> Gen:
    n = 0
    for u in _mine(m, side):
        if n >= MAX_MOVES:
            return
        if u.st.moved or u.st.mode == MR:
            continue
        if sop.current(m).phase != "movement" and u.st.mode != EXPLOIT:
            continue
        for t in m.hm.neighbours(u.hex):
            a = action_pb2.Action(side=side)
            a.move.unit_ids.append(u.id)
            a.move.path.append(m.label(t))
            if _ok(m, a):
                yield "move", a, f"{u.d.name or u.id} to {m.label(t)}"
                n += 1
                break


def _ta(m: Model, side: str) -> Gen:
    from umpire.v1 import lucky_forward_pb2 as lf

    adj = m.enemy_adjacent(side)
    for u in _mine(m, side):
        if adj[u.hex] and designations.ta_refusal(m, u) is None:
            yield "lucky_forward.designate_assault", _lf(designate_assault=lf.LfDesignateAssault(unit_ids=[u.id])), \
                f"TA marker on {u.d.name or u.id}"


def _fs(m: Model, side: str) -> Gen:
    from umpire.v1 import lucky_forward_pb2 as lf

    art = [u for u in _mine(m, side) if fs_declare.fires_as_art(u) and not u.st.ammo_depleted]
    if not art:
        return
    tried = 0
    for s in _mine(m, side):
        for t in m.hm.neighbours(s.hex):
            if not any(x.side != side for x in m.stack(t)) or tried > 6:
                continue
            tried += 1
            fire = [lf.LfFire(unit_id=a.id) for a in art[:2]]
            r = lf.LfFireSupport(spotter=s.id, target=m.label(t), fire=fire, fire_remainder=True)
            yield "lucky_forward.fire_support", _lf(fire_support=r), f"FS on {m.label(t)} spotted by {s.id}"


def _ga(m: Model, side: str) -> Gen:
    from umpire.v1 import lucky_forward_pb2 as lf

    stacks = designations.stacks(m, side)
    for h, us in sorted(stacks.items()):
        us = [u for u in us if not u.st.attacked]
        if not us:
            continue
        for t in m.hm.neighbours(h):
            if not any(x.side != side for x in m.stack(t)):
                continue
            lead = max(us, key=lambda x: (x.c.offensive_pr if x.c.HasField("offensive_pr") else -1, x.id))
            armor = next((x for x in us if x.c.HasField("armor") or x.c.HasField("anti_tank")), None)
            r = lf.LfGroundAssaultAction(hex=m.label(t), attackers=[u.id for u in us], lead_pr=lead.id,
                                         lead_armor=armor.id if armor else "")
            yield "lucky_forward.ground_assault", _lf(ground_assault=r), f"GA on {m.label(t)} from {m.label(h)}"


def answers(m: Model, side: str) -> list[service_pb2.LegalAction]:
    d = m.state.pending
    out = []
    for choices in default_answers(m):
        a = action_pb2.Action(side=side)
        a.answer.decision_id = d.id
        a.answer.choices.extend(choices)
        if _ok(m, a):
            out.append(_la("answer", a, f"answer {d.kind}: {', '.join(choices) or 'nothing'}"))
    return out


def default_answers(m: Model) -> list[list[str]]:
    d = m.state.pending
    ids = [o.id for o in d.options]
    if d.kind == ga_results.GA_DEFENDER:
        picks = []
        leads = [i for i in ids if i.startswith("lead:")]
        best = max(leads, key=lambda i: _pr(m, i[5:]), default=None)
        if best:
            picks.append(best)
        arm = [i for i in ids if i.startswith("armor:")]
        if arm:
            picks.append(arm[0])
        terr = [i for i in ids if i.startswith("terrain:")]
        if terr:
            picks.append(terr[0])
        return [picks]
    if d.min_choices == 0:
        return [[]] + ([[ids[0]]] if ids else [])
    return [[i] for i in ids[:3]]


def _pr(m: Model, uid: str) -> int:
    u = m.units.get(uid)
    return u.c.defensive_pr if u is not None and u.c.HasField("defensive_pr") else -1
