"""Pieces as VASSAL builds them from an AddPiece text: trait chains, stacks, decks.

A `Piece` keeps its raw type and state strings and decodes them lazily (a
monster save has thousands of pieces and most are never inspected). Problems
VASSAL would stop on (a state with fewer levels than the type) are recorded on
the piece, so a lenient reader can keep going and a strict one can stop.
"""

from __future__ import annotations

from adjudicator.core.record import Record
from importers.vassal import chains
from importers.vassal.seqenc import decode, java_parse_int
from importers.vassal.traits import (
    BasicPieceView,
    PROPERTY_TRAITS,
    LayerView,
    Trait,
    basic_state_with_position,
    class_of,
    info,
    layer_state,
    prototype_ref,
    read_properties_levels,
)


class Piece:
    """One game piece (a trait chain over a BasicPiece), a Stack or a Deck."""

    __slots__ = ("id", "type", "state", "_tchain", "_schain", "_types", "_states", "_traits", "_basic", "_props",
                 "problems")

    def __init__(self, pid: str | None, type_text: str, state_text: str) -> None:
        self.id = pid
        self.type = type_text
        self.state = state_text
        self._tchain: chains.Chain | None = None
        self._schain: chains.Chain | None = None
        self._types: list[str] = []
        self._states: list[str] = []
        self._traits: list[Trait] | None = None
        self._basic: BasicPieceView | None = None
        self._props: dict[str, str] | None = None
        self.problems: list[str] = []

    # -- kind
    @property
    def kind(self) -> str:
        if self.type == "stack":
            return "stack"
        if self.type.startswith("deck;"):
            return "deck"
        return "piece"

    # -- chains
    def type_chain(self) -> chains.Chain:
        if self._tchain is None:
            self._tchain = chains.split_type_chain(self.type)  # shared: read-only
        return self._tchain

    def state_chain(self) -> chains.Chain:
        if self._schain is None:
            self._schain = chains.split_chain(self.state)
        return self._schain

    def _decode(self) -> None:
        types = self.type_chain().values
        n = len(types)
        states = chains.split_levels(self.state, n)
        if len(states) < n:
            self.problems.append(
                f"the type has {n} levels but the state only {len(states)} (VASSAL: no state for trait "
                f"{types[len(states) - 1][:40]!r})"
            )
            states = states + [""] * (n - len(states))
        self._types = types[: n - 1]
        self._states = states[: n - 1]
        basic_type = types[-1]
        if not basic_type.startswith("piece;") and not self.problems:
            self.problems.append(f"the innermost level is not a BasicPiece: {basic_type[:40]!r}")
        self._basic = BasicPieceView.read(basic_type, states[-1])

    @property
    def traits(self) -> list[Trait]:
        """The decorators, outermost first (the BasicPiece is `basic`)."""
        if self._traits is None:
            if self._basic is None:
                self._decode()
            self._traits = [Trait(i, t, s) for i, (t, s) in enumerate(zip(self._types, self._states))]
        return self._traits

    def levels(self) -> tuple[list[str], list[str]]:
        """(types, states) of the decorators, outermost first, without Trait objects."""
        if self._basic is None:
            self._decode()
        return self._types, self._states

    def has_trait(self, prefix: str) -> bool:
        """A decorator (not the BasicPiece) whose type starts with `prefix`:
        asked of the type chain, shared by every copy of a counter, once."""
        if prefix not in self.type:
            return False  # quick reject at C speed
        ch = self.type_chain()
        return any(i < len(ch.values) - 1 for i in ch.levels_starting((prefix,)))

    @property
    def basic(self) -> BasicPieceView:
        if self._basic is None:
            self._decode()
        assert self._basic is not None
        return self._basic

    @property
    def name(self) -> str:
        return self.properties().get("BasicName", self.basic.name)

    def properties(self) -> dict[str, str]:
        if self._props is None:
            types, states = self.levels()
            # The property traits' levels are the shared type chain's: found once per distinct type.
            # (A malformed chain's innermost level is no decorator: not in the plan.)
            n = len(types)
            plan = [i for i in reversed(self.type_chain().levels_starting(PROPERTY_TRAITS)) if i < n]
            self._props = read_properties_levels(types, states, self.basic, plan)
        return self._props

    def prototypes(self) -> list[str]:
        """Prototypes referenced by `prototype;` traits (not yet expanded)."""
        types, states = self.levels()
        return [prototype_ref(Trait(i, t, states[i]))[0] for i, t in enumerate(types) if t.startswith("prototype;")]

    def layers(self) -> list[tuple[int, LayerView]]:
        types, states = self.levels()
        return [(i, LayerView.read(Trait(i, t, states[i]))) for i, t in enumerate(types) if t.startswith("emb2;")]

    def layer(self, name: str) -> tuple[int, LayerView] | None:
        types, states = self.levels()
        for i, t in enumerate(types):
            if t.startswith("emb2;") and info(t).name == name:
                return i, LayerView.read(Trait(i, t, states[i]))
        return None

    def unknown_traits(self) -> list[str]:
        return [t.prefix for t in self.traits if class_of(t.prefix) == "unknown"]

    # -- state edits (return new state strings; the raw bytes of other levels are kept)
    def state_with_level(self, index: int, value: str) -> str:
        return chains.replace_level(self.state, len(self.levels()[0]) + 1, index, value)

    def state_with_layer(self, trait_index: int, value: int) -> str:
        old = self.levels()[1][trait_index]
        return self.state_with_level(trait_index, layer_state(old, value))

    def state_with_position(self, mapid: str | None, x: int, y: int) -> str:
        n = len(self.levels()[0])
        levels = chains.split_levels(self.state, n + 1)
        old = levels[n] if len(levels) > n else ""
        return self.state_with_level(n, basic_state_with_position(old, mapid, x, y))


