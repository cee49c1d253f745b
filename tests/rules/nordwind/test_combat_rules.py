"""Who may attack (6.1, 7.3, 9), strengths and modifiers (6.2-6.4)."""

from __future__ import annotations

from adjudicator.core import engine
from tests.rules.nordwind.examples import U, attack, edited, new_state, play, unit_state


def _codes(st, action) -> list[str]:  # type: ignore[no-untyped-def]
    return [v.code for v in engine.validate(st, action).violations]


def _cast() -> list[U]:
    return [
        U("A1", "german", "1005", strength=4, quality="C"),
        U("A2", "german", "0903", strength=4, quality="C"),
        U("W", "german", "1004", type="rocket-launcher", tags=["artillery"], strength=1, quality="C"),
        U("D1", "allied", "1006", strength=4, quality="D"),
    ]


def test_6_1_who_may_attack() -> None:
    st = new_state(_cast(), phase="german-combat")
    assert _codes(st, attack("german", "1006", ["A2"])) == ["NOT_ADJACENT"]
    assert _codes(st, attack("german", "1005", ["A1"])) == ["NO_ENEMY"]
    assert _codes(st, attack("allied", "1005", ["D1"])) == ["NOT_YOUR_TURN"]
    assert _codes(st, attack("german", "1006", ["A1"], ["W"])) == []
    assert _codes(st, attack("german", "1006", ["A1", "W"])) == ["ARTILLERY_SUPPORTS"]  # AMB-15: a shift, no strength
    st = edited(st)
    unit_state(st, "W").location = "1304"
    assert _codes(st, attack("german", "1006", ["A1"], ["W"])) == ["OUT_OF_RANGE"]  # 1.4: range 2
    assert _codes(st, attack("german", "1006", ["A1"], ["air"])) == ["NO_AIR_MISSION"]  # 9.2: overcast


def test_6_1_each_unit_and_hex_once_per_phase() -> None:
    from tests.rules.nordwind.examples import play, synthetic_crt

    st = new_state(_cast() + [U("A3", "german", "1107", strength=2, quality="C")], phase="german-combat",
                   tables=synthetic_crt("1/1"))
    st = play(st, attack("german", "1006", ["A1"]), [4, 4, 1]).state
    while st.HasField("pending"):  # let the defender hold, the attacker take its loss
        from tests.rules.nordwind.examples import answer

        st = play(st, answer(st, [st.pending.options[-1].id] if st.pending.options else [])).state
    assert "HEX_ALREADY_ATTACKED" in _codes(st, attack("german", "1006", ["A3"]))
    assert "ALREADY_ATTACKED" in _codes(st, attack("german", "1006", ["A1"]))


def test_7_3_unsupplied_units_cannot_attack_isolated_attack_at_half() -> None:
    st = new_state(_cast(), phase="german-combat")
    unit_state(st, "A1").markers.append("unsupplied")
    assert _codes(st, attack("german", "1006", ["A1"])) == ["UNSUPPLIED"]
    st2 = new_state([U("A1", "german", "1005", strength=5, quality="C"), U("D1", "allied", "1006", strength=2,
                                                                           quality="D")], phase="german-combat")
    unit_state(st2, "A1").markers.append("isolated")
    v = engine.validate(st2, attack("german", "1006", ["A1"]))
    assert v.combat.attack_strength == 3  # half of 5, rounded up
    assert any(n.citation.rule_case == "7.3" for n in v.combat.notes)
    unit_state(st2, "D1").markers.append("unsupplied")
    unit_state(st2, "A1").markers.remove("isolated")
    assert engine.validate(st2, attack("german", "1006", ["A1"])).combat.defense_strength == 1


def test_6_4_ratio_rounding_and_clamping() -> None:
    st = new_state([U("A1", "german", "1005", strength=13, quality="C"),
                    U("D1", "allied", "1006", strength=5, quality="D")], phase="german-combat")
    assert engine.validate(st, attack("german", "1006", ["A1"])).combat.base_column == "2/1"  # 6.4 example
    st = new_state([U("A1", "german", "1005", strength=5, quality="C"),
                    U("D1", "allied", "1006", strength=12, quality="D")], phase="german-combat")
    assert engine.validate(st, attack("german", "1006", ["A1"])).combat.base_column == "1/3"
    st = new_state([U("A1", "german", "1005", strength=30, quality="C"),
                    U("D1", "allied", "1006", strength=2, quality="D")], phase="german-combat")
    v = engine.validate(st, attack("german", "1006", ["A1"]))
    assert v.combat.base_column == "15/1"  # off the table: the shifts move a virtual column (AMB-20)
    assert {o.result for o in v.combat.outcomes if not o.result.startswith("unknown")} <= {"-/R1"}  # 8/1 row 1


