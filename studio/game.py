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

from adjudicator.core import disclosure, engine
from adjudicator.core.position import Position
from adjudicator.core.dice import NeedsRoll, ScriptedDice
from adjudicator.core.errors import MalformedInput, UmpireError
from exporters.report import verdict_html
from importers.canonical import read_message
from importers.vassal.archive import Archive
from importers.vassal.game import SavedGame, read_game_archive
from importers.vassal.module import Module
from studio.pieces import piece_images
from adjudicator.core.tables import with_tables
from importers.vassal.checklog import StartAt, check_log
from umpire.v1 import action_pb2, state_pb2, tables_pb2, vassal_pb2

SAVE = (".vsav", ".sav")
LOG = (".vlog", ".log")
CANON = (".json", ".textproto", ".binpb")
TABLES_FILE = "tables.textproto"


@dataclass
class Step:
    steps: list[int]
    summary: str
    skipped: str
    verdict: action_pb2.Verdict | None
    state: state_pb2.GameState
    where: list[str] = field(default_factory=list)  # a move's start and the locations it entered


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
    history: list[Snapshot] = field(default_factory=list)  # what "Undo" goes back to
    diagnostics: list[str] = field(default_factory=list)
    start: StartAt = field(default_factory=StartAt)  # where a log starts (mid-game logs)
    viewer: str = ""  # "" = the whole state; else answers are computed on this side's view
    _pos: Position | None = None  # the position of current(): the session owns its cache

    @property
    def ruleset(self) -> Any:
        return engine.ruleset_of(self.state)

    def vassal_map(self) -> str:
        """The VASSAL map the game's units on the map stand on, by their pieces
        ("" for a canonical state)."""
        on_map = {u.unit_id for u in self.state.units if u.status == state_pb2.UnitState.ON_MAP}
        counts: dict[str, int] = {}
        for uid, p in self.pieces.items():
            if uid in on_map:
                counts[p.map] = counts.get(p.map, 0) + 1
        return max(counts, key=lambda m: counts[m]) if counts else ""


@dataclass
class Snapshot:
    kind: str
    state: state_pb2.GameState
    steps: list[Step]
    at: int


def open_game(path: Path, module: Module | None, binding: vassal_pb2.VassalBinding, complete: Any,
              charts: tables_pb2.TableSet | None = None, start: StartAt | None = None) -> Session:
    """A save, log or state with the project's files: `complete` (map, counters)
    and `charts` (chart values) exactly as `--map`, `--counters` and `--tables`
    give them to `umpire convert` and `umpire check-log`; `start`: where a log
    that begins mid-game starts (check-log's --turn/--phase/--active-side)."""
    sess = _open_game(path, module, binding, complete, charts, start)
    if sess.kind != "log":
        sess.state = with_tables(sess.state, charts, TABLES_FILE)
    return sess


def _open_game(path: Path, module: Module | None, binding: vassal_pb2.VassalBinding, complete: Any,
               charts: tables_pb2.TableSet | None, start: StartAt | None) -> Session:
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
        return _open_log(path.name, game, module, binding, complete, charts, start)
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


def _open_log(name: str, game: SavedGame, module: Module, binding: vassal_pb2.VassalBinding, complete: Any,
              charts: tables_pb2.TableSet | None, start: StartAt | None) -> Session:
    from importers.vassal.to_canonical import import_game

    imp = import_game(game, module, binding, complete=complete)
    steps: list[Step] = []
    first: list[state_pb2.GameState] = []

    def observe(entry: vassal_pb2.VassalLogEntry, st: state_pb2.GameState) -> None:
        before = steps[-1].state if steps else first[0]
        steps.append(Step(list(entry.steps), entry.summary, entry.skipped,
                          entry.verdict if entry.HasField("verdict") else None, st, _where(entry, before)))

    report, _final = check_log(game, module, binding, complete=complete, tables=charts, tables_name=TABLES_FILE,
                               start=start, observe=observe, begin=first.append)
    sess = Session(name, "log", first[0] if first else imp.state, steps=steps,
                   diagnostics=list(imp.diagnostics[:50]), start=start or StartAt())
    _pieces_from(sess, game, module, imp.unit_pieces, imp.positions)
    if not report.all_legal:
        sess.diagnostics.insert(0, f"LOG step {report.first_illegal_step} is illegal")
    return sess


