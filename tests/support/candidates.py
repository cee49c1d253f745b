"""Candidate actions for the non-interference property and its playouts
(tests/support/noninterference.py): what a side might ask about or do, built
only from what that side may know."""

from __future__ import annotations

import random

from adjudicator.core import disclosure, engine
from adjudicator.core.errors import UmpireError
from adjudicator.core.hexmap import compile_map
from adjudicator.core.position import Position
from umpire.v1 import action_pb2, state_pb2


def acting_sides(state: state_pb2.GameState) -> list[str]:
    if state.HasField("pending"):
        return [state.pending.side]
    if state.active_side:
        return [state.active_side]
    return engine.side_ids(state)


def _locations(state: state_pb2.GameState) -> list[str]:
    locs = {u.location for u in state.units if u.location}
    locs.update(p.location for p in state.scenario.setup if p.location)
    m = state.scenario.definition.map
    if m.WhichOneof("layout") == "graph":
        locs.update(t.id for t in m.graph.towns)
    return sorted(locs)


def candidates(pos: Position, side: str, rng: random.Random, limit: int) -> list[action_pb2.Action]:
    """Actions to ask about as `side`: its legal examples and the actions most
    likely legal (answers to its decision, moves within its units' reach,
    attacks on enemy hexes next to them, placements), then other sides'
    examples played as `side` and made-up or mutated ones (mostly illegal), up
    to `limit` in all (the first two groups always). Built only from `side`'s
    view, so the real game and its twin get the same list."""
    view = pos.for_side(side)
    state = view.state
    rs = pos.ruleset
    own: list[action_pb2.Action] = []
    others: list[action_pb2.Action] = []
    for s in engine.side_ids(state):
        try:
            legal = rs.legal_actions(view.state if s == side else pos.for_side(s).state, s)
        except UmpireError:
            continue
        for la in legal:
            if la.example.WhichOneof("kind"):
                ex = action_pb2.Action()
                ex.CopyFrom(la.example)
                (own if s == side else others).append(ex)
    likely: list[action_pb2.Action] = [action_pb2.Action(end_phase=action_pb2.EndPhase())]
    junk: list[action_pb2.Action] = list(others)
    if state.HasField("pending"):
        d = state.pending
        ids = [o.id for o in d.options]
        least = min(max(1, d.min_choices), len(ids))
        most = min(d.max_choices or len(ids), len(ids))
        picks = [[i] for i in rng.sample(ids, min(4, len(ids)))] if least == 1 else []
        picks += [rng.sample(ids, rng.randint(least, most)) for _ in range(2) if most > 1]
        likely += [action_pb2.Action(answer=action_pb2.AnswerDecision(decision_id=d.id, choices=c)) for c in picks]
        if d.wants_assignments:
            likely += _assignments(d, rng)
        junk.append(action_pb2.Action(answer=action_pb2.AnswerDecision(decision_id=d.id, choices=["no-such-choice"])))
        junk.append(action_pb2.Action(answer=action_pb2.AnswerDecision(decision_id="no-such-decision", choices=["x"])))
    on_map = sorted(u.unit_id for u in state.units if u.side == side and u.status == state_pb2.UnitState.ON_MAP)
    for uid in rng.sample(on_map, min(len(on_map), 2)):
        try:
            reach, _ = disclosure.reach_for(pos, side, uid)
        except UmpireError:
            continue
        for loc in rng.sample(reach, min(len(reach), 2)):
            likely.append(action_pb2.Action(move=action_pb2.MoveUnits(unit_ids=[uid],
                                                                      path=list(loc.path) or [loc.location])))
    likely += _hex_attacks(state, side, rng) + _placements(state, side, rng)
    locations = _locations(state)
    mine = [u.unit_id for u in state.units if u.side == side]
    theirs = [u.unit_id for u in state.units if u.side != side]
    where = {u.unit_id: u.location for u in state.units}
    for _ in range(3):
        if mine and locations:
            uid = rng.choice(mine)
            junk.append(action_pb2.Action(move=action_pb2.MoveUnits(unit_ids=[uid], path=[rng.choice(locations)])))
            junk.append(action_pb2.Action(place=action_pb2.PlaceUnits(unit_ids=[uid], location=rng.choice(locations))))
        if theirs and locations:
            target = where.get(rng.choice(theirs), "") or rng.choice(locations)
            attackers = rng.sample(mine, min(len(mine), 2)) if mine else []
            junk.append(action_pb2.Action(attack=action_pb2.Attack(target=target, attackers=attackers)))
            junk.append(action_pb2.Action(move=action_pb2.MoveUnits(unit_ids=[rng.choice(theirs)],
                                                                    path=[rng.choice(locations)])))
    for ex in rng.sample(own + likely, min(len(own + likely), 3)):
        junk.append(_mutated(ex, rng, mine + theirs, locations))
    rng.shuffle(junk)
    out = own + likely
    out += junk[:max(0, limit - len(out))]
    for a in out:
        a.side = side
    return out


