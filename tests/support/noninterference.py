"""The non-interference property, shared by tests/properties/test_noninterference.py
(bounded, in the normal suite) and scripts/noninterference.py (long runs).

Statement: from any reachable position, for each side A, take a twin of the
state that differs only in what A may not know (`SideFilter.perturb`: another
side's private data, hidden unit values, a deck's face-down order, a cup's
contents, the faces of secret dice). Everything A can receive through the one
door (core/disclosure.py) must then be byte for byte the same in both: A's
view, the verdicts (and errors, message and details) on a set of candidate
actions — A's legal examples, other sides' examples played as A, actions made
up or mutated at random, most of them illegal —, A's legal actions, the reach
of A's units, the SubmitAction answer (verdict, events, dice) and A's next view
after each of A's legal actions applied with the same dice, what A sees of
another side's action (events, dice, next view), and the exported record.

The one exception is a moment when the rules themselves show the secret: the
rulesets' moments are NAMED below (`REVEALS`, with their rule cases); an
answer may differ only when the rules show something different in the real
game and in the twin at that moment, and every such difference is counted
under its name.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from adjudicator.core import dice as dice_mod
from adjudicator.core import disclosure, engine
from adjudicator.core.errors import UmpireError
from adjudicator.core.position import Position
from adjudicator.core.ruleset import Ruleset, get_ruleset
from adjudicator.core.secrecy import open_game
from adjudicator.service.errors import to_status
from tests.support.candidates import acting_sides, candidates
from google.protobuf.message import Message
from umpire.v1 import action_pb2, common_pb2, definition_pb2, state_pb2, tables_pb2

Applied = engine.Applied


@dataclass(frozen=True)
class Reveal:
    """A moment when the rules show what was secret. `shown` is what the rules
    show at that moment in an applied action (e.g. the chit drawn): when the
    real game and its twin show different things, what the sides receive may
    differ; when they show the same thing, nothing may differ at all (so a
    reveal cannot hide a leak: drawing the same chit with another secret die
    must look the same)."""

    name: str
    case: str
    shown: Callable[[Applied], object]


def _drawn_chits(a: Applied) -> object:
    """ToV 4.3: the chits drawn (name and owner) and where the draw left the game."""
    return [(c.owner, c.name) for c in a.state.traces.drawn], len(a.state.traces.drawn)


def _turned_cards(a: Applied) -> object:
    """MB deck: the cards now face up (id and value), and how many are still face down."""
    return [([(c.id, c.value) for c in p.face_up], len(p.face_down)) for p in a.state.major_battles.packs]


def _game_ends_card(a: Applied) -> object:
    return [e.text for e in a.events if e.kind == "GAME_ENDS_CARD"]


def _optional_arrivals(a: Applied) -> object:
    """Nordwind 10.2.3: which of the option's reinforcements have entered."""
    optional = {i for i, arr in enumerate(a.state.scenario.nordwind.arrivals) if arr.options}
    return sorted(optional & set(a.state.nordwind.arrivals_done))


def _pattons_chits(a: Applied) -> object:
    """P3A 8.4.1, 8.4.2.B: the chits drawn (the owner sees them) or shown to both at a combat."""
    units = sorted({u for e in a.events if e.kind in ("CHIT_DRAWN", "CHIT_SHOWN") for u in e.units})
    held = {h.unit_id: h.chit for h in a.state.pattons.held}
    return [(u, held.get(u, "")) for u in units]


def _pattons_steps(a: Applied) -> object:
    """P3A 9.8.2: a step lost shows the unit reduced or a cadre, eliminated or not."""
    units = sorted({u for e in a.events if e.kind in ("STEP_LOST", "CASUALTY") for u in e.units})
    us = {u.unit_id: u for u in a.state.units}
    return [(u, us[u].steps_lost, "cadre" in us[u].markers, us[u].status) for u in units]


