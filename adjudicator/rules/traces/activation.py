"""Activation (2.3, 4.3, 11.0, 12.1, 12.2): who a drawn chit puts in motion.

An HQ chit activates its HQ and every eligible combat unit within its Command
Range, measured at the instant of activation as pure hex distance (terrain,
supply, enemy units and ZOCs do not matter). US HQs never activate units of
the other US Army; the IV Luftwaffe Field Corps only units with the wings icon
(198th Infantry and reinforcements); no HQ activates another HQ. The set is
kept: units stay activated when they leave the range, and units the HQ moves
next to are not activated. SHAEF and OB West activate any one HQ of their side
or the units of any two divisions; the German may play any German chit as
the Metz option instead (all units in Metz city and its forts). Arrivals,
reinforcements and reserves are activated on entering the map.
"""

from __future__ import annotations

from adjudicator.core.errors import MalformedInput
from adjudicator.core.verdicts import VerdictBuilder
from adjudicator.rules.traces.cite import TV
from adjudicator.rules.traces.model import ELIMINATED, Game
from umpire.v1 import action_pb2, traces_pb2

SPECIAL_HQ_OR_DIVISIONS = ("shaef", "ob-west")


def check_acting(g: Game, side: str, b: VerdictBuilder, segment: str) -> traces_pb2.TracesActivation | None:
    """The activation when `side` is its player and it is in `segment`, else a violation."""
    if not g.tv.HasField("activation"):
        b.violation("NO_ACTIVATION", f"no activation is under way (phase {g.state.phase!r})", TV.cite("4.3"))
        return None
    act = g.tv.activation
    if act.player != side:
        b.violation("NOT_ACTIVE", f"{act.player} is the active player ({act.chit})", TV.cite("4.3"))
        return None
    if act.segment != segment:
        # What the player is told depends on where the activation is: 4.3 "The Active Player may
        # conduct movement ... After all movement is completed, the Active Player may execute combat."
        words = {"choose": "choose how to play the chit first",
                 "movement": "all movement comes before combat: end the movement segment first",
                 "combat": "movement is over: combat only"}
        b.violation("WRONG_SEGMENT", f"the activation is in its {act.segment} segment ({words.get(act.segment, '')})",
                    TV.cite("4.3"))
        return None
    return act


def eligible(g: Game, hq: str, uid: str) -> bool:
    """2.3, 12.2, A-38, A-39: may HQ `hq` activate `uid`?"""
    if uid == hq or g.is_hq(uid) or g.belligerent(uid) != g.belligerent(hq):
        return False
    if g.belligerent(hq) == "allied" and g.army(uid) != g.army(hq):
        return False  # 2.3 note: "HQ Command does not extend across US Armies"
    if g.defs[hq].props.get("hq") == "IV LWF" and not g.has_tag(uid, "wings"):
        return False  # 2.3: "only activate the 198th Infantry Division and any reinforcements"
    if g.opts.activation == "corps" and g.corps(uid) != g.corps(hq):
        return False
    return True


def in_range(g: Game, hq: str) -> list[str]:
    h = g.hex_of(hq)
    if h < 0:
        return []
    r = g.command_range(hq)
    out = []
    for t in g.hm.within(h, r):
        for uid in g.units_at(t):
            if eligible(g, hq, uid):
                out.append(uid)
    return out


def new_activation(g: Game, chit: traces_pb2.TracesChit, player: str, mode: str, segment: str) -> traces_pb2.TracesActivation:
    g.tv.ClearField("activation")
    act = g.tv.activation
    act.chit_id = chit.id
    act.chit = chit.name
    act.player = player
    act.belligerent = chit.owner
    act.mode = mode
    act.segment = segment
    g.state.active_side = player
    g.state.segment = segment
    return act


