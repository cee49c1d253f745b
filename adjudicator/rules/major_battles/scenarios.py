"""Shipped scenarios and the completion of user scenarios.

A campaign scenario is the campaign's forces and deal (from the rulebook
text) on a board file from `data/boards/`. A user scenario may be as small as

    ruleset: "major-battles"
    major_battles { campaign: "normandy" }
    definition { map { ...the real board... } }

`complete()` fills in what it leaves out (sides, unit types, the campaign's
units, the deal), so supplying the real board is all a user has to do
(docs/boards.md)."""

from __future__ import annotations

from functools import partial

from adjudicator.core.errors import MalformedInput, NotFound
from adjudicator.rules.major_battles import citations as C, data
from adjudicator.rules.major_battles.campaigns import campaign_of
from adjudicator.rules.major_battles.campaigns.base import Campaign
from adjudicator.rules.major_battles.model import ARMOR, INFANTRY
from umpire.v1 import definition_pb2

RULESET_ID = "major-battles"
RULESET_VERSION = "1.0.0"
PREFIX = {"us": "us", "german": "de", "allied": "al", "axis": "ax"}

# scenario id -> (campaign, board file, name)
SHIPPED: dict[str, tuple[str, str, str]] = {
    "major-battles/normandy": ("normandy", "normandy", "Breakout at Normandy (illustrative board)"),
    "major-battles/bulge": ("bulge", "bulge", "The Bulge (illustrative board)"),
    "major-battles/sicily": ("sicily", "sicily", "The Sicily Campaign (illustrative board)"),
    "major-battles/illustration-1": ("", "illustration-1", "Illustration 1: using movement points"),
    "major-battles/illustration-2": ("", "illustration-2", "Illustration 2: retreating"),
}

# Illustration setups from the worked examples: (side role, kind, count, town).
ILLUSTRATION_SETUP: dict[str, list[tuple[str, str, int, str]]] = {
    # "Using Movement Points" ¶4: 2 Armored + 1 Infantry in A, 1 Armored + 3 Infantry in B.
    "illustration-1": [("blue", ARMOR, 2, "A"), ("blue", INFANTRY, 1, "A"), ("blue", ARMOR, 1, "B"),
                       ("blue", INFANTRY, 3, "B")],
    # "Retreating" ¶7: stacks X (from B) and Y (from C) give the attacker 5 dice; the defender in A
    # throws 3; E and F hold attacker units, F a single Infantry Unit (Advanced ¶3). The unit counts
    # are a choice consistent with those numbers (the text does not give them).
    "illustration-2": [("blue", ARMOR, 3, "B"), ("blue", ARMOR, 2, "C"), ("blue", INFANTRY, 2, "C"),
                       ("blue", INFANTRY, 2, "E"), ("blue", INFANTRY, 1, "F"),
                       ("red", ARMOR, 2, "A"), ("red", INFANTRY, 2, "A")],
}


def unit_id(side: str, kind: str, n: int, reserve: bool) -> str:
    return f"{PREFIX.get(side, side)}-{'arm' if kind == ARMOR else 'inf'}-{'r' if reserve else ''}{n:02d}"


def _units(camp: Campaign, blue: str, red: str) -> list[definition_pb2.Unit]:
    out = []
    counters: dict[tuple[str, str, bool], int] = {}
    for f in camp.forces():
        side = blue if f.role == "blue" else red
        for _ in range(f.count):
            key = (side, f.kind, f.reserve)
            counters[key] = counters.get(key, 0) + 1
            u = definition_pb2.Unit(id=unit_id(side, f.kind, counters[key], f.reserve), side=side, type=f.kind,
                                    name=f"{side} {f.kind}" + (" (reserve)" if f.reserve else ""))
            if f.reserve:
                u.props["reserve"] = "true"
            out.append(u)
    return out