class StackState(Record):
    """`map;x;y;id1;...;@@layer` (Stack.getState); ids bottom first."""

    __slots__ = ("map", "x", "y", "ids", "layer")

    map: str | None
    x: int
    y: int
    ids: list[str]
    layer: str | None  # raw "@@n" token, kept as written

    def __init__(self, map: str | None, x: int, y: int, ids: list[str], layer: str | None = None) -> None:
        self.map = map
        self.x = x
        self.y = y
        self.ids = ids
        self.layer = layer

    @classmethod
    def read(cls, state: str) -> "StackState":
        toks = decode(state, ";")
        mapid = toks[0] if toks else "null"
        x = _int(toks[1]) if len(toks) > 1 and mapid != "null" else 0
        y = _int(toks[2]) if len(toks) > 2 and mapid != "null" else 0
        rest = toks[3:] if mapid != "null" else toks[1:]
        ids = [t for t in rest if t and not t.startswith("@@")]
        layer = next((t for t in rest if t.startswith("@@")), None)
        return cls(None if mapid == "null" else mapid, x, y, ids, layer)

    def encode(self) -> str:
        from importers.vassal.seqenc import encode_str

        toks: list[str | None] = [self.map if self.map is not None else "null", str(self.x), str(self.y), *self.ids]
        if self.layer is not None:
            toks.append(self.layer)
        return encode_str(toks, ";")


class DeckState(Record):
    """`map;x;y;faceDown;id1,id2,...` (Deck.getState); ids in deck order."""

    __slots__ = ("map", "x", "y", "face_down", "ids", "name")

    map: str | None
    x: int
    y: int
    face_down: bool
    ids: list[str]
    name: str

    def __init__(
        self,
        map: str | None,
        x: int,
        y: int,
        face_down: bool,
        ids: list[str] | None = None,
        name: str = "",
    ) -> None:
        self.map = map
        self.x = x
        self.y = y
        self.face_down = face_down
        self.ids = [] if ids is None else ids
        self.name = name

    @classmethod
    def read(cls, type_text: str, state: str) -> "DeckState":
        toks = decode(state, ";")
        mapid = toks[0] if toks else "null"
        x = _int(toks[1]) if len(toks) > 1 else 0
        y = _int(toks[2]) if len(toks) > 2 else 0
        face_down = len(toks) > 3 and toks[3] == "true"
        ids = [i for i in decode(toks[4], ",") if i] if len(toks) > 4 and toks[4] else []
        tf = decode(type_text[len("deck;") :], ";")
        name = tf[12] if len(tf) > 12 else ""
        return cls(None if mapid == "null" else mapid, x, y, face_down, ids, name)


def _int(text: str) -> int:
    try:
        return java_parse_int(text)
    except ValueError:
        return 0
