"""A point-to-point board (docs/boards.md) between the page and its file.

The Map tab of a ruleset whose maps are towns and roads (Major Battles) edits
a plain JSON document: towns (id, name, position, tags), roads (two towns and
a kind) and special areas. Saving writes the board file (`boards/<name>.textproto`,
a `GameMap` with a `graph` layout, protobuf text) and checks it:

* its structure, each error at its town or road: ids, roads between known
  towns, the kinds and tags the ruleset reads (`Ruleset.authoring()`; names it
  does not read are warnings);
* as creating a game checks it: with a scenario chosen, a game of that
  scenario on this board is created (`engine.new_game`), so the ruleset's own
  checks speak (Major Battles: a campaign's tagged towns and their counts).

A board starts from a file, from a VASSAL map's regions (where the module's
pieces stand: the towns' ids are the regions' names), or from the scenario's.
"""

from __future__ import annotations

from typing import Any

from google.protobuf import text_format

from adjudicator.core import engine
from adjudicator.core.authoring import Vocabulary
from adjudicator.core.dice import HmacDice
from adjudicator.core.errors import MalformedInput, UmpireError
from adjudicator.core.ruleset import get_ruleset
from umpire.v1 import definition_pb2, map_pb2

Doc = dict[str, Any]


def board_to_doc(gm: map_pb2.GameMap) -> Doc:
    g = gm.graph
    return {"id": gm.id, "name": gm.name, "source": gm.source,
            "towns": [{"id": t.id, "name": t.name, "x": t.x, "y": t.y, "tags": list(t.tags), "props": dict(t.props)}
                      for t in g.towns],
            "roads": [{"id": r.id, "a": r.a, "b": r.b, "kind": r.kind} for r in g.roads],
            "areas": [{"id": a.id, "kind": a.kind, "town": a.town, "capacity": a.capacity, "name": a.name}
                      for a in g.areas]}


def _num(v: Any, where: str) -> float:
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise MalformedInput("expected a number", where)
    return float(v)


def _str(v: Any, where: str) -> str:
    if not isinstance(v, str):
        raise MalformedInput("expected a string", where)
    return v


def doc_to_board(doc: Doc) -> map_pb2.GameMap:
    """The page's document as a GameMap (shape checked here; meaning by `problems`)."""
    if not isinstance(doc, dict):
        raise MalformedInput("expected an object", "board")
    gm = map_pb2.GameMap(id=_str(doc.get("id", ""), "board.id"), name=_str(doc.get("name", ""), "board.name"),
                         source=_str(doc.get("source", ""), "board.source"))
    g = gm.graph
    for key in ("towns", "roads", "areas"):
        if not isinstance(doc.get(key, []), list):
            raise MalformedInput("expected a list", f"board.{key}")
    for i, t in enumerate(doc.get("towns", [])):
        w = f"board.towns[{i}]"
        if not isinstance(t, dict):
            raise MalformedInput("expected an object", w)
        town = g.towns.add(id=_str(t.get("id", ""), f"{w}.id").strip(), name=_str(t.get("name", ""), f"{w}.name"),
                           x=_num(t.get("x", 0), f"{w}.x"), y=_num(t.get("y", 0), f"{w}.y"))
        tags = t.get("tags", [])
        if not isinstance(tags, list):
            raise MalformedInput("expected a list of tags", f"{w}.tags")
        town.tags.extend(_str(x, f"{w}.tags") for x in tags if x)
        props = t.get("props", {})
        if not isinstance(props, dict):
            raise MalformedInput("expected an object", f"{w}.props")
        town.props.update({str(k): _str(v, f"{w}.props.{k}") for k, v in props.items()})
    for i, r in enumerate(doc.get("roads", [])):
        w = f"board.roads[{i}]"
        if not isinstance(r, dict):
            raise MalformedInput("expected an object", w)
        g.roads.add(id=_str(r.get("id", ""), f"{w}.id"), a=_str(r.get("a", ""), f"{w}.a"),
                    b=_str(r.get("b", ""), f"{w}.b"), kind=_str(r.get("kind", ""), f"{w}.kind"))
    for i, a in enumerate(doc.get("areas", [])):
        w = f"board.areas[{i}]"
        if not isinstance(a, dict):
            raise MalformedInput("expected an object", w)
        cap = a.get("capacity", 0)
        if isinstance(cap, bool) or not isinstance(cap, int):
            raise MalformedInput("expected a whole number", f"{w}.capacity")
        g.areas.add(id=_str(a.get("id", ""), f"{w}.id"), kind=_str(a.get("kind", ""), f"{w}.kind"),
                    town=_str(a.get("town", ""), f"{w}.town"), capacity=cap, name=_str(a.get("name", ""), f"{w}.name"))
    return gm


