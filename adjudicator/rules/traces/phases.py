"""The sequence of play (4.0) and the activation before Turn 1 (12.1).

Each turn: Weather Determination (4.1; the Allied player may then place air
units as interdiction markers, 7.2) -> Command Chit Selection (4.2: both
players, secretly) -> Action Phase (4.3: chits drawn one by one until the cup
is empty; each HQ chit: activation, then movement, then combat) -> Turn End
(4.4: victory determination, turn advance). Phases that need no player pass
by themselves inside the action that reaches them.
"""

from __future__ import annotations

from adjudicator.core.dice import DiceSource
from adjudicator.core.errors import MalformedInput
from adjudicator.core.verdicts import VerdictBuilder
from adjudicator.rules.traces import activation, chits, relocation, supply, victory, weather
from adjudicator.rules.traces.cite import TV
from adjudicator.rules.traces.model import Game
from umpire.v1 import action_pb2, common_pb2, traces_pb2

Supplied = list[common_pb2.SuppliedCell]


def start_game(g: Game, dice: DiceSource) -> None:
    """Turn 1: heavy overcast and mud (4.1.6), then the pre-Turn-1 activation (12.1)."""
    g.state.turn = g.sc.first_turn or 1
    weather.determine(g, dice, [])
    rule = g.opts.pre_turn_hq
    if rule == "none":
        g.emit("PRE_TURN", "no activation before Turn 1 (tov.a2-pre-turn-hq = none)", [TV.cite("12.1")])
        start_selection(g)
        return
    chit = traces_pb2.TracesChit(id="pre-turn", name="pre-turn", owner="allied")
    g.state.phase = "pre-turn"
    act = activation.new_activation(g, chit, g.lead("allied"), "choose", "choose")
    if rule == "ask":
        g.emit("PRE_TURN", "before Turn 1 the Allied player makes one activation as if an HQ chit were drawn "
               "(heavy overcast, mud, no air): name the HQ (the text's 'VII Army HQ' has no chit, A-2)",
               [TV.cite("12.1")])
        return
    hq = g.hq_of_chit(rule)
    if hq is None or not g.on_map(hq):
        raise MalformedInput(f"tov.a2-pre-turn-hq names {rule!r}, which has no HQ on the map", "options")
    act.player = g.player_of_chit(rule, "allied")
    g.state.active_side = act.player
    g.emit("PRE_TURN", f"the activation before Turn 1 is made by {g.name(hq)} (tov.a2-pre-turn-hq)", [TV.cite("12.1")])
    activation.activate_hq(g, act, hq)


def begin_turn(g: Game, dice: DiceSource, supplied: Supplied) -> None:
    g.state.phase = "weather"
    weather.determine(g, dice, supplied)
    if g.tv.air_available > 0:
        g.state.segment = "interdiction"
        g.state.active_side = g.lead("allied")
        return
    start_selection(g)


def start_selection(g: Game) -> None:
    g.tv.ClearField("activation")
    del g.tv.cup[:]
    del g.tv.drawn[:]
    del g.tv.selected[:]
    g.state.phase = "selection"
    g.state.segment = "select"
    g.state.active_side = ""
    g.emit("SELECTION", f"turn {g.turn}: Command Chit Selection", [TV.cite("4.2")])


def after_selection(g: Game, dice: DiceSource, supplied: Supplied) -> None:
    if len(g.tv.selected) < 2:
        return
    chits.close_cup(g)
    g.state.phase = "action"
    next_chit(g, dice, supplied)


def next_chit(g: Game, dice: DiceSource, supplied: Supplied) -> None:
    """Draw until a chit needs a player (or the cup is empty: turn end)."""
    g.tv.ClearField("activation")
    while not g.state.finished:
        relocation.requeue_waiting(g)
        if relocation.next_decision(g):
            g.tv.resume = "draw"
            return
        if not g.tv.cup:
            end_action_phase(g, dice, supplied)
            return
        chit = chits.draw(g, dice)
        if chit.name == chits.SUPPLY:
            g.state.active_side = ""
            g.state.segment = "supply"
            supply.check(g)
            continue
        if chit.name in activation.SPECIAL_HQ_OR_DIVISIONS:
            activation.new_activation(g, chit, g.lead(chit.owner), "choose", "choose")
        elif chit.name == "reinforcement":
            activation.new_activation(g, chit, g.lead(chit.owner), "reinforcement", "choose")
        elif chit.name == "reserve":
            activation.new_activation(g, chit, g.lead(chit.owner), "reserve", "movement")
        else:
            activation.start_hq_chit(g, chit)
        return