def _assignments(d: state_pb2.Decision, rng: random.Random) -> list[action_pb2.Action]:
    """Answers giving each unit of the decision one of the options naming it
    (e.g. a retreat path per unit)."""
    units = [u for u in d.context.get("assign_units", "").split(",") if u] or sorted(
        {u for o in d.options for u in o.units})
    out = []
    for _ in range(2):
        answer = action_pb2.AnswerDecision(decision_id=d.id)
        for u in units:
            mine = [o for o in d.options if u in o.units] or list(d.options)
            if mine:
                o = rng.choice(mine)
                answer.assignments.add(unit_id=u, destination=o.path[-1] if o.path else o.label, path=o.path)
        out.append(action_pb2.Action(answer=answer))
    return out


def _hex_attacks(state: state_pb2.GameState, side: str, rng: random.Random) -> list[action_pb2.Action]:
    """On a hex map: attacks on enemy hexes next to `side`'s units, by those units."""
    m = state.scenario.definition.map
    if m.WhichOneof("layout") != "hex":
        return []
    hm = compile_map(m)
    at: dict[int, list[state_pb2.UnitState]] = {}
    for u in state.units:
        h = hm.find(u.location) if u.status == state_pb2.UnitState.ON_MAP and u.location else None
        if h is not None:
            at.setdefault(h, []).append(u)
    out = []
    targets = [h for h, us in at.items() if any(u.side != side for u in us)]
    for t in rng.sample(targets, min(len(targets), 3)):
        attackers = [u.unit_id for n in hm.neighbours(t) for u in at.get(n, []) if u.side == side]
        if attackers:
            out.append(action_pb2.Action(attack=action_pb2.Attack(target=hm.label(t), attackers=attackers)))
    return out


def _placements(state: state_pb2.GameState, side: str, rng: random.Random) -> list[action_pb2.Action]:
    """Nordwind: its legal actions give no example placements; place units
    waiting for a hex where their setup, arrival or return says."""
    if state.ruleset != "nordwind-1945":
        return []
    from adjudicator.rules.nordwind import placement
    from adjudicator.rules.nordwind.board import Board
    board = Board(state)
    out = []
    for uid in placement.unplaced(state, side)[:4]:
        _, rule = placement.rule_for(state, uid)
        hexes = placement.allowed_hexes(board, rule)[0] if rule is not None else placement.return_hexes(board, uid)
        own = board.occupied(side)
        # "X and Y" must use every hex, "X or Y" keeps the group together (AMB-32): try both.
        empty = [h for h in hexes if not own[h]]
        taken = [h for h in hexes if own[h]]
        for h in rng.sample(empty, min(len(empty), 2)) + rng.sample(taken, min(len(taken), 2)):
            out.append(action_pb2.Action(place=action_pb2.PlaceUnits(unit_ids=[uid], location=board.label(h))))
    return out


def _mutated(action: action_pb2.Action, rng: random.Random, units: list[str],
             locations: list[str]) -> action_pb2.Action:
    out = action_pb2.Action()
    out.CopyFrom(action)
    kind = out.WhichOneof("kind")
    if kind == "move" and out.move.path and locations:
        out.move.path[-1] = rng.choice(locations)
    elif kind == "attack" and locations:
        out.attack.target = rng.choice(locations)
    elif kind == "place" and locations:
        out.place.location = rng.choice(locations)
    elif kind == "answer" and out.answer.choices:
        out.answer.choices[0] = out.answer.choices[0] + "-x"
    elif units and kind in ("move", "place"):
        getattr(out, kind).unit_ids.append(rng.choice(units))
    return out