def _lf_rest_fatigue(a: Applied) -> object:
    """LF 3.5.4: a fatigue marker placed for acting in the rest GT (public, as
    every fatigue marker) shows the Axis unit's rest GT."""
    return [(tuple(e.units), e.text) for e in a.events if e.kind == "FATIGUE" and "rest GT" in e.text]


def _lf_rest_revealed(a: Applied) -> object:
    """LF 3.5.2 Important: a night action 3.5.3 forbids in a rest GT makes the
    Axis reveal the group's rest GT."""
    return [(r.group, r.time, r.game_day) for r in a.state.lucky_forward.rest_revealed]


# The moment every game has: the platform opens everything once the game is over.
PLATFORM = (
    Reveal("the game ends: the seed and every secret are revealed", "Umpire: secrecy.open_game",
           lambda a: a.state.SerializeToString(deterministic=True) if a.state.finished else b""),
)

# Per ruleset, the moments its rules show a secret. A ruleset not listed has
# none: any difference in what a side receives is a leak. Add yours here.
REVEALS: dict[str, tuple[Reveal, ...]] = {
    "major-battles": (
        Reveal("a movement card is turned face up (dealt deck)", "MB The Movement Deck ¶1", _turned_cards),
        Reveal("the Game Ends card is turned", "MB Duration of Game", _game_ends_card),
    ),
    "traces-of-victory": (
        Reveal("a command chit is drawn from the cup and shown", "ToV 4.3", _drawn_chits),
    ),
    "nordwind-1945": (
        Reveal("the reinforcements of the German secret option enter on their turn", "Nordwind 10.2.3",
               _optional_arrivals),
    ),
    "lucky-forward": (
        Reveal("a fatigue hit for acting in the rest GT is placed", "GOSS 3.5.4", _lf_rest_fatigue),
        Reveal("the Axis reveals a rest GT for a night action it forbids", "GOSS 3.5.2", _lf_rest_revealed),
    ),
    "pattons-3rd-army": (
        Reveal("a unit's strength chit is drawn (its owner sees it) or shown at a combat", "P3A 8.4.1",
               _pattons_chits),
        Reveal("a step loss shows whether the unit's chit gives it three steps or two", "P3A 9.8.2",
               _pattons_steps),
    ),
}


def reveals_for(ruleset_id: str) -> tuple[Reveal, ...]:
    return REVEALS.get(ruleset_id, ()) + PLATFORM


@dataclass
class Setup:
    """A game to play out: a shipped scenario, with options and tables."""

    ruleset: str
    scenario: str
    options: dict[str, str] = field(default_factory=dict)
    tables: tables_pb2.TableSet | None = None
    label: str = ""

    def __str__(self) -> str:
        return self.scenario + (f" ({self.label})" if self.label else "")


@dataclass
class Leak:
    setup: str
    version: int
    side: str
    what: str

    def __str__(self) -> str:
        return f"{self.setup} v{self.version}, side {self.side}: {self.what}"


@dataclass
class Report:
    positions: int = 0
    twins: int = 0
    compared: int = 0
    reveals: Counter[str] = field(default_factory=Counter)
    leaks: list[Leak] = field(default_factory=list)

    def merge(self, other: Report) -> None:
        self.positions += other.positions
        self.twins += other.twins
        self.compared += other.compared
        self.reveals.update(other.reveals)
        self.leaks.extend(other.leaks)


@dataclass
class Budget:
    """How much to check per position (the normal suite keeps these small)."""

    steps: int = 40
    # Check every n-th position (the playout goes on in between: deeper games
    # for the same time).
    check_every: int = 1
    candidates: int = 12
    reach_units: int = 3
    submits: int = 3
    # Compare the exported record at every n-th check (it grows with the game).
    record_every: int = 10


# -- what a side receives, as bytes ------------------------------------------

def _b(m: Message) -> bytes:
    return m.SerializeToString(deterministic=True)


