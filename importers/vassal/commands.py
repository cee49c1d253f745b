"""The leaf commands of saves and logs: classification and typed fields
(research notes §3.4). Anything not listed is kept as raw text by the readers.
"""

from __future__ import annotations

from adjudicator.core.record import FrozenRecord
from importers.vassal import seqenc
from importers.vassal.chains import split_spans, token_value

# kinds
NULL = "null"
BEGIN = "begin_save"
END = "end_save"
ADD = "add"
REMOVE = "remove"
CHANGE = "change"
MOVE = "move"
CHAT = "chat"
BOARDS = "boards"
PLAYER = "player"
PLAYER_REMOVE = "player-remove"
GLOBAL_PROPERTY = "global-property"
MUTABLE_PROPERTY = "mutable-property"
TURN = "turn"
SETUP_STACK = "setup-stack"
NOTES = "notes"
LOG = "log"
UNDO = "undo"
OTHER = "other"

_PREFIXES: list[tuple[str, str]] = [
    ("+/", ADD),
    ("-/", REMOVE),
    ("D/", CHANGE),
    ("M/", MOVE),
    ("LOG\t", LOG),
    ("UNDO\t", UNDO),
    ("CHAT", CHAT),
    ("PLAYER\t", PLAYER),
    ("PYREMOVE\t", PLAYER_REMOVE),
    ("GlobalProperty\t", GLOBAL_PROPERTY),
    ("MutableProperty\t", MUTABLE_PROPERTY),
    ("SETUP_STACK\t", SETUP_STACK),
    ("NOTES\t", NOTES),
    ("PNOTES\t", NOTES),
    ("PNOTE\t", NOTES),
    ("SNOTE\t", NOTES),
    ("TURN", TURN),
]

# Other leaves VASSAL writes, named for summaries (kept raw).
NAMED_OTHERS = ("DECK\t", "SHOW_RESULTS\t", "UNMASK\t", "SGKC\t", "CLOCK\t", "CLOCKCONTROL\t", "EXT\t", "FLARE",
                "LOS\t", "DECKREPOS", "LOCKSPOTAB", "AUDIO\t", "CHECK\t")


def kind_of(text: str) -> str:
    if text == "":
        return NULL
    if text == "begin_save":
        return BEGIN
    if text == "end_save":
        return END
    for prefix, kind in _PREFIXES:
        if text.startswith(prefix):
            if kind == TURN and "\t" not in text:
                return OTHER
            return kind
    head = text.split("\t", 1)[0]
    if head.endswith("BoardPicker") and "\t" in text or text.endswith("BoardPicker"):
        return BOARDS
    return OTHER


def other_label(text: str) -> str:
    """A short name for a raw leaf (for summaries)."""
    for p in NAMED_OTHERS:
        if text.startswith(p):
            return p.strip("\t")
    head = text.split("\t", 1)[0]
    return head[:24] if head else "(empty)"


def _fields(body: str, delim: str = "/") -> list[str]:
    return [token_value(body[a:b], delim) for a, b in split_spans(body, delim)]


def _none(v: str) -> str | None:
    return None if v == "null" else v


