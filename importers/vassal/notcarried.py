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
general terms; `--base` keeps them all byte for byte.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from adjudicator.core.errors import UmpireError
from importers.vassal import commands as C
from importers.vassal.game import SavedGame
from umpire.v1 import state_pb2


def not_carried(game: SavedGame) -> list[str]:
    """One phrase per kind of thing in `game` that a canonical state drops."""
    out: list[str] = []
    if game.players:
        out.append(f"{_n(len(game.players), 'player seat')} (PLAYER; the ids are VASSAL passwords)")
    notes = game.counts.get(C.NOTES, 0)
    if notes:
        out.append(f"notes (NOTES x{notes})")
    for tr in game.turns:
        out.append(f"turn tracker {tr.tracker!r} state (TURN; the state keeps only its turn number)")
    if game.global_properties:
        out.append(_n(len(game.global_properties), "global property value"))
    for kind, n in sorted(game.other.items()):
        out.append(f"{kind.strip()} x{n}")
    return out


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


def import_warning(game: SavedGame, name: str) -> str | None:
    """The warning of a save read into a canonical state."""
    lost = not_carried(game)
    if not lost:
        return None
    return (f"not carried by the canonical state (they stay in {name}; write back with --base {name} "
            f"to keep them): {'; '.join(lost)}")


def record_warning(game: SavedGame, with_action: set[int]) -> str | None:
    """The warning of a log read into a GameRecord (without a ruleset)."""
    lost = not_carried(game)
    steps = log_steps_without_action(game, with_action)
    if not lost and not steps:
        return None
    return f"not carried by the record (they stay in {Path(game.name).name}): " + "; ".join(
        lost + ([steps] if steps else []))


def no_base_warning(state: state_pb2.GameState, read: Callable[[Path], SavedGame]) -> str | None:
    """The warning of a save built without --base from a state imported from
    VASSAL: what of that file the new save lacks, by name when the file is
    still where it was read from (and is the same file), else by kind."""
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
            lost = not_carried(g) + ([_n(len(g.log_steps), "LOG step")] if g.log_steps else [])
    head = "without --base a new save is built from what the state carries (units, markers, opaque pieces)"
    if lost == []:
        return f"{head}; {src.file} had nothing else (give --base {src.file} to keep its bytes)"
    what = "; ".join(lost) if lost else ("its player seats, notes, turn tracker state, global properties, chat and "
                                         "other non-piece commands, if it had any")
    return f"{head}: not written from {src.file}: {what} (give --base {src.file} to keep them byte for byte)"