def _where(entry: vassal_pb2.VassalLogEntry, before: state_pb2.GameState) -> list[str]:
    """A logged move on the map: where its first unit stood, then each location
    the verdict judged (the action's path when it judged none)."""
    if not entry.HasField("action") or entry.action.WhichOneof("kind") != "move":
        return []
    mv = entry.action.move
    start = next((u.location for u in before.units if mv.unit_ids and u.unit_id == mv.unit_ids[0]), "")
    path = [p.location for p in entry.verdict.path] if entry.verdict.path else list(mv.path)
    return ([start] if start else []) + path


def current(sess: Session) -> state_pb2.GameState:
    if sess.kind == "log" and sess.at >= 0:
        return sess.steps[sess.at].state
    return sess.state


def position(sess: Session) -> Position:
    """The position shown (kept while the session shows the same state)."""
    st = current(sess)
    if sess._pos is None or sess._pos.state is not st:
        sess._pos = Position(st)
    return sess._pos


def shown(sess: Session) -> state_pb2.GameState:
    """What the page draws: the whole state, or the chosen side's view of it
    (the one door, core/disclosure.py: what that side's client would receive)."""
    pos = position(sess)
    return disclosure.state_for(pos, sess.viewer) if sess.viewer else pos.state


def set_viewer(sess: Session, side: str) -> None:
    if side and side not in engine.side_ids(sess.state):
        raise MalformedInput(f"unknown side {side!r} (sides: {', '.join(engine.side_ids(sess.state))})", "viewer")
    sess.viewer = side


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


def _judge(sess: Session, action: action_pb2.Action) -> action_pb2.Verdict:
    """The verdict as the viewer's client would get it: judged on that side's
    view (for its own actions), else on the whole state."""
    pos = position(sess)
    if sess.viewer:
        return disclosure.validate_for(pos, sess.viewer, action)
    return engine.validate(pos, action)


def validate(sess: Session, action: action_pb2.Action) -> dict[str, Any]:
    return verdict_json(_judge(sess, action))


def apply(sess: Session, action: action_pb2.Action, rolls: list[int]) -> dict[str, Any]:
    """Apply on the whole state (as the service does), with the dice thrown;
    what is shown of it passes the viewer's filter."""
    pos = position(sess)
    verdict = engine.validate(pos, action)
    if not verdict.legal:
        seen = pos.ruleset.side_filter.verdict(pos.state, verdict, sess.viewer) if sess.viewer else verdict
        return {"applied": False, **verdict_json(seen)}
    state = pos.state
    dice = ScriptedDice(rolls, start_index=len(state.dice_log), version=state.version)
    try:
        done = engine.apply_action(pos, action, lambda _s, _v: dice)
    except NeedsRoll as e:
        return {"applied": False, "needs_roll": f"the outcome depends on dice ({e.purpose}): enter the die thrown",
                **verdict_json(_judge(sess, action))}
    sess.history.append(Snapshot(sess.kind, sess.state, sess.steps, sess.at))
    sess.state = done.state
    sess._pos = done.position  # warm: the model `apply` built
    if sess.kind == "log":
        sess.kind, sess.steps, sess.at = "save", [], -1  # play on from the step shown; Undo goes back to the log
    events = disclosure.events_for(done.state, done.events, sess.viewer) if sess.viewer else list(done.events)
    return {"applied": True, "events": [e.text for e in events], **verdict_json(_judge_shown(verdict, sess, pos))}


def _judge_shown(verdict: action_pb2.Verdict, sess: Session, before: Position) -> action_pb2.Verdict:
    if not sess.viewer:
        return verdict
    return before.ruleset.side_filter.verdict(before.state, verdict, sess.viewer)


def undo(sess: Session) -> bool:
    if not sess.history:
        return False
    snap = sess.history.pop()
    sess.kind, sess.state, sess.steps, sess.at = snap.kind, snap.state, snap.steps, snap.at
    return True


