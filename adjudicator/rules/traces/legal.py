"""What a player may do now: action kinds, each with a concrete example when
one is cheap to find. Every example is checked with `validate` before it is
offered, so an example is always a legal action; where the text lacks a table
cell the example is left out, the description says so and `needs` names the
cells (LegalAction.needs); a kind with neither is not offered (core/template.py)."""

from __future__ import annotations

from collections.abc import Callable

from adjudicator.core.errors import NeedsData, UmpireError
from adjudicator.rules.traces import activation, arrivals, chits, results
from adjudicator.rules.traces.model import Game, other
from umpire.v1 import action_pb2, service_pb2, traces_pb2

Validator = Callable[[Game, action_pb2.Action], bool]


def legal_actions(g: Game, side: str, valid: Validator) -> list[service_pb2.LegalAction]:
    st = g.state
    if st.finished or side not in {p.side for p in g.tv.players}:
        return []
    out: list[service_pb2.LegalAction] = []

    def offer(kind: str, description: str, example: action_pb2.Action | None = None) -> None:
        la = service_pb2.LegalAction(kind=kind, description=description)
        if example is not None:
            example.side = side
            try:
                ok = valid(g, example)
            except UmpireError:
                ok = False
            if ok:
                la.example.CopyFrom(example)
        out.append(la)

    if st.HasField("pending"):
        d = st.pending
        if d.side == side:
            offer("answer", f"answer {d.kind}: {d.prompt}", _answer_example(g))
        return out
    if st.phase == "selection":
        bel = g.player_belligerent(side)
        if g.lead(bel) == side and bel not in g.tv.selected:
            ex = None
            try:
                n = chits.chits_per_turn(g, bel, [])
                pool = chits.pool(g, bel)
                names = [c.name for c in pool.chits if c.kind == "standard" for _ in range(c.count)] if pool else []
                ex = action_pb2.Action(traces=traces_pb2.TracesAction(
                    select_chits=traces_pb2.TracesSelectChits(chits=names[:n])))
            except NeedsData as e:
                offer("traces.select_chits", f"select your chits for turn {g.turn} ({e.one_line()})")
                out[-1].needs.extend(e.cells)  # no example without them (LegalAction.needs)
                return out
            offer("traces.select_chits", f"select your chits for turn {g.turn}", ex)
            try:
                allowed = sorted(chits.specials_allowed(g, bel, []) & {c.name for c in pool.chits} if pool else [])
            except NeedsData:
                allowed = []
            if allowed and ex is not None and n:
                with_special = action_pb2.Action()
                with_special.CopyFrom(ex)
                special = allowed[g.turn % len(allowed)]
                with_special.traces.select_chits.chits[-1] = special
                offer("traces.select_chits", f"select your chits for turn {g.turn}, with {special}", with_special)
        return out
    if st.phase == "weather" and st.segment == "interdiction" and side == g.lead("allied"):
        german = g.units_of("german")
        example = None
        if german:
            example = action_pb2.Action(traces=traces_pb2.TracesAction(
                interdict=traces_pb2.TracesInterdict(hexes=[g.us[german[0]].location])))
        offer("traces.interdict", f"place up to {g.tv.air_available} interdiction marker(s)", example)
        offer("end_phase", "no interdiction", action_pb2.Action(end_phase=action_pb2.EndPhase()))
        return out
    if not g.tv.HasField("activation") or g.tv.activation.player != side:
        return out
    act = g.tv.activation
    if act.segment == "choose":
        if act.mode == "reinforcement":
            for r in g.ext.reinforcements:
                offer("traces.activate", f"release {r.division}", action_pb2.Action(traces=traces_pb2.TracesAction(
                    activate=traces_pb2.TracesActivate(division=r.code))))
        else:
            for chit, hq in sorted(g._hq_of_chit.items()):
                if g.belligerent(hq) == act.belligerent and g.on_map(hq):
                    offer("traces.activate", f"activate {g.name(hq)}", action_pb2.Action(
                        traces=traces_pb2.TracesAction(activate=traces_pb2.TracesActivate(hq=chit))))
                    break
    if act.belligerent == "german" and not act.acted:
        offer("traces.activate", "play the Metz option instead of this chit", action_pb2.Action(
            traces=traces_pb2.TracesAction(activate=traces_pb2.TracesActivate(metz=True))))
    if act.segment == "movement":
        _moves(g, act, offer)
    if act.segment == "combat":
        _attacks(g, act, offer)
    offer("end_phase", f"end the {act.segment} segment", action_pb2.Action(end_phase=action_pb2.EndPhase()))
    return out


