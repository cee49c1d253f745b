"""The Python working model of a Major Battles game.

Why a model instead of reading the protobuf state directly: with the upb
backend every field access costs 0.2-0.5 us, so scanning 400 units on each
`validate` would alone blow the 100 us budget. A `Game` is read from a state
once per `Position` (the ruleset's `compile`); `validate` only reads it.
`apply` works on a writable `Game` over a private copy of the state: a copy
of the position's read-only model (`writable_copy`: its Python objects copied,
not read again from the protobuf state, which costs half of an apply), changes
it and writes the changes into that private state (`to_state`); the argument
state and its model are never touched, and the changed `Game` becomes the
read-only model of the new state (`readonly_copy`).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Optional, cast

from adjudicator.core.errors import MalformedInput
from adjudicator.rules.major_battles.board import Board, board_of
from adjudicator.rules.major_battles.options import MajorBattlesOptions
from umpire.v1 import common_pb2, definition_pb2, major_battles_pb2 as mbp, state_pb2

ARMOR = "armor"
INFANTRY = "infantry"
ON_MAP = state_pb2.UnitState.ON_MAP
OFF_MAP = state_pb2.UnitState.OFF_MAP
ELIMINATED = state_pb2.UnitState.ELIMINATED
WITHDRAWN = state_pb2.UnitState.WITHDRAWN

# Unit markers the rules read (all cleared when the turn they belong to ends,
# except "trapped", which lasts until Bastogne is relieved).
LANDED = "landed"  # landed this turn: no road moves (Sicily)
RETREATED_IN = "retreated-in"  # joined a town still under attack (MB "Retreating" ¶5)
TRAPPED = "trapped"  # Bulge: in Bastogne, not yet relieved
ROAD_MARK = "road:"  # prefix: road segments used this turn (distinct-units counting)
OUTSIDE_MARK = "outside:"  # derived on write: the town the unit's stack is outside of


@dataclass
class Unit:
    id: str
    side: str
    kind: str
    status: int
    loc: str
    markers: list[str]
    reserve: bool = False

    @property
    def on_map(self) -> bool:
        return self.status == ON_MAP


@dataclass(frozen=True)
class Card:
    id: str
    value: Optional[int]


@dataclass
class Pack:
    side: str
    face_down: list[Card]
    face_up: list[Card]
    turned_over: int = 0


@dataclass
class Approach:
    target: str
    road: str
    frm: str
    unit_ids: list[str]
    area: str = ""
    retreating: bool = False


@dataclass
class Battle:
    target: str
    kind: str
    attacker: str
    defender: str
    attacker_units: list[str]
    defender_units: list[str]
    defender_bonus_dice: int = 0
    round: int = 1
    attacker_dice: int = 0
    defender_dice: int = 0
    attacker_total: int = 0
    defender_total: int = 0
    attacker_faces: list[int] = field(default_factory=list)
    defender_faces: list[int] = field(default_factory=list)
    attacker_casualties: int = 0
    defender_casualties: int = 0
    stage: str = ""
    retreating_units: list[str] = field(default_factory=list)
    voluntary_retreat: bool = False


@dataclass
class Defection:
    town: str
    number: int
    unit_ids: list[str]
    turn: int


@dataclass
class MB:
    campaign: str = ""
    deck_mode: str = ""
    packs: list[Pack] = field(default_factory=list)
    mp_allowance: int = 0
    mp_spent: int = 0
    road_use: dict[str, int] = field(default_factory=dict)
    area_use: dict[str, int] = field(default_factory=dict)
    battles_started: bool = False
    approaches: list[Approach] = field(default_factory=list)
    battle: Optional[Battle] = None
    battle_queue: list[str] = field(default_factory=list)
    turns_started: dict[str, int] = field(default_factory=dict)
    setup_done: list[str] = field(default_factory=list)
    board_digest: str = ""
    decisions_asked: int = 0
    end_step: str = ""
    bastogne_relieved: bool = False
    wiltz_occupied: bool = False
    wiltz_held: bool = False
    messina_occupied: bool = False
    defection_pending: list[str] = field(default_factory=list)
    defection_chart: list[Defection] = field(default_factory=list)
    red_reserve_entries: int = 0
    reserve_serial: int = 0

    def pack(self, side: str) -> Pack:
        for p in self.packs:
            if p.side == side:
                return p
        raise MalformedInput(f"no movement-card pack for side {side!r}", "state.major_battles.packs")

    @property
    def mp_left(self) -> int:
        return self.mp_allowance - self.mp_spent


def mb_from_proto(m: mbp.MajorBattlesState) -> MB:
    def card(c: mbp.MbCard) -> Card:
        return Card(c.id, c.value if c.HasField("value") else None)

    battle = None
    if m.HasField("battle"):
        b = m.battle
        battle = Battle(
            b.target, b.kind, b.attacker, b.defender, list(b.attacker_units), list(b.defender_units),
            b.defender_bonus_dice, b.round, b.attacker_dice, b.defender_dice, b.attacker_total,
            b.defender_total, list(b.attacker_faces), list(b.defender_faces), b.attacker_casualties,
            b.defender_casualties, b.stage, list(b.retreating_units), b.voluntary_retreat,
        )
    return MB(
        campaign=m.campaign,
        deck_mode=m.deck_mode,
        packs=[
            Pack(p.side, [card(c) for c in p.face_down], [card(c) for c in p.face_up], p.turned_over)
            for p in m.packs
        ],
        mp_allowance=m.mp_allowance,
        mp_spent=m.mp_spent,
        road_use=dict(sorted(m.road_use.items())),
        area_use=dict(sorted(m.area_use.items())),
        battles_started=m.battles_started,
        approaches=[
            Approach(a.target, a.road, getattr(a, "from"), list(a.unit_ids), a.area, a.retreating)
            for a in m.approaches
        ],
        battle=battle,
        battle_queue=list(m.battle_queue),
        turns_started=dict(sorted(m.turns_started.items())),
        setup_done=list(m.setup_done),
        board_digest=m.board_digest,
        decisions_asked=m.decisions_asked,
        end_step=m.end_step,
        bastogne_relieved=m.bastogne_relieved,
        wiltz_occupied=m.wiltz_occupied,
        wiltz_held=m.wiltz_held,
        messina_occupied=m.messina_occupied,
        defection_pending=list(m.defection_pending),
        defection_chart=[Defection(d.town, d.number, list(d.unit_ids), d.turn) for d in m.defection_chart],
        red_reserve_entries=m.red_reserve_entries,
        reserve_serial=m.reserve_serial,
    )


def mb_to_proto(mb: MB) -> mbp.MajorBattlesState:
    def card(c: Card) -> mbp.MbCard:
        out = mbp.MbCard(id=c.id)
        if c.value is not None:
            out.value = c.value
        return out

    m = mbp.MajorBattlesState(
        campaign=mb.campaign,
        deck_mode=mb.deck_mode,
        mp_allowance=mb.mp_allowance,
        mp_spent=mb.mp_spent,
        battles_started=mb.battles_started,
        battle_queue=mb.battle_queue,
        setup_done=mb.setup_done,
        board_digest=mb.board_digest,
        decisions_asked=mb.decisions_asked,
        end_step=mb.end_step,
        bastogne_relieved=mb.bastogne_relieved,
        wiltz_occupied=mb.wiltz_occupied,
        wiltz_held=mb.wiltz_held,
        messina_occupied=mb.messina_occupied,
        defection_pending=mb.defection_pending,
        red_reserve_entries=mb.red_reserve_entries,
        reserve_serial=mb.reserve_serial,
    )
    for p in mb.packs:
        m.packs.add(
            side=p.side,
            face_down=[card(c) for c in p.face_down],
            face_up=[card(c) for c in p.face_up],
            turned_over=p.turned_over,
        )
    for k, v in mb.road_use.items():
        m.road_use[k] = v
    for k, v in mb.area_use.items():
        m.area_use[k] = v
    for k, v in mb.turns_started.items():
        m.turns_started[k] = v
    for a in mb.approaches:
        ap = m.approaches.add(target=a.target, road=a.road, unit_ids=a.unit_ids, area=a.area, retreating=a.retreating)
        setattr(ap, "from", a.frm)
    if mb.battle is not None:
        b = mb.battle
        m.battle.CopyFrom(
            mbp.MbBattle(
                target=b.target, kind=b.kind, attacker=b.attacker, defender=b.defender,
                attacker_units=b.attacker_units, defender_units=b.defender_units,
                defender_bonus_dice=b.defender_bonus_dice, round=b.round, attacker_dice=b.attacker_dice,
                defender_dice=b.defender_dice, attacker_total=b.attacker_total, defender_total=b.defender_total,
                attacker_faces=b.attacker_faces, defender_faces=b.defender_faces,
                attacker_casualties=b.attacker_casualties, defender_casualties=b.defender_casualties,
                stage=b.stage, retreating_units=b.retreating_units, voluntary_retreat=b.voluntary_retreat,
            )
        )
    for d in mb.defection_chart:
        m.defection_chart.add(town=d.town, number=d.number, unit_ids=d.unit_ids, turn=d.turn)
    return m


class Game:
    """One game's state as Python objects, plus the compiled board and options."""

    def __init__(self, state: state_pb2.GameState, board: Board, mutable: bool) -> None:
        self.state = state
        self.board = board
        self.mutable = mutable
        sc = state.scenario
        ext = sc.major_battles
        self.blue = ext.blue_side
        self.red = ext.red_side
        self.sides = (self.blue, self.red)
        self.fixed_setup = ext.fixed_setup
        self.opts = MajorBattlesOptions(state.options)
        self.turn = state.turn
        self.phase = state.phase
        self.segment = state.segment
        self.active = state.active_side
        self.finished = state.finished
        self.result: Optional[state_pb2.GameResult] = None
        if state.HasField("result"):
            self.result = state_pb2.GameResult()
            self.result.CopyFrom(state.result)
        self.pending: Optional[state_pb2.Decision] = None
        if state.HasField("pending"):
            self.pending = state_pb2.Decision()
            self.pending.CopyFrom(state.pending)
        kinds: dict[str, tuple[str, bool]] = {}
        for d in sc.definition.units:
            kinds[d.id] = (d.type, d.props.get("reserve") == "true")
        self.units: dict[str, Unit] = {}
        for us in state.units:
            kind, reserve = kinds.get(us.unit_id, ("", False))
            markers = [m for m in us.markers if not m.startswith(OUTSIDE_MARK)]
            self.units[us.unit_id] = Unit(us.unit_id, us.side, kind, us.status, us.location, markers, reserve)
        self.mb = mb_from_proto(state.major_battles)
        self.campaign = self.mb.campaign
        self.events: list[state_pb2.Event] = []
        self.new_defs: list[definition_pb2.Unit] = []
        self._town_index: Optional[dict[str, list[str]]] = None
        self._outside: Optional[dict[str, Approach]] = None
        # What `to_state` wrote as `state.units` when this model's state was
        # written from a model (write_units); None for a state read from elsewhere.
        self._written: Optional[list[UnitRow]] = None
        # Whether any unit hides attributes from the enemy (then a side's view
        # is compiled afresh, view_model); only new definitions can change it.
        self.hides = any(d.hidden_from_enemy for d in sc.definition.units)

    # -- derived indexes (rebuilt lazily after changes)
    def touch(self) -> None:
        self._town_index = None
        self._outside = None

    @property
    def outside(self) -> dict[str, Approach]:
        """Unit id -> the stack outside a town it belongs to."""
        if self._outside is None:
            self._outside = {uid: a for a in self.mb.approaches for uid in a.unit_ids}
        return self._outside

    def _index(self) -> dict[str, list[str]]:
        if self._town_index is None:
            idx: dict[str, list[str]] = {}
            outside = self.outside
            for u in self.units.values():
                if u.status == ON_MAP and u.id not in outside:
                    idx.setdefault(u.loc, []).append(u.id)
            self._town_index = idx
        return self._town_index

    def town_units(self, town: str) -> list[Unit]:
        return [self.units[i] for i in self._index().get(town, ())]

    def occupant(self, town: str) -> str:
        ids = self._index().get(town)
        return self.units[ids[0]].side if ids else ""

    def occupied_towns(self, side: str) -> list[str]:
        return sorted(t for t, ids in self._index().items() if ids and self.units[ids[0]].side == side and t in self.board.towns)

    def other(self, side: str) -> str:
        return self.red if side == self.blue else self.blue

    def approaches_at(self, target: str) -> list[Approach]:
        return [a for a in self.mb.approaches if a.target == target]

    # -- effects
    def emit(
        self,
        kind: str,
        text: str,
        *citations: common_pb2.Citation,
        units: list[str] | None = None,
        frm: str = "",
        to: str = "",
        dice: list[common_pb2.DieRoll] | None = None,
        side: str = "",
    ) -> None:
        e = state_pb2.Event(kind=kind, text=text, units=units or [], from_location=frm, to_location=to, side=side)
        e.citations.extend(citations)
        if dice:
            e.dice.extend(dice)
        self.events.append(e)

    def eliminate(self, ids: list[str], status: int = ELIMINATED) -> None:
        for uid in ids:
            u = self.units[uid]
            u.status = status
            u.markers = []
        self._drop_from_approaches(ids)
        self.touch()

    def _drop_from_approaches(self, ids: list[str]) -> None:
        gone = set(ids)
        for a in self.mb.approaches:
            a.unit_ids = [i for i in a.unit_ids if i not in gone]
        self.mb.approaches = [a for a in self.mb.approaches if a.unit_ids]

    def place(self, ids: list[str], town: str) -> None:
        for uid in ids:
            u = self.units[uid]
            u.status = ON_MAP
            u.loc = town
        self._drop_from_approaches(ids)
        self.touch()

    def next_decision_id(self) -> str:
        self.mb.decisions_asked += 1
        return f"d{self.mb.decisions_asked}"

    def end_game(self, winner: str, reason: str, citation: common_pb2.Citation, level: str = "decisive") -> None:
        self.finished = True
        self.phase = "over"
        self.segment = ""
        self.pending = None
        self.result = state_pb2.GameResult(winner=winner, level=level, reason=reason, citation=citation)
        self.emit("GAME_OVER", reason, citation)