def _error(e: UmpireError) -> bytes:
    return b"ERROR " + type(e).__name__.encode() + b" " + _b(to_status(e))


def answer(fn: Callable[[], Iterable[Message] | Message]) -> bytes:
    """What the side receives from asking: the answer, or the error's status."""
    try:
        got = fn()
    except UmpireError as e:
        return _error(e)
    if isinstance(got, Message):
        return _b(got)
    return b"|".join(_b(m) for m in got)


def _seed_if_open(state: state_pb2.GameState) -> str:
    # The service hands out the seed once the game is over (games.LiveGame.seed_if_open).
    return "00" if state.finished else ""


class SecretDiceThrownAgain(dice_mod.HmacDice):
    """The server's dice, except that every die whose face `side` may not see
    (the filter blanks it) shows another face: the twin "with another seed"
    for what `side` cannot see (e.g. the die that picks the other side's chit)."""

    def __init__(self, pos: Position, side: str, seed: bytes, game_id: str, start: int, version: int) -> None:
        super().__init__(seed, game_id, start, version)
        self.pos, self.side = pos, side

    def roll(self, sides: int, purpose: str) -> int:
        value = dice_mod.roll_value(self.seed, self.game_id, self.next_index, purpose, sides)
        probe = common_pb2.DieRoll(index=self.next_index, sides=sides, value=value, purpose=purpose,
                                   version=self.version)
        if sides > 1 and disclosure.rolls_for(self.pos, [probe], self.side)[0].value == 0:
            value = value % sides + 1
        return self._record(sides, value, purpose)


def submit_answer(pos: Position, action: action_pb2.Action, side: str, seed: bytes, game_id: str,
                  secret_of: str = "") -> tuple[bytes, Applied | None]:
    """SubmitAction's answer to `side` and its next GetState, or the error it
    gets; with `secret_of`, the dice that side may not see thrown again."""
    def make(start: int, version: int) -> dice_mod.HmacDice:
        if secret_of:
            return SecretDiceThrownAgain(pos, secret_of, seed, game_id, start, version)
        return dice_mod.HmacDice(seed, game_id, start, version)
    try:
        applied = engine.apply_action(pos, action, make)
    except UmpireError as e:
        return _error(disclosure.error_for(pos, e, side)), None
    seen = disclosure.submitted_for(pos, applied, side)
    assert applied.position is not None
    after = disclosure.state_for(applied.position, side, seed=_seed_if_open(applied.state))
    blob = b"|".join([_b(seen.verdict), str(seen.version).encode(), *(_b(e) for e in seen.events),
                      *(_b(r) for r in seen.dice), _b(after)])
    return blob, applied


def watched_answer(applied: Applied, watcher: str) -> bytes:
    """What `watcher` receives of another side's accepted action: its events
    (WatchGame), the dice as the record shows them, and its next GetState."""
    assert applied.position is not None
    events = disclosure.events_for(applied.position, applied.events, watcher)
    dice = disclosure.rolls_for(applied.position, applied.rolls, watcher)
    view = disclosure.state_for(applied.position, watcher, seed=_seed_if_open(applied.state))
    return b"|".join([*(_b(e) for e in events), *(_b(r) for r in dice), _b(view)])


# -- the property ----------------------------------------------------------------

@dataclass
class Game:
    """A game being played out: the position, its record, its dice."""

    setup: Setup
    position: Position
    record: state_pb2.GameRecord
    seed: bytes
    game_id: str


def new_game(setup: Setup, seed: int, ruleset: Ruleset | None = None) -> Game:
    rs = ruleset or get_ruleset(setup.ruleset)
    seed_bytes = seed.to_bytes(32, "big")
    game_id = f"ni-{seed}"
    state, _ = engine.new_game(rs, rs.load_scenario(setup.scenario), game_id=game_id, options=setup.options,
                               tables=setup.tables, dice=dice_mod.HmacDice(seed_bytes, game_id, 0, 0),
                               seed_commitment=dice_mod.commitment(seed_bytes))
    record = state_pb2.GameRecord(game_id=game_id, initial=state, final=state)
    return Game(setup, Position(state, rs), record, seed_bytes, game_id)