def reach(sess: Session, unit: str, mode: str = "") -> dict[str, Any]:
    pos = position(sess)
    if sess.viewer:
        found, notes = disclosure.reach_for(pos, sess.viewer, unit, mode)
    else:  # the whole state (a bare state: right for rulesets on and off the template)
        found, notes = pos.ruleset.reach_with_notes(pos.state, unit, mode)
    return {"unit": unit, "mode": mode, "reachable": [{"location": r.location, "cost": r.cost, "path": list(r.path)} for r in found],
            "notes": [f"{n.text} [{n.citation.label}]" for n in notes]}


def supply(sess: Session, side: str) -> dict[str, Any]:
    st = shown(sess)
    if side not in engine.side_ids(st):
        raise MalformedInput(f"unknown side {side!r} (sides: {', '.join(engine.side_ids(st))})", "side")
    a = sess.ruleset.supply(st, side)
    return {"side": side, "reached": a.reached, "in_supply": a.in_supply, "out_of_supply": a.out_of_supply,
            "notes": [f"{n.text} [{n.citation.label}]" for n in a.notes]}


def view(sess: Session) -> dict[str, Any]:
    st = shown(sess)
    defs = {u.id: u for u in st.scenario.definition.units}
    named: dict[str, int] = {}
    for ud in defs.values():
        named[ud.name] = named.get(ud.name, 0) + 1
    units = []
    for u in st.units:
        d = defs.get(u.unit_id)
        label = d.name if d is not None and d.name and named[d.name] == 1 else u.unit_id  # what a plain counter prints
        p = sess.pieces.get(u.unit_id)  # its picture; drawn where VASSAL has it while it stays there
        units.append({"id": u.unit_id, "name": d.name if d is not None and d.name else u.unit_id, "label": label,
                      "side": u.side,
                      "status": state_pb2.UnitState.Status.Name(u.status), "location": u.location,
                      "steps_lost": u.steps_lost, "markers": list(u.markers), "mp_spent": u.mp_spent,
                      "piece": None if p is None else {"map": p.map, "x": p.x, "y": p.y, "images": p.images,
                                                       "location": p.location}})
    rs = sess.ruleset
    start = sess.start
    return {
        "file": sess.file, "kind": sess.kind, "ruleset": st.ruleset, "turn": st.turn, "phase": st.phase,
        "segment": st.segment, "active_side": st.active_side, "version": st.version,
        "sides": engine.side_ids(st), "map_kind": st.scenario.definition.map.WhichOneof("layout") or "",
        "viewer": sess.viewer, "from_vassal": bool(sess.pieces),
        "units": units, "describe": rs.describe(st),
        "pending": st.pending.prompt if st.HasField("pending") else "",
        "pending_side": st.pending.side if st.HasField("pending") else "",
        "steps": [{"steps": s.steps, "summary": s.summary, "skipped": s.skipped, "where": s.where,
                   "legal": None if s.verdict is None else s.verdict.legal,
                   "html": "" if s.verdict is None else verdict_html(s.verdict)} for s in sess.steps],
        "at": sess.at, "can_undo": bool(sess.history), "diagnostics": sess.diagnostics[:20],
        "start": {"turn": start.turn, "phase": start.phase, "segment": start.segment,
                  "active_side": start.active_side},
        "legal_actions": _legal(sess),
        # The movement modes reach answers for (ReachQuestion.mode; "" = the ordinary
        # move), e.g. P3A 5.1.C tactical or strategic: the page offers the choice.
        "reach_modes": list(getattr(rs, "reach_modes", ("",))),
    }


def _legal(sess: Session) -> list[dict[str, Any]]:
    """What the side to act (or to answer) may do now, as the viewer's client
    would list it; each with a concrete example when the ruleset gives one."""
    pos = position(sess)
    st = pos.state
    side = st.pending.side if st.HasField("pending") and st.pending.side else st.active_side
    if not side or (sess.viewer and sess.viewer != side):
        return []
    try:
        found = disclosure.legal_actions_for(pos, side) if sess.viewer else list(pos.ruleset.legal_actions(st, side))
    except UmpireError:  # e.g. data needed to list them: the verdicts still say what is needed
        return []
    out = []
    for la in found[:40]:
        ex = json_format.MessageToDict(la.example) if la.HasField("example") else None
        out.append({"kind": la.kind, "description": la.description, "example": ex})
    return out
