"""Sequence of play (2.1): supply and weather (7, 8, 9.2), arrivals and
withdrawals (10.1.3, 10.2.3), stacking at the end of phases (5), the ferry's
destruction (3.3) and victory (10.3).

Phase names in `GameState.phase`: "setup-german", "setup-allied",
"german-movement", "german-combat", "allied-movement", "allied-combat". Phases A
(supply and weather) and F (turn end) happen inside the action that ends the
Allied combat phase, since they need no player's choice.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from fractions import Fraction

from adjudicator.core.combat import steps_left, take_step_losses
from adjudicator.core.decisions import decision, option
from adjudicator.core.dice import DiceSource
from adjudicator.core.errors import NeedsData, NotFound
from adjudicator.core.stacking import StackLimit, count
from adjudicator.core.supply import SupplyNet, trace
from adjudicator.core.tables import find_table
from adjudicator.core.unknowns import Branch, decide, decide_bounds
from adjudicator.rules.nordwind.options import NordwindOptions
from adjudicator.rules.nordwind.board import Board, zoc_bounds
from adjudicator.rules.nordwind.cite import ALLIED, GERMAN, NW, RULESET_ID, SIDES, other
from adjudicator.rules.nordwind.combat_rules import AIR_ALLOWANCE
from umpire.v1 import common_pb2, definition_pb2, state_pb2

STACKING = StackLimit(({"regiment": 3, "battalion": 1}, {"regiment": 2, "battalion": 2}))  # 5
EDGES = {GERMAN: ("north", "east"), ALLIED: ("west", "south")}  # 7.2
OBJECTIVES = f"{RULESET_ID}/objectives"
LOSS_RATIO = f"{RULESET_ID}/loss-ratio"
WEATHER = f"{RULESET_ID}/weather"


def event(events: list[state_pb2.Event], kind: str, text: str, case: str, units: Iterable[str] = (),
          visible_to: Iterable[str] = ()) -> None:
    events.append(state_pb2.Event(kind=kind, text=text, citations=[NW.cite(case)], units=list(units),
                                  visible_to=list(visible_to)))


def us_of(ns: state_pb2.GameState, uid: str) -> state_pb2.UnitState:
    return next(u for u in ns.units if u.unit_id == uid)


def secret_option(ns: state_pb2.GameState) -> int:
    for p in ns.private_data:
        if p.side == GERMAN and "secret_option" in p.values:
            return int(p.values["secret_option"])
    return 0


# -- stacking (5) ---------------------------------------------------------------

def overstacked(ns: state_pb2.GameState, side: str, hexes: Iterable[str] | None = None) -> dict[str, list[str]]:
    """Hexes where `side` exceeds the limit (3 R/B + 1 Bn, or 2 R/B + 2 Bn);
    unknown sizes are decided over (NeedsData only if they matter)."""
    board = Board(ns)
    wanted = None if hexes is None else {board.hex(h) for h in hexes}
    stacks = {board.label(h): board.stack(h, side) for h in board.at if wanted is None or h in wanted}
    stacks = {k: v for k, v in stacks.items() if len(v) > 2}

    def question(b: Branch) -> tuple[tuple[str, tuple[str, ...]], ...]:
        cat = lambda u: "regiment" if board.counters.is_regiment(b, u) else "battalion"  # noqa: E731
        return tuple(sorted((h, tuple(v)) for h, v in stacks.items() if not STACKING.fits(count(v, cat))))

    return {h: list(v) for h, v in decide(question)}


def overstack_decision(ns: state_pb2.GameState, side: str, hexes: Iterable[str] | None, case: str,
                       after: str = "combat") -> state_pb2.Decision | None:
    over = overstacked(ns, side, hexes)
    if not over:
        return None
    units = [u for v in over.values() for u in v]
    ns.nordwind.decision_counter += 1
    d = decision(
        f"d{ns.nordwind.decision_counter}", side, "ELIMINATE_OVERSTACKED",
        "over-stacked in " + ", ".join(over) + f" ({STACKING.describe()} per hex): choose the units eliminated",
        NW.cite(case), [option(u, u, units=[u]) for u in units], min_choices=1, max_choices=len(units),
        context={"hexes": ";".join(f"{h}={','.join(v)}" for h, v in over.items()), "after": after})
    return d


def check_removal(ns: state_pb2.GameState, d: state_pb2.Decision, removed: list[str]) -> str | None:
    """Why `removed` does not fix the over-stacking exactly (owners eliminate the excess)."""
    from adjudicator.core.stacking import valid_removal

    board = Board(ns)
    for item in d.context["hexes"].split(";"):
        h, _, units = item.partition("=")
        stack = units.split(",")
        mine = [u for u in removed if u in stack]

        def question(b: Branch, stack: list[str] = stack, mine: list[str] = mine) -> str | None:
            cat = lambda u: "regiment" if board.counters.is_regiment(b, u) else "battalion"  # noqa: E731
            return valid_removal(stack, mine, STACKING, cat)

        why = decide(question)
        if why:
            return f"{h}: {why}"
    return None


# -- supply (7) ------------------------------------------------------------------

def supply_net(board: Board) -> SupplyNet:
    net = board.map.derived.get("nordwind-supply")
    if not isinstance(net, SupplyNet):  # AMB-29: every terrain is usable by a mechanized unit; the Rhine is not
        net = SupplyNet.build(board.map, None, bytearray(1 - x for x in board.rhine))
        board.map.derived["nordwind-supply"] = net
    return net


def supplied_units(ns: state_pb2.GameState, side: str) -> set[str]:
    board = Board(ns)
    sources: list[int] = []
    for e in EDGES[side]:
        sources.extend(board.map.edge_hexes(e))
    mine = [u for u in board.hex_of if board.side_of(u) == side]
    extra: dict[int, list[int]] = {}
    if side == GERMAN:  # 7.1: the Rhine only by the ferry
        for f, t, _ in board.ferry_links():
            extra.setdefault(f, []).append(t)
            extra.setdefault(t, []).append(f)
    enemy = board.occupied(other(side))
    friendly = board.occupied(side)

    def question(b: Branch) -> frozenset[str]:
        zoc = board.enemy_zoc(b, side)
        blocked = bytearray(1 if (enemy[h] or (zoc[h] and not friendly[h])) else 0 for h in range(board.map.n))
        reached = trace(supply_net(board), sources, blocked, extra)
        return frozenset(u for u in mine if reached[board.hex_of[u]])

    return set(decide_bounds(question, zoc_bounds))  # more enemy ZoC never supplies more units


def supply_picture(ns: state_pb2.GameState, side: str) -> tuple[list[str], set[str], list[str]]:
    """(hexes a line of `side` surely reaches, units in supply, notes) for a
    picture of 7.1. Where an unknown counter value (a lone strength-1 unit's ZoC,
    4.1) could change a hex, the hex is drawn only if it is reached either way;
    the units' answer is `supplied_units`' (which asks for the value when it matters)."""
    board = Board(ns)
    sources: list[int] = []
    for e in EDGES[side]:
        sources.extend(board.map.edge_hexes(e))
    extra: dict[int, list[int]] = {}
    if side == GERMAN:
        for f, t, _ in board.ferry_links():
            extra.setdefault(f, []).append(t)
            extra.setdefault(t, []).append(f)
    enemy = board.occupied(other(side))
    friendly = board.occupied(side)
    notes: list[str] = []
    reached_both: bytearray | None = None
    for bound in (0, 1):
        b = Branch({}, bound, lambda k: zoc_bounds(k) or (True, False))
        zoc = board.enemy_zoc(b, side)
        blocked = bytearray(1 if (enemy[h] or (zoc[h] and not friendly[h])) else 0 for h in range(board.map.n))
        got = trace(supply_net(board), sources, blocked, extra)
        if reached_both is None:
            reached_both = bytearray(got)
        else:
            if any(x != y for x, y in zip(reached_both, got)):
                notes.append("some hexes depend on unknown counter strengths (4.1) and are not drawn")
            reached_both = bytearray(x & y for x, y in zip(reached_both, got))
    assert reached_both is not None
    return [board.map.labels[h] for h in range(board.map.n) if reached_both[h]], supplied_units(ns, side), notes


def supply_phase(ns: state_pb2.GameState, events: list[state_pb2.Event]) -> None:
    """Phase A: Isolated on a first failure, Unsupplied on a second; a line of
    supply removes both (7.3, AMB-30)."""
    for side in SIDES:
        ok = supplied_units(ns, side)
        for us in ns.units:
            if us.side != side or us.status != state_pb2.UnitState.ON_MAP:
                continue
            markers = list(us.markers)
            if us.unit_id in ok:
                new = [m for m in markers if m not in ("isolated", "unsupplied")]
            elif "isolated" in markers or "unsupplied" in markers:
                new = [m for m in markers if m != "isolated"] + ([] if "unsupplied" in markers else ["unsupplied"])
                if "unsupplied" not in markers:
                    event(events, "UNSUPPLIED", f"{us.unit_id} still has no line of supply: unsupplied", "7.3",
                          [us.unit_id])
            else:
                new = markers + ["isolated"]
                event(events, "ISOLATED", f"{us.unit_id} cannot trace a line of supply: isolated", "7.3", [us.unit_id])
            del us.markers[:]
            us.markers.extend(new)


# -- weather (8) and air (9.2) ------------------------------------------------------

def weather_row(ns: state_pb2.GameState, die: int) -> str | None:
    """The Weather Table row the die reads this turn, or None when the weather
    stays as it was (8: "6: same weather as previous turn"; AMB-31)."""
    prev = ns.nordwind.weather
    drm = -1 if prev == "fair" else 0
    if NordwindOptions(ns.options).weather_six == "natural" and die == 6:
        return None
    m = die + drm
    if m >= 6:
        return None
    return str(min(max(m, 1), 5))  # AMB-31: a modified 0 reads as 1 (fair)


def weather_needs(ns: state_pb2.GameState) -> list[common_pb2.NeededCell]:
    """The Weather Table cells this turn's die may land on that the game lacks."""
    table = find_table(ns.scenario.definition.tables, WEATHER)
    rows = dict.fromkeys(r for r in (weather_row(ns, die) for die in range(1, 7)) if r is not None)
    return [table.needed(row, "weather", f"weather die reading row {row}") for row in rows
            if table.cell(row, "weather") is None]


