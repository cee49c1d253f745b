"""Weather Determination (4.1), mud (4.1.5) and Allied air units (4.1.2, 7.0, 14.1, 14.2).

From Game Turn 2 a die is rolled on the Weather/Air Unit Table: +1 after a
clear turn, -1 after rain or heavy overcast (4.1.3), another -1 on Turns 9-12
(4.1.4); the 4.1.6 -1 on Turn 2 is the heavy overcast of Turn 1 (A-8). Rain
puts mud markers on this turn and the next (a second rain "leaps over": mud on
the turn after, 4.1.5). Turn 1: heavy overcast, mud, no air (4.1.6). Air units:
all on clear, half on light overcast (A-7), none in rain or heavy overcast;
14.1/14.2 halve the result again, rounded up.
"""

from __future__ import annotations

from math import ceil, floor

from adjudicator.core.dice import DiceSource
from adjudicator.core.errors import MalformedInput
from adjudicator.rules.traces.cite import TV
from adjudicator.rules.traces.data import WEATHER
from adjudicator.rules.traces.model import Game
from umpire.v1 import common_pb2

STATES = ("clear", "light-overcast", "rain", "heavy-overcast")
WORSENING = range(9, 13)  # 4.1.4: Game Turns 9-12


def modifiers(turn: int, previous: str, turn_two_extra: bool) -> list[tuple[int, str, str]]:
    """(modifier, reason, case) for the weather roll of `turn`."""
    out = []
    if previous == "clear":
        out.append((1, "preceding turn clear", "4.1.3"))
    elif previous in ("rain", "heavy-overcast"):
        out.append((-1, f"preceding turn {previous}", "4.1.3"))
    if turn == 2 and turn_two_extra:
        out.append((-1, "Game Turn Two (A-8 'extra')", "4.1.6"))
    if turn in WORSENING:
        out.append((-1, "worsening weather, Turns 9-12", "4.1.4"))
    return out


def table_row(g: Game, modified: int) -> str:
    """A-9: a modified roll outside the table is read at the nearest row."""
    rows = [int(r) for r in g.table(WEATHER).rows]
    return str(min(max(modified, min(rows)), max(rows)))


def mud_after_rain(mud_turns: list[int], turn: int) -> list[int]:
    """4.1.5: a rain turn puts mud on this turn and the next."""
    out = sorted(set(mud_turns) | {turn, turn + 1})
    return out


def air_units(g: Game, weather: str, table_air: int) -> tuple[int, str]:
    if weather in ("rain", "heavy-overcast"):
        return 0, f"no air units in {weather}"
    n = table_air
    why = f"{table_air} on the table"
    if weather == "light-overcast":
        rule = g.opts.light_overcast
        if rule == "up":
            n, why = ceil(n / 2), why + ", half on light overcast (rounded up)"
        elif rule == "down":
            n, why = floor(n / 2), why + ", half on light overcast (rounded down)"
    k = g.ext.air_divisor
    if k > 1:
        n = ceil(n / k)
        why += f", 1/{k} in this scenario (rounded up)"
    return n, why


def determine(g: Game, dice: DiceSource, supplied: list[common_pb2.SuppliedCell]) -> None:
    """The Weather Determination Phase of the current turn."""
    tv = g.tv
    turn = g.turn
    if turn <= 1:
        tv.weather = "heavy-overcast"
        tv.weather_log[turn] = tv.weather
        if turn not in tv.mud_turns:
            tv.mud_turns.append(turn)
        tv.air_total = tv.air_available = 0
        g.emit("WEATHER", "Turn 1: heavy overcast, mud, no air units", [TV.cite("4.1.6")])
        return
    previous = tv.weather_log.get(turn - 1, "")
    mods = modifiers(turn, previous, g.opts.turn_two == "extra")
    die = dice.roll(6, f"weather turn {turn}")
    modified = die + sum(m for m, _, _ in mods)
    row = table_row(g, modified)
    table = g.table(WEATHER)
    cell = table.lookup(row, "weather", supplied, reason=f"weather of turn {turn} (die {die}, modified {modified})")
    weather = cell.value.strip().lower()
    if weather not in STATES:
        raise MalformedInput(f"{cell.value!r} is not a weather ({', '.join(STATES)})", f"{table.id} row {row}")
    table_air = 0
    if weather in ("clear", "light-overcast"):
        air = table.lookup(row, "air", supplied, reason=f"air units of turn {turn}")
        try:
            table_air = int(air.value)
        except ValueError:
            raise MalformedInput(f"{air.value!r} is not a number of air units", f"{table.id} row {row}") from None
    n, why = air_units(g, weather, table_air)
    tv.weather = weather
    tv.weather_log[turn] = weather
    tv.air_total = tv.air_available = n
    del tv.interdiction[:]
    text = ", ".join(f"{m:+d} {r}" for m, r, _ in mods)
    cites = [TV.cite("4.1.1")] + [TV.cite(c) for _, _, c in mods] + [TV.cite("4.1.2")]
    if weather == "rain":
        mud = mud_after_rain(list(tv.mud_turns), turn)
        del tv.mud_turns[:]
        tv.mud_turns.extend(mud)
        cites.append(TV.cite("4.1.5"))
    g.emit("WEATHER", f"turn {turn} weather: die {die}{' ' + text if text else ''} = {modified}, row {row}: "
           f"{weather}; {n} Allied air unit(s) ({why})" + ("; mud" if g.mud() else ""), cites)
