"""Combat results (6.5, 6.6): owners' choices as pending decisions.

CRT cells here come from SYNTHETIC table files (tests.rules.nordwind.examples.
synthetic_crt): the real chart's cells are mostly unknown. Quality dice of 4
give no shift for any quality (Quality Table row 4)."""

from __future__ import annotations

import pytest

from adjudicator.core import engine
from adjudicator.core.errors import IllegalAction
from tests.rules.nordwind.examples import U, answer, attack, new_state, play, synthetic_crt, unit_state

NO_Q = [4, 4]  # quality rolls without effect


def duel(result: str, *, dq: str = "D", aq: str = "C", bold: bool = False, extra: list[U] | None = None,
         defender: U | None = None) -> tuple:  # type: ignore[type-arg]
    cast = [
        U("A1", "german", "1005", type="infantry", strength=8, quality=aq, formation="x1"),
        defender or U("D1", "allied", "1006", type="infantry", strength=4, reduced=2, quality=dq),
    ] + (extra or [])
    st = new_state(cast, phase="german-combat", tables=synthetic_crt(result, bold))
    return st, attack("german", "1006", ["A1"])


def resolve(st, action):  # type: ignore[no-untyped-def]
    return play(st, action, NO_Q + [1]).state


def test_6_5_quality_c_or_d_must_retreat_on_r() -> None:
    st = resolve(*duel("-/R"))
    assert st.pending.kind == "RETREAT"  # no allocation choice: the R is mandatory


def test_6_5_quality_a_or_b_may_take_a_loss_instead_of_r() -> None:
    st = resolve(*duel("-/R", dq="B"))
    assert [o.id for o in st.pending.options] == ["loss0-retreat1", "loss1-retreat0"]
    after = play(st, answer(st, ["loss1-retreat0"])).state
    assert unit_state(after, "D1").steps_lost == 1 and unit_state(after, "D1").location == "1006"


def test_6_5_a_defender_holding_in_place_forces_the_attacker_to_take_losses() -> None:
    st = resolve(*duel("1/1"))
    assert st.pending.kind == "RESULT_ALLOCATION" and st.pending.side == "allied"
    after = play(st, answer(st, ["loss1-retreat0"])).state
    assert unit_state(after, "A1").steps_lost == 1  # forced: no choice offered to the attacker
    assert not after.HasField("pending") and unit_state(after, "A1").location == "1005"


def test_6_5_when_the_defender_retreats_the_attacker_may_retreat() -> None:
    st = resolve(*duel("1/1"))
    st = play(st, answer(st, ["loss0-retreat1"])).state
    st = play(st, answer(st, [], [("D1", list(st.pending.options[0].path))])).state
    assert (st.pending.kind, st.pending.side) == ("RESULT_ALLOCATION", "german")
    assert [o.id for o in st.pending.options] == ["loss0-retreat1", "loss1-retreat0"]
    st = play(st, answer(st, ["loss1-retreat0"])).state
    assert unit_state(st, "A1").steps_lost == 1
    assert st.pending.kind == "ADVANCE"  # losses only: the attacker may advance (6.6.2)


def test_6_6_2_an_attacker_that_retreats_cannot_advance() -> None:
    st = resolve(*duel("1/1"))
    st = play(st, answer(st, ["loss0-retreat1"])).state
    st = play(st, answer(st, [], [("D1", list(st.pending.options[0].path))])).state
    st = play(st, answer(st, ["loss0-retreat1"])).state
    if st.pending.kind == "RETREAT":
        st = play(st, answer(st, [], [("A1", list(st.pending.options[0].path))])).state
    assert not st.HasField("pending") and unit_state(st, "A1").location != "1005"


def test_6_5_armored_units_on_both_sides_take_the_first_loss() -> None:
    cast = [
        U("A1", "german", "1005", type="infantry", strength=4, quality="C"),
        U("A2", "german", "1005", type="armored", strength=4, quality="C", asterisk="no"),
        U("D1", "allied", "1006", type="armored", strength=2, quality="D", asterisk="no"),
    ]
    st = new_state(cast, phase="german-combat", tables=synthetic_crt("2/-"))
    st = resolve(st, attack("german", "1006", ["A1", "A2"]))
    st = play(st, answer(st, ["loss2-retreat0"])).state
    assert st.pending.kind == "CHOOSE_LOSSES"
    bad = engine.validate(st, answer(st, ["A1", "A2"]))
    assert not bad.legal and bad.violations[0].code == "ARMOR_FIRST"
    good = play(st, answer(st, ["A2", "A1"])).state
    assert unit_state(good, "A1").steps_lost == 1 and unit_state(good, "A2").steps_lost == 1


def test_5_and_6_6_1_bold_last_requirement_is_the_attackers_choice() -> None:
    st = resolve(*duel("-/R2", bold=True))
    assert st.pending.kind == "RESULT_ALLOCATION"
    assert [o.id for o in st.pending.options] == ["loss0-retreat2", "loss1-retreat1"]
    st = play(st, answer(st, ["loss1-retreat1"])).state
    assert (st.pending.kind, st.pending.side) == ("BOLD_LAST", "german")
    st = play(st, answer(st, ["retreat"])).state
    assert st.nordwind.combat.retreat == 2 and st.nordwind.combat.losses == 1


def _ring(units_side: str, center: str, radius: int, prefix: str, strength: int = 3) -> list[U]:
    from adjudicator.core.hexmap import compile_map
    from adjudicator.rules.nordwind import data

    hm = compile_map(data.game_map())
    c = hm.hex_id(center)
    hexes = [h for h in hm.within(c, radius) if hm.distance(h, c) == radius]
    return [U(f"{prefix}{i}", units_side, hm.labels[h], strength=strength, quality="C") for i, h in enumerate(hexes)]


