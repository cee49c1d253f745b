"""What a ruleset reads off a map and a counter, for tools that author that data.

The map file format (docs/maps.md) does not restrict terrain, feature, tag or
road names: which names mean what is the ruleset's business. A tool that lets a
user paint a map (Umpire Studio) or type counter values needs that vocabulary,
so every ruleset answers `Ruleset.authoring()` with one of these. The default
(`derived`) reads it off the ruleset's own data: the names its shipped maps use
and the columns of its counters table, so a new ruleset works in the tools
before it says anything more; rulesets override it with the full list their
code accepts, each term with the rule it comes from.

A counter field either is a column of the ruleset's counters table (the table
merges user cells itself) or, for a ruleset without one, names where the value
goes in a unit definition (`target`): `face0.attack`, `face1.movement`,
`face0.values.command_range`, `size`, `type`, `prop:army`, `tag:mechanized`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from adjudicator.core.errors import MalformedInput
from umpire.v1 import definition_pb2, map_pb2

EDGES = ("north", "south", "east", "west")


@dataclass(frozen=True)
class Term:
    """One name of the vocabulary: `name` as the map file spells it."""

    name: str
    label: str = ""
    rule: str = ""  # the rule case the ruleset reads it for, e.g. "Nordwind 3.2"
    note: str = ""


@dataclass(frozen=True)
class CounterField:
    """One value of a counter the ruleset reads."""

    column: str
    choices: tuple[str, ...] = ()  # allowed values; empty = free text or a number
    number: bool = False
    target: str = ""  # where it goes in a unit definition (rulesets without a counters table)
    rule: str = ""
    note: str = ""


@dataclass(frozen=True)
class BankLine:
    """A river line whose banks the ruleset reads (docs/maps.md `[banks.<line>]`):
    `line` is the hexside feature the river is drawn with, `banks` the names of
    its banks (a hex lies on one of them)."""

    line: str
    banks: tuple[Term, ...]
    label: str = ""
    rule: str = ""
    note: str = ""


@dataclass(frozen=True)
class Vocabulary:
    layout: str  # "hex" or "graph"
    terrains: tuple[Term, ...] = ()
    hex_features: tuple[Term, ...] = ()
    hexside_features: tuple[Term, ...] = ()
    road_kinds: tuple[Term, ...] = ()
    # Hex (or town) tags with a fixed name, and tag families such as
    # "objective:" whose suffix the user chooses.
    tags: tuple[Term, ...] = ()
    tag_prefixes: tuple[Term, ...] = ()
    counters_table: str = ""  # table id whose rows are unit ids, or ""
    counter_fields: tuple[CounterField, ...] = ()
    default_terrain: str = ""
    notes: tuple[str, ...] = field(default_factory=tuple)
    # Unit types a definition built from a VASSAL module gets (a module has the
    # counters' pictures, not the game's unit types; a counter's `type` names one).
    unit_types: tuple[definition_pb2.UnitType, ...] = ()
    # River lines whose banks the ruleset reads (which side of the Rhine a hex lies on).
    banks: tuple[BankLine, ...] = ()

    def names(self, kind: str) -> list[str]:
        if kind == "banks":
            return [b.line for b in self.banks]
        return [t.name for t in getattr(self, kind)]

    def unknown_names(self, gm: map_pb2.GameMap) -> list[tuple[str, str, str]]:
        """(what, name, first hex or side using it) for every name in a map that
        this vocabulary does not have: what the ruleset would refuse or ignore."""
        out: list[tuple[str, str, str]] = []
        if gm.WhichOneof("layout") != "hex":
            return out
        seen: set[tuple[str, str]] = set()

        def check(kind: str, what: str, name: str, where: str) -> None:
            if (kind, name) in seen:
                return
            seen.add((kind, name))
            if kind == "tags" and (name.startswith("edge:") and name[5:] in EDGES
                                   or any(name.startswith(p.name) for p in self.tag_prefixes)):
                return
            if name not in self.names(kind):
                out.append((what, name, where))

        hm = gm.hex
        if hm.default_terrain:
            check("terrains", "terrain", hm.default_terrain, "default_terrain")
        for hx in hm.hexes:
            if hx.terrain:
                check("terrains", "terrain", hx.terrain, hx.id)
            for f in hx.features:
                check("hex_features", "hex feature", f, hx.id)
            for t in hx.tags:
                check("tags", "tag", t, hx.id)
            for line, bank in sorted(hx.banks.items()):
                known = next((b for b in self.banks if b.line == line), None)
                if known is None:
                    check("banks", "river line with banks", line, hx.id)
                elif bank not in [t.name for t in known.banks] and ("bank", f"{line}:{bank}") not in seen:
                    seen.add(("bank", f"{line}:{bank}"))
                    out.append((f"bank of the {line}", bank, hx.id))
        for hs in hm.hexsides:
            for f in hs.features:
                check("hexside_features", "hexside feature", f, f"{hs.a}/{hs.b}")
        for rl in hm.roads:
            check("road_kinds", "road kind", rl.kind, f"{rl.a}/{rl.b}")
        return out


def _terms(names: Iterable[str]) -> tuple[Term, ...]:
    return tuple(Term(n) for n in sorted(set(names)) if n)


FACE_FIELDS = ("attack", "defense", "movement", "quality")


def derived(layout: str, scenarios: Iterable[definition_pb2.Scenario], counters_table: str = "",
            counter_columns: Iterable[str] = ()) -> Vocabulary:
    """The vocabulary a ruleset's data shows: every name its shipped maps use;
    counter fields from its counters table, else the unit faces' fields."""
    terr: set[str] = set()
    feats: set[str] = set()
    sides: set[str] = set()
    roads: set[str] = set()
    tags: set[str] = set()
    banks: dict[str, set[str]] = {}
    default = ""
    for sc in scenarios:
        m = sc.definition.map
        if m.WhichOneof("layout") == "hex":
            default = default or m.hex.default_terrain
            terr.add(m.hex.default_terrain)
            for hx in m.hex.hexes:
                terr.add(hx.terrain)
                feats.update(hx.features)
                tags.update(t for t in hx.tags if not t.startswith("edge:"))
                for line, bank in hx.banks.items():
                    banks.setdefault(line, set()).add(bank)
            for hs in m.hex.hexsides:
                sides.update(hs.features)
            roads.update(r.kind for r in m.hex.roads)
        elif m.WhichOneof("layout") == "graph":
            for t in m.graph.towns:
                tags.update(t.tags)
            roads.update(r.kind for r in m.graph.roads)
    if counters_table:
        fields = tuple(CounterField(c) for c in counter_columns)
    else:
        fields = tuple(CounterField(f, number=f != "quality", target=f"face0.{f}") for f in FACE_FIELDS) + (
            CounterField("type", target="type"), CounterField("size", target="size"))
    return Vocabulary(layout, _terms(terr), _terms(feats), _terms(sides), _terms(roads), _terms(tags),
                      counters_table=counters_table, counter_fields=fields, default_terrain=default,
                      banks=tuple(BankLine(line, _terms(names)) for line, names in sorted(banks.items())),
                      notes=("derived from the ruleset's shipped data: names its maps use",))


