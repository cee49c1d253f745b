"""What a side may do now, with example actions (computed on the side's view):
the pending decision's answers, the phase's actions, and end_phase when the
phase may end. Every example is legal (the property tests play them)."""

from __future__ import annotations

from adjudicator.core.errors import UmpireError
from adjudicator.core.verdicts import VerdictBuilder
from adjudicator.rules.pattons import advance, combat, moves, obligation, phases, results
from adjudicator.rules.pattons.cite import other
from adjudicator.rules.pattons.model import OFF_MAP, Game
from umpire.v1 import action_pb2, service_pb2

MOVE_EXAMPLES = 6


def _la(kind: str, a: action_pb2.Action, text: str = "") -> service_pb2.LegalAction:
    return service_pb2.LegalAction(kind=kind, example=a, description=text)


def answers(g: Game, side: str) -> list[service_pb2.LegalAction]:
    d = g.state.pending
    if d.side != side:
        return []

    def ans(choices: list[str], assignments: list[action_pb2.Assignment] | None = None) -> service_pb2.LegalAction:
        return _la("answer", action_pb2.Action(side=side, answer=action_pb2.AnswerDecision(
            decision_id=d.id, choices=choices, assignments=assignments or [])), d.prompt)

    ids = [o.id for o in d.options]
    k = d.kind
    if k in ("ROLL", "BOMBER_EFFECT"):
        return [ans([ids[0]])]
    if k == "ALLOCATE_SUPPORT":
        return [ans([ids[len(ids) // 2]])]
    if k in ("RESULT_ALLOCATION", "RETREAT"):
        return [ans([i]) for i in ids[:6]]
    if k == "CHOOSE_LOSSES":
        return [ans(results.example_losses(d, g))]
    if k == "ADVANCE":
        return [_la("answer", action_pb2.Action(side=side, answer=advance.example(g)), d.prompt)]
    if k == "ELIMINATE_OVERSTACKED":
        return [ans(ids[: d.min_choices])]
    if k == "DEFEND":
        picked: list[str] = []
        seen_hex: set[str] = set()
        for o in d.options:
            if o.id.startswith("defend:"):
                h = g.units[o.units[0]].location
                if h not in seen_hex:
                    seen_hex.add(h)
                    picked.append(o.id)
        lines = [i for i in ids if i.startswith("line:")]
        if lines:
            picked.append(lines[0])
        return [ans(picked)]
    return []


def move_examples(g: Game, side: str) -> list[service_pb2.LegalAction]:
    out: list[service_pb2.LegalAction] = []
    enemy_dist = g.distance_to(other(side))
    candidates = [u for u in sorted(g.hex_of) if g.side_of(u) == side and not g.has(u, "moved")]
    candidates += [u for u in sorted(g.units) if g.side_of(u) == side and g.units[u].status == OFF_MAP
                   and moves.available_reinforcement(g, u) and not g.has(u, "moved")]
    for uid in candidates:
        if len(out) >= MOVE_EXAMPLES:
            break
        try:
            locs, _ = moves.reachable(g, uid)
        except UmpireError:  # a unit whose move needs data the text lacks is simply not offered
            continue
        if not locs:
            continue
        best = min(locs, key=lambda r: (enemy_dist[g.hex(r.location)] if enemy_dist[g.hex(r.location)] >= 0 else 99,
                                        r.location))
        a = action_pb2.Action(side=side, move=action_pb2.MoveUnits(unit_ids=[uid], path=list(best.path)))
        b = VerdictBuilder()
        try:
            moves.validate_move(g, a, b)
        except UmpireError:
            continue
        if b.ok:
            out.append(_la("move", a, f"{uid} to {best.location}"))
    return out


def _attack(side: str, targets: list[str], attackers: list[str]) -> tuple[str, action_pb2.Action]:
    if len(targets) == 1:
        return "attack", action_pb2.Action(side=side, attack=action_pb2.Attack(target=targets[0], attackers=attackers))
    a = action_pb2.Action(side=side)
    a.pattons.attack.targets.extend(targets)
    a.pattons.attack.attackers.extend(attackers)
    return "pattons.attack", a


def attack_examples(g: Game, side: str) -> list[service_pb2.LegalAction]:
    """Each enemy hex attacked by every unit next to it (one regiment/brigade per
    hex, 7.2.1.A) when that leaves no hex uncovered (AMBIG-14); and for every hex
    still open, one of its coverers attacking every hex next to it at once (9.2.5),
    which never leaves a hex uncovered, so the phase can always be played out."""
    out: list[service_pb2.LegalAction] = []
    enemy = other(side)
    covered: set[int] = set()
    for h in sorted(g.at):
        if not obligation.attackable(g, h, enemy):
            continue
        attackers: list[str] = []
        for n in g.hm.neighbours(h):
            large_taken = False
            for u in sorted(g.stack(n, side)):
                if not combat.may_attack(g, u):
                    continue
                if combat.counts_as_large(g, u):
                    if large_taken:
                        continue
                    large_taken = True
                attackers.append(u)
        if not attackers:
            continue
        kind, a = _attack(side, [g.label(h)], attackers)
        if obligation.check_attack(g, side, [g.label(h)], attackers, [], VerdictBuilder()) is not None:
            out.append(_la(kind, a, f"attack {g.label(h)}"))
            covered.add(h)
    for h, who in obligation.open_hexes(g, side):
        if h in covered:
            continue
        u = who[0]
        hexes = [n for n in g.hm.neighbours(g.hex_of[u]) if obligation.attackable(g, n, enemy)]
        targets = [g.label(n) for n in sorted(hexes)]
        kind, a = _attack(side, targets, [u])
        if obligation.check_attack(g, side, targets, [u], [], VerdictBuilder()) is not None:
            out.append(_la(kind, a, f"{u} attacks {', '.join(targets)}"))
            covered.update(hexes)
    return out


def legal(g: Game, side: str) -> list[service_pb2.LegalAction]:
    if g.state.finished:
        return []
    if g.state.HasField("pending"):
        return answers(g, side)
    if side != g.state.active_side:
        return []
    out: list[service_pb2.LegalAction] = []
    end = _la("end_phase", action_pb2.Action(side=side, end_phase=action_pb2.EndPhase()), f"end {g.phase}")
    if g.phase == "us-bombers":
        targets = phases.bomber_targets(g)[:2]
        a = action_pb2.Action(side=side)
        a.pattons.heavy_bombers.hexes.extend(g.label(h) for h in targets)
        out.append(_la("pattons.heavy_bombers", a, "heavy bomber attacks"))
        out.append(end)
    elif g.phase.endswith("-movement"):
        out += move_examples(g, side)
        out.append(end)
    elif g.phase.endswith("-combat"):
        out += attack_examples(g, side)
        b = VerdictBuilder()
        phases.validate_end(g, end.example, b)
        if b.ok:
            out.append(end)
    return out