class Move(FrozenRecord):
    """`M/id/newMap/newX/newY/newUnder/oldMap/oldX/oldY/oldUnder/playerId`."""

    __slots__ = ("id", "new_map", "new_x", "new_y", "new_under", "old_map", "old_x", "old_y", "old_under", "player")

    id: str | None
    new_map: str | None
    new_x: int
    new_y: int
    new_under: str | None
    old_map: str | None
    old_x: int
    old_y: int
    old_under: str | None
    player: str

    def __init__(
        self,
        id: str | None,
        new_map: str | None,
        new_x: int,
        new_y: int,
        new_under: str | None,
        old_map: str | None,
        old_x: int,
        old_y: int,
        old_under: str | None,
        player: str,
    ) -> None:
        object.__setattr__(self, "id", id)
        object.__setattr__(self, "new_map", new_map)
        object.__setattr__(self, "new_x", new_x)
        object.__setattr__(self, "new_y", new_y)
        object.__setattr__(self, "new_under", new_under)
        object.__setattr__(self, "old_map", old_map)
        object.__setattr__(self, "old_x", old_x)
        object.__setattr__(self, "old_y", old_y)
        object.__setattr__(self, "old_under", old_under)
        object.__setattr__(self, "player", player)

    @classmethod
    def parse(cls, text: str) -> "Move":
        f = _fields(text[2:])
        if len(f) < 9:
            raise ValueError(f"a move needs 9 fields, found {len(f)}")
        return cls(_none(f[0]), _none(f[1]), seqenc.java_parse_int(f[2]), seqenc.java_parse_int(f[3]), _none(f[4]),
                   _none(f[5]), seqenc.java_parse_int(f[6]), seqenc.java_parse_int(f[7]), _none(f[8]),
                   f[9] if len(f) > 9 else "")

    def encode(self) -> str:
        def n(v: str | None) -> str:
            return "null" if v is None else v

        return "M/" + seqenc.encode_str(
            [n(self.id), n(self.new_map), str(self.new_x), str(self.new_y), n(self.new_under), n(self.old_map),
             str(self.old_x), str(self.old_y), n(self.old_under), self.player], "/")


class Change(FrozenRecord):
    """`D/id/newState[/oldState]`."""

    __slots__ = ("id", "new_state", "old_state")

    id: str
    new_state: str
    old_state: str | None

    def __init__(self, id: str, new_state: str, old_state: str | None) -> None:
        object.__setattr__(self, "id", id)
        object.__setattr__(self, "new_state", new_state)
        object.__setattr__(self, "old_state", old_state)

    @classmethod
    def parse(cls, text: str) -> "Change":
        f = _fields(text[2:])
        if len(f) < 2:
            raise ValueError("a change needs an id and a state")
        return cls(f[0], f[1], f[2] if len(f) > 2 else None)


class Player(FrozenRecord):
    """`PLAYER\\tplayerId\\tplayerName\\tside`; the id is the user's password."""

    __slots__ = ("id", "name", "side")

    id: str
    name: str
    side: str

    def __init__(self, id: str, name: str, side: str) -> None:
        object.__setattr__(self, "id", id)
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "side", side)

    @classmethod
    def parse(cls, text: str) -> "Player":
        f = seqenc.decode(text, "\t")
        return cls(f[1] if len(f) > 1 else "", f[2] if len(f) > 2 else "", f[3] if len(f) > 3 else "")


class GlobalProperty(FrozenRecord):
    """`GlobalProperty\\t;name;value;containerId`."""

    __slots__ = ("name", "value", "container")

    name: str
    value: str
    container: str

    def __init__(self, name: str, value: str, container: str) -> None:
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "value", value)
        object.__setattr__(self, "container", container)

    @classmethod
    def parse(cls, text: str) -> "GlobalProperty":
        f = seqenc.decode(text[len("GlobalProperty\t"):], ";")
        return cls(f[1] if len(f) > 1 else "", f[2] if len(f) > 2 else "", f[3] if len(f) > 3 else "")


class Turn(FrozenRecord):
    """`TURN<trackerId>\\t<state>`: state is `|`-list [currentLevel, level states...]."""

    __slots__ = ("tracker", "state")

    tracker: str
    state: str

    def __init__(self, tracker: str, state: str) -> None:
        object.__setattr__(self, "tracker", tracker)
        object.__setattr__(self, "state", state)

    @classmethod
    def parse(cls, text: str) -> "Turn":
        head, _, state = text.partition("\t")
        return cls(head[len("TURN"):], state)

    def level_values(self) -> list[str]:
        """The `current` field of each level (first field of each level state)."""
        parts = seqenc.decode(self.state, "|")
        return [seqenc.decode(p, ";")[0] for p in parts[1:]]


def log_payload(text: str) -> str:
    return text[4:] if text.startswith("LOG\t") else text
