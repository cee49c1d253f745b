"""The game on the map: a save, a log or a canonical state, judged by the rules.

Everything goes through the doors every client uses: the converter's import
(`import_game`, `check_log` with the project's completion: map, counters,
chart values) and the engine (`engine.validate`, `engine.apply_action`,
`Ruleset.reach_with_notes`, `Ruleset.supply`). Nothing is applied before the
verdict is shown: `validate` never changes the session; `apply` does, with the
dice the players threw, and can be undone.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from google.protobuf import json_format

from adjudicator.core import engine
from adjudicator.core.dice import NeedsRoll, ScriptedDice
from adjudicator.core.errors import MalformedInput, UmpireError
from exporters.report import verdict_html
from importers.canonical import read_message
from importers.vassal.archive import Archive
from importers.vassal.game import SavedGame, read_game_archive
from importers.vassal.module import Module
from studio.pieces import piece_images
from adjudicator.core.tables import merge_tables
from umpire.v1 import action_pb2, state_pb2, tables_pb2, vassal_pb2

SAVE = (".vsav", ".sav")
LOG = (".vlog", ".log")
CANON = (".json", ".textproto", ".binpb")


@dataclass
class Step:
    steps: list[int]
    summary: str
    skipped: str
    verdict: action_pb2.Verdict | None
    state: state_pb2.GameState


@dataclass
class PieceAt:
    map: str
    x: int
    y: int
    images: list[str]
    location: str  # the unit's location when it stood there


@dataclass
class Session:
    file: str
    kind: str  # "save" | "log" | "state"
    state: state_pb2.GameState
    pieces: dict[str, PieceAt] = field(default_factory=dict)  # unit id -> where VASSAL draws it
    steps: list[Step] = field(default_factory=list)
    at: int = -1  # index into steps shown (-1: the start position)
    history: list[state_pb2.GameState] = field(default_factory=list)
    diagnostics: list[str] = field(default_factory=list)

    @property
    def ruleset(self) -> Any:
        return engine.ruleset_of(self.state)


def with_charts(state: state_pb2.GameState, charts: tables_pb2.TableSet | None) -> state_pb2.GameState:
    """The state with the project's chart values merged over its tables (a copy:
    states are values), checked as `--tables` checks a file."""
    if charts is None or not charts.tables:
        return state
    out = state_pb2.GameState()
    out.CopyFrom(state)
    merged = merge_tables(list(out.scenario.definition.tables), charts, "tables.textproto")
    del out.scenario.definition.tables[:]
    out.scenario.definition.tables.extend(merged)
    return out


def open_game(path: Path, module: Module | None, binding: vassal_pb2.VassalBinding, complete: Any,
              charts: tables_pb2.TableSet | None = None) -> Session:
    sess = _open_game(path, module, binding, complete)
    sess.state = with_charts(sess.state, charts)
    for st in sess.steps:
        st.state = with_charts(st.state, charts)
    return sess


def _open_game(path: Path, module: Module | None, binding: vassal_pb2.VassalBinding, complete: Any) -> Session:
    suffix = path.suffix.lower()
    if suffix in CANON:
        s = read_message(path, state_pb2.GameState())
        if not s.ruleset:
            raise MalformedInput("not a game state (no ruleset)", path.name)
        engine.ruleset_of(s)
        return Session(path.name, "state", s)
    if suffix not in SAVE + LOG:
        raise MalformedInput(f"cannot open {suffix or 'a file without extension'}: a .vsav, .vlog or canonical state",
                             path.name)
    archive = Archive.open(path)  # the converter's hostile-archive guards, before anything else
    if archive.kind() != "save":
        raise MalformedInput("not a VASSAL save or log (no savedGame entry)", path.name)
    game = read_game_archive(archive)
    if module is None:
        raise MalformedInput("a save or log needs the module: start the studio with MODULE.vmod")
    if not binding.ruleset:
        raise MalformedInput("choose a ruleset first (the binding names none)")
    if game.is_log:
        return _open_log(path.name, game, module, binding, complete)
    from importers.vassal.to_canonical import import_game

    imp = import_game(game, module, binding, complete=complete)
    sess = Session(path.name, "save", imp.state, diagnostics=list(imp.diagnostics[:50]))
    _pieces_from(sess, game, module, imp.unit_pieces, imp.positions)
    return sess


def _pieces_from(sess: Session, game: SavedGame, module: Module, unit_pieces: dict[str, str],
                 positions: dict[str, Any]) -> None:
    where = {u.unit_id: u.location for u in sess.state.units}
    for uid, pid in unit_pieces.items():
        pos = positions.get(pid)
        if pos is None or pos.map is None:
            continue
        sess.pieces[uid] = PieceAt(pos.map, pos.x, pos.y, piece_images(game.pieces[pid].piece, module), where.get(uid, ""))


def _open_log(name: str, game: SavedGame, module: Module, binding: vassal_pb2.VassalBinding, complete: Any) -> Session:
    from importers.vassal.checklog import check_log
    from importers.vassal.to_canonical import import_game

    imp = import_game(game, module, binding, complete=complete)
    steps: list[Step] = []

    def observe(entry: vassal_pb2.VassalLogEntry, st: state_pb2.GameState) -> None:
        steps.append(Step(list(entry.steps), entry.summary, entry.skipped,
                          entry.verdict if entry.HasField("verdict") else None, st))

    report, _final = check_log(game, module, binding, complete=complete, observe=observe)
    sess = Session(name, "log", imp.state, steps=steps, diagnostics=list(imp.diagnostics[:50]))
    _pieces_from(sess, game, module, imp.unit_pieces, imp.positions)
    if not report.all_legal:
        sess.diagnostics.insert(0, f"LOG step {report.first_illegal_step} is illegal")
    return sess


def current(sess: Session) -> state_pb2.GameState:
    if sess.kind == "log" and sess.at >= 0:
        return sess.steps[sess.at].state
    return sess.state


def parse_action(data: dict[str, Any]) -> action_pb2.Action:
    a = action_pb2.Action()
    try:
        json_format.ParseDict(data, a)
    except json_format.ParseError as e:
        raise MalformedInput(" ".join(str(e).split()), "action") from None
    return a


def verdict_json(v: action_pb2.Verdict) -> dict[str, Any]:
    return {"legal": v.legal, "html": verdict_html(v),
            "verdict": json_format.MessageToDict(v, preserving_proto_field_name=True)}


def validate(sess: Session, action: action_pb2.Action) -> dict[str, Any]:
    return verdict_json(engine.validate(current(sess), action))


def apply(sess: Session, action: action_pb2.Action, rolls: list[int]) -> dict[str, Any]:
    state = current(sess)
    verdict = engine.validate(state, action)
    if not verdict.legal:
        return {"applied": False, **verdict_json(verdict)}
    dice = ScriptedDice(rolls, start_index=len(state.dice_log), version=state.version)
    try:
        done = engine.apply_action(state, action, lambda _s, _v: dice)
    except NeedsRoll as e:
        return {"applied": False, "needs_roll": f"the outcome depends on dice ({e.purpose}): enter the die thrown",
                **verdict_json(verdict)}
    sess.history.append(state)
    sess.state = done.state
    if sess.kind == "log":
        sess.kind, sess.steps, sess.at = "save", [], -1  # play on from the step shown
    return {"applied": True, "events": [e.text for e in done.events], **verdict_json(verdict)}


def undo(sess: Session) -> bool:
    if not sess.history:
        return False
    sess.state = sess.history.pop()
    return True


def reach(sess: Session, unit: str) -> dict[str, Any]:
    st = current(sess)
    found, notes = sess.ruleset.reach_with_notes(st, unit)
    return {"unit": unit, "reachable": [{"location": r.location, "cost": r.cost, "path": list(r.path)} for r in found],
            "notes": [f"{n.text} [{n.citation.label}]" for n in notes]}


def supply(sess: Session, side: str) -> dict[str, Any]:
    st = current(sess)
    if side not in engine.side_ids(st):
        raise MalformedInput(f"unknown side {side!r} (sides: {', '.join(engine.side_ids(st))})", "side")
    a = sess.ruleset.supply(st, side)
    return {"side": side, "reached": a.reached, "in_supply": a.in_supply, "out_of_supply": a.out_of_supply,
            "notes": [f"{n.text} [{n.citation.label}]" for n in a.notes]}


def view(sess: Session) -> dict[str, Any]:
    st = current(sess)
    defs = {u.id: u for u in st.scenario.definition.units}
    units = []
    for u in st.units:
        d = defs.get(u.unit_id)
        p = sess.pieces.get(u.unit_id) if sess.kind != "log" or sess.at < 0 else None
        units.append({"id": u.unit_id, "name": d.name if d is not None else u.unit_id, "side": u.side,
                      "status": state_pb2.UnitState.Status.Name(u.status), "location": u.location,
                      "steps_lost": u.steps_lost, "markers": list(u.markers), "mp_spent": u.mp_spent,
                      "piece": None if p is None else {"map": p.map, "x": p.x, "y": p.y, "images": p.images,
                                                       "location": p.location}})
    rs = sess.ruleset
    return {
        "file": sess.file, "kind": sess.kind, "ruleset": st.ruleset, "turn": st.turn, "phase": st.phase,
        "segment": st.segment, "active_side": st.active_side, "version": st.version,
        "sides": engine.side_ids(st), "map_kind": st.scenario.definition.map.WhichOneof("layout") or "",
        "units": units, "describe": rs.describe(st),
        "pending": st.pending.prompt if st.HasField("pending") else "",
        "steps": [{"steps": s.steps, "summary": s.summary, "skipped": s.skipped,
                   "legal": None if s.verdict is None else s.verdict.legal,
                   "html": "" if s.verdict is None else verdict_html(s.verdict)} for s in sess.steps],
        "at": sess.at, "can_undo": bool(sess.history), "diagnostics": sess.diagnostics[:20],
        "legal_actions": [{"kind": la.kind, "description": la.description}
                          for la in _legal(rs, st)],
    }


def _legal(rs: Any, st: state_pb2.GameState) -> list[Any]:
    try:
        return list(rs.legal_actions(st, st.active_side))[:30] if st.active_side else []
    except UmpireError:  # e.g. data needed to list them: the verdicts still say what is needed
        return []
