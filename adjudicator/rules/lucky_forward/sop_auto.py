"""The segments the engine runs by itself: rolls the rules make (leader
activation 23.1.0, surrender 15.7.1; the fuel value 16.4.5 is in fuel.py), the weather the
scenario's GTRT gives (3.1.1b), fatigue recovery (14.3.0), AS marker removal
(13.13.0), the phase bookkeeping the rules imply (MR GT counting 5.4.4, CR
removal 5.8.0a, flags for 14.3.0), and the update of the GT (3.3.4)."""

from __future__ import annotations

from adjudicator.core.dice import DiceSource
from adjudicator.rules.lucky_forward import fatigue, fuel, mr_bonus, prc
from adjudicator.rules.lucky_forward import sop
from adjudicator.rules.lucky_forward.cite import GOSS
from adjudicator.rules.lucky_forward.model import EXPLOIT, MR, OUT, TAC, Model, U
from adjudicator.rules.lucky_forward.sop import Step



def d10(dice: DiceSource, purpose: str) -> int:
    """1d10 reads 0-9 (26.0 Die Roll): a die showing 10 is a 0."""
    return dice.roll(10, purpose) % 10


def weather(m: Model, dice: DiceSource, step: Step) -> None:
    """3.3.1b: the GTRT's weather for this GT (3.1.1b, LuckyForwardScenario.weather).
    LF's variable weather tables are stage 4 (19.0): without an entry the
    weather stays as it was."""
    lf = m.lf
    best = None
    order = {t: i for i, t in enumerate(sop.TIMES)}
    now = (lf.game_day, order.get(lf.time, 0))
    for w in m.sc.weather:
        at = (w.game_day, order.get(w.time or "AM", 0))
        if at <= now and (best is None or at >= (best.game_day, order.get(best.time or "AM", 0))):
            best = w
    if best is not None:
        lf.weather.CopyFrom(best)
        lf.weather.game_day = 0
        lf.weather.time = ""
    if not lf.weather.ground:
        lf.weather.ground = "dry"
    if not lf.weather.atmosphere:
        lf.weather.atmosphere = "clear"
    m.emit("WEATHER", f"{sop.time_label(m)}: {lf.weather.atmosphere}, ground {lf.weather.ground}"
           + (", precipitation" if lf.weather.precipitation else "")
           + ("" if best is not None else " (no GTRT entry: unchanged; LF weather tables are stage 4)"),
           ["3.3.1b", "3.1.1b"])


def leader_activation(m: Model, dice: DiceSource, step: Step) -> None:
    """23.1.0: each leader on the map rolls 1d10; less than its activation
    number activates it for the GD."""
    for u in sorted((u for u in m.units.values() if u.on_map and u.is_leader), key=lambda x: x.id):
        n = u.c.leader_activation
        roll = d10(dice, f"leader activation {u.id}")
        u.st.leader_active = roll < n
        m.emit("LEADER_ACTIVATION", f"{u.d.name or u.id}: {roll} vs {n}: {'active' if roll < n else 'inactive'}",
               ["23.1.0"], units=[u.id])


def surrender(m: Model, dice: DiceSource, step: Step) -> None:
    """15.7.1: every isolated OoS unit makes a defensive PRC, +2 per earlier AM
    check, +1 if a unit within two hexes surrendered this GT, -1 with a leader."""
    surrendered: list[int] = []
    for u in sorted(m.units.values(), key=lambda x: x.id):
        if not (u.on_map and u.st.isolated and u.st.supply == OUT):
            if u.st.surrender_checks:
                u.st.surrender_checks = 0  # no longer isolated and OoS: the count starts again
            continue
        check_surrender(m, dice, u, surrendered, "15.7.1")


def surrender_drm(m: Model, u: U, surrendered: list[int]) -> int:
    """15.7.1: +2 for each AM GT after the first that the unit checks (the
    example: GD 4 +0, GD 5 +2, GD 6 +4), +1 if a unit within two hexes
    surrendered this GT, -1 stacked with a leader (23.2.1e)."""
    drm = 2 * u.st.surrender_checks
    if any(m.hm.distance(h, u.hex) <= 2 for h in surrendered):
        drm += 1
    if any(x.is_leader and x.side == u.side for x in m.stack(u.hex)):
        drm -= 1
    return drm


def check_surrender(m: Model, dice: DiceSource, u: U, surrendered: list[int], case: str) -> bool:
    drm = surrender_drm(m, u, surrendered)
    passed, text = prc.check(m, dice, u, "defensive", drm, f"surrender check {u.id}", case="15.7.1")
    u.st.surrender_checks += 1  # one per AM GT: the Surrender Segment is in the AM Joint Command Phase
    if not passed:
        surrendered.append(u.hex)
        m.eliminate(u, f"surrenders: {text}", [case, "15.7.1"])
        return True
    m.emit("SURRENDER_CHECK", f"{u.d.name or u.id} does not surrender: {text}", [case], units=[u.id])
    return False


def as_removal(m: Model, dice: DiceSource, step: Step) -> None:
    """13.13.0 (option lf.a12-as-removal: or at the end of the Combat Phase,
    11.6.1, which in stage 1 is the same moment): both sides remove every AS marker."""
    n = 0
    for u in m.units.values():
        if u.st.artillery_shifts:
            u.st.artillery_shifts = 0
            n += 1
    if n:
        m.emit("AS_REMOVED", f"{n} units' AS markers removed", ["13.13.0" if m.opts.as_removal == "ga-segment"
                                                               else "11.6.1"])


