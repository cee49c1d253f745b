"""Nordwind 10.1 set-up: the legal-action hints of the German set-up name the unit
and the hex, and ending the phase is not offered while units wait for a hex
(UNITS_TO_PLACE would refuse it) (issue 13)."""

from __future__ import annotations

from adjudicator.core import dice as dice_mod
from adjudicator.core import disclosure, engine
from adjudicator.core.position import Position
from adjudicator.core.ruleset import get_ruleset


def test_10_1_german_setup_hint_names_unit_and_hex_and_offers_no_end_phase_yet() -> None:
    rs = get_ruleset("nordwind-1945")
    st, _ = engine.new_game(rs, rs.load_scenario("nordwind-1945/historical"), game_id="t", options={},
                            tables=None, dice=dice_mod.HmacDice(b"\x01" * 32, "t", 0, 0))
    assert st.phase == "setup-german"
    hints = disclosure.legal_actions_for(Position(st), "german")
    assert [h.kind for h in hints] == ["place"]
    place = hints[0]
    unit, where = place.example.place.unit_ids[0], place.example.place.location
    assert place.description.startswith(f"place {unit} in {where} (")
    assert "waiting for a hex" in place.description
    refused = engine.validate(st, place.example.__class__(side="german", end_phase={}))
    assert "UNITS_TO_PLACE" in [v.code for v in refused.violations]
