"""What of a VASSAL save or log a canonical file cannot carry (issue 13).

A canonical GameState carries units, map markers, units' markers, opaque
pieces (with their raw definitions), the turn number and where it came from.
It has no place for VASSAL's other commands: player seats (their ids are
VASSAL passwords, never written to a canonical file), notes, global
properties, the turn tracker's own state, chat, decks' commands and the rest.
A GameRecord adds actions: LOG steps that are no rules action (a chat line,
a piece the binding does not bind moved) have no place in it either.

`not_carried` names each of these with its count, so the CLI can warn
precisely (on import, and on an export without `--base`) instead of in
general terms; `--base` keeps them all byte for byte. What the state does
carry is written back without a base (the turn number as the tracker's
`TURN`, off-map units' pieces where they were), and so not named; empty notes
(VASSAL writes them in every save) lose nothing and are not named either.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from adjudicator.core.errors import UmpireError

from importers.vassal import commands as C
from importers.vassal.game import SavedGame
from importers.vassal.seqenc import encode_str
from importers.vassal.turnstate import PREFIX as C_TURN, turn_command
from umpire.v1 import state_pb2

if TYPE_CHECKING:
    from importers.vassal.module import Module


def not_carried(game: SavedGame, state: state_pb2.GameState | None = None,
                module: Module | None = None) -> list[str]:
    """One phrase per kind of thing in `game` that a canonical state drops
    (with `state`: also the pieces it has no copy of; with `module`: a turn
    tracker whose state the turn number alone gives back is not named)."""
    out: list[str] = []
    if game.players:
        out.append(f"{_n(len(game.players), 'player seat')} (PLAYER; the ids are VASSAL passwords)")
    out += notes_carrying_text(game.notes)
    trackers = {t.id: t for t in module.views.turn_trackers[:1]} if module is not None else {}
    for tr in game.turns:
        t = trackers.get(tr.tracker)
        if t is not None and state is not None and turn_command(t, state.turn) == _turn_text(tr):
            continue  # the turn number gives this state back exactly
        out.append(f"turn tracker {tr.tracker!r} state (TURN {tr.state!r}; the state keeps only its turn number)")
    if game.global_properties:
        names = sorted({g.name for g in game.global_properties})
        out.append(f"{_n(len(game.global_properties), 'global property value')} (GlobalProperty {_few(names)})")
    for kind, n in sorted(game.other.items()):
        out.append(f"{kind.strip()} x{n}")
    if state is not None:
        lost = pieces_not_in(game, state)
        if lost:
            out.append(f"{_n(len(lost), 'piece')} bound as nothing the state keeps (bind_as ignore): "
                       f"{_named(game, lost)}")
    return out


def _turn_text(tr: C.Turn) -> str:
    return encode_str([C_TURN + tr.tracker, tr.state], "\t")


def notes_carrying_text(notes: list[str]) -> list[str]:
    """The notes commands that hold text (VASSAL writes empty NOTES / PNOTES
    commands in every save: those lose nothing)."""
    scenario = [n[len("NOTES\t"):] for n in notes if n.startswith("NOTES\t") and n != "NOTES\t"]
    public = [n[len("PNOTES\t"):] for n in notes if n.startswith("PNOTES\t") and n != "PNOTES\t"]
    private = [n for n in notes if n.startswith("PNOTE\t")]
    secret = [n for n in notes if n.startswith("SNOTE\t")]
    out = []
    if scenario:
        out.append(f"scenario notes (NOTES, {_n(sum(map(len, scenario)), 'character')})")
    if public:
        out.append(f"public notes (PNOTES, {_n(sum(map(len, public)), 'character')})")
    if private:
        out.append(f"{_n(len(private), 'private note')} (PNOTE; their owners are VASSAL passwords)")
    if secret:
        out.append(f"{_n(len(secret), 'secret note')} (SNOTE)")
    return out


def pieces_not_in(game: SavedGame, state: state_pb2.GameState) -> list[str]:
    """Ids of the game's pieces (not stacks: those are rebuilt by position)
    that the state keeps no copy of: not a unit, a marker, a unit marker or an
    opaque piece."""
    src = state.import_source
    kept = set(src.unit_objects.values()) | set(src.unit_markers) | {m.id for m in src.markers}
    kept |= {op.id for op in state.opaque_pieces} | {m.id for m in state.markers}
    return [pid for pid in game.piece_order if pid not in kept and game.pieces[pid].piece.kind != "stack"]


def _named(game: SavedGame, pids: list[str]) -> str:
    names: Counter[str] = Counter()
    for pid in pids:
        p = game.pieces[pid].piece
        names[(p.name if p.kind == "piece" and not p.problems else p.kind) or "(unnamed)"] += 1
    return _few([f"{k} x{v}" if v > 1 else k for k, v in names.most_common()])


def _few(items: list[str], n: int = 6) -> str:
    return ", ".join(items[:n]) + (f", ... ({len(items) - n} more)" if len(items) > n else "")


def _n(n: int, what: str) -> str:
    return f"{n} {what}{'' if n == 1 else 's'}"


def log_steps_without_action(game: SavedGame, with_action: set[int]) -> str | None:
    """The LOG steps a record keeps no action of (None when every step gave one)."""
    missing = [s.index for s in game.log_steps if s.index not in with_action]
    if not missing:
        return None
    head = ", ".join(str(i) for i in missing[:8]) + (", ..." if len(missing) > 8 else "")
    return (f"{_n(len(missing), 'LOG step')} of {len(game.log_steps)} gave no action (steps {head}: chat, pieces "
            "the binding does not bind, ...), so the record does not carry them")


def import_warning(game: SavedGame, name: str, state: state_pb2.GameState | None = None,
                   module: Module | None = None) -> str | None:
    """The warning of a save read into a canonical state."""
    lost = not_carried(game, state, module)
    if not lost:
        return None
    return (f"not carried by the canonical state (they stay in {name}; write back with --base {name} "
            f"to keep them): {'; '.join(lost)}")


def record_warning(game: SavedGame, with_action: set[int], state: state_pb2.GameState | None = None,
                   module: Module | None = None) -> str | None:
    """The warning of a log read into a GameRecord (without a ruleset)."""
    lost = not_carried(game, state, module)
    steps = log_steps_without_action(game, with_action)
    if not lost and not steps:
        return None
    return f"not carried by the record (they stay in {Path(game.name).name}): " + "; ".join(
        lost + ([steps] if steps else []))


def _boards(game: SavedGame) -> dict[str, str]:
    return {m: ", ".join(f"{p.name}{' (reversed)' if p.reversed else ''}@{p.col},{p.row}" for p in pl)
            for m, pl in game.boards.items()}


def written_differences(src: SavedGame, written: SavedGame) -> list[str]:
    """What a file built without a base shows differently from the file the
    state was read from, beyond what `not_carried` names: the boards (the
    state keeps the grid, not which boards were picked) and the LOG steps."""
    out = []
    was, now = _boards(src), _boards(written)
    for m in sorted(set(was) | set(now)):
        if was.get(m) != now.get(m):
            out.append(f"boards of map {m!r} ({was.get(m) or 'none'}; written: {now.get(m) or 'none'}, the "
                       "module's default)")
    if src.log_steps:
        out.append(f"{_n(len(src.log_steps), 'LOG step')} (written: {_n(len(written.log_steps), 'LOG step')}, "
                   "from the record's actions)")
    return out


def no_base_warning(state: state_pb2.GameState, read: Callable[[Path], SavedGame],
                    written: SavedGame | None = None, module: Module | None = None) -> str | None:
    """The warning of a save (or a log's start) built without --base from a
    state imported from VASSAL: what of that file the new one lacks, by name
    when the file is still where it was read from (and is the same file), else
    by kind. `written`: the new file read back (boards and LOG steps compared);
    `module`: a turn tracker the state's turn number restores is not named."""
    src = state.import_source
    if src.format != "vassal" or not src.file:
        return None
    lost: list[str] | None = None
    path = Path(src.file)
    if path.is_file():
        try:
            g = read(path)
        except UmpireError:
            g = None
        if g is not None and g.fingerprint and g.fingerprint in src.fingerprint:
            lost = not_carried(g, state, module)
            if written is not None:
                lost += written_differences(g, written)
            elif g.log_steps:
                lost.append(_n(len(g.log_steps), "LOG step"))
    head = "without --base a new save is built from what the state carries (units, markers, opaque pieces)"
    if lost == []:
        return f"{head}; {src.file} had nothing else (give --base {src.file} to keep its bytes)"
    what = "; ".join(lost) if lost else ("its player seats, notes, turn tracker state, global properties, chat and "
                                         "other non-piece commands, if it had any")
    return f"{head}: not written from {src.file}: {what} (give --base {src.file} to keep them byte for byte)"
