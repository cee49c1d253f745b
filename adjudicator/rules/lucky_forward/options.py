"""Named options: where the Lucky Forward text reads two ways (digest
Appendix A, "A<n>"), the optional rules, and the choices the players agree
on before play. Every default is cited; docs/rules/lucky-forward.md lists
them with their alternatives."""

from __future__ import annotations

from adjudicator.core.options import Opt, RuleOptions
from adjudicator.rules.lucky_forward.cite import GOSS


class LfOptions(RuleOptions):
    book = GOSS
    title = "Lucky Forward"

    game_length = Opt(
        "lf.a1-game-length", "103", ("103", "102"), "LF 3.1.1",
        "A1: the game has 103 GDs (LF 3.1.1, December ends GD 103) or 102 (campaign and bridge limits, "
        "LF 17.3.1d, LF 29.5.0). A scenario may not run past the last GD.")
    bridges = Opt(
        "lf.a2-bridges", "road-crossing", ("road-crossing", "marked"), "7.10.2",
        "A2: a bridge exists wherever a road crosses a stream or river (7.10.2), or only where the map "
        "marks one ('bridge' hexside feature; 26.0 Rivers).")
    ohs_exploit = Opt(
        "lf.a4-ohs-exploit", "any-mp", ("any-mp", "over-three"), "5.3.4",
        "A4: an OhS unit in Exploit mode becomes OoS when it spends any MP in an Exploit Phase (5.3.4), "
        "or only after more than three MP (15.5.2).")
    oos_armor = Opt(
        "lf.a5-oos-armor", "zero", ("zero", "unchanged"), "13.8.4",
        "A5: OoS units have Arm and AT factors of zero in a GA (13.8.4), or keep them (15.6.0).")
    snow = Opt(
        "lf.a6-snow", "divide-by-three", ("divide-by-three", "minus-third"), "7.6.1e",
        "A6: snow off primary/secondary roads divides the MA by three (7.6.1e) or reduces it by one third "
        "(19.4.5).")
    bonus_order = Opt(
        "lf.a7-bonus-order", "after-fuel", ("after-fuel", "first"), "7.6.1b",
        "A7: MR and leader MA bonuses are added after the fuel modification (7.6.1b) or before any other "
        "modification (5.4.4a, 23.2.1a).")
    strat_ground = Opt(
        "lf.a7-strat-ground", "before-strat", ("before-strat", "last"), "5.5.3b",
        "A7: for a Strat unit the ground condition modifies the MA before the +50% (5.5.3b) or last, "
        "like every other unit (7.6.1e).")
    extended_shift = Opt(
        "lf.a8-extended-shift", "once", ("once", "twice"), "13.7.3",
        "A8: a defender on an extended GenS path gives the attacker one shift (13.7.3 h and p list the same "
        "condition twice) or two.")
    lull_surprise = Opt(
        "lf.a9-lull-surprise", "first-am", ("first-am", "two-gts"), "13.7.3",
        "A9: the lull-ending side's surprise shift applies in the first AM GT after the lull (13.7.3g) or "
        "in the first two GTs (24.4.0c).")
    rib_minimum = Opt(
        "lf.a10-rib-minimum", "threshold", ("threshold", "floor", "none"), "13.8.3",
        "A10: 'a Rgt can award a maximum of 3 and minimum of 2 RIB': a Rgt needs two eligible units to "
        "award any (threshold; the 13.9.1 Example of Play gives a lone defending Bn. no RIB), awards at "
        "least two (floor), or no minimum (none).")
    rib_last_step = Opt(
        "lf.rib-last-step", "excluded", ("excluded", "counted"), "13.8.3a",
        "Both 13.8.3b Examples of Play count no unit at its last step towards RIB; 13.8.3a's text asks two "
        "steps of adjacent units only. 'excluded' follows the examples, 'counted' the text.")
    z_density = Opt(
        "lf.a11-z-density", "total", ("total", "per-unit"), "11.5.4",
        "A11: Z-steps count half a step for FS density, rounded up on the hex's total (total) or per unit "
        "(per-unit: every Z-step counts one).")
    as_removal = Opt(
        "lf.a12-as-removal", "ga-segment", ("ga-segment", "combat-phase"), "13.13.0",
        "A12: AS markers are removed at the end of the GA Segment (13.13.0, the SoP's AS Marker Removal "
        "Segment) or at the end of the Combat Phase (11.6.1). Identical without overruns (stage 3).")
    fatigue2_attacker = Opt(
        "lf.a13-fatigue2-attacker", "drop-designation", ("drop-designation", "quarter"), "14.2.2",
        "A13: a designated attacker that becomes fatigue 2 loses its designation (14.2.2a: it cannot be "
        "attack designated) or keeps it and attacks at a quarter of its CS (as a defender, 13.6.1b).")
    as1 = Opt(
        "lf.a15-as1", "as-and-hit", ("as-and-hit", "as-only"), "11.6.0",
        "A15: the FS result 'AS1' is one AS hit and one numerical hit (as the Examples of Play apply it) "
        "or one AS hit only.")
    stp = Opt(
        "lf.a24-stp", "strongpoint", ("strongpoint", "ignore"), "11.5.2",
        "A24: the undefined 'StP' of 11.5.2 is a strongpoint work (LfWork kind 'StP': like a Fort, no "
        "group A terrain DRM) or is ignored.")
    mr_example = Opt(
        "lf.a25-mr-example", "row-6", ("row-6", "row-7", "ignore"), "7.6.1b",
        "A25: the 7.6.1b example's MR bonus ('rolling a 6 on the out of reserve line' of what it calls the "
        "Fuel Value Table: +3) is the Maneuver Reserve MA Bonus Table's row 6, its row 7 (the 6 before "
        "the first-GT +1 DRM of 5.4.4a), or not used as a data point.")
    gat_columns = Opt(
        "lf.a26-gat-columns", "a-n", ("a-n", "scenario"), "13.9.1",
        "A26: the GAT has the lettered columns A-N (13.9.1 names G, H and N; A-N is inferred) and a "
        "scenario's GAT tables must use them (a-n), or a scenario may define its own columns (scenario).")
    rest_granularity = Opt(
        "lf.rest-granularity", "all", ("all", "army", "corps", "formation"), "3.5.2",
        "3.5.2: the Axis rest GT is designated for all armies (option 1), per army (2), per corps (3) or "
        "per formation (4), as the players agreed before play.")
    observation = Opt(
        "lf.observation", "rules-only", ("rules-only", "declared"), "8.0",
        "Observation needs LOS and terrain (8.0, stage 2). 'rules-only': a spotter observes only what the "
        "text decides without a map (8.2.1a-b, 8.2.3 2: adjacency with attack designations); 'declared': "
        "the spotting player declares other targets observed (the players settle LOS at the table).")
    green = Opt(
        "lf.green-divisions", "off", ("off", "on"), "LF 4.5.0",
        "LF 4.5.0 (optional): raw/green training levels (counter field `training`) give GA shifts (4.5.0).")

    def on(self, name: str, value: str) -> bool:
        return self[name] == value