def test_6_4_amb20_19_against_2_in_difficult_terrain_is_fought_on_7_1() -> None:
    """6.4 rounds the ratio in the defender's favour; AMB-20 keeps a ratio above
    8/1 as a virtual column the shifts move before the final clamp. 19 against 2
    is 9.5/1: the virtual 9/1 (not 10/1). The defender's Difficult hex gives two
    columns to the left: 7/1 before and, with quality dice that shift nothing,
    after the quality rolls. Rounding 9.5 up would have fought on 8/1.
    SYNTHETIC: the strengths and the Difficult hex 1006 on the illustrative map."""
    st = new_state([U("A1", "german", "1005", strength=19, quality="C"),
                    U("D1", "allied", "1006", strength=2, quality="C")], phase="german-combat")
    st.scenario.definition.map.hex.hexes.add(id="1006", terrain="difficult")
    v = engine.validate(st, attack("german", "1006", ["A1"]))
    assert v.legal and v.combat.base_column == "9/1"
    assert [s.columns for s in v.combat.shifts if s.kind == "terrain"] == [-2]
    assert any(n.text.startswith("column before the quality rolls: 7/1 (-2)") for n in v.notes), list(v.notes)
    resolved = play(st, attack("german", "1006", ["A1"]), [3, 3, 1])  # quality C die 3: no shift either side
    c = resolved.state.nordwind.combat
    assert (c.base_column, c.net_shift, c.column) == ("9/1", -2, "7/1")


def test_example_2_terrain_crest_and_concentric_attack() -> None:
    """Example 2: difficult terrain, one attacker across a crest: -3; the defender is
    surrounded by German units or their ZoC, a US unit (179/45) in one of those hexes
    not preventing the ZoC of 59/19 from acting: +1."""
    from adjudicator.core.hexmap import compile_map
    from adjudicator.rules.nordwind import data

    gm = type(data.game_map())()
    gm.CopyFrom(data.game_map())
    gm.hex.hexes.add(id="1506", terrain="difficult")  # SYNTHETIC placement of the example's terrain
    gm.hex.hexsides.add(a="1505", b="1506", features=["crest"])
    hm = compile_map(gm)
    d = hm.hex_id("1506")
    a1, a2 = hm.hex_id("1505"), hm.hex_id("1406")
    covered = {a1, a2} | set(hm.neighbours(a1)) | set(hm.neighbours(a2))
    open_ = [h for h in hm.neighbours(d) if h not in covered]
    last = open_[-1]
    zoc_source = next(h for h in hm.neighbours(last) if hm.distance(h, d) == 2 and h not in covered)
    cast = [U("D", "allied", "1506", strength=2, quality="D"),
            U("A1", "german", "1505", strength=4, quality="C"), U("A2", "german", "1406", strength=4, quality="C"),
            U("179/45", "allied", hm.labels[last], strength=2, quality="D"),
            U("59/19", "german", hm.labels[zoc_source], strength=3, quality="C")]
    cast += [U(f"G{i}", "german", hm.labels[h], strength=2, quality="C") for i, h in enumerate(open_[:-1])]
    st = new_state(cast, phase="german-combat")
    st.scenario.definition.map.CopyFrom(gm)
    v = engine.validate(st, attack("german", "1506", ["A1", "A2"]))
    terrain = sorted(s.columns for s in v.combat.shifts if s.kind == "terrain")
    assert terrain == [-2, -1]  # difficult -2, crest -1 (one of the two attacks across it): -3
    assert [(s.kind, s.columns) for s in v.combat.shifts if s.kind == "concentric"] == [("concentric", 1)]
    # Without 59/19 the hex of 179/45 is neither German-held nor in German ZoC: no concentric bonus.
    st2 = new_state([u for u in cast if u.id != "59/19"], phase="german-combat")
    st2.scenario.definition.map.CopyFrom(gm)
    v2 = engine.validate(st2, attack("german", "1506", ["A1", "A2"]))
    assert not [s for s in v2.combat.shifts if s.kind == "concentric"]
