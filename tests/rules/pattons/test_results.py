"""Combat results (9.8, 9.9): steps and cadres, mandatory losses from
participants first and tanks first, the owner's split between steps and hexes,
retreat priorities, EZOC losses, leaving the map, rivers, breakthroughs,
advances, and units that retreated into an attacked hex. SYNTHETIC uniform CRTs
give each test its result."""

from __future__ import annotations

from adjudicator.core import engine
from adjudicator.rules.pattons.losses import steps_left
from tests.rules.pattons.helpers import (
    answer, apply, at, attack, codes, give_chit, model, roll_to_result, uniform_crt, unit,
)
from umpire.v1 import action_pb2, state_pb2

G1, G2, US1, US2 = "126/48/13", "127/48/13", "134/35/12", "137/35/12"
ELIMINATED = state_pb2.UnitState.ELIMINATED


def fight(placements: dict[str, str], result: str, attackers: list[str], target: str, *, bold: bool = False,
          side: str = "us", chits: dict[str, str] | None = None, markers: dict[str, list[str]] | None = None,
          options: dict[str, str] | None = None, defend: str = "", extra: list[int] | None = None) -> state_pb2.GameState:
    """Declare, answer the defender's choice if any, roll: the state with the result to apply."""
    st = at(placements, phase=f"{side}-combat", tables=uniform_crt(result, bold), markers=markers, options=options)
    st.pattons.air_points["german"] = 0
    st.pattons.air_points["us"] = 0
    for uid, chit in (chits or {}).items():
        give_chit(st, uid, chit)
    s = apply(st, attack(side, target, attackers)).state
    if s.pending.kind == "DEFEND":
        s = apply(s, answer(s, f"defend:{defend}")).state
    return roll_to_result(s, (3, 4, *(extra or []))).state


def status(st: state_pb2.GameState, uid: str) -> tuple[int, int, str]:
    u = unit(st, uid)
    return u.status, u.steps_lost, u.location


def test_9_8_6_mandatory_steps_come_from_participants_before_the_rest_of_the_hex() -> None:
    st = fight({US1: "0403", G1: "0404", "1/82": "0404", G2: "0404"}, "D(2)", [US1], "0404",
               chits={US1: "2-01", G1: "1-01", G2: "1-04"}, defend=G1)
    assert st.pending.kind == "CHOOSE_LOSSES"
    assert codes(engine.validate(st, answer(st, G2, G1))) == ["LOSS_ORDER"]
    assert engine.validate(st, answer(st, G1, "1/82")).legal
    done = apply(st, answer(st, G1, G1)).state
    assert status(done, G1)[:2] == (0, 2) and model(done).cadre(G1)  # three steps: two lost = cadre


def test_9_8_6_b_when_the_participants_run_out_the_rest_of_the_hex_pays() -> None:
    st = fight({US1: "0403", G1: "0404", "1/82": "0404", G2: "0404"}, "D(5)", [US1], "0404",
               chits={US1: "2-01", G1: "1-01", G2: "1-04"}, defend=G1)
    assert status(st, G1)[0] == ELIMINATED and status(st, "1/82")[0] == ELIMINATED
    assert status(st, G2)[:2] == (0, 1)  # the fifth step from the unit that sat out (7.2.2.B)


def test_9_8_7_an_attackers_losses_come_from_its_participating_tanks_first() -> None:
    st = fight({"10/5/20": "0403", "737/12": "0403", G1: "0404"}, "A(1)", ["10/5/20", "737/12"], "0404",
               chits={"10/5/20": "2-01", G1: "1-01"})
    assert status(st, "737/12")[0] == ELIMINATED and status(st, "10/5/20")[:2] == (0, 0)


def test_9_8_7_and_amb33_flexible_attacker_steps_tanks_first_by_default_free_with_mandatory_only() -> None:
    place = {"10/5/20": "0403", "737/12": "0403", G1: "0404"}
    st = fight(place, "A1", ["10/5/20", "737/12"], "0404", chits={"10/5/20": "2-01", G1: "1-01"})
    assert st.pending.kind == "RESULT_ALLOCATION"
    done = apply(st, answer(st, "s1r0")).state
    assert status(done, "737/12")[0] == ELIMINATED
    st = fight(place, "A1", ["10/5/20", "737/12"], "0404", chits={"10/5/20": "2-01", G1: "1-01"},
               options={"p3.amb33-tanks-first": "mandatory"})
    st = apply(st, answer(st, "s1r0")).state
    assert st.pending.kind == "CHOOSE_LOSSES" and engine.validate(st, answer(st, "10/5/20")).legal


