"""The movement deck: dealing, turning cards, movement points, reuse of the
face-up cards and the "Game Ends" card (MB "The Movement Deck" ¶1-¶3 and each
campaign's "Duration of Game").

The card values are not in the rulebook text. The table
`major-battles/movement-deck` (23 rows, all unknown as shipped) can be filled
by a user; when every value is known the server shuffles and deals through
the audited dice and turns the cards itself ("dealt" mode). Otherwise the
players use their real deck and report each card's value ("physical" mode):
the engine then checks what it can (values of cards used again after a pack
was turned over, consistency with the values the table does know, the Game
Ends card at the bottom of the blue pack).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from pathlib import Path

from adjudicator.core.dice import DiceSource
from adjudicator.core.errors import MalformedInput
from adjudicator.core.verdicts import VerdictBuilder
from adjudicator.rules.major_battles import citations as C
from adjudicator.rules.major_battles import timing
from adjudicator.rules.major_battles.model import Card, Game, Pack
from umpire.v1 import action_pb2, tables_pb2

DECK_TABLE = "major-battles/movement-deck"
CARD_IDS = tuple(f"c{i:02d}" for i in range(1, 24))
GAME_ENDS = "game-ends"
# Not a rule: a sanity bound on a reported value, so a typo is caught.
MAX_REPORTED = 99


def known_values(tables: Iterable[tables_pb2.Table]) -> dict[str, int]:
    """Card id -> value for the cells of the deck table that are known."""
    out: dict[str, int] = {}
    for t in tables:
        if t.id != DECK_TABLE:
            continue
        for i, cell in enumerate(t.cells):
            if cell.unknown or cell.column != "value":
                continue
            v = cell.value.strip()
            if not v.isdigit() or int(v) > MAX_REPORTED:
                raise MalformedInput(f"card {cell.row} has value {cell.value!r}; a movement card shows a whole number",
                                     f"tables[{DECK_TABLE}].cells[{i}]")
            out[cell.row] = int(v)
    return out


def deal(
    blue: str, red: str, blue_cards: int, red_cards: int, game_ends: bool,
    tables: Iterable[tables_pb2.Table], dice: DiceSource,
) -> tuple[str, list[Pack]]:
    """Split the deck per the campaign ("Duration of Game"), the Game Ends card
    at the bottom of the blue pack. Returns (mode, packs)."""
    if blue_cards < 1 or red_cards < 1 or blue_cards + red_cards > len(CARD_IDS):
        raise MalformedInput(
            f"cannot deal {blue_cards} and {red_cards} cards from a deck of {len(CARD_IDS)} numbered cards",
            "scenario.major_battles",
        )
    values = known_values(tables)
    end = [Card(GAME_ENDS, None)] if game_ends else []
    if len(values) == len(CARD_IDS):
        # MB "The Movement Deck" ¶1: the cards are divided and each player shuffles his own;
        # one uniform shuffle of the whole deck then a deal is the same distribution.
        order = list(CARD_IDS)
        for i in range(len(order) - 1, 0, -1):
            j = dice.roll(i + 1, f"movement deck: shuffle, card {i + 1} of {len(order)}") - 1
            order[i], order[j] = order[j], order[i]
        cards = [Card(cid, values[cid]) for cid in order]
        return "dealt", [
            Pack(blue, cards[:blue_cards] + end, []),
            Pack(red, cards[blue_cards : blue_cards + red_cards], []),
        ]
    return "physical", [
        Pack(blue, [Card("", None) for _ in range(blue_cards)] + end, []),
        Pack(red, [Card("", None) for _ in range(red_cards)], []),
    ]


def _recycle_if_empty(g: Game, pack: Pack) -> None:
    """MB "The Movement Deck" ¶3: turn the face-up cards over, without shuffling."""
    if pack.face_down or not pack.face_up:
        return
    cards = list(pack.face_up)
    if g.opts.recycle_order == "reversed":
        cards.reverse()
    pack.face_down = cards
    pack.face_up = []
    pack.turned_over += 1
    g.emit("DECK_TURNED_OVER", f"{pack.side} turns over the face-up cards and uses them again, without shuffling",
           C.DECK_REUSE, side=pack.side)


def top_card(g: Game, side: str) -> Card | None:
    """The card `side` turns next (after any turning over), or None when its pack is empty."""
    pack = g.mb.pack(side)
    if pack.face_down:
        return pack.face_down[0]
    if pack.face_up:
        cards = pack.face_up if g.opts.recycle_order != "reversed" else list(reversed(pack.face_up))
        return cards[0]
    return None


def showing(g: Game, side: str) -> int:
    """Value of the card face up in front of `side` (0 before his first card)."""
    pack = g.mb.pack(side)
    if pack.face_up and pack.face_up[-1].value is not None:
        return pack.face_up[-1].value
    return 0


def validate_turn_card(g: Game, value: int, side: str, b: VerdictBuilder) -> None:
    if not timing.in_turn(g, side, "turn a movement card", b):
        return
    if g.segment != "card":
        why = "the engine turns the cards (dealt deck)" if g.mb.deck_mode == "dealt" else "the card is already turned"
        b.violation("NO_CARD_TO_TURN", f"no card to turn now: {why}", C.DECK)
        return
    card = top_card(g, side)
    if card is None:
        b.violation("NO_CARD_TO_TURN", f"{side} has no movement cards", C.DECK)
        return
    if value < 0 or value > MAX_REPORTED:
        b.violation("CARD_VALUE_IMPLAUSIBLE", f"{value} is not a value printed on a movement card", C.DECK)
        return
    if card.value is not None:
        if card.value != value:
            b.violation(
                "CARD_VALUE_MISMATCH",
                f"the card {side} turns now is the {card.value} used before (face-up cards are reused "
                f"without shuffling), not {value}",
                C.DECK_REUSE,
            )
        return
    problem = inconsistent_with_table(g, value)
    if problem:
        b.violation("CARD_VALUE_NOT_IN_DECK", problem, C.DECK)


def inconsistent_with_table(g: Game, value: int) -> str:
    """A reported value must fit the deck: every card turned so far is a
    different physical card, so the values seen must be a sub-multiset of the
    table's known values plus its unknown cells."""
    known = Counter(known_values(g.state.scenario.definition.tables).values())
    unknown = len(CARD_IDS) - sum(known.values())
    seen: Counter[int] = Counter()
    for p in g.mb.packs:
        for c in p.face_down + p.face_up:
            if c.id != GAME_ENDS and c.value is not None:
                seen[c.value] += 1
    seen[value] += 1
    excess = sum(max(0, n - known[v]) for v, n in seen.items())
    if excess > unknown:
        return (f"a card of {value} does not fit the deck: the table knows the values "
                f"{sorted(known.elements())} and only {unknown} unknown card(s)")
    return ""