def twin_record(record: state_pb2.GameRecord, twin: state_pb2.GameState, side: str, rs: Ruleset,
                rng: random.Random) -> state_pb2.GameRecord:
    """The record of the twin game: its final state, the initial state changed
    in what `side` may not know, the secret dice as the twin's log has them,
    events `side` never receives rewritten, and other sides' actions changed in
    what the filter hides (answers to private decisions, the ruleset's own
    secrets: `SideFilter.perturb_action`)."""
    f = rs.side_filter
    out = state_pb2.GameRecord()
    out.CopyFrom(record)
    out.final.CopyFrom(twin)
    initial = f.perturb(record.initial, side, rng)
    if initial is not None:
        out.initial.CopyFrom(initial)
    log = {r.index: r.value for r in twin.dice_log}
    for rec in out.actions:
        for r in rec.dice:
            r.value = log.get(r.index, r.value)
        for e in rec.events:
            if e.visible_to and side not in e.visible_to:
                e.text += f" ~{rng.randrange(10**6)}"
        if rec.action.side != side:
            if rec.private_to and rec.private_to != side:
                del rec.action.answer.choices[:]
                rec.action.answer.choices.append(f"perturbed-{rng.randrange(10**6)}")
                rec.action.comment = "perturbed"
            changed = f.perturb_action(twin, rec.action, side, rng)
            if changed is not None:
                rec.action.CopyFrom(changed)
    return out


def check_position(game: Game, side: str, rng: random.Random, budget: Budget, report: Report,
                   with_record: bool) -> None:
    """Compare everything `side` receives in the game and in one twin of it."""
    pos = game.position
    rs = pos.ruleset
    state = pos.state
    if open_game(state):
        return  # the platform's own reveal moment (PLATFORM): nothing is secret any more
    twin_state = rs.side_filter.perturb(state, side, rng)
    if twin_state is None:
        return
    report.twins += 1
    twin = Position(twin_state, rs)
    setup = str(game.setup)

    def same(what: str, a: bytes, b: bytes) -> None:
        report.compared += 1
        if a != b:
            report.leaks.append(Leak(setup, state.version, side, what))

    seed = _seed_if_open(state)
    same("GetState", answer(lambda: disclosure.state_for(pos, side, seed=seed)),
         answer(lambda: disclosure.state_for(twin, side, seed=seed)))
    same("Query legal_actions", answer(lambda: disclosure.legal_actions_for(pos, side)),
         answer(lambda: disclosure.legal_actions_for(twin, side)))
    mine = sorted(u.unit_id for u in state.units if u.side == side and u.status == state_pb2.UnitState.ON_MAP)
    for uid in rng.sample(mine, min(len(mine), budget.reach_units)):
        def reach(p: Position, uid: str = uid) -> list[Message]:
            locs, notes = disclosure.reach_for(p, side, uid)
            return [*locs, *notes]
        same(f"Query reach {uid}", answer(lambda: reach(pos)), answer(lambda: reach(twin)))
    actions = candidates(pos, side, rng, budget.candidates)
    for a in actions:
        same(f"ValidateAction {_short(a)}", answer(lambda: disclosure.validate_for(pos, side, a)),
             answer(lambda: disclosure.validate_for(twin, side, a)))
    legal = [a for a in actions if _legal(pos, a)]
    for a in legal[:budget.submits]:
        real, applied = submit_answer(pos, a, side, game.seed, game.game_id)
        other, twin_applied = submit_answer(twin, a, side, game.seed, game.game_id)
        _compare_at_moment(report, setup, state.version, side, f"SubmitAction {_short(a)}",
                           real, other, applied, twin_applied)
        again, rethrown = submit_answer(pos, a, side, game.seed, game.game_id, secret_of=side)
        _compare_at_moment(report, setup, state.version, side, f"SubmitAction {_short(a)} (secret dice again)",
                           real, again, applied, rethrown)
    for acting in acting_sides(state):
        if acting == side:
            continue
        theirs = [a for a in candidates(pos, acting, rng, budget.candidates) if _legal(pos, a)]
        for a in theirs[:budget.submits]:
            _, applied = submit_answer(pos, a, acting, game.seed, game.game_id)
            _, twin_applied = submit_answer(twin, a, acting, game.seed, game.game_id)
            _, rethrown = submit_answer(pos, a, acting, game.seed, game.game_id, secret_of=side)
            for what, other_applied in ((f"watching {acting} {_short(a)}", twin_applied),
                                        (f"watching {acting} {_short(a)} (secret dice again)", rethrown)):
                if applied is None or other_applied is None:
                    continue  # the other side acts on its own knowledge, which differs in the twin
                _compare_at_moment(report, setup, state.version, side, what, watched_answer(applied, side),
                                   watched_answer(other_applied, side), applied, other_applied)
    if with_record:
        twin_rec = twin_record(game.record, twin_state, side, rs, rng)
        same("ExportGame", answer(lambda: disclosure.record_for(game.record, side, seed=seed)),
             answer(lambda: disclosure.record_for(twin_rec, side, seed=seed)))


