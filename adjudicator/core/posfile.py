"""The hand-writable position file (TOML): start a game from a mid-game position.

Why: to settle a dispute in a game already under way, players need the state
their table shows (turn, phase, who is to act, where every unit is, its losses
and markers, the weather) without editing a state JSON by hand. The format is
documented in docs/position.md; in short::

    scenario = "nordwind-1945/historical"   # optional: checked against the game
    turn = 3
    phase = "german-movement"
    active_side = "german"      # optional when the phase names the side
    weather = "cloudy"          # the ruleset's weather words
    unlisted = "keep"           # units not listed: "keep", "off-map", "eliminated"

    [units]
    "44DI-1" = "1207"                                            # on the map, full strength
    "21PzD-125" = { at = "1308", steps_lost = 1, markers = ["isolated"] }
    "10SS-1" = { status = "eliminated" }

    [markers]                   # map markers that are not units (GameState.markers)
    mud-1 = { kind = "mud", at = "1207" }

    [losses]                    # steps lost so far by side, where the ruleset counts them
    german = 4

Parsing and applying are pure (text in, state out). The generic part (this
module) sets what every ruleset shares (GameState.turn/phase/segment/
active_side, UnitState, MapMarker); what differs per ruleset (its phase names,
who acts in a phase, weather words, loss counters, bookkeeping to reset) is a
`PositionHooks` the ruleset supplies (`Ruleset.position_hooks`). Every error
is one line `FILE:LINE: what is wrong`; nothing is applied unless the whole
file is valid (the state is built on a copy).
"""

from __future__ import annotations

import difflib
import re
import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from adjudicator.core.combat import steps_of
from adjudicator.core.errors import MalformedInput, UmpireError
from umpire.v1 import state_pb2

MAX_BYTES = 1024 * 1024  # a position names at most a few thousand units
TOP_KEYS = {"scenario", "turn", "phase", "segment", "active_side", "weather", "unlisted",
            "units", "markers", "losses", "ruleset"}
UNIT_KEYS = {"at", "status", "steps_lost", "markers", "mp_spent"}
MARKER_KEYS = {"kind", "at", "side", "values"}
STATUSES: dict[str, state_pb2.UnitState.Status] = {
    "on-map": state_pb2.UnitState.ON_MAP,
    "off-map": state_pb2.UnitState.OFF_MAP,
    "eliminated": state_pb2.UnitState.ELIMINATED,
    "withdrawn": state_pb2.UnitState.WITHDRAWN,
    "exited": state_pb2.UnitState.EXITED,
}
UNLISTED = ("keep", "off-map", "eliminated")
_MARKER = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.:+-]{0,63}")


class PositionError(MalformedInput):
    """A position file error at one line (`FILE:LINE: message`)."""

    def __init__(self, message: str, file: str, line: int = 0) -> None:
        super().__init__(message, f"{file}:{line}" if line else file)


@dataclass(frozen=True)
class PhaseSpec:
    """A phase a position may start in: its segments ("" = none) and the side
    that acts in it ("" = given by `active_side`; None = nobody acts)."""

    segments: tuple[str, ...] = ("",)
    side: str | None = ""


@dataclass
class PositionHooks:
    """What one ruleset adds to the generic position file (see module doc).

    `phases(state)` lists the phases (with segments) a position may start in:
    those at whose start no combat or decision is in progress. `weather` names
    the weather words (empty = the ruleset has no weather); `set_weather` and
    `set_losses` write them into the ruleset's own state; `extra` are
    ruleset-only top-level keys (under `[ruleset]`) with their setters;
    `markers` the unit marker names it reads (None = any well-formed name;
    `marker_prefixes` for names such as "road:<id>"); `finish` resets the
    ruleset's bookkeeping for the new phase (and may raise MalformedInput)."""

    phases: Callable[[state_pb2.GameState], Mapping[str, PhaseSpec]]
    weather: tuple[str, ...] = ()
    set_weather: Callable[[state_pb2.GameState, str], None] | None = None
    set_losses: Callable[[state_pb2.GameState, dict[str, int]], None] | None = None
    extra: Mapping[str, Callable[[state_pb2.GameState, Any, str], None]] = field(default_factory=dict)
    markers: frozenset[str] | None = None
    marker_prefixes: tuple[str, ...] = ()
    finish: Callable[[state_pb2.GameState], None] | None = None


# -- where a key is written ----------------------------------------------------------------