def weather_phase(ns: state_pb2.GameState, dice: DiceSource, events: list[state_pb2.Event]) -> None:
    nw = ns.nordwind
    prev = nw.weather
    nw.previous_weather = prev
    if ns.turn == 1:
        nw.weather = "overcast"  # 8: the weather is overcast for the first turn
        event(events, "WEATHER", "turn 1: overcast (no roll)", "8")
    else:
        die = dice.roll(6, f"weather, turn {ns.turn}")
        drm = -1 if prev == "fair" else 0
        row = weather_row(ns, die)
        if row is None:
            result = prev
        else:
            table = find_table(ns.scenario.definition.tables, WEATHER)
            result = table.lookup(row, "weather", reason=f"weather die {die}{drm:+d}").value
        nw.weather = result
        event(events, "WEATHER", f"turn {ns.turn}: die {die}{' -1 (fair last turn)' if drm else ''}: {result}", "8")
    allowance = AIR_ALLOWANCE.get(nw.weather, {})
    for side in SIDES:
        nw.air_missions[side] = allowance.get(side, 0)  # 9.2


# -- arrivals, withdrawals, returns (10, 6.6.1) ------------------------------------------

def start_movement(ns: state_pb2.GameState, side: str, events: list[state_pb2.Event]) -> None:
    for us in ns.units:
        if us.side == side:
            ns.nordwind.entered.pop(us.unit_id, None)
            us.mp_spent = 0
            keep = [m for m in us.markers if m not in ("moved", "stopped")]
            del us.markers[:]
            us.markers.extend(keep)
    s = ns.scenario.nordwind
    for w in s.withdrawals:
        if w.turn == ns.turn and w.side == side:
            gone = []
            for u in ns.scenario.definition.units:
                if u.formation in w.formations:
                    us = us_of(ns, u.id)
                    if us.status in (state_pb2.UnitState.ON_MAP, state_pb2.UnitState.OFF_MAP,
                                     state_pb2.UnitState.EXITED):
                        us.status = state_pb2.UnitState.WITHDRAWN
                        gone.append(u.id)
            ns.nordwind.withdrawn.extend(w.formations)
            event(events, "WITHDRAWN", f"{', '.join(w.formations)} withdrawn ({w.reason})", w.citation.rule_case, gone)
    chosen = secret_option(ns)
    board = Board(ns)
    enemy = board.occupied(other(side))
    for i, a in enumerate(s.arrivals):
        if a.turn != ns.turn or a.placement.side != side or i in ns.nordwind.arrivals_done:
            continue
        if a.options and chosen not in a.options:
            continue
        ns.nordwind.arrivals_done.append(i)
        p = a.placement
        fixed = p.mode == "hex" and not enemy[board.hex(p.hexes[0])]
        for uid in p.unit_ids:
            us = us_of(ns, uid)
            if fixed:
                us.status = state_pb2.UnitState.ON_MAP
                us.location = board.label(board.hex(p.hexes[0]))
            else:
                us.markers.append("arriving")
        event(events, "REINFORCEMENTS",
              f"{p.formation} arrive{'s' if len(p.unit_ids) == 1 else ''}: " +
              (f"placed in {p.hexes[0]}" if fixed else f"to be placed ({p.printed})"), p.citation.rule_case,
              p.unit_ids)
    returning(ns, side, events)