def complete(src: definition_pb2.Scenario) -> definition_pb2.Scenario:
    """A copy of `src` with everything it leaves out filled from its campaign."""
    sc = definition_pb2.Scenario()
    sc.CopyFrom(src)
    if sc.ruleset and sc.ruleset != RULESET_ID:
        raise MalformedInput(f"scenario is for ruleset {sc.ruleset!r}, not {RULESET_ID}", "scenario.ruleset")
    sc.ruleset = RULESET_ID
    ext = sc.major_battles
    camp = campaign_of(ext.campaign)
    if not sc.id:
        sc.id = f"major-battles/{camp.name or 'general'}-user-board"
    if not sc.name:
        sc.name = f"{camp.title} ({sc.definition.map.name or sc.definition.map.id or 'user board'})"
    d = sc.definition
    d.ruleset = RULESET_ID
    if not d.sides:
        d.sides.add(id=camp.blue_id, name=camp.blue_name, color="blue")
        d.sides.add(id=camp.red_id, name=camp.red_name, color="red")
    if len(d.sides) != 2:
        raise MalformedInput(f"Major Battles has two sides, the scenario lists {len(d.sides)}", "scenario.definition.sides")
    if not ext.blue_side:
        ext.blue_side = d.sides[0].id
    if not ext.red_side:
        ext.red_side = d.sides[1].id
    ids = {s.id for s in d.sides}
    if {ext.blue_side, ext.red_side} != ids:
        raise MalformedInput(f"blue_side/red_side must be the two sides {sorted(ids)}", "scenario.major_battles")
    if not ext.blue_cards and not ext.red_cards:
        ext.blue_cards, ext.red_cards = camp.blue_cards, camp.red_cards
        ext.game_ends_card = camp.game_ends_card
    if not d.unit_types:
        d.unit_types.add(id=ARMOR, name="Armored Unit", tags=["armored"])
        d.unit_types.add(id=INFANTRY, name="Infantry Unit")
    if not d.units:
        if not camp.name and not ext.fixed_setup:
            raise MalformedInput("a scenario without a campaign must list its units", "scenario.definition.units")
        d.units.extend(_units(camp, ext.blue_side, ext.red_side))
        if not sc.reinforcements:
            _reinforcements(sc, camp)
    if not sc.victory:
        sc.victory.extend(camp.victory_conditions(ext.blue_side, ext.red_side))
    if not sc.last_turn and ext.game_ends_card:
        sc.last_turn = ext.blue_cards
    if not sc.first_turn:
        sc.first_turn = 1
    _check_units(sc)
    return sc


def _reinforcements(sc: definition_pb2.Scenario, camp: Campaign) -> None:
    by_side: dict[str, list[str]] = {}
    for u in sc.definition.units:
        if u.props.get("reserve") == "true":
            by_side.setdefault(u.side, []).append(u.id)
    ext = sc.major_battles
    words = {
        ("normandy", "blue"): ("3 dice at the end of each turn; on a double all 3 enter together in a town he "
                               "occupies; he may wait", C.NORMANDY_US_RESERVES),
        ("normandy", "red"): ("2 at the end of each of his first five turns, in one of the five (*) towns not "
                              "occupied by the Americans", C.NORMANDY_DE_RESERVES),
        ("bulge", "blue"): ("3 dice at the end of each turn; on a double 2 enter together in a town he occupies",
                            C.BULGE_US_RESERVES),
        ("bulge", "red"): ("3 dice at the end of each turn; on a double 1 enters in Longuilly unless the "
                           "Americans occupy it", C.BULGE_DE_RESERVES),
    }
    for side, ids in by_side.items():
        role = "blue" if side == ext.blue_side else "red"
        text, cite = words.get((camp.name, role), ("by the campaign's reserve rules", C.POSITIONING))
        sc.reinforcements.add(unit_ids=ids, condition=text, citation=cite)
    if camp.name == "sicily":
        sc.reinforcements.add(condition="unlimited: 3 dice at the end of each Axis turn; a pair of 1-4 enters 2 "
                              "Infantry, a pair of 5 or 6 1 Armored Unit, in Messina", entry=["messina"],
                              citation=C.SICILY_AXIS_RESERVES)


def _check_units(sc: definition_pb2.Scenario) -> None:
    """Ids, sides and the set-up are checked for every game (core/template.py)."""
    for i, u in enumerate(sc.definition.units):
        if u.type not in (ARMOR, INFANTRY):
            raise MalformedInput(f"unit {u.id} has type {u.type!r}; Major Battles units are armor or infantry",
                                 f"scenario.definition.units[{i}]")


def shipped(scenario_id: str) -> definition_pb2.Scenario:
    entry = SHIPPED.get(scenario_id)
    if entry is None:
        raise NotFound(f"unknown scenario {scenario_id!r} (shipped: {', '.join(SHIPPED)})")
    campaign, board, name = entry
    camp = campaign_of(campaign)
    sc = definition_pb2.Scenario(id=scenario_id, name=name, ruleset=RULESET_ID, ruleset_version=RULESET_VERSION)
    gmap = data.board(board)
    sc.definition.id = scenario_id
    sc.definition.name = name
    sc.definition.map.CopyFrom(gmap)
    sc.definition.source = gmap.source
    sc.source = "rulebook text (forces, deal, special rules); board: " + gmap.source
    sc.description = camp.title
    sc.major_battles.campaign = campaign
    setup = ILLUSTRATION_SETUP.get(board)
    if setup is None:
        return complete(sc)
    sc.major_battles.fixed_setup = True
    d = sc.definition
    d.sides.add(id=camp.blue_id, name=camp.blue_name, color="blue")
    d.sides.add(id=camp.red_id, name=camp.red_name, color="red")
    counters: dict[tuple[str, str], int] = {}
    for role, kind, count, town in setup:
        side = camp.blue_id if role == "blue" else camp.red_id
        for _ in range(count):
            counters[(side, kind)] = counters.get((side, kind), 0) + 1
            uid = unit_id(side, kind, counters[(side, kind)], False)
            d.units.add(id=uid, side=side, type=kind, name=f"{side} {kind}")
            sc.setup.add(unit_id=uid, location=town)
    return complete(sc)


for _sid in SHIPPED:  # the data pack's scenarios, built on its boards
    data.PACK.ship(_sid, partial(shipped, _sid))