_HEADER = re.compile(r"^\s*\[\s*([^\]]+?)\s*\]\s*(#.*)?$")
_KEY = re.compile(r"""^\s*(?:"((?:[^"\\]|\\.)*)"|'([^']*)'|([A-Za-z0-9_-]+))\s*=""")


class Lines:
    """The line each `section.key` is written on (1-based). TOML parsers give
    values, not positions; a hand-written position has one key per line, which
    this finds (0 when it cannot, e.g. a multi-line array's element)."""

    def __init__(self, text: str) -> None:
        self.at: dict[tuple[str, str], int] = {}
        self.sections: dict[str, int] = {}
        section = ""
        for n, line in enumerate(text.splitlines(), 1):
            h = _HEADER.match(line)
            if h:
                section = h.group(1).strip().strip('"')
                self.sections.setdefault(section, n)
                continue
            k = _KEY.match(line)
            if k:
                key = next(g for g in k.groups() if g is not None)
                self.at.setdefault((section, key), n)

    def of(self, section: str, key: str = "") -> int:
        if not key:
            return self.sections.get(section, 0)
        return self.at.get((section, key), self.sections.get(section, 0))


# -- the parsed file -----------------------------------------------------------------------

@dataclass
class UnitSpec:
    unit_id: str
    line: int
    at: str | None = None
    status: state_pb2.UnitState.Status | None = None
    steps_lost: int | None = None
    markers: list[str] | None = None
    mp_spent: float | None = None


@dataclass
class MarkerSpec:
    marker_id: str
    line: int
    kind: str
    at: str = ""
    side: str = ""
    values: dict[str, str] = field(default_factory=dict)


@dataclass
class PositionSpec:
    """A position file, parsed and type-checked (not yet checked against a game)."""

    file: str
    lines: Lines
    scenario: str = ""
    turn: int | None = None
    phase: str | None = None
    segment: str | None = None
    active_side: str | None = None
    weather: str | None = None
    unlisted: str = "keep"
    units: list[UnitSpec] = field(default_factory=list)
    markers: list[MarkerSpec] | None = None
    losses: dict[str, int] | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def error(self, message: str, section: str = "", key: str = "") -> PositionError:
        return PositionError(message, self.file, self.lines.of(section, key))


def _want(spec: PositionSpec, value: Any, kind: type | tuple[type, ...], section: str, key: str, what: str) -> Any:
    if isinstance(value, bool) and kind in (int, float, (int, float)):
        raise spec.error(f"{what} must be a number, not {value!r}", section, key)
    if not isinstance(value, kind):
        raise spec.error(f"{what} must be {_kind_name(kind)}, not {type(value).__name__} {value!r}", section, key)
    return value


def _kind_name(kind: type | tuple[type, ...]) -> str:
    names = {str: "a string", int: "an integer", float: "a number", dict: "a table", list: "a list", bool: "true/false"}
    if isinstance(kind, tuple):
        return " or ".join(names.get(k, k.__name__) for k in kind)
    return names.get(kind, kind.__name__)


def _unknown_keys(spec: PositionSpec, table: Mapping[str, Any], allowed: set[str], section: str, what: str,
                  line_key: str = "") -> None:
    for k in table:
        if k not in allowed:
            raise spec.error(f"unknown key {k!r} {what} (allowed: {', '.join(sorted(allowed))})",
                             section, line_key or k)


def parse_position(text: str, file: str = "position file") -> PositionSpec:
    """Parse and type-check a position file (see the module doc)."""
    if len(text.encode("utf-8")) > MAX_BYTES:
        raise PositionError(f"file is over the {MAX_BYTES} byte limit", file)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        m = re.search(r"\(at line (\d+), column (\d+)\)", str(e))
        msg = re.sub(r"\s*\(at (line \d+, column \d+|end of document)\)", "", " ".join(str(e).split()))
        line = int(m.group(1)) if m else (len(text.splitlines()) if "end of document" in str(e) else 0)
        raise PositionError(f"not valid TOML: {msg}" + (f" (column {m.group(2)})" if m else ""), file,
                            line) from None
    spec = PositionSpec(file=file, lines=Lines(text))
    _unknown_keys(spec, data, TOP_KEYS, "", "in a position file")
    if "scenario" in data:
        spec.scenario = _want(spec, data["scenario"], str, "", "scenario", "scenario")
    if "turn" in data:
        spec.turn = _want(spec, data["turn"], int, "", "turn", "turn")
        if spec.turn < 0 or spec.turn > 10_000:
            raise spec.error(f"turn must be between 0 and 10000, not {spec.turn}", "", "turn")
    for key in ("phase", "segment", "active_side", "weather"):
        if key in data:
            setattr(spec, key, _want(spec, data[key], str, "", key, key))
    if "unlisted" in data:
        spec.unlisted = _want(spec, data["unlisted"], str, "", "unlisted", "unlisted")
        if spec.unlisted not in UNLISTED:
            raise spec.error(f"unlisted must be one of {', '.join(UNLISTED)}, not {spec.unlisted!r}", "", "unlisted")
    units = _want(spec, data.get("units", {}), dict, "units", "", "[units]")
    for uid, value in units.items():
        spec.units.append(_unit(spec, uid, value))
    if "markers" in data:
        spec.markers = []
        for mid, value in _want(spec, data["markers"], dict, "markers", "", "[markers]").items():
            spec.markers.append(_marker(spec, mid, value))
    if "losses" in data:
        spec.losses = {}
        for side, value in _want(spec, data["losses"], dict, "losses", "", "[losses]").items():
            n = _want(spec, value, int, "losses", side, f"losses of {side!r}")
            if n < 0:
                raise spec.error(f"losses of {side!r} must be 0 or more, not {n}", "losses", side)
            spec.losses[side] = n
    if "ruleset" in data:
        spec.extra = dict(_want(spec, data["ruleset"], dict, "ruleset", "", "[ruleset]"))
    return spec