def test_9_9_1_a_retreat_follows_the_priorities_and_the_victor_may_advance_into_the_vacated_hex() -> None:
    st = fight({US1: "0403", G1: "0404"}, "D1", [US1], "0404", chits={US1: "2-01", G1: "1-01"})
    st = apply(st, answer(st, "s0r1")).state
    g = model(st)
    assert st.pending.kind == "RETREAT" and st.pending.side == "german"
    dist = g.distance_to("us")
    ends = {o.path[-1] for o in st.pending.options}
    assert ends == {"0305", "0405", "0505"}  # two hexes from 0403; 0304 and 0504 are next to it
    assert all(dist[g.hex(e)] == 2 for e in ends)  # 9.9.1.D: the farthest from any enemy unit
    st = apply(st, answer(st, "p1")).state
    assert st.pending.kind == "ADVANCE" and st.pending.side == "us"
    assert status(st, G1)[2] != "0404"
    bad = answer(st, "advance", assignments=[action_pb2.Assignment(unit_id=US1, path=["0405"])])
    assert codes(engine.validate(st, bad)) == ["ADVANCE_PATH"]  # 9.9.5: the first hex is the vacated one
    good = answer(st, "advance", assignments=[action_pb2.Assignment(unit_id=US1, path=["0404"])])
    after = apply(st, good).state
    assert status(after, US1)[2] == "0404" and not after.pattons.HasField("combat")


def test_9_9_2_a_retreat_through_an_enemy_controlled_hex_costs_a_step() -> None:
    # The only free hex around 0404 is next to another US unit: the retreat enters its ZOC.
    place = {US1: "0403", G1: "0404", US2: "0505", "317/80/12": "0304", "318/80/12": "0305",
             "319/80/12": "0405", "320/35/12": "0606"}
    st = fight(place, "D1", [US1], "0404", chits={US1: "2-01", G1: "1-01"})
    g = model(st)
    free = [g.label(h) for h in g.hm.neighbours(g.hex("0404")) if not g.stack(h)]
    assert free == ["0504"] and g.zoc("us")[g.hex("0504")]
    done = apply(st, answer(st, "s0r1")).state
    assert status(done, G1)[2] == "0504" and status(done, G1)[1] == 1  # one step for the EZOC hex


def test_9_9_6_b_a_stack_retreating_off_the_map_is_eliminated() -> None:
    st = fight({US1: "0102", "317/80/12": "0201", G1: "0101"}, "D1", [US1], "0101",
               chits={US1: "2-01", G1: "1-01"})
    g = model(st)
    assert all(g.stack(h) for h in g.hm.neighbours(g.hex("0101")))
    assert st.pending.kind == "RESULT_ALLOCATION"
    done = apply(st, answer(st, "s0r1")).state  # the only retreat leaves the map
    assert status(done, G1)[0] == ELIMINATED


def test_9_9_6_a_tanks_and_mechanized_infantry_never_retreat_across_a_river_without_a_road() -> None:
    from adjudicator.rules.pattons import retreats

    st = at({"110/11": "0816", G1: "0916", US1: "0917"}, phase="german-combat")
    g = model(st)
    paths = retreats.paths(g, g.hex("0816"), 1, "german", ["110/11"], False)
    ends = {g.label(p.hexes[-1]) for p in paths}
    assert "0716" not in ends and "0717" not in ends
    foot = retreats.paths(g, g.hex("0916"), 1, "german", [G1], False)
    assert foot  # infantry may cross (the priorities choose among what is legal)


def test_9_9_7_a_breakthrough_the_attacker_picks_the_path_no_steps_instead_and_no_zoc() -> None:
    st = fight({US1: "0403", G1: "0404"}, "D2", [US1], "0404", bold=True, chits={US1: "2-01", G1: "1-01"})
    assert st.pending.kind == "RETREAT" and st.pending.side == "us"  # 9.9.7.B-1, and no RESULT_ALLOCATION
    done = apply(st, answer(st, st.pending.options[0].id)).state
    assert "no-zoc" in unit(done, G1).markers and done.pending.kind == "ADVANCE"
    assert "up to 3 hex" in done.pending.prompt  # two retreated + one (9.9.7.B-4)


