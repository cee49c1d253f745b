"""Victory (13.0, 13.1, 14, 15.2).

13.0: the Allies win at the Victory Determination of any turn in which they
control the scenario's objective hexes, each able to trace a line of supply to
an Allied source "as if it was an Allied unit" (A-30 'any-turn', A-33). 13.1:
otherwise, at the end of the last turn the Allies get 3 VP per objective hex
they control and supply; more than 12 VP is a draw (which "may considered a
German Minor Victory"), 12 or less a German Major Victory.
"""

from __future__ import annotations

from adjudicator.rules.traces import supply
from adjudicator.rules.traces.cite import TV
from adjudicator.rules.traces.model import ELIMINATED, Game
from umpire.v1 import common_pb2

DRAW_ABOVE = 12


def objective_hexes(g: Game) -> list[int]:
    return [g.hm.hex_id(x, "scenario.traces.objectives") for o in g.ext.objectives for x in o.hexes]


def held(g: Game) -> list[int]:
    """Objective hexes under Allied control that trace Allied supply (13.0)."""
    hexes = objective_hexes(g)
    reached = supply.reach(g, "allied", as_if_friendly=hexes)
    return [h for h in hexes if g.control(h) == "allied" and reached[h]]


def alternate(g: Game) -> str | None:
    """15.2 (A-34 reading): all units of two German corps other than IV LWF
    eliminated, and six Allied regiments in supply on the French-German border."""
    corps: dict[str, list[str]] = {}
    for uid, u in g.defs.items():
        c = g.corps(uid)
        if g.belligerent(uid) == "german" and c and c != "IV LWF" and not g.is_hq(uid):
            corps.setdefault(c, []).append(uid)
    gone = [c for c, ids in corps.items() if all(g.us[u].status == ELIMINATED for u in ids)]
    if len(gone) < 2:
        return None
    reached = supply.reach(g, "allied")
    regiments = [u for u in g.units_of("allied") if g.defs[u].size == "III" and g.board.border[g.hex_of(u)]
                 and supply.in_supply(g, u, reached)]
    if len(regiments) < 6:
        return None
    return f"German corps {', '.join(sorted(gone))} destroyed and {len(regiments)} regiments in supply on the border"


def determine(g: Game) -> None:
    """The Victory Determination step of the Turn End Phase (4.4.1)."""
    hexes = objective_hexes(g)
    got = held(g)
    g.tv.objectives_held[:] = [g.label(h) for h in got]
    last = g.sc.last_turn and g.turn >= g.sc.last_turn
    g.emit("VICTORY_CHECK", f"turn {g.turn}: the Allies hold {len(got)} of {len(hexes)} objective hexes"
           + (f" ({', '.join(g.label(h) for h in got)})" if got else ""), [TV.cite("13.0")])
    sudden = g.opts.sudden_death == "any-turn" or last
    if hexes and len(got) == len(hexes) and sudden:
        names = ", ".join(o.name for o in g.ext.objectives)
        _end(g, "allied", "major", f"the Allies hold and supply every objective ({names})",
             TV.cite(g.ext.rules_case or "13.0"))
        return
    if g.opts.alternate_victory == "on":
        why = alternate(g)
        if why:
            _end(g, "allied", "alternate", why, TV.cite("15.2"))
            return
    if not last:
        return
    g.vp(3 * len(got), f"{len(got)} objective hex(es) held and supplied at the end of the game", TV.cite("13.1"))
    vp = g.tv.allied_vp
    if vp > DRAW_ABOVE:
        _end(g, "", "draw", f"Allied VP {vp} > {DRAW_ABOVE}: a draw (may be considered a German Minor Victory)",
             TV.cite("13.1"))
    else:
        _end(g, "german", "major", f"Allied VP {vp} <= {DRAW_ABOVE}: German Major Victory", TV.cite("13.1"))


def _end(g: Game, winner: str, level: str, reason: str, cite: common_pb2.Citation) -> None:
    st = g.state
    st.finished = True
    st.result.winner = g.lead(winner) if winner else ""
    st.result.level = level
    st.result.reason = reason
    st.result.citation.CopyFrom(cite)
    st.phase = "over"
    st.segment = ""
    st.active_side = ""
    g.emit("GAME_OVER", f"game over: {reason}", [cite])