def set_target(unit: definition_pb2.Unit, target: str, value: str) -> None:
    """Write one counter value into a unit definition (`CounterField.target`);
    a malformed value is refused naming the unit and the field."""
    where = f"unit {unit.id}: {target}"
    if target.startswith("face"):
        head, _, attr = target.partition(".")
        try:
            index = int(head[4:])
        except ValueError:
            raise MalformedInput(f"bad counter target {target!r}", where) from None
        while len(unit.faces) <= index:
            unit.faces.add()
        face = unit.faces[index]
        if attr.startswith("values."):
            face.values[attr[7:]] = value
        elif attr == "quality":
            face.quality = value
        elif attr in ("attack", "defense", "movement"):
            try:
                setattr(face, attr, int(value))
            except ValueError:
                raise MalformedInput(f"{value!r} is not a whole number", where) from None
        else:
            raise MalformedInput(f"bad counter target {target!r}", where)
    elif target in ("size", "type", "name", "formation", "nationality"):
        setattr(unit, target, value)
    elif target == "steps":
        try:
            unit.steps = int(value)
        except ValueError:
            raise MalformedInput(f"{value!r} is not a whole number", where) from None
    elif target.startswith("prop:"):
        unit.props[target[5:]] = value
    elif target.startswith("tag:"):
        tag = target[4:]
        yes = value.strip().lower() in ("yes", "true", "1", "y")
        if yes and tag not in unit.tags:
            unit.tags.append(tag)
        elif not yes and tag in unit.tags:
            unit.tags.remove(tag)
    else:
        raise MalformedInput(f"bad counter target {target!r}", where)