def to_state(g: Game) -> state_pb2.GameState:
    """The state `g` describes. A writable model's state is its own private
    copy (`apply`'s, or a new game's), so it is written in place, not copied
    once more; a read-only model's state belongs to a Position: copied."""
    if g.mutable:
        s = g.state
    else:
        s = state_pb2.GameState()
        s.CopyFrom(g.state)
    s.turn = g.turn
    s.phase = g.phase
    s.segment = g.segment
    s.active_side = g.active
    s.finished = g.finished
    if g.result is not None:
        s.result.CopyFrom(g.result)
    else:
        s.ClearField("result")
    if g.pending is not None:
        s.pending.CopyFrom(g.pending)
    else:
        s.ClearField("pending")
    for d in g.new_defs:
        s.scenario.definition.units.append(d)
        g.hides = g.hides or bool(d.hidden_from_enemy)
    if not g.mutable:  # `s` is a copy of g.state, not what g._written describes
        g = copy.copy(g)
        g._written = None
    write_units(s, g)
    s.major_battles.CopyFrom(mb_to_proto(g.mb))
    return s


# One unit as `to_state` writes it: id, status, location, side, markers.
UnitRow = tuple[str, int, str, str, tuple[str, ...]]


def write_units(s: state_pb2.GameState, g: Game) -> None:
    """`s.units` as `g`'s units. The state `apply` writes into is a copy of the
    state before the action, and an action moves a few units: when that state's
    units were themselves written from a model (`g._written`, carried over by
    writable_copy) and the same units stand in the same order, only the units
    whose row changed are rewritten; else the list is built afresh. Either way
    the result is the list built afresh (checked by
    tests/rules/major_battles/test_mb_writable.py)."""
    outside = {uid: a.target for a in g.mb.approaches for uid in a.unit_ids}
    rows: list[UnitRow] = [
        (u.id, u.status, u.loc, u.side,
         tuple(u.markers) if u.id not in outside else (*u.markers, OUTSIDE_MARK + outside[u.id]))
        for u in g.units.values()
    ]
    units = s.units
    base = g._written
    if base is not None and len(base) == len(rows) == len(units):
        for i, (row, was) in enumerate(zip(rows, base)):
            if row != was:
                if row[0] != was[0]:  # another unit in this place: no row-by-row update
                    break
                us = units[i]
                us.status = cast(state_pb2.UnitState.Status, row[1])
                us.location, us.side = row[2], row[3]
                del us.markers[:]
                us.markers.extend(row[4])
        else:
            g._written = rows
            return
    del units[:]
    for uid, status, loc, side, markers in rows:
        units.add(unit_id=uid, side=side, status=status, location=loc, markers=markers)
    g._written = rows


