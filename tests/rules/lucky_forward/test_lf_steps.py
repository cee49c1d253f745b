"""The step-loss engine (4.1.3, 4.2, 6.2.0, 11.6.2, 13.10.3): TC-02 and the
allocation rules. Unit values are SYNTHETIC unless quoted from the text."""

from __future__ import annotations

from collections import Counter

from adjudicator.rules.lucky_forward import stacking, steps
from adjudicator.rules.lucky_forward.model import Model
from tests.rules.lucky_forward.helpers import Scen, edit, model, new
from umpire.v1 import state_pb2


def test_tc02_4_2_2_a_three_step_bn_7_8_goes_5_6_then_3_3_then_is_eliminated() -> None:
    """4.2.2 example: a 3-step Bn. 7-8 takes a loss -> reduced 5-6; a second
    -> hit marker, the reduced side halved: 3-3 (2.5 -> 3); a third ->
    eliminated."""
    s = Scen()
    s.unit("bn", "axis", "1605", attack=7, defense=8, reduced=(5, 6))
    m = edit(new(s))
    u = m.units["bn"]
    assert (steps.cs(m, u, "attack"), steps.cs(m, u, "defense")) == (7, 8)
    steps.take_loss(m, u, "test", ())
    assert (steps.cs(m, u, "attack"), steps.cs(m, u, "defense")) == (5, 6)
    steps.take_loss(m, u, "test", ())
    assert (steps.cs(m, u, "attack"), steps.cs(m, u, "defense")) == (3, 3)
    steps.take_loss(m, u, "test", ())
    assert u.us.status == state_pb2.UnitState.ELIMINATED


def test_4_1_3_a_co_with_a_z_step_reverse_flips_to_it_and_the_z_step_then_dies() -> None:
    s = Scen()
    s.unit("at", "axis", "1605", size="co", steps=1, types=["anti-tank"], z_step_reverse=True, z_attack=0,
           z_defense=1)
    m = edit(new(s))
    u = m.units["at"]
    steps.take_loss(m, u, "test", ())
    assert u.is_z and steps.alive(u) and steps.cs(m, u, "defense") == 1
    steps.take_loss(m, u, "test", ())
    assert not steps.alive(u)


def _rules(m: Model, ids: list[str], *, max_sl: bool = True, prior: dict[str, int] | None = None,
           **kw: object) -> steps.LossRules:
    units = [m.units[i] for i in ids]
    return steps.LossRules(units=units, max_step_loss=max_sl, prior=prior or {}, **kw)  # type: ignore[arg-type]


def test_4_2_1a_max_step_loss_one_per_unit_then_no_more() -> None:
    s = Scen()
    for i in range(2):
        s.unit(f"b{i}", "axis", "1605")
    m = model(new(s))
    r = _rules(m, ["b0", "b1"])
    assert steps.capacity(r, 5) == 2  # the rest convert (13.10.3) or become fatigue (11.6.2)
    assert steps.check(r, ["b0", "b0"]) is not None
    r_prior = _rules(m, ["b0", "b1"], prior={"b0": 1})
    assert steps.legal_next(r_prior, Counter()) == ["b1"]  # earlier losses in this combat count


def test_4_2_1_equal_spreading_without_max_step_loss() -> None:
    s = Scen()
    for i in range(3):
        s.unit(f"b{i}", "axis", "1605")
    m = model(new(s))
    r = _rules(m, ["b0", "b1", "b2"], max_sl=False)
    assert steps.check(r, ["b0", "b0"]) is not None  # no second loss while others have none
    assert steps.check(r, ["b0", "b1", "b2", "b0"]) is None
    assert sorted(steps.outcomes(r, 4)) == [("b0", "b0", "b1", "b2"), ("b0", "b1", "b1", "b2"),
                                            ("b0", "b1", "b2", "b2")]


def test_11_6_2_hq_last_and_11_6_3e_art_last() -> None:
    s = Scen()
    s.unit("inf", "axis", "1605")
    s.unit("art", "axis", "1605", types=["artillery"], steps=2, barrage=4, range=5)
    s.hq("hq2", "axis", "1605", 3, parent="x-corps")
    m = model(new(s))
    r = _rules(m, ["inf", "art", "hq2"], max_sl=False)
    assert steps.legal_next(r, Counter()) == ["inf"]
    assert steps.legal_next(r, Counter({"inf": 1})) == ["art"]
    assert steps.legal_next(r, Counter({"inf": 1, "art": 1})) == ["hq2"]
    ga = _rules(m, ["inf", "art", "hq2"], max_sl=False, hq_art_together=True)
    assert sorted(steps.legal_next(ga, Counter({"inf": 1}))) == ["art", "hq2"]  # 13.10.3: one last tier


def test_13_10_3_priority_lead_pr_then_lead_armour_then_the_shift_engineer() -> None:
    s = Scen()
    for u in ("other", "lead", "arm", "eng"):
        s.unit(u, "allied", "1505", size="co" if u == "eng" else "bn", steps=1 if u == "eng" else 3)
    m = model(new(s))
    r = _rules(m, ["other", "lead", "arm", "eng"], priority=["lead", "arm", "eng"])
    seq: Counter[str] = Counter()
    order = []
    for _ in range(4):
        nxt = steps.legal_next(r, seq)
        order.append(nxt)
        seq[nxt[0]] += 1
    assert order == [["lead"], ["arm"], ["eng"], ["other"]]


def test_4_1_3c_z_steps_do_not_fulfil_losses_beside_a_co_or_bn() -> None:
    s = Scen()
    s.unit("bn", "axis", "1605")
    s.unit("z", "axis", "1605", size="z", steps=1)
    m = model(new(s))
    r = _rules(m, ["bn", "z"], max_sl=False)
    assert steps.legal_next(r, Counter()) == ["bn"]
    alone = _rules(m, ["z"], max_sl=False)
    assert steps.legal_next(alone, Counter()) == ["z"]


def test_6_2_0_a_special_stack_counts_as_one_unit_for_max_step_loss() -> None:
    """13.10.3 example: the Eng Co. attached in an Inf Bn.'s special stack may
    take no loss once the stack has reached Max step loss."""
    s = Scen()
    s.unit("bn", "allied", "1505")
    s.unit("eng", "allied", "1505", size="co", steps=1, types=["engineer"])
    m = model(new(s))
    here = [m.units["bn"], m.units["eng"]]
    groups = stacking.groups(m, here, False)
    assert groups["bn"] == groups["eng"]  # one special stack
    r = steps.LossRules(units=here, max_step_loss=True, groups=groups)
    assert steps.capacity(r, 2) == 1