def test_9_9_7_b_3_a_surrounded_defender_may_take_steps_in_a_breakthrough() -> None:
    place = {US1: "0403", G1: "0404", "317/80/12": "0304", "318/80/12": "0305", "319/80/12": "0405",
             "320/35/12": "0505"}
    st = fight(place, "D1", [US1], "0404", bold=True, chits={US1: "2-01", G1: "1-01"})
    g = model(st)
    assert all(g.zoc("us")[h] or g.stack(h, "us") for h in g.hm.neighbours(g.hex("0404")))
    assert st.pending.kind == "RESULT_ALLOCATION" and "s1r0" in [o.id for o in st.pending.options]


def test_9_9_3_a_unit_retreated_into_an_attacked_hex_adds_nothing_and_dies_on_an_adverse_result() -> None:
    st = fight({US1: "0403", G1: "0404", G2: "0404"}, "D1", [US1], "0404",
               chits={US1: "2-01", G1: "1-01", G2: "1-04"}, markers={G2: ["retreated-in", "tried"]})
    assert status(st, G2)[0] == ELIMINATED  # 9.9.3 (AMBIG-18: any D number is adverse)
    assert status(st, G1)[0] != ELIMINATED


def test_amb17_hexes_that_cannot_be_retreated_become_steps() -> None:
    place = {US1: "0403", G1: "0404", "317/80/12": "0304", "318/80/12": "0305", "319/80/12": "0405",
             "320/35/12": "0505", US2: "0504"}
    st = fight(place, "D2", [US1], "0404", chits={US1: "2-01", G1: "1-01"})
    g = model(st)
    assert not [h for h in g.hm.neighbours(g.hex("0404")) if not g.stack(h, "us")]
    assert not st.HasField("pending") and not st.pattons.HasField("combat")  # the only allocation: 2 steps
    assert g.cadre(G1) and steps_left(g, G1) == 1 and status(st, G1)[2] == "0404"
    st = fight(place, "D2", [US1], "0404", chits={US1: "2-01", G1: "1-01"},
               options={"p3.amb17-no-retreat": "eliminate"})
    assert sorted(o.id for o in st.pending.options) == ["s0r2", "s1r1", "s2r0"]
    done = apply(st, answer(st, "s0r2")).state
    assert status(done, G1)[0] == ELIMINATED  # 'eliminate': a stack that cannot retreat is eliminated


def test_9_9_5_infantry_advances_along_the_path_of_retreat_tanks_may_leave_it_after_the_first_hex() -> None:
    from adjudicator.rules.pattons import advance

    st = fight({"10/5/20": "0403", "737/12": "0403", G1: "0404"}, "D2", ["10/5/20", "737/12"], "0404",
               chits={"10/5/20": "2-01", G1: "1-01"})
    st = apply(st, answer(st, "s0r2")).state
    route = next(o for o in st.pending.options)
    st = apply(st, answer(st, route.id)).state
    assert st.pending.kind == "ADVANCE"
    g = model(st)
    path = tuple(g.hex(x) for x in route.path)
    foot = advance.options_for(g, "attacker", "10/5/20")
    assert foot == {(g.hex("0404"),), (g.hex("0404"), path[0])}  # 9.9.5: hex by hex along the path
    tank = advance.options_for(g, "attacker", "737/12")
    assert (g.hex("0404"),) in tank and len(tank) > len(foot)  # it may deviate after the first hex
    assert all(p[0] == g.hex("0404") for p in tank)
    off = [p for p in tank if len(p) == 2 and p[1] != path[0]]
    assert off
    done = apply(st, answer(st, "advance", assignments=[
        action_pb2.Assignment(unit_id="737/12", path=[g.label(h) for h in off[0]]),
        action_pb2.Assignment(unit_id="10/5/20", path=["0404"])])).state
    assert status(done, "737/12")[2] == g.label(off[0][1]) and status(done, "10/5/20")[2] == "0404"


def test_9_9_4_c_after_the_defenders_elimination_the_victor_advances_the_rest_of_the_obligation() -> None:
    st = fight({US1: "0403", "1/82": "0404"}, "D2", [US1], "0404", chits={US1: "2-01"})
    # the battalion has one step: it retreats (s0r2) or dies (s1r1 leaves one hex of obligation)
    st = apply(st, answer(st, "s1r1")).state
    assert status(st, "1/82")[0] == ELIMINATED and st.pending.kind == "ADVANCE"
    assert "up to 1 hex" in st.pending.prompt
