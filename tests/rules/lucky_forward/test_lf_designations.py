"""Attack designations: TA markers (5.1.2, 10.2.0), the Attacker Status
Adjustment Segment (12.1.0 mandatory, 12.2.0 voluntary removal) and the ADV
GA limits (16.3.3). SYNTHETIC units."""

from __future__ import annotations

from tests.rules.lucky_forward.helpers import (
    Scen,
    act,
    answer,
    cases,
    codes,
    d10,
    hex_map,
    jump,
    lfa,
    model,
    new,
    synthetic_tables,
    verdict,
)
from umpire.v1 import lucky_forward_pb2 as lf, state_pb2


def ta(*units: str) -> object:
    return lfa("allied", designate_assault=lf.LfDesignateAssault(unit_ids=list(units)))


def test_5_1_2_10_2_0_who_may_be_marked_ta() -> None:
    s = Scen()
    s.unit("tac", "allied", "1505")
    s.unit("pa", "allied", "1504", status={"mode": "pa"})
    s.unit("tired", "allied", "1506", status={"fatigue": 2})
    s.unit("cr", "allied", "1405", status={"combat_reserve": True})
    s.unit("ex", "allied", "1406", cls="mech", status={"mode": "exploit"})
    s.unit("truck", "allied", "1404", status={"motorized": True})
    s.unit("x", "axis", "1605")
    st = jump(new(s), "allied", "combat", "ta-designation")
    assert verdict(st, ta("tac")).legal  # type: ignore[arg-type]
    assert verdict(st, ta("ex")).legal  # type: ignore[arg-type]  # 5.3.5c: Exploit units attack as TA
    for u, case in (("pa", "5.1.2"), ("tired", "14.2.2"), ("cr", "5.8.0"), ("truck", "7.12.5")):
        v = verdict(st, ta(u))  # type: ignore[arg-type]
        assert "CANNOT_DESIGNATE" in codes(v) and case in cases(v), u


def _status(s: Scen) -> state_pb2.GameState:
    """The Attacker Status Adjustment Segment with its mandatory removals run."""
    return jump(new(s, tables=synthetic_tables()), "allied", "combat", "attacker-status")


def test_12_1_0_1_a_designated_unit_not_next_to_an_enemy_loses_its_designation() -> None:
    s = Scen()
    s.unit("far", "allied", "1305", status={"mode": "pa"})
    s.unit("near", "allied", "1505", status={"mode": "pa"})
    s.unit("x", "axis", "1605")
    m = model(_status(s))
    assert m.units["far"].st.mode == lf.LF_MODE_TACTICAL and m.units["near"].st.mode == lf.LF_MODE_PREPARED_ASSAULT


def test_12_1_0_2a_a_ta_stack_next_to_the_hex_a_pa_stack_faces_loses_its_marker() -> None:
    s = Scen()
    s.unit("pa", "allied", "1505", status={"mode": "pa"})
    s.unit("ta", "allied", "1604", status={"tactical_assault": True})
    s.unit("x", "axis", "1605")
    m = model(_status(s))
    assert not m.units["ta"].st.tactical_assault and m.units["pa"].attack_designated


def test_12_1_0_2b_of_two_ta_stacks_facing_one_hex_the_owner_keeps_one() -> None:
    s = Scen()
    s.unit("t1", "allied", "1505", status={"tactical_assault": True})
    s.unit("t2", "allied", "1604", status={"tactical_assault": True})
    s.unit("x", "axis", "1605")
    st = _status(s)
    assert st.pending.kind == "TA_KEEP" and sorted(o.id for o in st.pending.options) == ["1505", "1604"]
    st = act(st, answer(st, "1604")).state
    m = model(st)
    assert m.units["t2"].st.tactical_assault and not m.units["t1"].st.tactical_assault


def test_16_3_3_designations_beyond_the_adv_limit_are_dropped_or_bought_with_amp() -> None:
    """Corps ADV 1: one PA GA or two TA GAs; three TA stacks against three hexes
    need one more AmP, or a stack drops its marker."""
    s = Scen()
    for i, (a, x) in enumerate((("1303", "1403"), ("1305", "1405"), ("1307", "1407"))):
        s.unit(f"t{i}", "allied", a, status={"tactical_assault": True})
        s.unit(f"x{i}", "axis", x)
    s.sc.lucky_forward.hq_status.add(unit_id="a-corps", adv=1)
    st = _status(s)
    assert st.pending.kind == "ADV_LIMIT" and st.pending.options[0].id == "amp"
    bought = model(act(st, answer(st, "amp")).state)
    assert bought.hq_status["a-army"].amp == 3 and all(bought.units[f"t{i}"].st.tactical_assault for i in range(3))
    dropped = model(act(st, answer(st, "drop:1303")).state)
    assert not dropped.units["t0"].st.tactical_assault


def test_12_2_0_voluntary_removal_needs_a_prc_outside_mct() -> None:
    s = Scen(hex_map(terrain={"1504": "woods"}))
    s.unit("open", "allied", "1505", opr=5, status={"mode": "pa"})
    s.unit("wood", "allied", "1504", status={"mode": "pa"})
    s.unit("x", "axis", "1605")
    st = _status(s)
    rm = lambda h, then="stay": lfa("allied", remove_designation=lf.LfRemoveDesignation(hex=h, then=then))  # noqa: E731
    assert "NO_DW" in codes(verdict(st, rm("1505", "withdraw")))
    kept = model(act(st, rm("1505"), d10(7)).state)  # 7 vs PR 5: failed, they must attack
    assert kept.units["open"].attack_designated
    gone = model(act(st, rm("1505"), d10(2)).state)
    assert not gone.units["open"].attack_designated
    woods = model(act(st, rm("1504")).state)  # in MCT: no PRC
    assert not woods.units["wood"].attack_designated
