"""Scenarios: the rules-only templates of 14.1-14.3, the shipped (illustrative)
scenarios built on them, and the completion and checking of any scenario.

The text gives each scenario's rules (forces, chits removed, reinforcements,
air, objectives, map limits) but no map and no counters. A *template*
(data/scenarios/, loadable as "traces-of-victory/rules/<name>") holds only
what the text gives. The *shipped* scenarios ("traces-of-victory/<name>") put
a template on the illustrative map with the illustrative counters, so every
rule can be played and tested; a user with the real map and counters
completes a template instead (docs/rules/traces-of-victory.md).
"""

from __future__ import annotations

from collections import Counter
from functools import partial

from adjudicator.core.errors import MalformedInput
from adjudicator.rules.traces import data
from adjudicator.rules.traces.cite import RULESET_ID, TV
from umpire.v1 import definition_pb2, traces_pb2

RULESET_VERSION = "1.0.0"
SHIPPED = tuple(f"{RULESET_ID}/{n}" for n in data.TEMPLATES)
TEMPLATE_PREFIX = data.TEMPLATE_PREFIX
BELLIGERENTS = ("allied", "german")
SPECIAL = {"allied": ("reserve", "shaef"), "german": ("reinforcement", "ob-west")}


def illustrative(name: str) -> definition_pb2.Scenario:
    """The template `name` on the illustrative map with the illustrative counters."""
    sc = data.template(name)
    roster = data.illustrative_roster()
    sc.name += " (illustrative map and counters)"
    sc.source = (sc.source + "; ILLUSTRATIVE map and counters reconstructed from the worked examples "
                 "(adjudicator/rules/traces/data/map-illustrative.toml, illustrative.textproto)")
    d = sc.definition
    d.id = sc.id
    d.name = sc.name
    d.ruleset = RULESET_ID
    d.source = "ILLUSTRATIVE map and counters; not the published game"
    d.map.CopyFrom(data.illustrative_map())
    del d.sides[:]
    d.sides.extend(roster.definition.sides)
    d.unit_types.extend(roster.definition.unit_types)
    d.units.extend(roster.definition.units)
    sc.setup.extend(roster.setup)
    ids = {r.code: list(r.unit_ids) for r in roster.traces.reinforcements}
    for r in sc.traces.reinforcements:
        if not r.unit_ids:
            r.unit_ids.extend(ids.get(r.code, []))
    sc.traces.arrivals.extend(roster.traces.arrivals)
    sc.traces.reserves.extend(roster.traces.reserves)
    sc.traces.playable = True
    return sc


for _name in data.TEMPLATES:  # the data pack's scenarios: the playable ones listed, the templates loadable
    data.PACK.ship(f"{RULESET_ID}/{_name}", partial(illustrative, _name))
    data.PACK.ship(TEMPLATE_PREFIX + _name, partial(data.template, _name), listed=False)


def complete(scenario: definition_pb2.Scenario) -> definition_pb2.Scenario:
    """A copy of `scenario` with what it may leave out filled in from the rules
    data (sides, tables, armies, pools, the 11.2 rows, objective hexes by
    name, unit props), the units of forces not in the scenario removed (14.1,
    14.2), and everything checked. One-line errors name the field."""
    sc = definition_pb2.Scenario()
    sc.CopyFrom(scenario)
    sc.ruleset = sc.ruleset or RULESET_ID
    if sc.ruleset != RULESET_ID:
        raise MalformedInput(f"the scenario is for ruleset {sc.ruleset!r}, not {RULESET_ID}", "scenario.ruleset")
    d = sc.definition
    t = sc.traces
    if not t.playable:
        raise MalformedInput(
            f"{sc.id or 'the scenario'} is a rules-only template: the text has no map and no counters; add "
            "definition.map, definition.units and setup and set traces.playable (docs/rules/traces-of-victory.md)",
            "scenario.traces.playable")
    if d.map.WhichOneof("layout") != "hex":
        raise MalformedInput("Traces of Victory needs a hex map", "scenario.definition.map")
    if not d.sides:
        d.sides.add(id="allied", name="Allied")
        d.sides.add(id="german", name="German")
    sides = [s.id for s in d.sides]
    if sorted(sides) != sorted(BELLIGERENTS):
        raise MalformedInput(f"the sides must be 'allied' and 'german', not {sides}", "scenario.definition.sides")
    _complete_tables(d)
    rules = data.rules()
    _complete_armies(t, rules)
    _complete_pools(t, rules)
    _complete_reinforcements(t, d)
    if not d.unit_types:
        d.unit_types.extend(data.illustrative_roster().definition.unit_types)
    _filter_forces(sc)
    _check_units(sc)
    _complete_objectives(sc)
    return sc


