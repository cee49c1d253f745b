"""Games behind the service: creation, auth, the in-memory cache of hot games,
validate/submit through the engine, events, export and seed reveal.

The service and the CLI client are thin layers over this; the rules themselves
are only ever reached through `adjudicator.core.engine`, the same path the
offline CLI and the tests use. Hot games stay in memory (a validate never reads
the database); a submit is one store transaction guarded by the version, so
several server processes on one PostgreSQL stay consistent: a process that
lost a race gets StaleVersion and reloads.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass

from adjudicator.core import dice as dice_mod
from adjudicator.core import engine
from adjudicator.core.errors import (
    MalformedInput,
    NotFound,
    PermissionDenied,
    StaleVersion,
    Unauthenticated,
    UmpireError,
)
from adjudicator.core.ruleset import Ruleset, get_ruleset, load_all
from adjudicator.core import disclosure
from adjudicator.core.position import Position
from adjudicator.store.store import GameStore, StoredGame
from umpire.v1 import action_pb2, definition_pb2, service_pb2, state_pb2, tables_pb2

CACHE_SIZE = 1024


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class LiveGame:
    stored: StoredGame
    # The current state with its derived data (models, per-side views), replaced on every accepted action.
    position: Position
    ruleset: Ruleset
    # token hash -> side, for constant-time lookups
    sides_by_hash: dict[str, str]
    # unit id -> owning side (fixed by the scenario), for the own-units check
    unit_side: dict[str, str]

    @property
    def state(self) -> state_pb2.GameState:
        return self.position.state

    @property
    def seed_if_open(self) -> str:
        """The seed (hex) once nothing is secret any more, else ""."""
        return self.stored.seed.hex() if self.stored.seed_revealed or self.position.state.finished else ""


def units_of_action(action: action_pb2.Action) -> list[str]:
    """Unit ids an action moves or commits (for the own-units check)."""
    kind = action.WhichOneof("kind")
    if kind == "move":
        return list(action.move.unit_ids)
    if kind == "attack":
        return list(action.attack.attackers)
    if kind == "place":
        return list(action.place.unit_ids)
    return []


class GameManager:
    def __init__(self, store: GameStore) -> None:
        self.store = store
        self._cache: OrderedDict[str, LiveGame] = OrderedDict()
        self._lock = threading.Lock()

    # -- rulesets
    def rulesets(self) -> list[service_pb2.RulesetInfo]:
        """Every registered ruleset; one that cannot be loaded is listed with
        the reason (RulesetInfo.unavailable) and does not hide the others."""
        ok, broken = load_all()
        out = [
            service_pb2.RulesetInfo(
                id=rs.id, version=rs.version, title=rs.title, scenarios=rs.scenario_ids(),
                options=rs.options(), rulebook=rs.rulebook,
            )
            for rs in ok
        ]
        out += [service_pb2.RulesetInfo(id=rid, unavailable=why) for rid, why in broken.items()]
        return sorted(out, key=lambda r: r.id)

    # -- creation
    def create(
        self,
        ruleset_id: str,
        *,
        scenario_id: str = "",
        scenario: definition_pb2.Scenario | None = None,
        options: Mapping[str, str] | None = None,
        tables: tables_pb2.TableSet | None = None,
        parameters: Mapping[str, str] | None = None,
        game_id: str | None = None,
    ) -> service_pb2.CreateGameResponse:
        rs = get_ruleset(ruleset_id)
        if scenario is not None and scenario.ByteSize() and scenario_id:
            raise MalformedInput("give either scenario_id or an inline scenario, not both", "scenario")
        if scenario is None or not scenario.ByteSize():
            if not scenario_id:
                raise MalformedInput(
                    f"a scenario is needed (shipped: {', '.join(rs.scenario_ids())})", "scenario_id"
                )
            scenario = rs.load_scenario(scenario_id)
        game_id = game_id or secrets.token_hex(8)
        seed = dice_mod.new_seed()
        commitment = dice_mod.commitment(seed)
        dice = dice_mod.HmacDice(seed, game_id, 0, 0)
        state, _events = engine.new_game(
            rs,
            scenario,
            game_id=game_id,
            options=dict(options or {}),
            tables=tables if tables is not None and tables.tables else None,
            dice=dice,
            seed_commitment=commitment,
        )
        tokens = {s.id: secrets.token_urlsafe(24) for s in state.scenario.definition.sides}
        hashes = {side: token_hash(tok) for side, tok in tokens.items()}
        self.store.create_game(
            game_id=game_id,
            seed=seed,
            seed_commitment=commitment,
            token_hashes=hashes,
            parameters=dict(parameters or {}),
            initial=state,
        )
        return service_pb2.CreateGameResponse(
            game_id=game_id,
            tokens=[service_pb2.SideToken(side=s, token=t) for s, t in tokens.items()],
            seed_commitment=commitment,
            version=state.version,
        )

    # -- cache
    def live(self, game_id: str) -> LiveGame:
        with self._lock:
            g = self._cache.get(game_id)
            if g is not None:
                self._cache.move_to_end(game_id)
                return g
        return self.reload(game_id)

    def reload(self, game_id: str) -> LiveGame:
        stored = self.store.load(game_id)
        rs = get_ruleset(stored.ruleset)
        g = LiveGame(
            stored=stored,
            position=Position(stored.state, rs),
            ruleset=rs,
            sides_by_hash={h: side for side, h in stored.token_hashes.items()},
            unit_side={u.id: u.side for u in stored.state.scenario.definition.units},
        )
        with self._lock:
            self._cache[game_id] = g
            self._cache.move_to_end(game_id)
            while len(self._cache) > CACHE_SIZE:
                self._cache.popitem(last=False)
        return g

    # -- auth
    def authenticate(self, game_id: str, token: str | None) -> tuple[LiveGame, str]:
        if not token:
            raise Unauthenticated("missing token: send `authorization: Bearer <side token>` metadata")
        g = self.live(game_id)
        h = token_hash(token)
        for known, side in g.sides_by_hash.items():
            if hmac.compare_digest(known, h):
                return g, side
        raise Unauthenticated(f"the token is not valid for game {game_id!r}")

    @staticmethod
    def bind_side(g: LiveGame, side: str, action: action_pb2.Action) -> action_pb2.Action:
        """The action as the caller's side; a side acts only for its own units.

        Sets `side` on the caller's own request message (the service owns it)."""
        if action.side and action.side != side:
            raise PermissionDenied(f"your token is for side {side!r}; the action is for {action.side!r}")
        action.side = side
        bound = action
        owners = g.unit_side
        for uid in units_of_action(bound):
            owner = owners.get(uid)
            if owner is not None and owner != side:
                raise PermissionDenied(f"unit {uid!r} belongs to {owner!r}; side {side!r} cannot act for it")
        return bound

    # -- queries
    def view(self, g: LiveGame, side: str) -> state_pb2.GameState:
        return disclosure.state_for(g.position, side, seed=g.seed_if_open)

    def validate(self, g: LiveGame, side: str, action: action_pb2.Action) -> action_pb2.Verdict:
        return disclosure.validate_for(g.position, side, self.bind_side(g, side, action))

    def submit(
        self, g: LiveGame, side: str, action: action_pb2.Action, expected_version: int
    ) -> disclosure.Submitted:
        """Judge and apply `side`'s action on the stored version; the answer is
        what `side` may see of it (core/disclosure.py)."""
        bound = self.bind_side(g, side, action)
        # Another server process may have moved the game on: judge against the
        # stored version (one cheap read), never against a stale cache.
        if self.store.current_version(g.stored.id) != g.state.version:
            g = self.reload(g.stored.id)
        if expected_version != g.state.version:
            raise StaleVersion(expected_version, g.state.version)
        seed, game_id = g.stored.seed, g.stored.id

        def make_dice(start: int, version: int) -> dice_mod.HmacDice:
            return dice_mod.HmacDice(seed, game_id, start, version)

        before = g.position
        try:
            applied = engine.apply_action(before, bound, make_dice)
        except UmpireError as e:
            raise disclosure.error_for(before, e, side) from None
        record = state_pb2.RecordedAction(
            version=applied.state.version, action=bound, dice=applied.rolls, events=applied.events,
            private_to=applied.private_to,
        )
        try:
            self.store.append(game_id, expected_version, record, applied.state)
        except Exception:
            self.reload(game_id)
            raise
        assert applied.position is not None
        g.position = applied.position
        if applied.state.finished:
            g.stored.finished = True
        return disclosure.submitted_for(before, applied, side)

    def events_since(self, g: LiveGame, side: str, after_version: int) -> list[state_pb2.Event]:
        out: list[state_pb2.Event] = []
        for rec in self.store.actions(g.stored.id, after_version):
            out.extend(disclosure.events_for(g.position, rec.events, side))
        return out

    def export(self, g: LiveGame, side: str) -> state_pb2.GameRecord:
        """The game record as `side` may have it (core/disclosure.py): its views
        while the seed is secret; once revealed (game over or every side agreed)
        the full record, so anyone can replay it and verify every roll."""
        record = self.store.record(g.stored.id)
        return disclosure.record_for(record, side, seed=g.seed_if_open)

    def reveal(self, g: LiveGame, side: str) -> service_pb2.RevealSeedResponse:
        sides = [s.id for s in g.state.scenario.definition.sides]
        revealed, asked = self.store.request_reveal(g.stored.id, side, sides)
        g.stored.seed_revealed = revealed
        g.stored.reveal_requests = asked
        return service_pb2.RevealSeedResponse(
            seed=g.stored.seed.hex() if revealed else "", agreed=sorted(asked)
        )

    def query(self, g: LiveGame, side: str, request: service_pb2.QueryRequest) -> service_pb2.QueryResponse:
        which = request.WhichOneof("question")
        if which == "reach":
            owner = g.unit_side.get(request.reach.unit_id)
            if owner is None:
                raise NotFound(f"no unit {request.reach.unit_id!r}")
            if owner != side:
                raise PermissionDenied(f"unit {request.reach.unit_id!r} is not yours")
            reachable, notes = disclosure.reach_for(g.position, side, request.reach.unit_id)
            return service_pb2.QueryResponse(reachable=reachable, notes=notes)
        if which == "legal_actions":
            return service_pb2.QueryResponse(legal_actions=disclosure.legal_actions_for(g.position, side))
        raise MalformedInput("ask a question: reach or legal_actions", "question")
