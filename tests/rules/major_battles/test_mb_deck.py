"""MB "The Movement Deck" ¶1-¶3 and each campaign's "Duration of Game"."""

from __future__ import annotations

from collections import Counter

import pytest

from adjudicator.rules.major_battles.deck import DECK_TABLE, GAME_ENDS
from tests.rules.major_battles.helpers import (
    R, act, card, codes, deck_table, end, fixed, labels, move, new, play_turn, verdict,
)

# SYNTHETIC movement deck (the real card values are not in the rulebook text).
SYNTH = [1, 2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5, 6, 7, 8, 9, 3, 4, 5, 6, 7, 8]


def test_movement_deck_example_6_then_15_then_11() -> None:
    # MB "The Movement Deck" ¶2: the American turns a 6 (6 MP), the German a 9 (9 + 6 = 15),
    # the American a 2 (2 + 9 = 11).
    st = new("illustration-1")
    assert st.major_battles.deck_mode == "physical" and st.segment == "card"
    st = act(st, card("us", 6)).state
    assert st.major_battles.mp_allowance == 6
    st = act(st, end("us")).state
    st = act(st, card("german", 9)).state
    assert st.major_battles.mp_allowance == 15
    st = act(st, end("german")).state
    st = act(st, card("us", 2)).state
    assert st.major_battles.mp_allowance == 11


def test_movement_deck_card_must_be_turned_before_moving() -> None:
    st = new("illustration-1")
    v = verdict(st, move("us", ["us-inf-02"], "C"))
    assert codes(v) == ["TURN_CARD_FIRST"] and labels(v) == ['MB "The Movement Deck" ¶1']


def test_movement_deck_dealt_when_table_complete() -> None:
    st = new("normandy", tables=deck_table(SYNTH))
    mb = st.major_battles
    assert mb.deck_mode == "dealt"
    us, de = mb.packs
    # Duration of Game: 12 to the American with Game Ends at the bottom, 11 to the German.
    assert len(us.face_down) == 13 and us.face_down[-1].id == GAME_ENDS
    assert len(de.face_down) == 11
    dealt = [c.value for c in list(us.face_down[:-1]) + list(de.face_down)]
    assert Counter(dealt) == Counter(SYNTH)
    # the shuffle went through the audited dice, with its purpose logged
    assert all(r.purpose.startswith("movement deck: shuffle") for r in st.dice_log) and len(st.dice_log) == 22


def test_movement_deck_face_down_order_hidden_from_both_views() -> None:
    st = new("normandy", tables=deck_table(SYNTH))
    for side in ("us", "german"):
        v = R.view(st, side)
        for pack in v.major_battles.packs:
            assert all(c.id in ("", GAME_ENDS) and not c.HasField("value") for c in pack.face_down)
        assert v.major_battles.packs[0].face_down[-1].id == GAME_ENDS  # public knowledge
        assert all(r.value == 0 for r in v.dice_log)  # the shuffle dice would reveal the order
    assert any(r.value for r in st.dice_log)  # the server keeps them
    st.seed = "ab" * 32  # once the seed is revealed they can be recomputed anyway: shown again
    assert [r.value for r in R.view(st, "us").dice_log] == [r.value for r in st.dice_log]


def test_movement_deck_engine_turns_cards_in_dealt_mode() -> None:
    sc = fixed("illustration-1", {})
    st = new(sc, tables=deck_table(SYNTH))
    us, de = st.major_battles.packs
    assert st.segment == "move"  # the engine turned the first card
    first = us.face_up[0].value
    assert st.major_battles.mp_allowance == first
    assert codes(verdict(st, card("us", first))) == ["NO_CARD_TO_TURN"]
    st = act(st, end("us")).state
    de_first = st.major_battles.packs[1].face_up[0].value
    assert st.major_battles.mp_allowance == de_first + first


def test_movement_deck_reuse_face_up_cards_without_shuffling() -> None:
    # ¶3: the German's 11 cards run out; on his 12th turn the face-up cards are turned over and used
    # again in the same order (option mb.recycle-order=same-order): first the card of his 1st turn.
    st = new(fixed("illustration-1", {}))
    us_values = [3, 5, 7, 2, 4, 6, 8, 1, 9, 3, 5, 7]
    de_values = [9, 8, 7, 6, 5, 4, 3, 2, 1, 9, 8]
    for t in range(11):
        st = play_turn(st, us_values[t])
        st = play_turn(st, de_values[t])
    st = play_turn(st, us_values[11])
    assert st.active_side == "german" and st.segment == "card" and st.turn == 12
    v = verdict(st, card("german", 4))
    assert codes(v) == ["CARD_VALUE_MISMATCH"] and labels(v) == ['MB "The Movement Deck" ¶3']
    applied = act(st, card("german", 9))
    assert "DECK_TURNED_OVER" in [e.kind for e in applied.events]
    st = applied.state
    assert st.major_battles.mp_allowance == 9 + us_values[11]
    assert st.major_battles.packs[1].turned_over == 1


def test_movement_deck_reuse_reversed_option() -> None:
    st = new(fixed("illustration-1", {}), options={"mb.recycle-order": "reversed"})
    for t in range(11):
        st = play_turn(st, 1)
        st = play_turn(st, t + 1)
    st = play_turn(st, 1)
    assert codes(verdict(st, card("german", 1))) == ["CARD_VALUE_MISMATCH"]
    assert verdict(st, card("german", 11)).legal


def test_duration_game_ends_card_gives_each_player_12_turns() -> None:
    # Normandy "Duration of Game": the Game Ends card at the bottom of the American pack.
    st = new(fixed("normandy", {}))
    turns: Counter[str] = Counter()
    while not st.finished:
        turns[st.active_side] += 1
        st = play_turn(st, 2)
    assert turns == {"us": 12, "german": 12}
    assert st.result.winner == "german"
    assert st.result.citation.label == 'MB "Special Rules for Breakout at Normandy" Objective ¶1'


def test_duration_sicily_has_no_game_ends_card() -> None:
    st = new(fixed("sicily", {"ax-inf-01": "messina"}))
    assert all(c.id != GAME_ENDS for p in st.major_battles.packs for c in p.face_down)
    for _ in range(13):
        st = play_turn(st, 2)
        st = play_turn(st, 3)
    assert not st.finished and st.turn == 14
    assert st.major_battles.packs[0].turned_over == 1  # the Allied 12 cards were used again


def test_physical_value_must_fit_the_known_part_of_the_deck() -> None:
    # A partially known table (SYNTHETIC): 22 known cards, one unknown. A 99 fits (the unknown card)
    # once, but a second card of 99 cannot exist.
    tables = deck_table(SYNTH[:22])
    st = new(fixed("illustration-1", {}), tables=tables)
    assert st.major_battles.deck_mode == "physical"
    st = act(st, card("us", 50)).state
    st = act(st, end("us")).state
    v = verdict(st, card("german", 50))
    assert codes(v) == ["CARD_VALUE_NOT_IN_DECK"]
    assert verdict(st, card("german", 9)).legal


def test_deck_table_bad_user_value_is_refused() -> None:
    from adjudicator.core.errors import MalformedInput

    ts = deck_table(SYNTH)
    ts.tables[0].cells[3].value = "seven"
    with pytest.raises(MalformedInput, match="c04"):
        new("illustration-1", tables=ts)
    assert ts.tables[0].id == DECK_TABLE