def _moves(g: Game, act: traces_pb2.TracesActivation, offer: Callable[..., None]) -> None:
    from adjudicator.rules.traces.moves import reach

    if act.mode in ("reinforcement", "reserve"):
        waiting = [u for u in (act.entering if act.mode == "reinforcement" else
                               [u for r in g.ext.reserves for u in r.unit_ids]) if not g.on_map(u)]
        for uid in waiting[:2]:
            spots = arrivals.placement_hexes(g, uid)
            if spots:
                offer("place", f"enter {g.name(uid)}", action_pb2.Action(place=action_pb2.PlaceUnits(
                    unit_ids=[uid], location=g.label(spots[0]))))
    shown = 0
    for uid in act.activated:
        if uid in act.moved or shown >= 3:
            continue
        try:
            where = reach(g, uid)
        except UmpireError:
            continue
        if where:
            shown += 1
            offer("move", f"move {g.name(uid)} ({len(where)} hexes reachable)", action_pb2.Action(
                move=action_pb2.MoveUnits(unit_ids=[uid], path=list(where[-1].path))))


def _attacks(g: Game, act: traces_pb2.TracesActivation, offer: Callable[..., None]) -> None:
    ready = [u for u in act.activated if g.on_map(u) and u not in act.fought]
    targets: dict[int, list[str]] = {}
    for uid in ready:
        for t in g.hm.neighbours(g.hex_of(uid)):
            if g.enemy_at(t, act.belligerent) and g.label(t) not in act.attacked:
                targets.setdefault(t, []).append(uid)
    for t, ids in list(targets.items())[:4]:
        offer("attack", f"attack {g.label(t)} ({len([u for u in g.units_at(t) if g.belligerent(u) == other(act.belligerent)])}"
              " defending unit(s))", action_pb2.Action(attack=action_pb2.Attack(target=g.label(t), attackers=ids)))


def _answer_example(g: Game) -> action_pb2.Action | None:
    d = g.state.pending
    ans = action_pb2.AnswerDecision(decision_id=d.id)
    if d.wants_assignments:
        done: set[str] = set()
        units = [u for u in d.context.get("assign_units", "").split(",") if u]
        for o in d.options:
            u = o.units[0] if o.units else ""
            if u in units and u not in done:
                ans.assignments.add(unit_id=u, path=list(o.path))
                done.add(u)
        if d.kind == results.ADVANCE:  # advance the first combat unit offered, into the attacked hex
            del ans.assignments[:]
            first = next((o for o in d.options if o.units and not g.is_hq(o.units[0])), None)
            if first is not None:
                ans.assignments.add(unit_id=first.units[0], path=list(first.path[:1]))
    else:
        n = d.min_choices
        if d.context.get("allow_repeats") == "true":
            picks: list[str] = []
            for o in d.options:
                uid = o.id
                k = g.steps_left(uid) if uid in g.defs else n
                picks.extend([uid] * min(k, n - len(picks)))
            ans.choices.extend(picks[:n])
        else:
            ans.choices.extend(o.id for o in d.options[:max(n, 1)])
    return action_pb2.Action(answer=ans)


__all__ = ["activation", "legal_actions"]
