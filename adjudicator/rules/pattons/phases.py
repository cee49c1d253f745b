"""The sequence of play (4.2) with the exclusive rules' hooks: weather and mud
(20), Air Points (13, 22.1), heavy bombers (22.2), the Mutual Supply
Determination Phase of both sides in each player-turn (11.0.C), the 15th
PzGr roll (23.0), stacking at the end of movement (7.1), the obligation to
attack (9.1.1), US rest in the Game-Turn Indication Stage (18.2) and victory
at the end of the last turn (25).

Phases: "setup" (US Support Point allocation, 18.0.B), then per Game-Turn
"us-bombers" (only when heavy bombers may attack), "us-movement", "us-combat",
"german-movement", "german-combat"; "over" at the end.
"""

from __future__ import annotations

from adjudicator.core.decisions import check_answer, option
from adjudicator.core.dice import DiceSource
from adjudicator.core.errors import MalformedInput
from adjudicator.core.stacking import StackLimit, valid_removal
from adjudicator.core.tables import find_table
from adjudicator.core.verdicts import VerdictBuilder
from adjudicator.rules.pattons import losses, obligation, supply, victory
from adjudicator.rules.pattons.cite import BOMBERS, GERMAN, P3, US, WEATHER
from adjudicator.rules.pattons.model import IMPROVED, METZ, Game
from umpire.v1 import action_pb2, common_pb2

LIMIT = StackLimit(({"unit": 3},))  # 7.0
WEATHERS = ("clear", "light-overcast", "heavy-overcast")
PER_PHASE = ("attacked", "defended", "sitout", "support-used", "no-zoc", "retreated-in", "art-adjacent")


def parse_weather(text: str) -> tuple[str, bool]:
    t = text.lower().replace("lt", "light").replace("-", " ")
    rain = "rain" in t
    for w in WEATHERS:
        if w.replace("-", " ") in t:
            return w, rain
    raise MalformedInput(f"weather {text!r}: write 'clear', 'light overcast' or 'heavy overcast', with '+ rain' "
                         "when it rains", WEATHER)


def check_weather(text: str) -> None:
    parse_weather(text)


def air_budget(g: Game, side: str) -> int:
    """22.1 scaled by the weather (20.1.2); none on Turn 1 (20.3.B)."""
    t = g.turn
    if t == 1:
        return 0
    base = (8 if t <= 7 else 6) if side == US else (0 if t <= 9 else 1 if t <= 13 else 2)
    w = g.ext.weather
    return base if w == "clear" else base // 2 if w == "light-overcast" else 0


def rain(g: Game, turn: int) -> None:
    """20.2.1: mud on the rain turn and the three after it."""
    g.ext.rain_turns.append(turn)
    g.ext.mud_until = max(g.ext.mud_until, turn + 3)


def start_turn_one(g: Game) -> None:
    """20.3: Turn 1 is heavy overcast with rain; no Air Points."""
    g.state.turn = 1
    g.ext.weather, g.ext.rain = "heavy-overcast", True
    rain(g, 1)
    for side in (US, GERMAN):
        g.ext.air_points[side] = 0
    g.event("WEATHER", "Turn 1: heavy overcast with rain; mud on Turns 1-4; no Air Points", ["20.3", "20.2.1"])


def weather_roll(g: Game, dice: DiceSource, supplied: list[common_pb2.SuppliedCell]) -> None:
    """20.1: the US rolls one die at the start of the turn (from Turn 2), -1 after a clear turn, +1 after heavy overcast."""
    prev = g.ext.weather
    die = dice.roll(6, f"weather, turn {g.turn}")
    drm = -1 if prev == "clear" else 1 if prev == "heavy-overcast" else 0
    row = str(die + drm)
    t = find_table(g.state.scenario.definition.tables, WEATHER)
    cell = t.lookup(row, "weather", supplied, reason=f"weather roll {die}{drm:+d} on turn {g.turn}")
    w, r = parse_weather(cell.value)
    g.ext.previous_weather, g.ext.weather, g.ext.rain = prev, w, r
    if r:
        rain(g, g.turn)
    g.event("WEATHER", f"Turn {g.turn}: die {die} {drm:+d} = {row}: {w}" + (" with rain" if r else "")
            + (f"; mud until Turn {g.ext.mud_until}" if g.mud() else ""), ["20.1.1", "20.1.4", "20.2.1"])


