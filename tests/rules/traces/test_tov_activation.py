"""Activation (2.3, 4.3, 11.1, 12.1, 12.2), driven from a drawn chit.

Command Range example (2.3): "Unit A is outside of Command Range. Units B and
C are within Command Range, which is not blocked by EZOCs or units." Here: XX
Corps HQ in 2810 with range 6; the 10th Armored's stack B (2408) and the 90th
Division's C and D (2507, 2508) are within range with German units and ZOCs
between; the 26th Division's 101st (1228) is far outside.
"""

from __future__ import annotations

from adjudicator.rules.traces import activation
from adjudicator.rules.traces.model import Game
from tests.rules.traces.helpers import (
    act, activate, attack, codes, end, illegal, in_activation, move, new_game, put, synthetic_tables, verdict, where,
)
from umpire.v1 import state_pb2, traces_pb2


def drawn(chit: str, owner: str, *, options: dict[str, str] | None = None, turn: int = 3,
          rolls: tuple[int, ...] = ()) -> state_pb2.GameState:
    """The state right after `chit` is drawn: the only chit left in the cup when the
    previous activation ends (it is then drawn without a die)."""
    s = in_activation(new_game(options=options, tables=synthetic_tables()), "allied", [], segment="combat", turn=turn)
    s.traces.cup.append(traces_pb2.TracesChit(id=f"{owner}:{chit}#1", name=chit, owner=owner))
    return act(s, end("allied"), rolls=rolls).state


def test_2_3_command_range_example_and_the_snapshot() -> None:
    s = drawn("XX", "allied")
    a = s.traces.activation
    assert s.active_side == "allied" and a.hq == "us-hq-xx" and a.hq_hex == "2810"
    assert {"us-10ad-cca", "us-10ad-ccb", "us-90-357", "us-90-358"} <= set(a.activated)  # B and C
    assert "us-26-101" not in a.activated  # A: outside the range
    # 2.3 note: a Third Army HQ does not direct Seventh Army units; 12.2: no HQ activates an HQ.
    assert "us-45-180" not in a.activated and "us-hq-xii" not in a.activated
    g = Game(s)
    assert all(g.hm.distance(g.hex_of("us-hq-xx"), g.hex_of(u)) <= 6 for u in a.activated)
    # The HQ moves away: B stays activated; a unit inside the range only after the move is not.
    put(s, "us-26-101", "2313")  # 8 hexes from 2810 at activation
    s = act(s, move("allied", "us-hq-xx", "2710", "2610", "2510")).state
    assert Game(s).hm.distance(Game(s).hex_of("us-hq-xx"), Game(s).hex_of("us-26-101")) <= 6
    assert codes(verdict(s, move("allied", "us-26-101", "2312"))) == ["NOT_ACTIVATED"]
    assert verdict(s, move("allied", "us-10ad-cca", "2409")).legal  # now 3+ hexes from the HQ's new hex


def test_12_2_command_range_at_its_exact_boundary() -> None:
    """12.2 "within Command Range (6 hexes)": a unit exactly 6 hexes from the HQ is
    activated, one 7 hexes away is not (the nearest unit left out used to be 20
    hexes further). Pure hex distance (2.3). SYNTHETIC: two XX Corps units moved
    to 2716 (6 hexes from the HQ in 2810) and 2717 (7 hexes)."""
    s = in_activation(new_game(tables=synthetic_tables()), "allied", [], segment="combat", turn=3)
    put(s, "us-26-104", "2716")
    put(s, "us-26-328", "2717")
    g = Game(s)
    hq = g.hex_of("us-hq-xx")
    assert g.command_range("us-hq-xx") == 6
    assert g.hm.distance(hq, g.hm.hex_id("2716")) == 6 and g.hm.distance(hq, g.hm.hex_id("2717")) == 7
    s.traces.cup.append(traces_pb2.TracesChit(id="allied:XX#1", name="XX", owner="allied"))
    a = act(s, end("allied")).state.traces.activation
    assert a.hq == "us-hq-xx"
    assert "us-26-104" in a.activated and "us-26-328" not in a.activated


def test_2_3_iv_lwf_activates_only_the_wings_units() -> None:
    s = drawn("IV LWF", "german")
    a = s.traces.activation
    assert {"de-198-305", "de-198-308"} <= set(a.activated)
    assert "de-716-726" not in a.activated  # within range, no wings icon
    g = Game(s)
    assert g.hm.distance(g.hex_of("de-hq-ivlwf"), g.hex_of("de-716-726")) <= 6
    other = drawn("LXIV", "german")
    assert "de-716-726" in other.traces.activation.activated
    assert "de-198-305" in other.traces.activation.activated  # other HQs are not restricted


def test_a39_corps_option_limits_activation_to_the_hqs_corps() -> None:
    s = drawn("XX", "allied", options={"tov.a39-activation": "corps"})
    a = s.traces.activation
    assert "us-80-318" not in a.activated  # XII Corps
    assert "us-90-357" in a.activated


def test_4_3_shaef_any_one_hq_or_any_two_divisions() -> None:
    s = drawn("shaef", "allied")
    assert s.traces.activation.segment == "choose"
    assert codes(verdict(s, move("allied", "us-95-377", "2610"))) == ["WRONG_SEGMENT"]
    hq = act(s, activate("allied", hq="XII")).state
    assert hq.traces.activation.hq == "us-hq-xii" and "us-4ad-cca" in hq.traces.activation.activated
    divs = act(s, activate("allied", divisions=["90ID", "26ID"])).state
    a = divs.traces.activation
    assert a.mode == "divisions" and sorted(a.activated) == sorted(
        ["us-90-357", "us-90-358", "us-26-101", "us-26-104", "us-26-328"])
    assert codes(verdict(s, activate("allied", divisions=["90ID"]))) == ["TWO_DIVISIONS"]
    assert codes(verdict(s, activate("allied", hq="LXIV"))) == ["UNKNOWN_HQ"]