def activate_hq(g: Game, act: traces_pb2.TracesActivation, hq: str) -> None:
    act.mode = "hq"
    act.hq = hq
    act.hq_hex = g.us[hq].location if g.on_map(hq) else ""
    units = ([hq] if g.on_map(hq) else []) + in_range(g, hq)
    act.activated.extend(u for u in units if u not in act.activated)
    act.segment = "movement"
    g.state.segment = "movement"
    where = f" in {act.hq_hex}" if act.hq_hex else " (off the map)"
    g.emit("ACTIVATED", f"{g.name(hq)}{where} activates {len(units) - (1 if g.on_map(hq) else 0)} unit(s) within "
           f"{g.command_range(hq)} hexes: {', '.join(g.name(u) for u in units[1:]) or 'none'}",
           [TV.cite("2.3"), TV.cite("4.3")], units=units, from_location=act.hq_hex)


def arrivals(g: Game, chit: str, draws: int) -> list[str]:
    """11.1: units whose parent HQ chit has now been drawn for the draw-th time
    (and earlier arrivals that could not enter yet)."""
    out: list[str] = []
    for a in g.ext.arrivals:
        if a.hq == chit and a.draw <= draws:
            out.extend(u for u in a.unit_ids if g.us[u].status == g.us[u].OFF_MAP and u not in out)
    return out


def start_hq_chit(g: Game, chit: traces_pb2.TracesChit) -> None:
    player = g.player_of_chit(chit.name, chit.owner)
    act = new_activation(g, chit, player, "hq", "movement")
    g.tv.hq_draws[chit.name] = g.tv.hq_draws.get(chit.name, 0) + 1
    act.draw = g.tv.hq_draws[chit.name]
    coming = arrivals(g, chit.name, act.draw)
    act.entering.extend(coming)
    act.activated.extend(coming)
    if coming:
        g.emit("ARRIVALS", f"{chit.name} chit drawn for the {_nth(act.draw)} time: "
               f"{', '.join(g.name(u) for u in coming)} arrive, activated", [TV.cite("11.1")], units=coming)
    hq = g.hq_of_chit(chit.name)
    if hq is None or g.us[hq].status == ELIMINATED:
        g.emit("ACTIVATED", f"{chit.name} has no HQ on the map: only arrivals act", [TV.cite("4.3")])
        return
    activate_hq(g, act, hq)


def _nth(n: int) -> str:
    return {1: "first", 2: "second", 3: "third"}.get(n, f"{n}th")


def metz_units(g: Game) -> list[str]:
    return [u for h, ids in g.at.items() if g.board.metz[h] for u in ids if g.belligerent(u) == "german"]


def validate_activate(g: Game, action: action_pb2.Action, b: VerdictBuilder) -> None:
    a = action.traces.activate
    if not g.tv.HasField("activation"):
        b.violation("NO_ACTIVATION", "no chit is being played", TV.cite("4.3"))
        return
    act = g.tv.activation
    if act.player != action.side:
        b.violation("NOT_ACTIVE", f"{act.player} plays this chit", TV.cite("4.3"))
        return
    if a.metz:
        if act.belligerent != "german" or act.chit in ("supply", "pre-turn"):
            b.violation("NOT_GERMAN_CHIT", "the Metz option replaces a German chit", TV.cite("4.3"))
        elif act.acted:
            b.violation("ALREADY_ACTED", "the chit has been played already: the Metz option replaces it unplayed",
                        TV.cite("4.3"))
        elif not metz_units(g):
            b.violation("NO_METZ_UNITS", "no German unit is in Metz city or its fortifications", TV.cite("4.3"))
        return
    if act.segment != "choose":
        b.violation("NOTHING_TO_CHOOSE", f"the {act.chit} chit needs no choice", TV.cite("4.3"))
        return
    if act.mode == "reinforcement":
        _validate_division(g, a.division, b)
        return
    if a.hq and a.divisions:
        raise MalformedInput("name an HQ or two divisions, not both", "action.traces.activate")
    if a.hq:
        hq = g.hq_of_chit(a.hq)
        if hq is None or g.belligerent(hq) != act.belligerent:
            b.violation("UNKNOWN_HQ", f"{a.hq!r} is not one of your HQs", TV.cite("4.3"), a.hq)
        elif not g.on_map(hq):
            b.violation("HQ_OFF_MAP", f"{g.name(hq)} is not on the map", TV.cite("4.3"), a.hq)
        elif act.chit == "pre-turn" and g.army(hq) not in [x for p in g.tv.players if p.side == act.player
                                                            for x in p.armies]:
            b.violation("NOT_YOURS", f"{g.name(hq)} is not commanded by {act.player}", TV.cite("15.1"))
        return
    if act.chit == "pre-turn":
        b.violation("NAME_HQ", "name the HQ that makes the activation before Turn 1", TV.cite("12.1"))
        return
    if len(a.divisions) != 2 or len(set(a.divisions)) != 2:
        b.violation("TWO_DIVISIONS", "name any one HQ, or two divisions", TV.cite("4.3"))
        return
    for div in a.divisions:
        if not any(g.division(u) == div and g.belligerent(u) == act.belligerent and g.on_map(u) and not g.is_hq(u)
                   for u in g.defs):
            b.violation("UNKNOWN_DIVISION", f"no {act.belligerent} unit of division {div!r} is on the map",
                        TV.cite("4.3"), div)


