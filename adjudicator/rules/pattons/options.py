"""Named options: one per ambiguity of the digest's register
(../shared/research/rules-pattons-3rd-army.md §7, "AMBIG-n") that has a real
alternative reading, plus the optional rule 10.D and the competition bid of
25.C. Each default is the digest's proposed default; docs/rules/
pattons-3rd-army.md lists them with the readings fixed in code.
"""

from __future__ import annotations

from adjudicator.core.options import IntOpt, Opt, RuleOptions
from adjudicator.rules.pattons.cite import P3


class PattonsOptions(RuleOptions):
    book = P3
    title = "Patton's 3rd Army"

    support_points = IntOpt("p3.support-points", 75, "18.0.B",
                            "US Support Points allocated at the start (18.0.B: 75; 25.C: the winning bid).")
    cadre_size = Opt("p3.10d-cadre-size", "off", ("off", "owner"), "10.D",
                     "Optional rule 10.D: 'owner' lets the owner treat a cadre as its original size for stacking "
                     "and divisional integrity (never for ZOC), changed outside Combat Phases (10.E).")
    combat_dice = Opt("p3.amb1-combat-dice", "from-table", ("from-table", "sum", "d66"), "9.0.G",
                      "AMBIG-1: how the two combat dice are read: 'from-table' follows the CRT's rows (2..12 = "
                      "their sum, 11..66 = tens and units); 'sum' or 'd66' force one reading.")
    low_odds = Opt("p3.amb2-low-odds", "defender", ("defender", "literal"), "9.0.E",
                   "AMBIG-2: below 1:1 the column is the one at or under the real odds (2:5 -> 1:3); 'literal' "
                   "rounds the defender's multiple down (2:5 -> 1:2).")
    oos_attack = Opt("p3.amb3-oos-attack", "per-unit", ("per-unit", "per-stack"), "11.3.3",
                     "AMBIG-3: an out-of-supply attacker is halved unit by unit (round down, min 1) before the "
                     "river/entrenchment multipliers and the +2 of improved positions; 'per-stack' halves the "
                     "out-of-supply attackers' total instead.")
    allied_entrenchment = Opt("p3.amb5-allied-entrenchment", "river-only", ("river-only", "triple"), "9.3.2",
                              "AMBIG-5: Allied units in an entrenchment attacked across rivers are only doubled "
                              "(entrenchments benefit only the Germans, 12.0); 'triple' reads 9.3.2 for both sides.")
    strategic_combat = Opt("p3.amb6-strategic-combat", "allowed", ("allowed", "forbidden"), "5.4.1",
                           "AMBIG-6: a unit that moved strategically may attack when it ends up adjacent; "
                           "'forbidden' reads 5.4.1 as reserving combat to tactical movers.")
    strategic_foot_road = Opt("p3.amb7-strategic-foot-road", "tec", ("tec", "tactical"), "5.5.2",
                              "AMBIG-7: a non-mechanized unit's strategic road rate is the TEC's "
                              "('road (strategic)' cell, not in the text); 'tactical' uses the 1 MP of 5.4.3.")
    printed_ma = Opt("p3.amb8-ma", "modified", ("modified", "printed"), "6.3.2.C",
                     "AMBIG-8: moves use the supply-modified MA (6.3.2.C); 'printed' uses the printed MA for the "
                     "move and the modified one only for the EZOC exit penalty.")
    minimum_move = Opt("p3.amb9-minimum-move", "shortfall-only", ("shortfall-only", "not-from-ezoc"), "5.2.5",
                       "AMBIG-9: the minimum move overrides a shortfall of MPs (the EZOC exit penalty included), "
                       "never a prohibition; 'not-from-ezoc' gives no minimum move out of an EZOC.")
    mud_roads = Opt("p3.amb10-mud-roads", "road-rate", ("road-rate", "mud-cost"), "20.2.2.B",
                    "AMBIG-10: in mud a road hexside still costs 1 MP (tactical) or 1/2 MP (strategic, "
                    "mechanized); 'mud-cost' applies the mud costs along roads too.")
    town_exemption = Opt("p3.amb11-town-exemption", "both-sides", ("both-sides", "german-only"), "9.1.3.A",
                         "AMBIG-11: units of either side in towns need not attack; 'german-only' reads the "
                         "parenthesis as covering towns too.")
    adjacent_artillery = Opt("p3.amb13-adjacent-artillery", "counts", ("counts", "extra"), "7.2.1.A",
                             "AMBIG-13: adjacent artillery fights with its printed CS and is the hex's one "
                             "regiment/brigade; 'extra' lets it fight beside the hex's regiment.")
    mandatory = Opt("p3.amb14-mandatory", "max-cover", ("max-cover", "coverable", "off"), "9.2.1",
                    "AMBIG-14: the attacks must cover as many adjacent enemy hexes as any plan could (no unit "
                    "attacking twice): an attack that would leave an enemy hex no unit able to attack it is "
                    "refused, and the Combat Phase may not end while a hex next to a unit that could still attack "
                    "it is unattacked; 'coverable' checks only the end of the phase (hex by hex: spending a "
                    "unit elsewhere lets a hex escape); 'off' leaves the obligation to the players.")
    hilltop_occupant = Opt("p3.amb15-hilltop", "any-unit", ("any-unit", "participants"), "9.3.3",
                           "AMBIG-15: any unit of a side occupies a hilltop for the bonus, measured to the "
                           "defending hex; 'participants' counts only units taking part in the combat.")
    retreat_priorities = Opt("p3.amb16-retreat", "per-hex", ("per-hex", "final-hex"), "9.9.1.D",
                             "AMBIG-16: the retreat priorities (farthest from the enemy, then not enemy-"
                             "controlled) are applied hex by hex; 'final-hex' judges the last hex only.")
    no_retreat = Opt("p3.amb17-no-retreat", "steps", ("steps", "eliminate"), "9.9",
                     "AMBIG-17: hexes a stack cannot retreat become step losses (eliminated when steps run "
                     "out); 'eliminate': a stack that cannot retreat as required is eliminated.")
    adverse = Opt("p3.amb18-adverse", "any-number", ("any-number", "losses"), "9.9.3",
                  "AMBIG-18: an 'adverse combat result' is any result with a number for that side; 'losses' "
                  "only one that takes steps from the hex.")
    advance_free = Opt("p3.amb19-advance", "free", ("free", "path"), "9.9.4.C",
                       "AMBIG-19: after the enemy's elimination the victors advance the rest of the retreat "
                       "obligation on any path from the vacated hex; 'path' keeps them on the path of retreat.")
    advance_stacking = Opt("p3.amb20-advance-stacking", "later", ("later", "now"), "9.9.3",
                           "AMBIG-20: an advance may overstack like a retreat (corrected by the end of the next "
                           "friendly Movement Phase); 'now': an advance may not end over three units.")
    supply_length = Opt("p3.amb21-supply-length", "entered", ("entered", "inclusive"), "11.2.1",
                        "AMBIG-21: the six hexes count the hexes entered (the unit's hex excluded, the road hex "
                        "included); 'inclusive' counts the unit's hex too (five entered).")
    forced_supply = Opt("p3.amb22-forced-supply", "forced", ("forced", "automatic"), "18.4",
                        "AMBIG-22: forced out-of-supply states (18.3.1, 18.4) override automatic supply (11.5); "
                        "'automatic': automatic supply wins.")
    sp_artillery = Opt("p3.amb23-sp-artillery", "literal", ("literal", "mechanized"), "11.3.3.C",
                       "AMBIG-23: SP artillery keeps its MA out of supply and is halved when isolated (the text's "
                       "list omits it); 'mechanized' treats it like tanks.")
    mech_subsets = Opt("p3.amb24-mech-subsets", "literal", ("literal", "all-mechanized"), "9.9.6.A",
                       "AMBIG-24: only tank and mechanized infantry units may not retreat or advance across "
                       "rivers without a road; 'all-mechanized' extends it to reconnaissance and SP artillery.")
    sp_participation = Opt("p3.amb25-sp-participation", "attackers", ("attackers", "with-support"), "18.1.1",
                           "AMBIG-25: only the corps of attacking units pay a Support Point; 'with-support' also "
                           "charges the corps of supporting artillery.")
    zero_sp_timing = Opt("p3.amb26-zero-sp", "supply-next", ("supply-next", "all-next"), "18.3.1",
                         "AMBIG-26: at 0 SP or below, no artillery support and no divisional integrity at once, "
                         "the supply penalty from the next Mutual Supply Determination Phase; 'all-next' starts "
                         "all three there.")
    untried_loss = Opt("p3.amb29-untried-loss", "draw", ("draw", "cadre"), "9.8.6.B",
                       "AMBIG-29: a regiment without a chit that must lose steps draws its chit then (shown to "
                       "its owner only); 'cadre' reduces it straight to cadre like 22.2.3.")
    di_members = Opt("p3.amb30-di-members", "surviving", ("surviving", "original"), "9.4.1",
                     "AMBIG-30: divisional integrity needs all surviving regiments/brigades (cadres only under "
                     "10.D); 'original': every regiment ever in the division (none may be lost).")
    combined_arms = Opt("p3.amb31-combined-arms", "same-combat", ("same-combat", "stack"), "9.5.1",
                        "AMBIG-31: the tank and the non-tank unit must both take part in the attack; 'stack': "
                        "any tank in the attacking stack counts.")
    tanks_first = Opt("p3.amb33-tanks-first", "all", ("all", "mandatory"), "9.8.7",
                      "AMBIG-33: an attacker's participating tanks take all its step losses first; 'mandatory': "
                      "only the parenthesized (mandatory) ones.")
    result_order = Opt("p3.amb34-result-order", "defender-first", ("defender-first", "attacker-first"), "9.8",
                       "AMBIG-34: the defender applies its part of a result first, then the attacker, then advances.")
    bomber_timing = Opt("p3.amb35-bomber-timing", "before-supply", ("before-supply", "after-supply"), "22.2.2",
                        "AMBIG-35: heavy bombers attack before the Mutual Supply Determination Phase; "
                        "'after-supply' after it.")
    bomber_targets = Opt("p3.amb36-bomber-regiment", "regiments-brigades", ("regiments-brigades", "regiments"),
                         "22.2.3", "AMBIG-36: a successful heavy bomber attack may reduce a regiment or a brigade "
                                   "to cadre; 'regiments': regiments only.")
    reinforcement_supply = Opt("p3.amb37-reinforcement-supply", "entry-and-next", ("entry-and-next", "next-two"),
                               "11.5.1", "AMBIG-37: reinforcements are in supply on their entry turn and the next "
                                         "Game-Turn; 'next-two': on the two Game-Turns after it as well.")
    displacement = Opt("p3.amb38-displacement", "any-hex", ("any-hex", "edge"), "14.2.1",
                       "AMBIG-38: a blocked entry hex lets reinforcements enter in any hex within 3 (farther if "
                       "none) that is neither enemy-occupied nor enemy-controlled; 'edge': map-edge hexes only.")
    queue_road = Opt("p3.amb39-queue-road", "road", ("road", "terrain"), "14.1.1.B",
                     "AMBIG-39: queued reinforcements entering along a road pay the road rate for the "
                     "hypothetical hexes; 'terrain': the entry hex's terrain cost.")
    decisive_towns = Opt("p3.amb40-decisive-towns", "replace", ("replace", "add"), "25.1.3",
                         "AMBIG-40: US Decisive's 8 of 10 towns replaces Marginal's 4 of 5; 'add' needs both.")
    extended = Opt("p3.amb41-extended", "shift-then-upgrade", ("shift-then-upgrade", "shift-only"), "25.2",
                   "AMBIG-41: the extended scenario shifts the 25.1 level two toward Germany, then 25.2.1/25.2.2 "
                   "raise it to US Substantive/Decisive; 'shift-only' ignores 25.2.1-25.2.2.")
    north = Opt("p3.amb43-north", "lower-row", ("lower-row", "higher-row"), "25.1.8.A",
                "AMBIG-43: 'north of all hexes ending with 16' means a row number of 15 or less; 'higher-row' "
                "for a map numbered from the south (17 or more).")
    last_through = Opt("p3.amb44-last-through", "any-entry", ("any-entry", "movement"), "25.1.1.B",
                       "AMBIG-44: any entry (move, advance, retreat, arrival) makes a side the last to pass "
                       "through a hex; 'movement': moves and advances only.")
    ap_pool = Opt("p3.amb46-ap-pool", "game-turn", ("game-turn", "player-turn"), "13.1.A",
                  "AMBIG-46: a side's Air Points are one budget for the Game-Turn, spent in either Combat "
                  "Phase; 'player-turn': the budget is renewed for each player-turn.")