def test_4_3_retreat_into_enemy_zoc_costs_a_step_unless_a_friendly_unit_is_there() -> None:
    ring = _ring("german", "1006", 2, "G")  # every hex around 1006 is in German ZoC, the ring beyond is full
    st, act = duel("-/R", extra=ring)
    st = resolve(st, act)
    assert st.pending.kind == "RETREAT"
    path = list(st.pending.options[0].path)
    after = play(st, answer(st, [], [("D1", path)]))
    assert unit_state(after.state, "D1").steps_lost == 1
    assert any(e.citations[0].rule_case == "4.3" for e in after.events if e.kind == "STEP_LOST")
    # With a friendly unit in the hex entered, the ZoC is negated for the retreat.
    st2, act2 = duel("-/R", extra=ring + [U("F1", "allied", path[0], strength=2, quality="D")])
    st2 = resolve(st2, act2)
    opts = [list(o.path) for o in st2.pending.options] if st2.pending.kind == "RETREAT" else [path]
    assert opts == [path]  # the 6.6.1 priority (out of enemy ZoC) keeps only that hex
    after2 = play(st2, answer(st2, [], [("D1", path)])) if st2.pending.kind == "RETREAT" else None
    final = after2.state if after2 else st2
    assert unit_state(final, "D1").steps_lost == 0


def test_6_6_1_no_legal_retreat_eliminates_and_the_attacker_may_advance() -> None:
    ring = _ring("german", "1006", 1, "G")
    cast = ring + [U("D1", "allied", "1006", strength=4, reduced=2, quality="D")]
    st = new_state(cast, phase="german-combat", tables=synthetic_crt("-/R1"))
    attackers = [u.id for u in ring]
    st = play(st, attack("german", "1006", attackers), NO_Q + [1]).state
    assert st.pending.kind == "RESULT_ALLOCATION"
    after = play(st, answer(st, ["loss0-retreat2"]))
    d1 = unit_state(after.state, "D1")
    assert d1.status == d1.ELIMINATED
    assert after.state.nordwind.steps_lost["allied"] == 2
    assert after.state.pending.kind == "ADVANCE"


def test_6_6_2_early_elimination_gives_the_remaining_requirements_as_advance() -> None:
    defender = U("D1", "allied", "1006", type="infantry", strength=4, reduced=2, quality="D")
    st, act = duel("-/R2", defender=defender)
    unit_state(st, "D1").steps_lost = 1  # one step left
    st = resolve(st, act)
    st = play(st, answer(st, ["loss1-retreat2"])).state
    path = list(st.pending.options[0].path)
    st = play(st, answer(st, [], [("D1", path)])).state
    assert unit_state(st, "D1").status == unit_state(st, "D1").ELIMINATED
    assert st.pending.kind == "ADVANCE" and st.pending.context["max_hexes"] == "2"  # 6.6.2 example
    ok = play(st, answer(st, ["advance"], [("A1", ["1006", path[0]])])).state
    assert unit_state(ok, "A1").location == path[0]


def test_6_6_2_infantry_follows_the_retreat_path_armor_may_leave_it() -> None:
    cast = [
        U("A1", "german", "1005", type="infantry", strength=8, quality="C"),
        U("A2", "german", "1005", type="armored", strength=8, quality="C", asterisk="no"),
        U("D1", "allied", "1006", type="infantry", strength=4, reduced=2, quality="D"),
    ]
    st = new_state(cast, phase="german-combat", tables=synthetic_crt("-/R1"))
    st = play(st, attack("german", "1006", ["A1", "A2"]), NO_Q + [1]).state
    st = play(st, answer(st, ["loss0-retreat2"])).state
    path = list(st.pending.options[0].path)
    st = play(st, answer(st, [], [("D1", path)])).state
    assert st.pending.kind == "ADVANCE"
    from adjudicator.core.hexmap import compile_map

    hm = compile_map(st.scenario.definition.map)
    off = next(hm.labels[h] for h in hm.neighbours(hm.hex_id("1006")) if hm.labels[h] not in path + ["1005"])
    bad = engine.validate(st, answer(st, ["advance"], [("A1", ["1006", off])]))
    assert not bad.legal and bad.violations[0].code == "ADVANCE_PATH"
    assert engine.validate(st, answer(st, ["advance"], [("A2", ["1006", off])])).legal
    assert engine.validate(st, answer(st, ["advance"], [("A1", ["1006", path[0]])])).legal


def test_zoc_losses_of_a_stack_are_chosen_by_its_owner() -> None:
    ring = _ring("german", "1006", 2, "G")
    extra = ring + [U("D2", "allied", "1006", type="infantry", strength=2, quality="D")]
    st, act = duel("-/R", extra=extra)
    st = resolve(st, act)
    path = list(st.pending.options[0].path)
    st = play(st, answer(st, [], [("D1", path), ("D2", path)])).state
    assert st.pending.kind == "CHOOSE_LOSSES" and st.pending.citation.rule_case == "4.3"
    st = play(st, answer(st, ["D2"])).state
    assert unit_state(st, "D2").steps_lost == 1 and unit_state(st, "D1").steps_lost == 0


def test_split_retreat_paths_must_be_offered_ones() -> None:
    st = resolve(*duel("-/R"))
    bad = engine.validate(st, answer(st, [], [("D1", ["1005"])]))
    assert not bad.legal and bad.violations[0].code == "RETREAT_PATH"


def test_retreat_answer_must_cover_every_unit() -> None:
    st = resolve(*duel("-/R"))
    with pytest.raises(IllegalAction):
        play(st, answer(st, [], []))