def administrative(m: Model, dice: DiceSource, step: Step) -> None:
    """3.3.2g for the phasing player: supply determination (stage 2; OoS units
    leave Exploit, 5.3.2a), ammo replenishment (stage 4), fatigue recovery
    (14.3.0), delay marker removal (stage 4)."""
    side = m.lf.phasing
    for u in m.side_units(side):
        if u.st.mode == EXPLOIT and u.st.supply == OUT:
            u.st.mode = TAC
            m.emit("MODE_CHANGED", f"{u.d.name or u.id} is OoS and leaves Exploit mode", ["5.3.2a"], units=[u.id])
    fatigue.recover(m, side)
    m.emit("SEGMENT_PASSED", "Air Resupply, Supply Determination and Ammo Replenishment are stage 2/4 (15.0, 16.3.7, "
           "20.5): supply statuses stay as they are", ["3.3.2g"])


def start_movement(m: Model, dice: DiceSource, step: Step) -> None:
    """The friendly Movement Phase begins: MP and movement flags reset (7.2.0,
    14.3.0 1); CR markers come off units adjacent to an enemy (5.8.0a)."""
    side = m.lf.phasing
    adj = m.enemy_adjacent(side)
    for u in m.side_units(side):
        u.st.moved = False
        u.st.half_mp_spent = 0
        if u.st.combat_reserve and adj[u.hex]:
            u.st.combat_reserve = False
            m.emit("CR_REMOVED", f"{u.d.name or u.id} is adjacent to an enemy unit: CR marker removed", ["5.8.0"],
                   units=[u.id])
    m.lf.movement_step = 0


def start_exploit(m: Model, dice: DiceSource, step: Step) -> None:
    side = m.state.active_side
    for u in m.side_units(side):
        u.st.half_mp_spent = 0
    mr_bonus.at_exploit(m, dice, step)


def start_combat(m: Model, dice: DiceSource, step: Step) -> None:
    """A Combat Phase begins: per-phase bookkeeping is cleared (11.0 one Art
    mission per hex, 11.2.1a spotters, 11.4.1 BF used once, 13.3.1)."""
    lf = m.lf
    for f in ("art_targets", "spotter_uses", "spotter_hexes", "attacked_hexes", "supporting_used"):
        del getattr(lf, f)[:]
    for u in m.units.values():
        st = u.st
        st.barrage_used = st.fire_missions = 0
        st.advanced_after_fs = st.attacked = st.defended = st.defended_below_table = st.gave_rib = False
        st.retreated_alone = st.retreated = st.ga_retreated = False
        if u.side == lf.phasing:
            st.fought = False


def start_mode_determination(m: Model, dice: DiceSource, step: Step) -> None:
    """The phasing side's GT begins: leader bonus per player turn resets (23.2.1b)."""
    for u in m.side_units(m.lf.phasing):
        u.st.leader_bonus_used = False


def update(m: Model, dice: DiceSource, step: Step) -> None:
    """3.3.4: the game ends after the scenario's last GT; otherwise the next GT."""
    lf, s = m.lf, m.state
    was_night = lf.time == "night"
    for u in m.units.values():
        if u.on_map and u.st.mode == MR:
            u.st.mr_gts += 1  # 5.4.4: consecutive GTs in MR
    if was_night:
        for u in m.units.values():
            if u.is_leader and u.st.leader_active:
                u.st.leader_active = False  # 23.1.0: all leaders deactivate at the end of the night GT/ENA
        lf.ena.Clear()
    lf.night_exploit.Clear()
    del lf.marks[:]
    if was_night and lf.game_day >= sop.last_day(m):
        s.finished = True
        s.phase = "over"
        s.segment = ""
        s.active_side = ""
        s.result.reason = (f"the scenario's last GT (GD {lf.game_day} night) is complete (3.3.4); the victory "
                           "conditions are stage 4")
        s.result.citation.CopyFrom(GOSS.cite("3.3.4"))
        m.emit("GAME_OVER", s.result.reason, ["3.3.4"])
        return
    i = sop.TIMES.index(lf.time)
    if i == 2:
        lf.game_day += 1
        lf.time = "AM"
        del lf.rest_revealed[:]
        _clear_rest_designations(m)
    else:
        lf.time = sop.TIMES[i + 1]
    lf.gt += 1
    s.turn = lf.gt
    m.emit("TURN_STARTED", f"{sop.time_label(m)} begins", ["3.3.4"])
    lf.step = 0  # enter_step goes on from the new GT's first segment


def _clear_rest_designations(m: Model) -> None:
    for p in m.state.private_data:
        for k in [k for k in p.values if k.startswith("rest:")]:
            del p.values[k]


def register() -> None:
    sop.AUTO.update({
        ("weather", "weather"): weather,
        ("command", "leader-activation"): leader_activation,
        ("command", "surrender"): surrender,
        ("fuel-value", ""): fuel.fuel_value,
        ("combat", "as-removal"): as_removal,
        ("administrative", ""): administrative,
        ("update", ""): update,
    })
    sop.ENTER.update({
        ("mode-determination", ""): start_mode_determination,
        ("movement", "cr-designation"): start_movement,
        ("combat", "ta-designation"): start_combat,
        ("inactive-exploit", ""): start_exploit,
        ("active-exploit", ""): start_exploit,
        ("movement", "movement"): mr_bonus.at_movement,
    })