def returning(ns: state_pb2.GameState, side: str, events: list[state_pb2.Event]) -> None:
    """6.6.1: units that retreated off the map return "the following turn" (at
    the start of their side's movement phase, AMB-26), placed by their owner next
    to the exit hex or, failing that, 2-6 hexes away. When every one of those
    hexes holds enemy units the unit cannot return: eliminated (option
    nw.amb26-return-blocked; 'next-turn' tries again the following turn)."""
    from adjudicator.rules.nordwind.placement import return_hexes

    due = [r for r in ns.nordwind.returns if r.turn == ns.turn and us_of(ns, r.unit_id).side == side
           and us_of(ns, r.unit_id).status == state_pb2.UnitState.EXITED]
    if not due:
        return
    board = Board(ns)
    for r in due:
        us = us_of(ns, r.unit_id)
        if return_hexes(board, r.unit_id):
            us.markers.append("returning")
            event(events, "RETURNS", f"{r.unit_id} returns near {r.exit_hex}: place it", "6.6.1", [r.unit_id])
        elif NordwindOptions(ns.options).return_blocked == "next-turn":
            r.turn += 1
            event(events, "RETURN_DELAYED", f"{r.unit_id} cannot return: enemy units hold every hex within 6 of "
                  f"{r.exit_hex}; it tries again on turn {r.turn} (option nw.amb26-return-blocked)", "6.6.1",
                  [r.unit_id])
        else:
            unit = next(u for u in ns.scenario.definition.units if u.id == r.unit_id)
            lost = take_step_losses(unit, us, steps_left(unit, us))
            us.status = state_pb2.UnitState.ELIMINATED
            ns.nordwind.steps_lost[side] = ns.nordwind.steps_lost[side] + lost
            event(events, "UNIT_ELIMINATED", f"{r.unit_id} cannot return: enemy units hold its exit hex {r.exit_hex} "
                  f"and every hex within 6 of it: eliminated ({lost} step{'s' if lost != 1 else ''})", "6.6.1",
                  [r.unit_id])