def _compare_at_moment(report: Report, setup: str, version: int, side: str, what: str, real: bytes,
                       other: bytes, applied: Applied | None, twin_applied: Applied | None) -> None:
    report.compared += 1
    if real == other:
        return
    # Accepted in one and refused in the other: a leak whatever the rules show.
    moments = [r.name for r in reveals_for(applied.state.ruleset) if r.shown(applied) != r.shown(twin_applied)
               ] if applied is not None and twin_applied is not None else []
    if moments:
        report.reveals.update(set(moments))
    else:
        report.leaks.append(Leak(setup, version, side, f"{what} differs outside every named reveal moment"))


def _legal(pos: Position, a: action_pb2.Action) -> bool:
    try:
        return engine.validate(pos, a).legal
    except UmpireError:
        return False


def _short(a: action_pb2.Action) -> str:
    from google.protobuf import text_format
    return " ".join(text_format.MessageToString(a, as_one_line=True).split())[:160]


WEIGHT = {"attack": 8, "move": 3, "place": 4, "end_phase": 1}


def _apply_one(game: Game, options: list[action_pb2.Action], rng: random.Random) -> Applied | None:
    """Apply one of the legal options, chosen at random by weight (an option
    whose application needs data the text lacks is dropped for another)."""
    options = list(options)

    def make(start: int, version: int) -> dice_mod.HmacDice:
        return dice_mod.HmacDice(game.seed, game.game_id, start, version)
    while options:
        i = rng.choices(range(len(options)), [WEIGHT.get(a.WhichOneof("kind") or "", 2) for a in options])[0]
        action = options.pop(i)
        try:
            return engine.apply_action(game.position, action, make)
        except UmpireError:
            continue
    return None


def play(setup: Setup, seed: int, budget: Budget, ruleset: Ruleset | None = None) -> Report:
    """Play the setup out at random (legal actions only, server dice) and check
    the property at every position for every side."""
    game = new_game(setup, seed, ruleset)
    rng = random.Random(seed)
    report = Report()
    checks = 0
    for step in range(budget.steps):
        state = game.position.state
        if step % budget.check_every == 0 or state.finished:
            report.positions += 1
            for side in engine.side_ids(state):
                check_position(game, side, rng, budget, report, with_record=checks % budget.record_every == 0)
            checks += 1
        if state.finished:
            break
        applied = None
        sides = acting_sides(state)
        rng.shuffle(sides)
        for side in sides:  # e.g. Traces' selection phase: either lead may select first
            options = [a for a in candidates(game.position, side, rng, budget.candidates) if _legal(game.position, a)]
            applied = _apply_one(game, options, rng)
            if applied is not None:
                break
        if applied is None:
            break  # e.g. NeedsData everywhere: the text lacks a cell a playout cannot invent
        assert applied.action is not None
        action = applied.action
        game.record.actions.add(version=applied.state.version, action=action, dice=applied.rolls,
                                events=applied.events, private_to=applied.private_to)
        game.record.final.CopyFrom(applied.state)
        assert applied.position is not None
        game.position = applied.position
    return report


