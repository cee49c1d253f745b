"""The combat example of 10.5, end to end, on the illustrative map.

"The Allied player decides to attack hex 2407 ... with stack B, units C and D,
which are in hexes 2408, 2507 and 2508": the defender (stack A) has 5, the
attackers 20 after C and D are halved across stream hexsides (the rules halve
only across rivers, 10.2; the example's reading is option tov.a12-stream-halving
= on, A-12). 4:1, Rough 1 left -> 3:1, air 2 right and intensity 1 right ->
6:1; die 6 -> 2RR; both German units lose a step; stack A retreats to 2207,
not through 2308 (enemy ZOC); stack B advances into 2407; C and D cannot
(overstacking); the intensity roll of 2 costs the attacker a step.
"""

from __future__ import annotations

import pytest

from tests.rules.traces.helpers import (
    act, answer, attack, codes, illegal, in_activation, new_game, put, unit, verdict, where, with_cells,
)
from umpire.v1 import state_pb2

B = ["us-10ad-cca", "us-10ad-ccb"]
C, D = "us-90-357", "us-90-358"
A = ["de-361-951", "de-361-952"]
STREAMS_HALVE = {"tov.a12-stream-halving": "on"}


def example_state(options: dict[str, str] | None = None) -> state_pb2.GameState:
    """Turn 3, clear, one Allied air unit; XX Corps has activated B, C and D."""
    s = new_game(options=options if options is not None else STREAMS_HALVE)
    return in_activation(s, "allied", ["us-hq-xx", *B, C, D], segment="combat", air=1)


def the_attack() -> object:
    return attack("allied", "2407", *B, C, D, supports=["air", "intensity:1"])


def test_10_5_odds_20_to_5_is_4_to_1_rough_3_to_1_then_6_to_1() -> None:
    v = verdict(example_state(), the_attack())  # type: ignore[arg-type]
    assert v.legal, v.violations
    c = v.combat
    assert (c.attack_strength, c.defense_strength) == (20, 5)
    assert c.base_column == "4:1"
    shifts = [(s.kind, s.columns) for s in c.shifts if not s.cancelled]
    assert shifts == [("terrain", -1), ("air", 2), ("intensity", 1)]
    assert c.final_column == "6:1"
    assert any("halved" in n.text and n.citation.rule_case == "10.2" for n in c.notes)
    # Only the example's own cell is known: die 6 -> 2RR; the other five are unknown and needed.
    known = [o for o in c.outcomes if not o.result.startswith("unknown")]
    assert [(o.result, list(o.when)) for o in known] == [("2RR", ["die 6"])]
    assert known[0].probability == pytest.approx(1 / 6)
    assert sorted(n.row for n in v.needs) == ["1", "2", "3", "4", "5"]
    assert all(n.column == "6:1" and n.table_id == "traces-of-victory/crt" for n in v.needs)


def test_10_2_rules_text_halves_only_across_rivers_so_c_and_d_count_whole() -> None:
    """A-12 default: streams do not halve (10.2), so the same attack is 28 to 5."""
    v = verdict(example_state(options={}), the_attack())  # type: ignore[arg-type]
    assert (v.combat.attack_strength, v.combat.base_column) == (28, "5:1")
    assert v.combat.final_column == "7:1"


