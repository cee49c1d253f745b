"""Named options: the digest's proposed default for each ambiguity the rules
implement, with the case it comes from (docs/rules/nordwind-1945.md lists them).

One typed object per state (`NordwindOptions(state.options)`; the board keeps
one as `Board.opts`). A scenario or game creation may override any of them
(`RuleOption` / the `options` map); unknown names or values are refused, so a
typo cannot silently fall back to a default.
"""

from __future__ import annotations

from adjudicator.core.options import Opt, RuleOptions
from adjudicator.rules.nordwind.cite import NW


class NordwindOptions(RuleOptions):
    book = NW
    title = "Nordwind 1945"

    national_road = Opt("nw.amb2-national-road", "half", ("half", "unknown"), "3.2",
        "National road: 1/2 MP for infantry too (the TET row is blank; the 3.2 example gives 1/2 for an armored "
        "unit); roads never change combat. 'unknown': an infantry move along a national road needs the TET cell.")

    footnote_river = Opt("nw.amb3-footnote-river", "on", ("on", "off"), "3.2",
        "The TET footnote '*: infantry +3 MP; armored +6 MP' is the missing river row: a mechanized unit pays "
        "+6 MP to cross a river. 'off': that cell is unknown (needs data).")

    ferry_cost = Opt("nw.amb4-ferry-cost", "instead-of-river", ("instead-of-river", "total"), "3.3",
        "Crossing by ferry costs 3 MP (infantry) / 6 MP (mechanized) instead of the river, plus the terrain of the "
        "hex entered; 'total': the 3/6 MP is all it costs. One ferry per game; all mechanized units pay 6.")

    hex_terrain = Opt("nw.amb10-hex-terrain", "most-defensive", ("most-defensive", "sum"), "6.2",
        "A village or city in wooded/difficult terrain: the most favourable to the defence applies ('sum': both). "
        "River and crest hexside penalties add to it when any attacker attacks across them.")

    division_off_clear = Opt("nw.amb11-division-off-clear", "plus-one", ("plus-one", "none"), "6.2",
        "A listed armored division complete off clear terrain still gets the ordinary +1 divisional bonus.")

    concentric_edge = Opt("nw.amb17-concentric-edge", "not-surrounded", ("not-surrounded", "surrounded"), "Examples of Combat, Example 2",
        "A neighbour off the map or across the Rhine does not count as surrounded for the concentric attack.")

    air = Opt("nw.amb18-air", "one-per-side", ("one-per-side", "one-per-combat"), "9.1",
        "Only one air mission per combat: read as one per side (attacker declares first, then the defender; both "
        "missions are spent and cancel). 'one-per-combat': the defender may not fly where the attacker did.")

    off_table = Opt("nw.amb20-off-table", "virtual", ("virtual", "clamp-basic"), "6.4",
        "A basic ratio above 8/1 or below 1/4 keeps a virtual column (9/1, 1/5...) that shifts move before the "
        "final clamp to 1/4..8/1; 'clamp-basic': clamp the basic ratio to the table first.")

    german_edge = Opt("nw.amb26-german-edge", "north", ("north", "north-east"), "6.6.1",
        "The German friendly edge for the retreat priority: north ('north-east': nearest of north and east).")

    return_blocked = Opt("nw.amb26-return-blocked", "eliminate", ("eliminate", "next-turn"), "6.6.1",
        "A unit that retreated off the map returns the following turn next to its exit hex, else 2-6 hexes away; "
        "when every such hex holds enemy units it cannot return and is eliminated (6.6.1: a unit with no hex "
        "it may enter is eliminated; the text allows no later return). 'next-turn': it tries again the turn after.")

    advance_zoc = Opt("nw.amb27-advance-zoc", "stop", ("stop", "ignore"), "6.6.2",
        "A non-mechanized unit's advance ends when it enters an enemy ZoC (6.6.2 exempts armored/mechanized "
        "units only).")

    weather_six = Opt("nw.amb31-weather-six", "modified", ("modified", "natural"), "8",
        "The -1 after a fair turn applies before reading the table: a modified 6 repeats the weather, a natural 6 "
        "after a fair turn is a 5 (overcast), a modified 0 is fair. 'natural': a natural 6 always repeats.")

    placement = Opt("nw.amb32-placement", "bounding-box", ("bounding-box", "permissive"), "10.1.1",
        "'between X and Y' = hexes within the columns and rows of X and Y (restricted to hexes along the Rhine "
        "when the text says so and the map has Rhine data); 'permissive': any hex not enemy-occupied.")

    german_setup = Opt("nw.amb35-german-setup", "fixed", ("fixed", "free"), "10.2",
        "Hypothetical scenario: the German units set up as 10.2.2 lists them; 'free' (the variant the text's "
        "'can be engaged at the same place ... as the player chooses' suggests): the German player places every "
        "unit of 10.2.2 in any hex north of the red dotted line (needs the line in the map: hexes tagged "
        "red-line:german).")

    saverne = Opt("nw.amb36-saverne", "two-turn-ends", ("two-turn-ends", "one-turn-end"), "10.3",
        "'Takes Saverne and occupies it for a turn': a German unit in Saverne at the end of two consecutive turns.")