def end_action_phase(g: Game, dice: DiceSource, supplied: Supplied) -> None:
    """7.2: unused air units return at the end of the Action Phase; then 4.4."""
    g.tv.air_available = 0
    g.state.phase = "turn-end"
    g.state.segment = ""
    g.state.active_side = ""
    g.emit("ACTION_PHASE_OVER", f"turn {g.turn}: the cup is empty", [TV.cite("4.3")])
    victory.determine(g)
    if g.state.finished:
        return
    del g.tv.interdiction[:]
    g.state.turn += 1
    g.emit("TURN", f"turn {g.turn} begins", [TV.cite("4.4.2")])
    begin_turn(g, dice, supplied)


def end_activation(g: Game, dice: DiceSource, supplied: Supplied) -> None:
    act = g.tv.activation
    g.emit("ACTIVATION_OVER", f"{act.player} ends the {act.chit} activation", [TV.cite("4.3")])
    if g.state.phase == "pre-turn":
        g.tv.ClearField("activation")
        start_selection(g)
        return
    next_chit(g, dice, supplied)


def validate_end(g: Game, action: action_pb2.Action, b: VerdictBuilder) -> None:
    want = action.end_phase.phase
    st = g.state
    current = st.segment if st.phase in ("action", "pre-turn") else st.phase
    if want and want not in (st.phase, st.segment) and not (want == "activation" and g.tv.HasField("activation")):
        b.violation("WRONG_PHASE", f"the game is in {st.phase!r} ({st.segment}), not {want!r}", TV.cite("4.0"))
        return
    if st.phase == "weather" and st.segment == "interdiction":
        if action.side != g.lead("allied"):
            b.violation("NOT_ACTIVE", "the Allied player places interdiction markers", TV.cite("7.2"))
        return
    if st.phase == "selection":
        b.violation("SELECT_CHITS", "the Command Chit Selection Phase ends when both players have selected their chits",
                    TV.cite("4.2"))
        return
    if not g.tv.HasField("activation"):
        b.violation("NOTHING_TO_END", f"nothing to end in {current!r}", TV.cite("4.0"))
        return
    act = g.tv.activation
    if action.side != act.player:
        b.violation("NOT_ACTIVE", f"{act.player} is the active player", TV.cite("4.3"))


def apply_end(g: Game, action: action_pb2.Action, dice: DiceSource) -> None:
    st = g.state
    supplied = list(action.supplied_cells)
    if st.phase == "weather":
        g.emit("INTERDICTION", "no (more) interdiction markers", [TV.cite("7.2")])
        start_selection(g)
        return
    act = g.tv.activation
    want = action.end_phase.phase
    if act.segment == "movement" and want != "activation":
        act.segment = "combat"
        st.segment = "combat"
        g.emit("MOVEMENT_OVER", f"{act.player}: movement over, combat", [TV.cite("4.3")])
        return
    end_activation(g, dice, supplied)


def validate_interdict(g: Game, action: action_pb2.Action, b: VerdictBuilder) -> None:
    hexes = list(action.traces.interdict.hexes)
    if g.state.phase != "weather" or g.state.segment != "interdiction":
        b.violation("NOT_WEATHER_PHASE", "interdiction markers are placed in the Weather Determination Phase",
                    TV.cite("7.2"))
        return
    if action.side != g.lead("allied"):
        b.violation("NOT_ALLIED", "only the Allied player has air units", TV.cite("7.0"))
        return
    if len(hexes) > g.tv.air_available:
        b.violation("TOO_MANY", f"{len(hexes)} markers, {g.tv.air_available} air unit(s) available", TV.cite("7.2"))
    if len(set(hexes)) != len(hexes):
        b.violation("ONE_PER_HEX", "a maximum of one interdiction marker per hex", TV.cite("7.2"))
    for i, x in enumerate(hexes):
        h = g.hm.hex_id(x, f"action.traces.interdict.hexes[{i}]")
        if not g.in_play[h]:
            b.violation("OFF_MAP", f"{x} is not on the scenario's map", TV.cite("7.2"), x)


def apply_interdict(g: Game, action: action_pb2.Action) -> None:
    hexes = list(action.traces.interdict.hexes)
    g.tv.interdiction.extend(hexes)
    g.tv.air_available -= len(hexes)
    g.emit("INTERDICTION", f"interdiction markers in {', '.join(hexes)}; {g.tv.air_available} air unit(s) left for "
           "ground support", [TV.cite("7.2")])
    start_selection(g)