def set_air(g: Game) -> None:
    for side in (US, GERMAN):
        g.ext.air_points[side] = air_budget(g, side)


def bombers_possible(g: Game) -> bool:
    """22.2.1.A: before Turn 8, clear or light overcast, not used, and a target exists."""
    if g.ext.bombers_used or g.turn >= 8 or g.ext.weather not in ("clear", "light-overcast"):
        return False
    return bool(bomber_targets(g))


def bomber_targets(g: Game) -> list[int]:
    return [h for h in sorted(g.at) if g.stack(h, GERMAN) and (METZ in g.features(h) or (
        g.entrenched(h) and IMPROVED not in g.features(h)))]


def begin_us(g: Game, dice: DiceSource) -> None:
    g.state.active_side = US
    before = g.opts.bomber_timing == "before-supply"
    if not before:
        supply.determine(g)
    if bombers_possible(g):
        g.state.phase = "us-bombers"
        g.event("PHASE", f"Turn {g.turn}: US heavy bombers may attack ({g.ext.weather})", ["22.2.2"], side=US)
        return
    if before:
        supply.determine(g)
    begin_movement(g, US, dice)


def begin_movement(g: Game, side: str, dice: DiceSource) -> None:
    g.state.phase = f"{side}-movement"
    g.state.active_side = side
    g.ext.entered.clear()
    for u in g.on_map(side) + [x for x in g.units if g.side_of(x) == side and x not in g.hex_of]:
        for m in ("moved", "moved-strategic", "moved-tactical"):
            g.unmark(u, m)
    if side == GERMAN and g.sc.variable_division and g.ext.variable_turn == 0:
        first = g.sc.variable_first_turn or 8
        if g.turn >= first:
            die = dice.roll(6, f"15th PzGr arrival, turn {g.turn}")
            if die == 1:
                g.ext.variable_turn = g.turn
            g.event("VARIABLE_REINFORCEMENTS", f"die {die}: {g.sc.variable_division} "
                    + ("may enter this Movement Phase at Entry Hex A" if die == 1 else "does not arrive"), ["23.0"])
    g.event("PHASE", f"Turn {g.turn}: {side} Movement Phase", ["4.2"], side=side)


def begin_combat(g: Game, side: str) -> None:
    g.state.phase = f"{side}-combat"
    g.state.active_side = side
    del g.ext.attacked_hexes[:]
    del g.ext.attack_slots[:]
    for u in g.units:
        for m in PER_PHASE:
            g.unmark(u, m)
    for u in g.on_map():  # 9.6.2.A: artillery eligibility fixed at the start of the Combat Phase
        if g.c(u).artillery and any(g.stack(n, other_side(g.side_of(u))) for n in g.hm.neighbours(g.hex_of[u])):
            g.mark(u, "art-adjacent")
    if g.opts.ap_pool == "player-turn":
        set_air(g)
    g.invalidate()
    g.event("PHASE", f"Turn {g.turn}: {side} Combat Phase", ["4.2"], side=side)


def other_side(side: str) -> str:
    return GERMAN if side == US else US


def overstacked(g: Game, side: str) -> list[int]:
    return [h for h in sorted(g.at) if len(g.stack(h, side)) > 3]


def validate_end(g: Game, action: action_pb2.Action, b: VerdictBuilder) -> None:
    side = action.side
    if side != g.state.active_side:
        b.violation("NOT_YOUR_PHASE", f"it is {g.state.active_side}'s {g.phase}", P3.cite("4.2"))
        return
    if action.end_phase.phase and action.end_phase.phase != g.phase:
        b.violation("WRONG_PHASE", f"the phase is {g.phase}, not {action.end_phase.phase}", P3.cite("4.2"))
        return
    if g.phase.endswith("-combat"):
        if g.ext.HasField("combat"):
            b.violation("COMBAT_IN_PROGRESS", "finish the combat first", P3.cite("9.0.G"))
            return
        obligation.check_end(g, side, b)


def apply_end(g: Game, action: action_pb2.Action, dice: DiceSource) -> None:
    phase = g.phase
    supplied = list(action.supplied_cells)
    if phase == "us-bombers":
        if g.opts.bomber_timing == "before-supply":
            supply.determine(g)
        begin_movement(g, US, dice)
    elif phase.endswith("-movement"):
        after_movement(g, g.state.active_side, dice)
    elif phase == "us-combat":
        supply.determine(g)
        begin_movement(g, GERMAN, dice)
    elif phase == "german-combat":
        end_of_turn(g, dice, supplied)