def _complete_tables(d: definition_pb2.GameDefinition) -> None:
    own = {t.id for t in d.tables}
    shipped = [t for t in data.tables() if t.id not in own]
    mine = list(d.tables)
    del d.tables[:]
    d.tables.extend(shipped + mine)


def _complete_armies(t: traces_pb2.TracesScenario, rules: traces_pb2.TracesScenario) -> None:
    known = {a.id: a for a in rules.armies}
    for i, a in enumerate(t.armies):
        if a.id not in known:
            raise MalformedInput(f"unknown army {a.id!r} (known: {', '.join(known)})", f"scenario.traces.armies[{i}]")
        if not a.corps:
            a.CopyFrom(known[a.id])
    if not t.armies:
        t.armies.extend(rules.armies)


def _complete_pools(t: traces_pb2.TracesScenario, rules: traces_pb2.TracesScenario) -> None:
    if not t.pools:
        t.pools.extend(rules.pools)
    removed = Counter(t.removed_chits)
    for pool in t.pools:
        for c in pool.chits:
            take = min(removed[c.name], c.count)
            c.count -= take
            removed[c.name] -= take
    extra = [n for n, k in removed.items() if k > 0]
    if extra:
        raise MalformedInput(f"removes chits the pools do not hold: {', '.join(extra)}", "scenario.traces.removed_chits")
    for pool in t.pools:
        keep = [c for c in pool.chits if c.count > 0]
        del pool.chits[:]
        pool.chits.extend(keep)


def _complete_reinforcements(t: traces_pb2.TracesScenario, d: definition_pb2.GameDefinition) -> None:
    table = next((x for x in d.tables if x.id == data.REINFORCEMENTS), None)
    cells = {(c.row, c.column): c.value for c in table.cells} if table is not None else {}
    for i, r in enumerate(t.reinforcements):
        if not r.turn:
            turn = cells.get((r.code, "turn"))
            if turn is None:
                raise MalformedInput(f"no turn for reinforcement {r.code!r} (11.2 lists 25PG, 36VG, 347, PLehr, 21P)",
                                     f"scenario.traces.reinforcements[{i}]")
            r.turn = int(turn)
        if not r.division:
            r.division = cells.get((r.code, "division"), r.code)
        if not r.HasField("citation"):
            r.citation.CopyFrom(TV.cite("11.2"))


def _in_forces(u: definition_pb2.Unit, t: traces_pb2.TracesScenario, reinforcing: set[str]) -> bool:
    armies = {a.id for a in t.armies}
    if u.side == "allied":
        return u.props.get("army", "") in armies
    if u.id in reinforcing:
        return True
    if u.formation and u.formation in t.attached_divisions:
        return True
    if u.props.get("army", "") not in armies:
        return False
    return not t.german_corps or u.props.get("corps", "") in t.german_corps