def _unit(spec: PositionSpec, uid: str, value: Any) -> UnitSpec:
    line = spec.lines.of("units", uid)
    u = UnitSpec(uid, line)
    if isinstance(value, str):
        u.at = value
        return u
    if not isinstance(value, dict):
        raise PositionError(f"unit {uid!r} must be a location string or a table {{ at = ..., ... }}, "
                            f"not {type(value).__name__}", spec.file, line)
    for k in value:
        if k not in UNIT_KEYS:
            raise PositionError(f"unknown key {k!r} for unit {uid!r} (allowed: {', '.join(sorted(UNIT_KEYS))})",
                                spec.file, line)

    def want(k: str, kind: type | tuple[type, ...]) -> Any:
        v = value[k]
        if (isinstance(v, bool) and kind is not bool) or not isinstance(v, kind):
            raise PositionError(f"{k} of unit {uid!r} must be {_kind_name(kind)}, not {v!r}", spec.file, line)
        return v

    if "at" in value:
        u.at = want("at", str)
    if "status" in value:
        word = want("status", str)
        if word not in STATUSES:
            raise PositionError(f"status {word!r} of unit {uid!r} is not one of {', '.join(STATUSES)}",
                                spec.file, line)
        u.status = STATUSES[word]
    if "steps_lost" in value:
        u.steps_lost = want("steps_lost", int)
        if u.steps_lost < 0:
            raise PositionError(f"steps_lost of unit {uid!r} must be 0 or more", spec.file, line)
    if "markers" in value:
        u.markers = []
        for m in want("markers", list):
            if not isinstance(m, str) or not _MARKER.fullmatch(m):
                raise PositionError(f"marker {m!r} of unit {uid!r} is not a marker name (letters, digits, '-', "
                                    "':', at most 64)", spec.file, line)
            u.markers.append(m)
    if "mp_spent" in value:
        u.mp_spent = float(want("mp_spent", (int, float)))
        if not 0 <= u.mp_spent <= 1000:
            raise PositionError(f"mp_spent of unit {uid!r} must be between 0 and 1000", spec.file, line)
    return u


def _marker(spec: PositionSpec, mid: str, value: Any) -> MarkerSpec:
    line = spec.lines.of("markers", mid)
    if not isinstance(value, dict):
        raise PositionError(f"marker {mid!r} must be a table {{ kind = ..., at = ... }}", spec.file, line)
    for k in value:
        if k not in MARKER_KEYS:
            raise PositionError(f"unknown key {k!r} for marker {mid!r} (allowed: {', '.join(sorted(MARKER_KEYS))})",
                                spec.file, line)
    for k in ("kind", "at", "side"):
        if k in value and not isinstance(value[k], str):
            raise PositionError(f"{k} of marker {mid!r} must be a string", spec.file, line)
    if not value.get("kind"):
        raise PositionError(f"marker {mid!r} needs a kind", spec.file, line)
    values = value.get("values", {})
    if not isinstance(values, dict) or not all(isinstance(v, str) for v in values.values()):
        raise PositionError(f"values of marker {mid!r} must be a table of strings", spec.file, line)
    return MarkerSpec(mid, line, value["kind"], value.get("at", ""), value.get("side", ""), dict(values))


# -- applying it to a game -----------------------------------------------------------------

