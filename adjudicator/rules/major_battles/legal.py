"""Concrete legal example actions for a side: enough of every kind available
now that a player (or a random test player) can always go on, and so a
random legal playout of a campaign ends. Every example is legal by
construction; tests check each one with `validate`."""

from __future__ import annotations

from adjudicator.rules.major_battles import deck
from adjudicator.rules.major_battles.board import LANDING
from adjudicator.rules.major_battles.campaigns import campaign_of
from adjudicator.rules.major_battles.decisions import DEFENDER_RETREAT
from adjudicator.rules.major_battles.model import LANDED, OFF_MAP, Game, Unit
from adjudicator.rules.major_battles.movement import ROAD_LIMIT
from adjudicator.rules.major_battles.retreat import SURRENDER
from umpire.v1 import action_pb2, major_battles_pb2 as mbp, service_pb2

MAX_MOVES = 60
# The rulebook's example shows cards of 6, 9 and 2 exist; offered as example reports in physical-deck mode.
EXAMPLE_CARD_VALUES = (6, 9, 2)


def legal_actions(g: Game, side: str) -> list[service_pb2.LegalAction]:
    if g.finished:
        return []
    if g.pending is not None:
        return _answers(g, side) if g.pending.side == side else []
    if g.active != side:
        return []
    if g.phase == "setup":
        return _setup(g, side)
    if g.segment == "card":
        return _cards(g, side)
    out: list[service_pb2.LegalAction] = []
    if not g.mb.battles_started:
        out += _moves(g, side)
        out += _landings(g, side)
    for target in sorted({a.target for a in g.mb.approaches}):
        out.append(_la("attack", f"fight the battle for {g.board.name(target)}",
                       action_pb2.Action(side=side, attack=action_pb2.Attack(target=target))))
    if not g.mb.approaches:
        out.append(_la("end_phase", "end the turn", action_pb2.Action(side=side, end_phase=action_pb2.EndPhase())))
    if g.campaign == "sicily" and side == g.blue:
        # The Axis wins when taking Messina "becomes impossible": a judgement the Allied player makes.
        out.append(_la("concede", "concede: taking Messina has become impossible", action_pb2.Action(
            side=side, major_battles=mbp.MajorBattlesAction(concede=mbp.MbConcede(reason="Messina out of reach")))))
    return out


def _la(kind: str, description: str, example: action_pb2.Action) -> service_pb2.LegalAction:
    return service_pb2.LegalAction(kind=kind, description=description, example=example)


def _setup(g: Game, side: str) -> list[service_pb2.LegalAction]:
    camp = campaign_of(g.campaign)
    out = [
        _la("place", f"place {', '.join(ids)} in {g.board.name(town)}",
            action_pb2.Action(side=side, place=action_pb2.PlaceUnits(unit_ids=ids, location=town)))
        for ids, town in camp.setup_suggestions(g, side)
    ]
    if not camp.setup_problems(g, side):
        out.append(_la("end_phase", "complete the setup", action_pb2.Action(side=side, end_phase=action_pb2.EndPhase())))
    return out


def _cards(g: Game, side: str) -> list[service_pb2.LegalAction]:
    card = deck.top_card(g, side)
    if card is None:
        return []
    if card.value is not None:
        values = [card.value]
    else:
        known = sorted(set(deck.known_values(g.state.scenario.definition.tables).values()))
        values = [v for v in list(EXAMPLE_CARD_VALUES) + known if not deck.inconsistent_with_table(g, v)][:3]
    return [
        _la("turn_card", f"report the value of the movement card you turned ({v} is an example: give the value "
            "printed on your card)" if card.value is None else f"turn the card used again: {v}",
            action_pb2.Action(side=side, major_battles=mbp.MajorBattlesAction(turn_card=mbp.MbTurnCard(value=v))))
        for v in values
    ]


def _movable(g: Game, side: str) -> dict[str, list[Unit]]:
    by_town: dict[str, list[Unit]] = {}
    for town in g.occupied_towns(side):
        us = [u for u in g.town_units(town) if LANDED not in u.markers]
        if us:
            by_town[town] = us
    return by_town