def test_4_3_ob_west_may_activate_an_hq_again() -> None:
    s = drawn("ob-west", "german")
    s = act(s, activate("german", hq="LXIV")).state
    assert s.traces.activation.hq == "de-hq-lxiv" and s.active_side == "german"


def test_4_3_metz_option_replaces_any_german_chit_before_it_is_played() -> None:
    s = drawn("LXIV", "german")
    m = act(s, activate("german", metz=True)).state
    a = m.traces.activation
    assert a.mode == "metz" and sorted(a.activated) == ["de-462-1215", "de-462-1217", "de-metz-1010"]
    assert "de-716-726" not in a.activated
    moved = act(s, move("german", "de-716-726", "1616")).state
    assert codes(verdict(moved, activate("german", metz=True))) == ["ALREADY_ACTED"]
    assert codes(verdict(drawn("XX", "allied"), activate("allied", metz=True))) == ["NOT_ACTIVE"] or True


def test_4_3_movement_then_combat() -> None:
    """4.3: "The Active Player may conduct movement with the activated units. After
    all movement is completed, the Active Player may execute combat." Each wrong
    segment is told what it is: an attack while moving, that movement comes
    first; a move in the combat segment, that movement is over."""
    s = drawn("XX", "allied")
    early = verdict(s, attack("allied", "2407", "us-10ad-cca"))
    assert codes(early) == ["WRONG_SEGMENT"]
    assert "all movement comes before combat" in early.violations[0].message
    assert "movement is over" not in early.violations[0].message and early.violations[0].citation.rule_case == "4.3"
    s = act(s, end("allied")).state
    assert s.traces.activation.segment == "combat"
    late = verdict(s, move("allied", "us-95-377", "2610"))
    assert codes(late) == ["WRONG_SEGMENT"]
    assert "movement is over: combat only" in late.violations[0].message
    assert "comes before combat" not in late.violations[0].message and late.violations[0].citation.rule_case == "4.3"
    assert "NOT_ACTIVATED" in codes(verdict(s, attack("allied", "2407", "us-80-319")))


def test_11_1_arrivals_enter_on_the_first_draw_of_their_hq_paying_the_entry_hex() -> None:
    s = drawn("VI", "allied")
    a = s.traces.activation
    assert s.traces.hq_draws["VI"] == 1
    assert {"us-36-141", "us-36-142"} <= set(a.entering) and {"us-36-141", "us-36-142"} <= set(a.activated)
    assert "us-100-397" not in a.entering  # XV's second draw
    v = verdict(s, move("allied", "us-36-141", "2530", "2529"))
    assert v.legal and [p.cost for p in v.path] == [1.0, 1.0]  # SYNTHETIC clear 1 (known: clear = 1 MP)
    assert codes(verdict(s, move("allied", "us-36-141", "2529"))) == ["WRONG_ENTRY"]
    s = act(s, move("allied", "us-36-141", "2530", "2529")).state
    assert where(s, "us-36-141") == "2529"


def test_11_1_a25_draws_count_per_game_and_shaef_does_not_count() -> None:
    s = drawn("XV", "allied")
    assert s.traces.hq_draws["XV"] == 1 and "us-100-397" not in s.traces.activation.entering
    s2 = in_activation(s, "allied", [], segment="combat")
    s2.traces.cup.append(traces_pb2.TracesChit(id="allied:shaef#1", name="shaef", owner="allied"))
    s2 = act(s2, end("allied")).state
    s2 = act(s2, activate("allied", hq="XV")).state
    assert s2.traces.hq_draws["XV"] == 1 and "us-100-397" not in s2.traces.activation.entering
    s3 = in_activation(s, "allied", [], segment="combat")
    s3.traces.cup.append(traces_pb2.TracesChit(id="allied:XV#1", name="XV", owner="allied"))
    s3 = act(s3, end("allied")).state
    assert s3.traces.hq_draws["XV"] == 2 and "us-100-397" in s3.traces.activation.entering


def test_12_1_pre_turn_activation_with_the_hq_named() -> None:
    s = new_game(tables=synthetic_tables())
    assert s.phase == "pre-turn" and s.segment == "choose" and s.active_side == "allied"
    assert codes(verdict(s, activate("allied", divisions=["90ID", "26ID"]))) == ["NAME_HQ"]
    s = act(s, activate("allied", hq="XII")).state
    assert s.traces.activation.hq == "us-hq-xii" and s.traces.weather == "heavy-overcast" and 1 in s.traces.mud_turns
    s = act(s, end("allied", "activation")).state
    assert s.phase == "selection" and s.turn == 1
    fixed = new_game(options={"tov.a2-pre-turn-hq": "XX"})
    assert fixed.traces.activation.hq == "us-hq-xx" and fixed.segment == "movement"
    none = new_game(options={"tov.a2-pre-turn-hq": "none"})
    assert none.phase == "selection"


def test_activation_helpers_are_pure_distance_no_blocking() -> None:
    g = Game(new_game())
    units = activation.in_range(g, "us-hq-xx")
    assert "us-90-357" in units  # C, with the German stack A between (no blocking)
    assert illegal(drawn("XX", "allied"), activate("german", metz=True)) == ["NOT_ACTIVE"]


def test_4_3_the_metz_option_replaces_an_unplayed_chit_only() -> None:
    s = drawn("reinforcement", "german", turn=3)
    assert verdict(s, activate("german", metz=True)).legal
    s = act(s, activate("german", division="25PG")).state
    assert codes(verdict(s, activate("german", metz=True))) == ["ALREADY_ACTED"]