def problems(gm: map_pb2.GameMap, vocabulary: Vocabulary,
             scenario: definition_pb2.Scenario | None = None) -> list[dict[str, Any]]:
    """Every structural error at its town or road, the names the ruleset does
    not read (warnings), then what creating a game of `scenario` on it says."""
    out: list[dict[str, Any]] = []

    def add(level: str, message: str, **at: str) -> None:
        out.append({"level": level, "message": message, **at})

    towns: set[str] = set()
    for t in gm.graph.towns:
        if not t.id:
            add("error", "a town needs an id", town="")
        elif t.id in towns:
            add("error", f"two towns have the id {t.id!r}", town=t.id)
        towns.add(t.id)
    kinds = set(vocabulary.names("road_kinds"))
    tags = set(vocabulary.names("tags"))
    ids = set(towns)
    for r in gm.graph.roads:
        if not r.id or r.id in ids:
            add("error", f"road id {r.id!r} is empty or already used", road=r.id)
        ids.add(r.id)
        for end in (r.a, r.b):
            if end not in towns:
                add("error", f"road {r.id} ends at {end!r}, which is not a town", road=r.id)
        if r.a == r.b:
            add("error", f"road {r.id} joins {r.a!r} to itself", road=r.id)
        if kinds and r.kind not in kinds:
            add("error", f"road {r.id} has kind {r.kind!r}; the ruleset reads {', '.join(sorted(kinds))}", road=r.id)
    for a in gm.graph.areas:
        if a.town not in towns:
            add("error", f"area {a.id} points to {a.town!r}, which is not a town", town=a.town)
    for t in gm.graph.towns:
        for tag in t.tags:
            if tags and tag not in tags:
                add("warning", f"tag {tag!r} is not one the ruleset reads (kept, ignored)", town=t.id)
    if scenario is not None and not any(p["level"] == "error" for p in out):
        out += _as_a_game(gm, scenario)
    return out


def _as_a_game(gm: map_pb2.GameMap, scenario: definition_pb2.Scenario) -> list[dict[str, Any]]:
    """Create a game of the scenario on this board: the ruleset's own checks."""
    sc = definition_pb2.Scenario()
    sc.CopyFrom(scenario)
    sc.definition.map.CopyFrom(gm)
    try:  # dice thrown while creating (a deal) come from a fixed seed: only the board is judged
        engine.new_game(get_ruleset(sc.ruleset), sc, game_id="studio-check", options={}, tables=None,
                        dice=HmacDice(b"umpire-studio-board-check", "studio", 0, 0))
    except UmpireError as e:
        return [{"level": "error", "message": f"as a game of {scenario.id}: {e.one_line()}"}]
    return [{"level": "ok", "message": f"a game of {scenario.id} can be created on this board"}]


def write_text(gm: map_pb2.GameMap, header: str) -> str:
    return "".join(f"# {line}\n" for line in header.splitlines()) + text_format.MessageToString(gm, as_utf8=True)


def read_text(text: str, where: str) -> map_pb2.GameMap:
    gm = map_pb2.GameMap()
    try:
        text_format.Parse(text, gm)
    except text_format.ParseError as e:
        raise MalformedInput(" ".join(str(e).split()), where) from None
    if gm.WhichOneof("layout") == "hex":
        raise MalformedInput("this is a hex map, not a point-to-point board", where)
    return gm