def test_10_5_combat_example_end_to_end() -> None:
    s = example_state()
    ap = act(s, the_attack(), rolls=[6])  # type: ignore[arg-type]
    s = ap.state
    assert s.traces.air_available == 0  # the air unit was used (7.2)
    assert [r.value for r in ap.rolls] == [6]
    assert s.traces.combat.result == "2RR" and s.traces.combat.column == "6:1"
    # "The owning player allocates step losses": the German chooses.
    assert s.pending.kind == "DEFENDER_LOSSES" and s.pending.side == "german"
    assert sorted(o.id for o in s.pending.options) == sorted(A)
    # The alternative the example mentions: both steps on one unit, which destroys it.
    alt = act(s, answer(s, "german", [A[0], A[0]])).state
    assert unit(alt, A[0]).status == state_pb2.UnitState.ELIMINATED
    s = act(s, answer(s, "german", A)).state
    assert [unit(s, u).steps_lost for u in A] == [1, 1]  # "flipped to their reduced side"
    # Retreat 2 hexes avoiding the enemy ZOC: through 2307 to 2207, not through 2308.
    assert s.pending.kind == "RETREAT"
    paths = {tuple(o.path) for o in s.pending.options}
    assert ("2307", "2207") in paths
    assert not any(p[0] == "2308" for p in paths)
    bad = illegal(s, answer(s, "german", assignments={A[0]: ["2308", "2207"], A[1]: ["2307", "2207"]}))
    assert bad == ["BAD_RETREAT"]
    s = act(s, answer(s, "german", assignments={u: ["2307", "2207"] for u in A})).state
    assert [where(s, u) for u in A] == ["2207", "2207"]
    assert [unit(s, u).steps_lost for u in A] == [1, 1]  # no enemy ZOC entered: no extra loss
    # 2407 is vacant: the attacker may advance. C and D cannot join stack B (overstacking).
    assert s.pending.kind == "ADVANCE" and s.pending.side == "allied"
    assert {tuple(o.path) for o in s.pending.options if o.units[0] == B[0]} >= {("2407",), ("2407", "2307")}
    over = illegal(s, answer(s, "allied", assignments={B[0]: ["2407"], B[1]: ["2407"], C: ["2407"]}))
    assert over == ["OVERSTACKED"]
    ap = act(s, answer(s, "allied", assignments={B[0]: ["2407"], B[1]: ["2407"]}), rolls=[2])
    s = ap.state
    assert [where(s, u) for u in B] == ["2407", "2407"]
    assert (where(s, C), where(s, D)) == ("2507", "2508")
    # No attacker-casualty symbol on 2RR; the intensity roll: 2 is in 1-2, one step lost.
    assert [r.value for r in ap.rolls] == [2]
    assert [e.kind for e in ap.events].count("CASUALTY_ROLL") == 0
    assert s.pending.kind == "INTENSITY_LOSS" and s.pending.side == "allied"
    assert sorted(o.id for o in s.pending.options) == sorted([*B, C, D])
    vp = s.traces.allied_vp
    ap = act(s, answer(s, "allied", [C]))
    s = ap.state
    assert unit(s, C).steps_lost == 1
    assert s.traces.allied_vp == vp - 1  # 13.1: an Allied unit not on its full-strength side
    assert not s.HasField("pending") and not s.traces.HasField("combat")
    assert s.traces.activation.attacked == ["2407"]
    assert any(e.kind == "COMBAT_OVER" for e in ap.events)


def test_10_4_retreated_units_add_no_defence_and_are_attacked_on_10_plus() -> None:
    s = example_state()
    s = act(s, the_attack(), rolls=[6]).state  # type: ignore[arg-type]
    s = act(s, answer(s, "german", A)).state
    s = act(s, answer(s, "german", assignments={u: ["2307", "2207"] for u in A})).state
    s = act(s, answer(s, "allied", assignments={}), rolls=[5]).state  # no advance; intensity roll 5: no loss
    assert not s.HasField("pending")
    # A fresh Allied unit next to 2207, activated in this activation.
    put(s, "us-95-377", "2107")
    s.traces.activation.activated.append("us-95-377")
    v = verdict(s, attack("allied", "2207", "us-95-377"))
    assert v.legal, v.violations
    assert v.combat.defense_strength == 0 and v.combat.final_column == "10+"
    assert not v.combat.shifts  # no shifts at all
    assert any(n.citation.rule_case == "10.2.2" for n in v.combat.notes)


def test_10_0_each_unit_fights_once_and_each_hex_is_attacked_once_per_activation() -> None:
    s = example_state()
    # 6 to 5 = 1:1, Rough 1 left: 1:2. That cell is not in the text: a SYNTHETIC "1" (one step, no
    # retreat) is given with the action, so stack A stays in 2407.
    s = act(s, with_cells(attack("allied", "2407", B[0]), {("crt", "1:2", "6"): "1"}), rolls=[6]).state
    assert s.pending.kind == "DEFENDER_LOSSES"
    s = act(s, answer(s, "german", [A[1]])).state
    assert not s.HasField("pending") and where(s, A[1]) == "2407"
    assert sorted(codes(verdict(s, attack("allied", "2407", B[0])))) == ["ALREADY_FOUGHT", "HEX_ATTACKED"]
    assert codes(verdict(s, attack("allied", "2407", B[1], C))) == ["HEX_ATTACKED"]
