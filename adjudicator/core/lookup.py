"""Finding a unit from what a person types: its id, its printed name, or an
unambiguous beginning of either.

Actions sent to the engine always use exact ids; this is for people at a
command line ("reach 653" for "653sPJ"). Several matches are an `Ambiguous`
error listing them, never a guess.
"""

from __future__ import annotations

from adjudicator.core.errors import Ambiguous, NotFound
from umpire.v1 import state_pb2


def resolve_unit(state: state_pb2.GameState, text: str) -> str:
    units = state.scenario.definition.units
    ids = [u.id for u in units]
    if text in ids:
        return text
    folded = text.casefold()
    for matches in (
        [u.id for u in units if u.name.casefold() == folded],
        [u.id for u in units if u.id.casefold() == folded],
        [u.id for u in units if u.id.casefold().startswith(folded) or u.name.casefold().startswith(folded)],
    ):
        unique = sorted(set(matches))
        if len(unique) == 1:
            return unique[0]
        if len(unique) > 1:
            raise Ambiguous(f"{text!r} names several units", unique[:20])
    raise NotFound(f"no unit {text!r} in this game")