def start_combat(ns: state_pb2.GameState) -> None:
    del ns.nordwind.attacked_hexes[:]
    for us in ns.units:
        keep = [m for m in us.markers if m != "attacked"]
        del us.markers[:]
        us.markers.extend(keep)


# -- the ferry (3.3) ---------------------------------------------------------------

def check_ferry(ns: state_pb2.GameState, events: list[state_pb2.Event], board: Board | None = None) -> None:
    """3.3: the ferry is destroyed as soon as Allied units hold every hex across it
    (`board`: ns's board when the caller has it)."""
    if ns.nordwind.HasField("ferry") and not ns.nordwind.ferry.destroyed and (
            board or Board(ns)).ferry_destroyed_now():
        ns.nordwind.ferry.destroyed = True
        event(events, "FERRY_DESTROYED",
              f"Allied units hold every hex across the Rhine from the ferry in {ns.nordwind.ferry.hex}: destroyed",
              "3.3")


# -- victory (10.3) -------------------------------------------------------------------

def objective_hex(ns: state_pb2.GameState, town: str) -> str | None:
    table = find_table(ns.scenario.definition.tables, OBJECTIVES)
    cell = table.cell(town, "hex")
    if cell is not None:
        return cell.value
    board = Board(ns)
    try:
        return board.label(board.map.named(town))
    except NotFound:  # the map names no such place: the objective's hex is unknown
        return None