def after_movement(g: Game, side: str, dice: DiceSource) -> None:
    """7.1.1.C: the owner eliminates the excess at the end of the Movement Phase."""
    over = overstacked(g, side)
    if over:
        h = over[0]
        units = g.stack(h, side)
        g.ask(side, "ELIMINATE_OVERSTACKED", f"{side}: {g.label(h)} holds {len(units)} units; eliminate the excess",
              "7.1.1.C", [option(u, u, units=[u]) for u in units], min_choices=len(units) - 3,
              max_choices=len(units) - 3, context={"hex": g.label(h)})
        return
    begin_combat(g, side)


def validate_overstack(g: Game, action: action_pb2.Action, b: VerdictBuilder) -> None:
    d = g.state.pending
    check_answer(d, action.answer, b)
    if not b.ok:
        return
    units = [o.id for o in d.options]
    why = valid_removal(units, list(action.answer.choices), LIMIT, lambda u: "unit")
    if why:
        b.violation("OVERSTACK_ANSWER", why, P3.cite("7.1.1.C"))


def apply_overstack(g: Game, action: action_pb2.Action, dice: DiceSource) -> None:
    g.state.ClearField("pending")
    for u in action.answer.choices:
        losses.eliminate(g, u, "over the stacking limit at the end of the Movement Phase", ["7.1.1.C"])
    after_movement(g, g.state.active_side, dice)


def end_of_turn(g: Game, dice: DiceSource, supplied: list[common_pb2.SuppliedCell]) -> None:
    """4.2.3: the Game-Turn Indication Stage: US rest (18.2), then the next turn or the end."""
    rest(g, dice)
    last = g.state.scenario.last_turn or (24 if g.sc.extended else 12)
    if g.turn >= last:
        victory.judge(g)
        return
    g.state.turn += 1
    for u in g.units:
        g.unmark(u, "fought")
    weather_roll(g, dice, supplied)
    set_air(g)
    begin_us(g, dice)


def rest_divisions(g: Game) -> list[str]:
    """18.2.1-18.2.2: US divisions whose units all rest this turn."""
    out = []
    divisions = sorted({c.division for c in g.counters.values() if c.side == US and c.division})
    for div in divisions:
        units = [u for u in g.on_map(US) if g.c(u).division == div]
        if not units or div not in g.ext.divisions_attacked or div in g.ext.divisions_lost:
            continue
        if any(g.has(u, m) for u in units for m in ("oos", "isolated", "moved", "fought")):
            continue
        out.append(div)
    return out


