"""Readable lines about the Major Battles state for `umpire show`: the
movement cards, the turn's movement points, stacks waiting to fight, the
battle in progress and the campaign's progress. Works on full states and on
a side's view alike (face-down cards are only counted)."""

from __future__ import annotations

from adjudicator.rules.major_battles.deck import GAME_ENDS
from adjudicator.rules.major_battles.model import Game, board_of_state
from umpire.v1 import state_pb2


def describe(state: state_pb2.GameState) -> list[str]:
    g = Game(state, board_of_state(state), mutable=False)
    mb = g.mb
    out = [f"campaign: {g.campaign or 'general rules'}; board: {g.board.id} ({'ILLUSTRATIVE' if g.board.source.startswith('ILLUSTRATIVE') else 'user board'})",
           f"movement deck: {mb.deck_mode}" + (" (players report the values of their real cards)" if mb.deck_mode == "physical" else "")]
    for p in mb.packs:
        showing = p.face_up[-1].value if p.face_up else None
        ends = " + Game Ends at the bottom" if any(c.id == GAME_ENDS for c in p.face_down) else ""
        numbered = sum(1 for c in p.face_down if c.id != GAME_ENDS)
        out.append(f"  {p.side}: {numbered} face down{ends}, {len(p.face_up)} face up"
                   + (f", showing {showing}" if showing is not None else "")
                   + (f", turned over {p.turned_over}x" if p.turned_over else ""))
    if g.phase == "turn":
        out.append(f"movement points: {mb.mp_spent} of {mb.mp_allowance} spent"
                   + ("; battles started: no more moves" if mb.battles_started else ""))
    for a in mb.approaches:
        how = f"landing through {a.area}" if a.area else f"on road {a.road} from {g.board.name(a.frm)}"
        extra = " (advanced retreat)" if a.retreating else ""
        out.append(f"outside {g.board.name(a.target)}: {', '.join(a.unit_ids)} {how}{extra}")
    if mb.battle is not None:
        b = mb.battle
        out.append(f"battle for {g.board.name(b.target)} round {b.round}: {b.attacker} {b.attacker_total} vs "
                   f"{b.defender} {b.defender_total} ({b.stage})")
    out += _campaign(g)
    return out


def _campaign(g: Game) -> list[str]:
    mb = g.mb
    if g.campaign == "bulge":
        return [f"Bastogne relieved: {'yes' if mb.bastogne_relieved else 'no'}; Wiltz: "
                + ("held" if mb.wiltz_held else "occupied, must survive the German turn" if mb.wiltz_occupied else "not held")]
    if g.campaign == "normandy":
        held = [g.board.name(t) for t in g.board.tagged("red") if g.occupant(t) == g.blue]
        return [f"red towns held by the Americans: {len(held)} of 9" + (f" ({', '.join(held)})" if held else "")]
    if g.campaign == "sicily":
        lines = ["Messina: " + ("occupied by the Allies, must survive the Axis turn" if mb.messina_occupied else "not held")]
        if mb.defection_pending:
            lines.append("defections due at the end of the Axis turn: " + ", ".join(g.board.name(t) for t in mb.defection_pending))
        for d in mb.defection_chart:
            lines.append(f"defection chart: {g.board.name(d.town)} ({d.number}) turn {d.turn}: {', '.join(d.unit_ids) or '-'}")
        return lines
    return []