def _suggest(word: str, known: Sequence[str]) -> str:
    close = difflib.get_close_matches(word, list(known), n=3)
    return f" (did you mean {', '.join(close)}?)" if close else ""


def _locations(state: state_pb2.GameState) -> Callable[[str], str | None]:
    """Canonical id of a location of the game's map, or None."""
    gm = state.scenario.definition.map
    if gm.WhichOneof("layout") == "graph":
        towns = {t.id for t in gm.graph.towns}
        return lambda loc: loc if loc in towns else None
    from adjudicator.core.hexmap import compile_map

    hm = compile_map(gm)

    def find(loc: str) -> str | None:
        h = hm.find(loc)
        return None if h is None else hm.label(h)

    return find


def apply_position(state: state_pb2.GameState, spec: PositionSpec, hooks: PositionHooks) -> state_pb2.GameState:
    """The state with the position applied (a new message; `state` is not changed)."""
    s = state_pb2.GameState()
    s.CopyFrom(state)
    rid = s.ruleset
    if spec.scenario and spec.scenario != s.scenario.id:
        raise spec.error(f"the position is for scenario {spec.scenario!r}; the game is {s.scenario.id!r}",
                         "", "scenario")
    sides = [x.id for x in s.scenario.definition.sides]
    if spec.turn is not None:
        s.turn = spec.turn
    for key, value in spec.extra.items():
        setter = hooks.extra.get(key)
        if setter is None:
            known = ", ".join(sorted(hooks.extra)) or "none"
            raise spec.error(f"unknown key {key!r} under [ruleset] for {rid} (known: {known})", "ruleset", key)
        try:
            setter(s, value, key)
        except MalformedInput as e:
            raise spec.error(e.message, "ruleset", key) from None
    phases = hooks.phases(s)
    if spec.phase is not None or spec.segment is not None:
        phase = spec.phase if spec.phase is not None else s.phase
        if phase not in phases:
            raise spec.error(f"phase {phase!r} is not a phase {rid} can start from (phases: "
                             f"{', '.join(phases)}){_suggest(phase, list(phases))}", "", "phase")
        p = phases[phase]
        segment = spec.segment if spec.segment is not None else p.segments[0]
        if segment not in p.segments:
            shown = ", ".join(repr(x) for x in p.segments)
            raise spec.error(f"segment {segment!r} is not a segment of phase {phase!r} in {rid} (segments: {shown})",
                             "", "segment" if spec.segment is not None else "phase")
        s.phase, s.segment = phase, segment
        if p.side is None:
            s.active_side = ""
        elif p.side:
            s.active_side = p.side
        elif spec.active_side is None:
            raise spec.error(f"phase {phase!r} needs active_side (one of {', '.join(sides)})", "", "phase")
    if spec.active_side is not None:
        if spec.active_side not in sides:
            raise spec.error(f"unknown side {spec.active_side!r} (sides: {', '.join(sides)})", "", "active_side")
        named = phases.get(s.phase, PhaseSpec()).side
        if named and named != spec.active_side:
            raise spec.error(f"in phase {s.phase!r} the side to act is {named!r}, not {spec.active_side!r}",
                             "", "active_side")
        if named is None:
            raise spec.error(f"in phase {s.phase!r} no single side acts: leave active_side out", "", "active_side")
        s.active_side = spec.active_side
    if spec.weather is not None:
        if not hooks.weather or hooks.set_weather is None:
            raise spec.error(f"{rid} has no weather", "", "weather")
        if spec.weather not in hooks.weather:
            raise spec.error(f"weather {spec.weather!r} is not one of {', '.join(hooks.weather)}", "", "weather")
        hooks.set_weather(s, spec.weather)
    _apply_units(s, spec, hooks)
    if spec.markers is not None:
        _apply_markers(s, spec, sides)
    if spec.losses is not None:
        if hooks.set_losses is None:
            raise spec.error(f"{rid} keeps no loss count by side: give each unit's steps_lost", "losses")
        for side in spec.losses:
            if side not in sides:
                raise spec.error(f"unknown side {side!r} (sides: {', '.join(sides)})", "losses", side)
        hooks.set_losses(s, spec.losses)
    s.ClearField("pending")
    if hooks.finish is not None:
        try:
            hooks.finish(s)
        except MalformedInput as e:
            raise spec.error(e.message, "", "phase") from None
    return s


