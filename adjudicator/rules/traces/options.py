"""Named options: the digest's proposed default for every ambiguity the rules
implement (register A-1..A-62 of shared/research/rules-traces-of-victory.md),
the optional rules of 15.0, each with the case it comes from.
docs/rules/traces-of-victory.md lists them.

One typed object per state (`TracesOptions(state.options)`, kept on the model
as `Game.opts`); a scenario or game creation may override any option, and
unknown names or values are refused (core/options.py), so a typo cannot
silently fall back to a default. An option listing a single value documents a
reading the code implements without an alternative.
"""

from __future__ import annotations

from adjudicator.core.options import Opt, RuleOptions
from adjudicator.rules.traces.cite import TV


class TracesOptions(RuleOptions):
    book = TV
    title = "Traces of Victory"

    die = Opt("tov.a1-die", "d6", ("d6",), "10.3",
        "A-1: the text never names the die; every value it uses is 1-6: one six-sided die for every roll.")

    pre_turn_hq = Opt("tov.a2-pre-turn-hq", "ask", ("ask", "none", "XII", "XX", "VI", "XV"), "12.1",
        "A-2: the pre-Turn-1 activation names a 'VII Army HQ' that has no chit. 'ask': the Allied player names "
        "the HQ (recorded in the log); an HQ chit name fixes it; 'none' skips the activation.")

    intensity_roll = Opt("tov.a3-intensity-roll", "always", ("always", "if-defender-lost"), "10.2.3",
        "A-3: the intensity risk roll is made whenever intensity was used (10.2.3); 'if-defender-lost' follows "
        "the combat example's 'Since the defender has suffered losses'.")

    hq_out_of_supply = Opt("tov.a4-hq-out-of-supply", "step", ("step", "relocate"), "8.1",
        "A-4: an HQ that cannot trace supply loses a step like any unit and is relocated on losing its last "
        "(8.1); 'relocate': relocated at once (2.3).")

    allied_hq_destroyed = Opt("tov.a5-allied-hq-destroyed", "5", ("5", "2", "both"), "13.1",
        "A-5: an Allied HQ destroyed (last step lost) costs 5 VP (13.1); a voluntary relocation costs 2 (2.3). "
        "'2': 2 VP as a relocation; 'both': 7.")

    air_per_hex = Opt("tov.a6-air-per-hex", "one", ("one",), "7.1",
        "A-6: one Ground Support marker per attacked hex: 2 columns right attacking, 1 left defending.")

    light_overcast = Opt("tov.a7-light-overcast", "up", ("up", "down", "table"), "4.1.2",
        "A-7: light overcast halves the table's air units rounding up; 'down' rounds down; 'table': the table's "
        "number already allows for the weather. The scenario halving (14.1, 14.2) applies once, on the result.")

    turn_two = Opt("tov.a8-turn-two", "same", ("same", "extra"), "4.1.6",
        "A-8: the -1 on the Turn 2 weather roll (4.1.6) is the -1 for Turn 1's heavy overcast (4.1.3), not a "
        "second one; 'extra': -2 in all.")

    weather_range = Opt("tov.a9-weather-range", "clamp", ("clamp",), "4.1.1",
        "A-9: a modified weather roll outside the table (e.g. 0 or 7) is read at the nearest row.")

    r_exemption = Opt("tov.a9b-r-exemption", "city-and-forts", ("city-and-forts", "metz-only"), "10.4",
        "A-9b: German units in Metz fortifications and in any City hex (major cities included) ignore an R and "
        "retreat one hex on an RR (10.4); 'metz-only': only in Metz city and its fortifications (12.4).")

    metz_city_fort = Opt("tov.a10-metz-city-fort", "no", ("no", "yes"), "12.4",
        "A-10: the x3/x4 applies only in hexes marked as Metz fortifications; 'yes': the Metz city hex too.")

    metz_x4 = Opt("tov.a11-metz-x4", "all-attackers", ("all-attackers",), "12.4",
        "A-11: x4 when every attacking unit attacks across a river hexside; x3 otherwise, whatever the "
        "direction.")

    stream_halving = Opt("tov.a12-stream-halving", "off", ("off", "on"), "10.2",
        "A-12: attack strength is halved across River hexsides only (10.2). 'on': across streams too, as the "
        "combat example does for units C and D.")

    ten_plus = Opt("tov.a13-ten-plus", "before", ("before", "after"), "10.2.2",
        "A-13: a ratio above 10:1 is reduced to the 10+ column before the shifts (20:1 with 2 left = 8:1); "
        "'after': shifts count from the real ratio and the result is capped at 10+.")

    minimum_odds = Opt("tov.a15-minimum-odds", "both", ("both",), "10.2",
        "A-15: an attack needs 1:2 before the shifts (10.2 note) and after them (10.2.2); below that it may "
        "not be made (never clamped up to 1:2).")

    automatic = Opt("tov.a16-automatic", "no-shifts", ("no-shifts",), "10.2.2",
        "A-16: a hex defended with 0 strength, or only by units that retreated into it this activation, is "
        "attacked on the 10+ column with no shifts at all.")

    retreat_supply = Opt("tov.a18-retreat-supply", "in-or-closer", ("in-or-closer", "nearer-source"), "10.4",
        "A-18: 'closer to supply': the retreat ends in a hex where the unit could trace supply, or (if it "
        "starts out of supply) nearer one; 'nearer-source': the supply line from the last hex is shorter. "
        "The owner chooses among the paths that best follow 10.4; no hex twice.")

    retreat_ezoc_loss = Opt("tov.a19-retreat-ezoc-loss", "per-hex", ("per-hex", "once"), "10.4",
        "A-19: a retreating unit loses one step for every enemy-ZOC hex it enters; 'once': one step per retreat.")

    rail_road_rate = Opt("tov.a21-rail-road-rate", "off", ("off", "on"), "9.1",
        "A-21: railroads bridge hexsides (2.1) but do not give the road rate; 'on': they do.")

    zoc_canal = Opt("tov.a22-zoc-canal", "crosses", ("crosses", "blocked"), "6.0",
        "A-22: ZOCs extend across Canal hexsides like Streams; 'blocked': not across canals.")

    arrival_draws = Opt("tov.a25-arrival-draws", "hq-chits", ("hq-chits", "any-activation"), "11.1",
        "A-25: Act1-Act3 arrivals count the draws of their parent HQ's own chits over the game; "
        "'any-activation': SHAEF activations of the HQ count too.")

    supply_sources = Opt("tov.a26-supply-sources", "own-colour", ("own-colour", "captured-too"), "8.1",
        "A-26: a side's supply sources are its own colour's sources it controls and the enemy does not occupy; "
        "'captured-too': any source it controls.")

    entry_ezoc = Opt("tov.a27-entry-ezoc", "special-modes", ("special-modes", "all-entry-moves"), "11.2",
        "A-27: 'without entering an EZOC' binds the rail and double moves of German reinforcements only; "
        "'all-entry-moves': every move on the entry turn.")

    reserves = Opt("tov.a28-reserves", "any", ("any", "one"), "11.3",
        "A-28: any number of reserve units per US Reserve chit (1 VP each); 'one': one unit per chit.")

    restricted = Opt("tov.a29-restricted", "may-attack", ("may-attack", "no-attack"), "12.1",
        "A-29: units that may not move before Turn 4 are activated as usual and may attack from where they "
        "are (no advance); they retreat normally. 'no-attack': they do not attack either.")

    sudden_death = Opt("tov.a30-sudden-death", "any-turn", ("any-turn", "end-only"), "13.0",
        "A-30: the Allies win at the end of any turn in which they hold the objectives (13.0); 'end-only': only "
        "at the end of the scenario (14.1, 14.2 'by the end of the scenario').")

    reduced_vp = Opt("tov.a32-reduced-vp", "at-flip", ("at-flip",), "13.1",
        "A-32: the 1 VP for an Allied unit not on its full-strength side is charged once, when it flips.")

    limit_line = Opt("tov.a35-limit-line", "outside", ("outside", "inside"), "14.1",
        "A-35: the hex row or line a scenario's limit names is outside the scenario's map ('north of hex row "
        "3000' = rows below 30); 'inside': the named row or line is still on it. Hexes beyond a limit are "
        "off the map (a retreat into them eliminates).")

    activation = Opt("tov.a39-activation", "army", ("army", "corps"), "2.3",
        "A-39: an HQ activates eligible units of any corps (US: of its own Army only); 'corps': only units of "
        "its own corps.")

    selection = Opt("tov.a40-selection", "hidden", ("hidden", "open"), "4.2",
        "A-40: chits are selected per player (the Supply chit not counted) and the opponent does not see which "
        "(only how many are in the cup); 'open': selections are public.")

    metz = Opt("tov.a41-metz", "german-chits", ("german-chits",), "4.3",
        "A-41: the Metz option may replace any German chit drawn, not the shared Supply chit.")

    control = Opt("tov.a43-control", "enter", ("enter", "end"), "6.1",
        "A-43: control of a City, Town or Supply Source hex changes the instant an enemy unit enters it, "
        "moving through, retreating or advancing; 'end': only where a move, retreat or advance ends.")

    mud_major_city = Opt("tov.a52-mud-major-city", "all", ("all", "any"), "4.1.5",
        "A-52: no mud shift when every attacker is in a Major City hex and the defender is in one; 'any': one "
        "attacker in a Major City hex suffices.")

    r_exempt = Opt("tov.a56-r-exempt", "owner-may-retreat", ("owner-may-retreat", "stays"), "10.4",
        "A-56: German units that need not retreat on an R may still retreat if the owner wishes; 'stays': they "
        "stay.")

    halving = Opt("tov.a60-halving", "per-hex", ("per-hex", "total"), "10.2",
        "A-60: attackers across a river are halved hex by hex (the units of a hex summed, then halved, rounded "
        "down); 'total': all river-crossing attackers summed, then halved.")

    players = Opt("tov.15.1-players", "2", ("2", "3", "4"), "15.1",
        "15.1 optional rule: 3 players (Third Army, Seventh Army, German) or 4 (the German 19th and 1st Armies "
        "apart). Each belligerent's first player selects its chits and plays its special chits.")

    alternate_victory = Opt("tov.15.2-alternate-victory", "off", ("off", "on"), "15.2",
        "15.2 optional rule (A-34 reading): the Allies also win when every unit of two German corps other than "
        "IV LWF is eliminated and six Allied regiments in supply stand on the French-German border (hexes "
        "tagged 'border'), checked at each Victory Determination.")