def german_holds(ns: state_pb2.GameState, hex_label: str) -> bool:
    board = Board(ns)
    return bool(board.stack(board.hex(hex_label), GERMAN))


def loss_ratio_ok(ns: state_pb2.GameState) -> bool:
    g, a = ns.nordwind.steps_lost[GERMAN], ns.nordwind.steps_lost[ALLIED]
    if a == 0:
        return g == 0  # AMB-37: 0/0 is 1/1
    return Fraction(2, 3) <= Fraction(g, a) <= Fraction(3, 2)  # AMB-36: bounds inclusive


def loss_ratio_vp(ns: state_pb2.GameState) -> tuple[str, int]:
    g, a = ns.nordwind.steps_lost[GERMAN], ns.nordwind.steps_lost[ALLIED]
    table = find_table(ns.scenario.definition.tables, LOSS_RATIO)
    if a == 0:
        row = "1/1" if g == 0 else "4/1"  # AMB-37
    else:
        r = Fraction(g, a)
        rows = sorted(table.rows, key=lambda x: Fraction(x))
        row = next((x for x in rows if Fraction(x) >= r), rows[-1])  # AMB-37: smallest table ratio >= r
    return row, int(table.lookup(row, "VP").value)


def turn_end(ns: state_pb2.GameState, events: list[state_pb2.Event]) -> None:
    """Phase F: the automatic victory, then the end of the last turn."""
    saverne = objective_hex(ns, "Saverne")
    if saverne is None:
        event(events, "VICTORY_NOT_CHECKED", "automatic victory not checked: Saverne's hex is unknown "
              f"(table {OBJECTIVES} row Saverne column hex, or a hex named Saverne in the map)", "10.3")
    else:
        if german_holds(ns, saverne):
            ns.nordwind.saverne_turns.append(ns.turn)
            before = NordwindOptions(ns.options).saverne == "one-turn-end" or (ns.turn - 1) in ns.nordwind.saverne_turns
            if before and loss_ratio_ok(ns):
                finish(ns, GERMAN, "automatic", "the German player took Saverne and held it for a turn with a "
                       "step-loss ratio between 2/3 and 3/2", events)
                return
    if ns.scenario.last_turn and ns.turn >= ns.scenario.last_turn:
        final_victory(ns, events)


def final_victory(ns: state_pb2.GameState, events: list[state_pb2.Event]) -> None:
    table = find_table(ns.scenario.definition.tables, OBJECTIVES)
    vp = 0
    parts = []
    needs = []
    for town in table.rows:
        hx = objective_hex(ns, town)
        if hx is None:
            needs.append(table.needed(town, "hex", "victory points for objectives at the end of the game"))
            continue
        if german_holds(ns, hx):  # AMB-44: a German unit in the town at the end
            value = int(table.lookup(town, "VP").value)
            vp += value
            parts.append(f"{town} {value:+d}")
    if needs:
        raise NeedsData(needs)
    row, lvp = loss_ratio_vp(ns)
    vp += lvp
    parts.append(f"losses {ns.nordwind.steps_lost[GERMAN]}/{ns.nordwind.steps_lost[ALLIED]} -> {row}: {lvp:+d}")
    cost = next((o.vp for o in ns.scenario.nordwind.secret_options if o.id == secret_option(ns)), 0)
    if cost:
        vp += cost
        parts.append(f"secret option {secret_option(ns)}: {cost:+d}")
    if vp < 0:
        winner, level = ALLIED, "operational"
    elif vp <= 3:
        winner, level = ALLIED, "tactical"
    elif vp <= 6:
        winner, level = GERMAN, "tactical"
    else:
        winner, level = GERMAN, "operational"
    finish(ns, winner, level, f"{vp} VP ({'; '.join(parts)})", events)


def finish(ns: state_pb2.GameState, winner: str, level: str, reason: str, events: list[state_pb2.Event]) -> None:
    ns.finished = True
    ns.result.CopyFrom(state_pb2.GameResult(winner=winner, level=level, reason=reason, citation=NW.cite("10.3")))
    event(events, "GAME_OVER", f"{winner} {level} victory: {reason}", "10.3")


def initial_units(s: definition_pb2.Scenario) -> list[state_pb2.UnitState]:
    fixed = {p.unit_id: p.location for p in s.setup}
    out = []
    for u in s.definition.units:
        us = state_pb2.UnitState(unit_id=u.id, side=u.side, status=state_pb2.UnitState.OFF_MAP)
        if u.id in fixed:
            us.status = state_pb2.UnitState.ON_MAP
            us.location = fixed[u.id]
        out.append(us)
    return out