def _apply_units(s: state_pb2.GameState, spec: PositionSpec, hooks: PositionHooks) -> None:
    by_id = {u.unit_id: u for u in s.units}
    defs = {u.id: u for u in s.scenario.definition.units}
    find = _locations(s)
    listed: set[str] = set()
    for us in spec.units:
        u = by_id.get(us.unit_id)
        if u is None:
            raise PositionError(f"unknown unit {us.unit_id!r}: scenario {s.scenario.id} has no such unit"
                                f"{_suggest(us.unit_id, list(by_id))}", spec.file, us.line)
        if us.unit_id in listed:
            raise PositionError(f"unit {us.unit_id!r} is listed twice", spec.file, us.line)
        listed.add(us.unit_id)
        status = us.status if us.status is not None else state_pb2.UnitState.ON_MAP
        if us.at is not None:
            loc = find(us.at)
            if loc is None:
                kind = "town" if s.scenario.definition.map.WhichOneof("layout") == "graph" else "hex"
                known = [t.id for t in s.scenario.definition.map.graph.towns] if kind == "town" else []
                raise PositionError(f"unit {us.unit_id!r}: unknown {kind} {us.at!r} on the game's map"
                                    f"{_suggest(us.at, known)}", spec.file, us.line)
            u.location = loc
        elif status == state_pb2.UnitState.ON_MAP:
            raise PositionError(f"unit {us.unit_id!r} is on the map but has no location (give at = ...)",
                                spec.file, us.line)
        u.status = status
        if us.steps_lost is not None:
            d = defs.get(us.unit_id)
            steps = steps_of(d) if d is not None else 0
            if steps and us.steps_lost > steps - 1 and status == state_pb2.UnitState.ON_MAP:
                raise PositionError(f"unit {us.unit_id!r} has {steps} step(s): steps_lost is at most {steps - 1} "
                                    "while it is on the map", spec.file, us.line)
            u.steps_lost = us.steps_lost
        if us.markers is not None:
            for m in us.markers:
                if hooks.markers is not None and m not in hooks.markers and not m.startswith(hooks.marker_prefixes):
                    allowed = sorted(hooks.markers) + [p + "..." for p in hooks.marker_prefixes]
                    raise PositionError(f"unit {us.unit_id!r}: marker {m!r} is not one {s.ruleset} reads "
                                        f"(markers: {', '.join(allowed)})", spec.file, us.line)
            del u.markers[:]
            u.markers.extend(us.markers)
        if us.mp_spent is not None:
            u.mp_spent = us.mp_spent
    if spec.unlisted != "keep":
        status = STATUSES[spec.unlisted]
        for u in s.units:
            if u.unit_id not in listed:
                u.status = status
                u.location = ""
                del u.markers[:]


def _apply_markers(s: state_pb2.GameState, spec: PositionSpec, sides: list[str]) -> None:
    find = _locations(s)
    del s.markers[:]
    for m in spec.markers or []:
        loc = ""
        if m.at:
            found = find(m.at)
            if found is None:
                raise PositionError(f"marker {m.marker_id!r}: unknown location {m.at!r} on the game's map",
                                    spec.file, m.line)
            loc = found
        if m.side and m.side not in sides:
            raise PositionError(f"marker {m.marker_id!r}: unknown side {m.side!r} (sides: {', '.join(sides)})",
                                spec.file, m.line)
        s.markers.add(id=m.marker_id, kind=m.kind, location=loc, side=m.side, values=m.values)


def check_playable(state: state_pb2.GameState, file: str) -> None:
    """Compile the new position and ask for its legal actions once: a position
    the ruleset cannot work from is refused here, not at the first move."""
    from adjudicator.core.position import Position

    pos = Position(state)
    try:
        pos.model()
        for side in ([state.active_side] if state.active_side else [x.id for x in state.scenario.definition.sides]):
            pos.ruleset.legal_actions(pos, side)
    except UmpireError as e:
        raise PositionError(f"{state.ruleset} cannot play from this position: {e.one_line()}", file) from None
    except Exception as e:  # noqa: BLE001 - any failure: the position is not one the ruleset can start from
        first = str(e).splitlines()[0] if str(e) else ""
        raise PositionError(f"{state.ruleset} cannot play from this position ({type(e).__name__}: {first})",
                            file) from None


def position_game(state: state_pb2.GameState, text: str, file: str) -> state_pb2.GameState:
    """Parse `text`, apply it over the newly created `state` with the
    ruleset's hooks, and check the result is playable."""
    from adjudicator.core.ruleset import get_ruleset

    spec = parse_position(text, file)
    hooks = get_ruleset(state.ruleset).position_hooks()
    out = apply_position(state, spec, hooks)
    check_playable(out, file)
    return out
