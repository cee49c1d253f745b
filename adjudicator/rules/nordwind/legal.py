"""What a player may do now (the LegalActions query): the action kinds of the
phase, each with a concrete example where one is cheap to find. Every example
is judged by the action's own validator before it is offered, so an example is
always legal, and its description names what it does (unit, hex). A kind
with no legal example found is not offered (core/template.py drops it): e.g.
ending the setup while units still wait for a hex (UNITS_TO_PLACE).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence

from adjudicator.core.errors import UmpireError
from adjudicator.rules.nordwind import moves, phases, placement
from adjudicator.rules.nordwind.board import Board
from adjudicator.rules.nordwind.cite import GERMAN, other
from umpire.v1 import action_pb2, nordwind_pb2, service_pb2, state_pb2

Valid = Callable[[Board, action_pb2.Action], bool]
EXAMPLE_UNITS = 6  # units tried per kind: examples must stay cheap on a full map


def legal_actions(board: Board, side: str, valid: Valid) -> list[service_pb2.LegalAction]:
    state = board.state
    out: list[service_pb2.LegalAction] = []

    def offer(kind: str, description: str, candidates: Iterator[action_pb2.Action] | None = None) -> None:
        la = service_pb2.LegalAction(kind=kind, description=description)
        for example in candidates or iter(()):
            example.side = side
            try:
                ok = valid(board, example)
            except UmpireError:  # e.g. a unit whose movement class is unknown
                ok = False
            if ok:
                la.example.CopyFrom(example)
                break
        out.append(la)

    if state.HasField("pending"):
        if state.pending.side == side:
            offer("answer", state.pending.prompt, _answers(board, state.pending))
        return out
    if side != state.active_side:
        return out
    ph = state.phase
    waiting = placement.unplaced(state, side)
    if waiting:
        offer("place", f"{len(waiting)} unit(s) waiting for a hex", _placements(board, waiting))
        if out[-1].HasField("example"):
            ex = out[-1].example.place
            out[-1].description = (f"place {', '.join(ex.unit_ids)} in {ex.location} "
                                   f"({len(waiting)} unit(s) waiting for a hex)")
    if ph.endswith("-movement"):
        offer("move", "move a unit (or a stack, one after the other)", _moves(board, side))
        if side == GERMAN and not state.nordwind.HasField("ferry"):
            offer("nordwind.place_ferry", "place the ferry (3.3)", _ferries(board))
    if ph.endswith("-combat"):
        offer("attack", "attack an adjacent enemy hex", _attacks(board, side))
    offer("end_phase", f"end the {ph} phase", iter([action_pb2.Action(end_phase=action_pb2.EndPhase())]))
    return out


def _answers(board: Board, d: state_pb2.Decision) -> Iterator[action_pb2.Action]:
    def answer(choices: list[str], assignments: Sequence[tuple[str, list[str]]] = ()) -> action_pb2.Action:
        a = action_pb2.AnswerDecision(decision_id=d.id, choices=choices)
        for u, path in assignments:
            a.assignments.add(unit_id=u, path=path)
        return action_pb2.Action(answer=a)

    if d.kind == "ELIMINATE_OVERSTACKED":
        yield from _removals(board, d, answer)
        return
    if d.wants_assignments:
        if any(o.id == "stay" for o in d.options):  # ADVANCE: staying is always allowed
            yield answer(["stay"])
        units = [u for u in d.context.get("assign_units", "").split(",") if u]
        firsts: dict[str, list[str]] = {}
        for o in d.options:
            for u in o.units:
                if u in units and u not in firsts:
                    firsts[u] = list(o.path)
        yield answer([], [(u, firsts[u]) for u in units if u in firsts])
        return
    n = max(d.min_choices, 1)
    ids = [o.id for o in d.options]
    if d.context.get("allow_repeats") == "true":  # each option as often as needed, then the first n
        for i in range(len(ids)):
            yield answer([ids[i]] * n)
        yield answer(ids[:n])
        return
    top = d.max_choices if d.max_choices > 0 else len(ids)
    for k in range(n, min(top, 3) + 1):  # a few, then more options together (e.g. over-stacked units, 5)
        for combo in itertools.combinations(ids[:8], k):
            yield answer(list(combo))


def _removals(board: Board, d: state_pb2.Decision,
              answer: Callable[[list[str]], action_pb2.Action]) -> Iterator[action_pb2.Action]:
    """5: in each over-stacked hex the fewest units that bring it within the
    limit (the owner's choice: the first such set found)."""
    chosen: list[str] = []
    for item in d.context.get("hexes", "").split(";"):
        if not item:
            continue
        one = state_pb2.Decision()
        one.CopyFrom(d)
        one.context["hexes"] = item
        stack = item.partition("=")[2].split(",")
        found = None
        for k in range(1, len(stack)):
            for combo in itertools.combinations(stack, k):
                try:
                    if phases.check_removal(board.state, one, list(combo)) is None:
                        found = list(combo)
                        break
                except UmpireError:  # a size that matters is unknown: no example here
                    return
            if found is not None:
                break
        if found is None:
            return
        chosen.extend(found)
    yield answer(chosen)


def _placements(board: Board, waiting: list[str]) -> Iterator[action_pb2.Action]:
    for uid in waiting[:EXAMPLE_UNITS]:
        why, rule = placement.rule_for(board.state, uid)
        hexes = placement.return_hexes(board, uid) if why == "return" else (
            placement.allowed_hexes(board, rule)[0] if rule is not None else [])
        side = board.side_of(uid)
        used = {board.hex_of[u] for u in rule.unit_ids if u in board.hex_of} if rule is not None else set()
        # "X and Y": a hex the group has not used yet first; otherwise the emptiest (5: stacking limits)
        hexes = sorted(hexes, key=lambda h: (h in used, len(board.stack(h, side))))
        for h in hexes[:3]:
            yield action_pb2.Action(place=action_pb2.PlaceUnits(unit_ids=[uid], location=board.label(h)))


def _moves(board: Board, side: str) -> Iterator[action_pb2.Action]:
    tried = 0
    for uid in sorted(u for u in board.hex_of if board.side_of(u) == side):
        try:
            if "stopped" in board.us[uid].markers or moves.mover(board, uid).budget <= 0:
                continue  # nothing left to move this phase
        except UmpireError:
            continue
        tried += 1
        if tried > EXAMPLE_UNITS:
            return
        try:
            dest, _ = moves.destinations(board, uid)
        except UmpireError:
            continue
        if dest:
            far = max(dest, key=lambda r: (len(r.path), r.location))
            yield action_pb2.Action(move=action_pb2.MoveUnits(unit_ids=[uid], path=list(far.path)))


def _ferries(board: Board) -> Iterator[action_pb2.Action]:
    for f in range(board.map.n):
        if any(board.rhine[f * 6 + d] for d in range(6)):
            yield action_pb2.Action(nordwind=nordwind_pb2.NordwindAction(
                place_ferry=nordwind_pb2.PlaceFerry(hex=board.label(f))))


def _attacks(board: Board, side: str) -> Iterator[action_pb2.Action]:
    attacked = set(board.state.nordwind.attacked_hexes)
    for h in sorted(board.at):
        enemy = board.stack(h, other(side))
        if not enemy or board.label(h) in attacked:
            continue
        mine = [u for t in board.map.neighbours(h) for u in board.stack(t, side)
                if not {"attacked", "unsupplied"} & set(board.us[u].markers)]
        if mine:
            yield action_pb2.Action(attack=action_pb2.Attack(target=board.label(h), attackers=mine))