def rest(g: Game, dice: DiceSource) -> None:
    del g.ext.rest_log[:]
    dist = g.distance_to(GERMAN)
    for div in rest_divisions(g):
        units = [u for u in g.on_map(US) if g.c(u).division == div]
        corps = g.c(units[0]).corps
        if div == g.sc.us_division_oos or corps not in g.ext.support:
            g.ext.rest_log.append(f"{div} rests but adds no Support Points (18.2.4)")
            continue
        die = dice.roll(6, f"rest of {div}")
        far = all(dist[g.hex_of[u]] < 0 or dist[g.hex_of[u]] >= 10 for u in units)
        gain = die if far else max(1, die // 2)
        g.ext.support[corps] += gain
        text = f"{div} rests: die {die}, {'all 10+ hexes from the Germans' if far else 'within 9 hexes'}: " \
               f"{corps} Corps +{gain} SP ({g.ext.support[corps]})"
        g.ext.rest_log.append(text)
        g.event("REST", text, ["18.2.3.A", "18.2.3.B" if far else "18.2.3.C"], units, side=US)


def validate_allocate_support(g: Game, action: action_pb2.Action, b: VerdictBuilder) -> None:
    check_answer(g.state.pending, action.answer, b)


def apply_allocate_support(g: Game, action: action_pb2.Action, dice: DiceSource) -> None:
    g.state.ClearField("pending")
    corps = list(g.sc.us_corps)
    first = int(action.answer.choices[0].split(":", 1)[1])
    total = g.opts.support_points
    g.ext.support[corps[0]] = first
    if len(corps) > 1:
        g.ext.support[corps[1]] = total - first
    g.event("SUPPORT_ALLOCATED", ", ".join(f"{c} Corps {g.ext.support[c]} SP" for c in corps), ["18.0.B", "18.0.C"],
            side=US)
    begin_us(g, dice)


def ask_support(g: Game) -> None:
    corps = list(g.sc.us_corps)
    total = g.opts.support_points
    opts = [option(f"{corps[0]}:{n}", f"{corps[0]} Corps {n} SP" + (f", {corps[1]} Corps {total - n} SP"
                                                                      if len(corps) > 1 else ""))
            for n in range(total + 1)] if len(corps) > 1 else [option(f"{corps[0]}:{total}", f"{total} SP")]
    g.ask(US, "ALLOCATE_SUPPORT", f"US: allocate {total} Support Points among the corps", "18.0.B", opts)


# -- heavy bombers (22.2)
def validate_bombers(g: Game, action: action_pb2.Action, b: VerdictBuilder) -> None:
    hexes = list(action.pattons.heavy_bombers.hexes)
    if action.side != US or g.phase != "us-bombers":
        b.violation("NOT_BOMBER_PHASE", "heavy bombers attack at the beginning of the US player-turn", P3.cite("22.2.2"))
        return
    if not 1 <= len(hexes) <= 2 or len(set(hexes)) != len(hexes):
        b.violation("BOMBER_TARGETS", "name one or two different hexes (two attacks, not against the same stack)",
                    P3.cite("22.2.1.B"))
        return
    ok = set(bomber_targets(g))
    for x in hexes:
        if g.hex(x, "heavy_bombers.hexes") not in ok:
            b.violation("BOMBER_TARGET", f"{x} is not a German-occupied Metz or entrenchment (not improved "
                        "position) hex", P3.cite("22.2.1.A"), x)
    if len(hexes) == 1:
        b.note("the second heavy bomber attack is forfeited (both must be made in the same turn)", P3.cite("22.2.1.B"))


def apply_bombers(g: Game, action: action_pb2.Action, dice: DiceSource) -> None:
    g.ext.bombers_used = True
    t = find_table(g.state.scenario.definition.tables, BOMBERS)
    row = "Clear" if g.ext.weather == "clear" else "Lt Overcast"
    success = t.lookup(row, "Success (die roll)").value
    lo, _, hi = success.partition("-")
    hits = []
    for x in action.pattons.heavy_bombers.hexes:
        die = dice.roll(6, f"heavy bombers on {x}")
        hit = int(lo) <= die <= int(hi or lo)
        g.event("HEAVY_BOMBERS", f"heavy bombers on {x}: die {die} ({row}: success on {success}) - "
                + ("success" if hit else "no effect"), ["22.2.2"], to=x)
        if hit:
            hits.append(x)
    ask_bomber_effect(g, hits)


def ask_bomber_effect(g: Game, hits: list[str]) -> None:
    if not hits:
        return
    h = g.hex(hits[0])
    opts = [option(f"eliminate:{u}", f"eliminate {u}", units=[u]) for u in g.stack(h, GERMAN)]
    for u in g.stack(h, GERMAN):
        c = g.c(u)
        if c.has_cadre and not g.cadre(u) and (c.size == "III" or g.opts.bomber_targets == "regiments-brigades"):
            opts.append(option(f"cadre:{u}", f"reduce {u} to its cadre", units=[u]))
    g.ask(GERMAN, "BOMBER_EFFECT", f"German: the heavy bombers hit {hits[0]}: eliminate one unit or reduce a regiment "
          "to cadre", "22.2.3", opts, context={"queue": ",".join(hits[1:])})


def validate_bomber_effect(g: Game, action: action_pb2.Action, b: VerdictBuilder) -> None:
    check_answer(g.state.pending, action.answer, b)


def apply_bomber_effect(g: Game, action: action_pb2.Action, dice: DiceSource) -> None:
    queue = [x for x in g.state.pending.context.get("queue", "").split(",") if x]
    g.state.ClearField("pending")
    what, _, uid = action.answer.choices[0].partition(":")
    if what == "eliminate":
        losses.eliminate(g, uid, "heavy bomber attack", ["22.2.3"])
    else:
        losses.bomb_to_cadre(g, uid)
    ask_bomber_effect(g, queue)