def _moves(g: Game, side: str) -> list[service_pb2.LegalAction]:
    out: list[service_pb2.LegalAction] = []
    left = g.mb.mp_left
    enemy = g.other(side)
    camp = campaign_of(g.campaign)
    distinct = g.opts.road_limit_count == "distinct-units"
    for town, units in _movable(g, side).items():
        for road, other in g.board.adj[town]:
            if len(out) >= MAX_MOVES:
                return out
            if road.cost > left or (g.board.links[(town, other)][0].id != road.id):
                continue
            used = g.mb.road_use.get(road.id, 0)
            for n in sorted({1, min(len(units), left // road.cost, max(1, ROAD_LIMIT - used))}):
                group = units[:n]
                add = sum(1 for u in group if f"road:{road.id}" not in u.markers) if distinct else n
                if used + add > ROAD_LIMIT:
                    continue
                if g.occupant(other) == enemy and camp.battle_problem(g, group, other) is not None:
                    continue
                verb = "attack" if g.occupant(other) == enemy else "move"
                out.append(_la("move", f"{verb}: {n} unit(s) {g.board.name(town)} -> {g.board.name(other)}",
                               action_pb2.Action(side=side, move=action_pb2.MoveUnits(
                                   unit_ids=[u.id for u in group], path=[other]))))
    return out


def _landings(g: Game, side: str) -> list[service_pb2.LegalAction]:
    if g.campaign != "sicily" or side != g.blue or g.mb.mp_left < 1:
        return []
    at_sea = [u.id for u in g.units.values() if u.side == side and u.status == OFF_MAP and not u.reserve]
    out: list[service_pb2.LegalAction] = []
    if not at_sea:
        return out
    for area in g.board.areas.values():
        if area.kind != LANDING:
            continue
        room = min(area.capacity - g.mb.area_use.get(area.id, 0), g.mb.mp_left, len(at_sea))
        for n in sorted({1, room}):
            if 1 <= n <= room:
                out.append(_la("land", f"land {n} unit(s) through {area.name or area.id}",
                               action_pb2.Action(side=side, major_battles=mbp.MajorBattlesAction(
                                   land=mbp.MbLand(area=area.id, unit_ids=at_sea[:n])))))
    return out


def _answers(g: Game, side: str) -> list[service_pb2.LegalAction]:
    d = g.pending
    assert d is not None
    ids = [o.id for o in d.options]

    def answer(choices: list[str], assignments: list[action_pb2.Assignment] | None = None) -> action_pb2.Action:
        return action_pb2.Action(side=side, answer=action_pb2.AnswerDecision(
            decision_id=d.id, choices=choices, assignments=assignments or []))

    out = []
    if d.kind == DEFENDER_RETREAT:
        assert g.mb.battle is not None
        units = list(g.mb.battle.retreating_units)
        must = int(d.context["must_move"])
        dests = [i for i in ids if i != SURRENDER]
        for dest in dests:
            out.append(_la("answer", f"retreat {must} unit(s) to {dest}", answer(
                [], [action_pb2.Assignment(unit_id=u, destination=dest) for u in units[:must]])))
        if len(dests) > 1 and must > 1:
            out.append(_la("answer", "split the retreat", answer(
                [], [action_pb2.Assignment(unit_id=u, destination=dests[k % 2]) for k, u in enumerate(units[:must])])))
        if SURRENDER in ids:
            out.append(_la("answer", "surrender every unit", answer([SURRENDER])))
        return out
    k = d.min_choices
    if k <= 1 and d.max_choices == 1:
        return [_la("answer", o.label, answer([o.id])) for o in d.options]
    seen = []
    for choice in (ids[:k], ids[len(ids) - k:]):
        if choice not in seen:
            seen.append(choice)
            out.append(_la("answer", f"choose {', '.join(choice)}", answer(choice)))
    return out
