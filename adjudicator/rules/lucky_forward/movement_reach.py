"""Where a unit may move (the service's Reachable call): a cheapest-first
search whose every step is the check a move makes (movement.check_path)."""

from __future__ import annotations

from adjudicator.core.errors import NeedsData
from adjudicator.core.reachable import reachable_locations
from adjudicator.core.verdicts import VerdictBuilder
from adjudicator.rules.lucky_forward.cite import GOSS
from adjudicator.rules.lucky_forward.model import Model
from adjudicator.rules.lucky_forward.movement import check_path, eligibility, phase_kind, plan
from umpire.v1 import action_pb2, common_pb2, service_pb2


def reachable(m: Model, uid: str) -> tuple[list[service_pb2.ReachableLocation], list[common_pb2.RuleNote]]:
    """Every hex a unit may end a non-road move in this phase, with its cost:
    a search whose every step is the one check_path makes (costs.step rules)."""
    u = m.unit(uid)
    notes: list[common_pb2.RuleNote] = []
    kind = phase_kind(m)
    why = eligibility(m, u, kind)
    if why is not None or not u.on_map:
        notes.append(common_pb2.RuleNote(text=f"{uid} may not move now: {why[0] if why else 'not on the map'}",
                                         citation=GOSS.cite(why[1] if why else "7.5.0")))
        return [], notes
    cost: dict[int, int] = {u.hex: 0}
    parent: dict[int, int] = {u.hex: -1}
    frontier = [u.hex]
    asked: set[str] = set()
    while frontier:
        frontier.sort(key=lambda x: cost[x])
        h = frontier.pop(0)
        path = []
        x = h
        while x != u.hex:
            path.append(x)
            x = parent[x]
        path.reverse()
        for t in m.hm.neighbours(h):
            if t in path or t == u.hex:
                continue
            act = action_pb2.Action(side=u.side)
            act.move.unit_ids.append(uid)
            act.move.path.extend(m.label(z) for z in [*path, t])
            b = VerdictBuilder("move")
            try:
                p = plan(m, act, b)
                if p is None:
                    continue
                check_path(m, p, b)
            except NeedsData as e:
                for c in e.cells:
                    asked.add(f"{c.table_id} {c.column} {c.row}")
                continue
            if not b.ok:
                continue
            spent = p.spent if not p.minimum else p.budget
            if t not in cost or spent < cost[t]:
                cost[t] = spent
                parent[t] = h
                if p.stop_at < 0 and not p.minimum:
                    frontier.append(t)
    out = reachable_locations(m.hm, u.hex, cost, parent, scale=2)
    if asked:
        notes.append(common_pb2.RuleNote(text="moves left out: their cost needs " + "; ".join(sorted(asked)),
                                         citation=GOSS.cite("7.2.0")))
    return out, notes