# Rulesets that keep no secret at all (nothing for `perturb` to change), with why.
# Every other ruleset must show the test a secret to change in its playouts.
SECRET_FREE: dict[str, str] = {}


def setups(ruleset_id: str) -> list[Setup]:
    """Every shipped scenario of the ruleset as shipped, plus, where the text
    lacks the data play needs (or a secret exists only with it), the same
    scenarios with SYNTHETIC tables (labelled): Major Battles with a dealt deck
    (the face-down order is secret only then), Traces of Victory with a Turn
    Track (no chit is ever selected without one), Patton's 3rd Army with a CRT,
    TEC and Weather Table (no combat resolves without them)."""
    rs = get_ruleset(ruleset_id)
    out = [Setup(ruleset_id, sid) for sid in rs.scenario_ids()]
    if ruleset_id == "major-battles":
        from tests.rules.major_battles.helpers import deck_table
        out += [Setup(ruleset_id, sid, tables=deck_table([1 + i % 6 for i in range(23)]),
                      label="SYNTHETIC dealt deck") for sid in rs.scenario_ids()]
    if ruleset_id == "traces-of-victory":
        from tests.rules.traces.helpers import synthetic_tables
        tables = synthetic_tables(chits=2, specials="reserve,shaef,reinforcement,ob-west", crt="1R")
        out = [Setup(ruleset_id, sid, tables=tables, label="SYNTHETIC tables") for sid in rs.scenario_ids()]
        out.append(Setup(ruleset_id, rs.scenario_ids()[0], options={"tov.15.1-players": "4"}, tables=tables,
                         label="SYNTHETIC tables, 4 players"))
    if ruleset_id == "pattons-3rd-army":
        from tests.rules.pattons.helpers import synthetic_tables as p3_tables
        out += [Setup(ruleset_id, sid, tables=p3_tables(), label="SYNTHETIC tables") for sid in rs.scenario_ids()]
    if ruleset_id == "nordwind-1945":
        out += [Setup(ruleset_id, sid, tables=nordwind_tables(rs.load_scenario(sid)),
                      label="SYNTHETIC counters and CRT") for sid in rs.scenario_ids()]
    return out


def nordwind_tables(scenario: definition_pb2.Scenario) -> tables_pb2.TableSet:
    """SYNTHETIC Nordwind values so play goes past the first phase: every CRT
    cell one result (tests/rules/nordwind/examples.py) and every counter value
    the scenario does not give (the text prints no counters)."""
    from adjudicator.rules.nordwind.units import COUNTERS, COLUMNS, definition_value
    from tests.rules.nordwind.examples import synthetic_crt
    out = synthetic_crt("1/1")
    counters = out.tables.add(id=COUNTERS)
    types = {t.id: t for t in scenario.definition.unit_types}
    made_up = {"strength": "4", "strength (reduced)": "2", "quality": "B", "quality (reduced)": "C",
               "movement class": "foot", "armored bonus": "no"}
    for i, u in enumerate(scenario.definition.units):
        for column in COLUMNS:
            if definition_value(u, types, column) is not None:
                continue
            value = ("II" if i % 4 == 0 else "III") if column == "size" else made_up.get(column, "")
            if column == "type" and types:
                value = sorted(types)[0]
            if value:
                counters.cells.add(row=u.id, column=column, value=value, source="SYNTHETIC test value")
    return out