# -- the sequence of play (2.1) ---------------------------------------------------------

def finish_phase(ns: state_pb2.GameState, dice: DiceSource, events: list[state_pb2.Event]) -> None:
    """End the current phase: the stacking limits (5), then the next phases up to
    the next one a player acts in."""
    if ns.phase.endswith("-movement") or ns.phase.endswith("-combat"):
        for side in (ns.active_side, other(ns.active_side)):  # 5: limits at the end of each phase
            d = overstack_decision(ns, side, None, "5", after="phase-end")
            if d is not None:
                ns.pending.CopyFrom(d)
                return
    next_phase(ns, dice, events)
    skip_empty_setups(ns, dice, events)


def skip_empty_setups(ns: state_pb2.GameState, dice: DiceSource, events: list[state_pb2.Event]) -> None:
    from adjudicator.rules.nordwind.placement import unplaced

    while ns.phase.startswith("setup-") and not unplaced(ns, ns.active_side):
        next_phase(ns, dice, events)


def next_phase(ns: state_pb2.GameState, dice: DiceSource, events: list[state_pb2.Event]) -> None:
    ph = ns.phase
    if ph.startswith("setup-"):
        order = list(ns.scenario.nordwind.setup_order) or [GERMAN, ALLIED]
        i = order.index(ph.removeprefix("setup-"))
        if i + 1 < len(order):
            ns.phase, ns.active_side = f"setup-{order[i + 1]}", order[i + 1]
            return
        begin_turn(ns, dice, events)
    elif ph == "german-movement":
        ns.phase = "german-combat"
        start_combat(ns)
    elif ph == "german-combat":
        ns.phase, ns.active_side = "allied-movement", ALLIED
        start_movement(ns, ALLIED, events)
    elif ph == "allied-movement":
        ns.phase = "allied-combat"
        start_combat(ns)
    elif ph == "allied-combat":
        turn_end(ns, events)
        if ns.finished:
            return
        ns.turn += 1
        begin_turn(ns, dice, events)


def begin_turn(ns: state_pb2.GameState, dice: DiceSource, events: list[state_pb2.Event]) -> None:
    ns.phase, ns.active_side = "supply-weather", ""
    supply_phase(ns, events)  # A
    weather_phase(ns, dice, events)
    ns.phase, ns.active_side = "german-movement", GERMAN  # B
    start_movement(ns, GERMAN, events)
    event(events, "TURN", f"turn {ns.turn}: weather {ns.nordwind.weather}", "2.1")


class _DryDice:
    """The dice of a dry run of the end of a phase: a weather die (8) records the
    cells any of its values may need and shows one the table knows."""

    def __init__(self, ns: state_pb2.GameState) -> None:
        self.ns = ns
        self.needs: list[common_pb2.NeededCell] = []

    def roll(self, sides: int, purpose: str) -> int:
        if purpose.startswith("weather"):
            missing = weather_needs(self.ns)
            self.needs.extend(missing)
            unknown = {c.row for c in missing}
            return next((die for die in range(1, sides + 1) if weather_row(self.ns, die) not in unknown), 1)
        return 1


def end_needs(state: state_pb2.GameState,
              first: Callable[[state_pb2.GameState], None] | None = None) -> list[common_pb2.NeededCell]:
    """Every table cell ending the current phase may need: the end of the phase
    is run on a copy, with apply's own code, so validate checks what apply checks
    (the stacking limits 5, the supply phase 7, the last turn's victory points
    10.3), and the weather die is answered for each value it may show (8).
    `first` changes the copy as the action does before the phase ends (e.g. the
    over-stacked units the answer eliminates)."""
    ns = state_pb2.GameState()
    ns.CopyFrom(state)
    dice = _DryDice(ns)
    found: list[common_pb2.NeededCell] = []
    try:
        if first is not None:
            first(ns)
        finish_phase(ns, dice, [])
    except NeedsData as e:
        found.extend(e.cells)
    out: dict[tuple[str, str, str], common_pb2.NeededCell] = {}
    for c in dice.needs + found:
        out.setdefault((c.table_id, c.row, c.column), c)
    return list(out.values())