def _validate_division(g: Game, code: str, b: VerdictBuilder) -> None:
    for r in g.ext.reinforcements:
        if r.code == code:
            if r.turn > g.turn:
                b.violation("TOO_EARLY", f"{r.division} may enter from turn {r.turn}", r.citation, code)
            elif code in g.tv.entered_divisions:
                b.violation("ALREADY_ENTERED", f"{r.division} has already entered", r.citation, code)
            return
    codes = ", ".join(r.code for r in g.ext.reinforcements)
    b.violation("UNKNOWN_DIVISION", f"{code!r} is not a reinforcement of this scenario ({codes})", TV.cite("11.2"),
                code)


def apply_activate(g: Game, action: action_pb2.Action) -> None:
    a = action.traces.activate
    act = g.tv.activation
    if a.metz:
        units = metz_units(g)
        del act.activated[:]
        del act.entering[:]
        act.mode = "metz"
        act.hq = ""
        act.hq_hex = ""
        act.activated.extend(units)
        act.segment = "movement"
        g.state.segment = "movement"
        g.emit("METZ_OPTION", f"the {act.chit} chit is not played: the units in Metz are activated instead: "
               f"{', '.join(g.name(u) for u in units)}", [TV.cite("4.3")], units=units)
        return
    act.acted = True  # the chit is played: the Metz option no longer replaces it
    if act.mode == "reinforcement":
        act.division = a.division
        r = next(r for r in g.ext.reinforcements if r.code == a.division)
        g.tv.entered_divisions.append(a.division)
        units = [u for u in r.unit_ids if g.us[u].status == g.us[u].OFF_MAP]
        act.entering.extend(units)
        act.activated.extend(units)
        act.segment = "movement"
        g.state.segment = "movement"
        g.emit("REINFORCEMENTS", f"{r.division} is released: {', '.join(g.name(u) for u in units)} enter on supply "
               "sources (place them), activated", [r.citation, TV.cite("11.0")], units=units)
        return
    if a.hq:
        hq = g.hq_of_chit(a.hq)
        assert hq is not None
        if act.chit == "pre-turn":
            g.emit("PRE_TURN", f"the activation before Turn 1 is made by {g.name(hq)} (A-2)", [TV.cite("12.1")])
        elif g.opts.arrival_draws == "any-activation":
            g.tv.hq_draws[a.hq] = g.tv.hq_draws.get(a.hq, 0) + 1
            act.draw = g.tv.hq_draws[a.hq]
            coming = arrivals(g, a.hq, act.draw)
            act.entering.extend(coming)
            act.activated.extend(coming)
        act.chit = a.hq if act.chit == "pre-turn" else act.chit
        activate_hq(g, act, hq)
        return
    units = [u for u in g.defs if g.division(u) in a.divisions and g.on_map(u) and not g.is_hq(u)
             and g.belligerent(u) == act.belligerent]
    act.mode = "divisions"
    act.divisions.extend(a.divisions)
    act.activated.extend(units)
    act.segment = "movement"
    g.state.segment = "movement"
    g.emit("ACTIVATED", f"{act.chit}: the units of {' and '.join(a.divisions)} are activated: "
           f"{', '.join(g.name(u) for u in units)}", [TV.cite("4.3")], units=units)