def board_of_state(state: state_pb2.GameState) -> Board:
    """The compiled board of a state (shared by content: board.py)."""
    if state.WhichOneof("ruleset_state") != "major_battles":
        raise MalformedInput("not a Major Battles state (no major_battles section)", "state")
    return board_of(state.scenario.definition.map, state.major_battles.board_digest)


def _copy_mb(mb: MB) -> MB:
    """A copy of `mb` sharing nothing an action may change (cards are frozen)."""
    out = copy.copy(mb)
    out.packs = [Pack(p.side, list(p.face_down), list(p.face_up), p.turned_over) for p in mb.packs]
    out.road_use = dict(mb.road_use)
    out.area_use = dict(mb.area_use)
    out.approaches = [copy.copy(a) for a in mb.approaches]
    for a in out.approaches:
        a.unit_ids = list(a.unit_ids)
    if mb.battle is not None:
        b = out.battle = copy.copy(mb.battle)
        for name in ("attacker_units", "defender_units", "attacker_faces", "defender_faces", "retreating_units"):
            setattr(b, name, list(getattr(b, name)))
    out.battle_queue = list(mb.battle_queue)
    out.turns_started = dict(mb.turns_started)
    out.setup_done = list(mb.setup_done)
    out.defection_pending = list(mb.defection_pending)
    out.defection_chart = [Defection(d.town, d.number, list(d.unit_ids), d.turn) for d in mb.defection_chart]
    return out