def _filter_forces(sc: definition_pb2.Scenario) -> None:
    """14.1, 14.2: only the forces the scenario names take part; 14.1's 361st VG
    serves under LXXXII Corps (A-36)."""
    t = sc.traces
    d = sc.definition
    reinforcing = {u for r in t.reinforcements for u in r.unit_ids}
    corps_army = {c: a.id for a in data.rules().armies for c in a.corps}
    keep = []
    for u in d.units:
        u.props.setdefault("belligerent", u.side)
        if not _in_forces(u, t, reinforcing):
            continue
        if u.formation in t.attached_divisions:
            u.props["corps"] = t.attached_divisions[u.formation]
            u.props["army"] = corps_army.get(u.props["corps"], u.props.get("army", ""))
        keep.append(u)
    ids = {u.id for u in keep}
    del d.units[:]
    d.units.extend(keep)
    setup = [p for p in sc.setup if p.unit_id in ids]
    del sc.setup[:]
    sc.setup.extend(setup)
    for field in (t.arrivals, t.reserves, t.reinforcements):
        for item in field:
            kept = [x for x in item.unit_ids if x in ids]
            del item.unit_ids[:]
            item.unit_ids.extend(kept)


def _check_units(sc: definition_pb2.Scenario) -> None:
    d = sc.definition
    types = {t.id: t for t in d.unit_types}
    seen = {u.id for u in d.units}  # ids, sides and the set-up: checked for every game (core/template.py)
    hqs: dict[str, str] = {}
    for i, u in enumerate(d.units):
        where = f"scenario.definition.units[{i}]"
        if u.side not in BELLIGERENTS:
            raise MalformedInput(f"unit {u.id} has side {u.side!r} (allied or german)", where)
        if u.type not in types:
            raise MalformedInput(f"unit {u.id} has unknown type {u.type!r}", where)
        if not u.faces:
            raise MalformedInput(f"unit {u.id} has no faces (the counter's values)", where)
        for j, f in enumerate(u.faces):
            # 2.2: every counter prints a Movement Allowance and a Combat Strength (one value for
            # non-mechanized units, Attack and Defence for mechanized ones). A value left out is
            # unknown, never 0: refuse the scenario instead of moving or fighting with 0.
            if not f.HasField("movement"):
                raise MalformedInput(f"unit {u.id} face {j} has no movement allowance (ToV 2.2)", f"{where}.faces[{j}]")
            if not (f.HasField("attack") or f.HasField("defense")):
                raise MalformedInput(f"unit {u.id} face {j} has no combat strength (ToV 2.2)", f"{where}.faces[{j}]")
        if "hq" in types[u.type].tags:
            chit = u.props.get("hq", "")
            if not chit:
                raise MalformedInput(f"HQ {u.id} needs props.hq = its chit name (e.g. 'LXIV')", where)
            if chit in hqs:
                raise MalformedInput(f"HQ chit {chit!r} names two HQs ({hqs[chit]}, {u.id})", where)
            hqs[chit] = u.id
    t = sc.traces
    lists: list[tuple[str, list[list[str]]]] = [
        ("arrivals", [list(a.unit_ids) for a in t.arrivals]),
        ("reserves", [list(r.unit_ids) for r in t.reserves]),
        ("reinforcements", [list(r.unit_ids) for r in t.reinforcements]),
    ]
    for name, groups in lists:
        for j, ids in enumerate(groups):
            for x in ids:
                if x not in seen:
                    raise MalformedInput(f"unknown unit {x!r}", f"scenario.traces.{name}[{j}]")


def _complete_objectives(sc: definition_pb2.Scenario) -> None:
    m = sc.definition.map.hex
    by_name: dict[str, list[str]] = {}
    for h in m.hexes:
        if h.name:
            by_name.setdefault(h.name.casefold(), []).append(h.id)
        for tag in h.tags:
            if tag.startswith("objective:"):
                by_name.setdefault(tag.split(":", 1)[1].casefold(), []).append(h.id)
    for i, o in enumerate(sc.traces.objectives):
        if not o.hexes:
            found = by_name.get(o.name.casefold(), [])
            if not found:
                raise MalformedInput(
                    f"objective {o.name!r} has no hexes: name them, or name/tag the map hexes "
                    f"(Hex.name = {o.name!r} or tag 'objective:{o.name}')", f"scenario.traces.objectives[{i}]")
            o.hexes.extend(dict.fromkeys(found))