def turn_card(g: Game, side: str, value: int | None) -> bool:
    """Turn `side`'s next card and set the turn's movement points (MB "The
    Movement Deck" ¶1). Returns False when the card is "Game Ends"."""
    pack = g.mb.pack(side)
    _recycle_if_empty(g, pack)
    if not pack.face_down:
        raise MalformedInput(f"{side} has no movement cards left", "state.major_battles.packs")
    card = pack.face_down[0]
    if card.id == GAME_ENDS:
        return False
    pack.face_down.pop(0)
    if card.value is None:
        if value is None:
            raise MalformedInput("the card's value is not known: give it with turn_card", "action")
        card = Card(card.id, value)
    pack.face_up.append(card)
    other = showing(g, g.other(side))
    g.mb.mp_allowance = card.value + other if card.value is not None else other
    g.mb.mp_spent = 0
    g.segment = "move"
    g.emit(
        "CARD_TURNED",
        f"{side} turns a {card.value}" + (f" + the {other} showing in front of {g.other(side)}" if other else "")
        + f": {g.mb.mp_allowance} movement points",
        C.DECK,
        side=side,
    )
    return True


def apply_turn_card(g: Game, action: action_pb2.Action) -> None:
    turn_card(g, action.side, action.major_battles.turn_card.value)