def writable_copy(g: Game, state: state_pb2.GameState) -> Game:
    """A writable model of `state` (a private copy of the state `g` models,
    equal to it) from the read-only model `g`, without reading the state again:
    the units, the Major Battles section and the decision are copied, the
    compiled board and the options shared (never changed). `g` is not touched.
    Equal to `Game(state, board, mutable=True)`: checked by
    tests/rules/major_battles/test_mb_writable.py."""
    w: Game = object.__new__(Game)
    w.__dict__.update(g.__dict__)
    w.state = state
    w.mutable = True
    if g.result is not None:
        w.result = state_pb2.GameResult()
        w.result.CopyFrom(g.result)
    if g.pending is not None:
        w.pending = state_pb2.Decision()
        w.pending.CopyFrom(g.pending)
    w.units = {uid: Unit(u.id, u.side, u.kind, u.status, u.loc, list(u.markers), u.reserve)
               for uid, u in g.units.items()}
    w.mb = _copy_mb(g.mb)
    w.events = []
    w.new_defs = []
    w._town_index = None
    w._outside = None
    return w


def readonly_copy(g: Game, state: state_pb2.GameState) -> Game:
    """`g` (the model `apply` just wrote into `state`) as the read-only model of
    `state`, so the first question after an action does not rebuild it (the
    template's `carry`). Equal to a fresh read: checked by
    tests/rules/major_battles/test_mb_properties.py."""
    g.state = state
    g.mutable = False
    g.events = []
    g.new_defs = []
    g.touch()
    return g


def _view_mb(mb: MB) -> MB:
    """The Major Battles section of a side's view, from the full one (not read
    again from the view): the same, but the face-down cards blank (only the
    Game Ends card keeps its id), as views.view writes them. Equal to
    `mb_from_proto(view.major_battles)`: checked by test_mb_properties.py."""
    out = copy.copy(mb)
    out.packs = [Pack(p.side, [_ENDS if c.id == _ENDS.id else _BLANK for c in p.face_down],
                      p.face_up, p.turned_over) for p in mb.packs]
    return out


_BLANK = Card("", None)
_ENDS = Card("game-ends", None)  # deck.GAME_ENDS (deck.py imports this module)


def view_model(g: Game, view: state_pb2.GameState) -> Game | None:
    """The model of a side's view, from the full model `g`: the view differs only
    in the face-down cards (blanked), the shuffle dice and another side's pending
    decision (views.py), which the model reads from `mb` and `pending`; the
    units are shared (read-only). None when units hide attributes from the enemy
    (then the view is compiled afresh)."""
    if g.hides:  # the view's units are the full state's (redacted, hidden_from_enemy kept)
        return None
    v = copy.copy(g)
    v.state = view
    v.mutable = False
    v._written = None
    v.mb = _view_mb(g.mb)
    v.pending = None
    if view.HasField("pending"):
        v.pending = state_pb2.Decision()
        v.pending.CopyFrom(view.pending)
    v.events = []
    v.new_defs = []
    v.touch()
    return v
