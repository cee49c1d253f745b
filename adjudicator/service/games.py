"""Games behind the service: creation, auth, the in-memory cache of hot games,
validate/submit through the engine, events, export and seed reveal.

The service and the CLI client are thin layers over this; the rules themselves
are only ever reached through `adjudicator.core.engine`, the same path the
offline CLI and the tests use. Hot games stay in memory (service/cache.py); the
servicer checks a cached game against the store's version before answering
(service/notify.py), and a submit is one store transaction guarded by the
version, so several server processes on one PostgreSQL stay consistent: a
process that lost a race gets StaleVersion and reloads.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Mapping

from adjudicator.core import dice as dice_mod
from adjudicator.core import disclosure, engine
from adjudicator.core.errors import (
    MalformedInput,
    NotFound,
    PermissionDenied,
    StaleVersion,
    Unauthenticated,
    UmpireError,
)
from adjudicator.core.position import Position
from adjudicator.core.posfile import position_game
from adjudicator.core.ruleset import get_ruleset, load_all, resolve_scenario
from adjudicator.service.cache import GameCache, LiveGame, live_game
from adjudicator.store.store import GameStore, RevealedMeanwhile, VersionInfo
from umpire.v1 import action_pb2, definition_pb2, map_pb2, service_pb2, state_pb2, tables_pb2

# Attempts of a submit: a second one when the seed was revealed meanwhile.
REVEAL_RETRIES = 2

__all__ = ["GameManager", "LiveGame", "token_hash", "units_of_action"]


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()



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


def completed(ruleset_id: str, scenario: definition_pb2.Scenario, game_map: map_pb2.GameMap | None,
              counters: tables_pb2.TableSet | None) -> definition_pb2.Scenario:
    """The scenario with CreateGameRequest.map / counters applied, as `umpire new
    --map --counters` applies them (importers/vassal/completion.py): a hex map
    is checked against its grid first (errors name `map`)."""
    from adjudicator.core.mapfile import check_map
    from importers.vassal.completion import load_completion

    if game_map is not None:
        layout = game_map.WhichOneof("layout")
        if layout == "hex":
            check_map(game_map, "map")
        elif layout != "graph":
            raise MalformedInput("not a map (no hex or graph layout)", "map")
    out = definition_pb2.Scenario()
    out.CopyFrom(scenario)
    load_completion(ruleset_id, None, game_map, counters if counters is not None and counters.tables else None)(
        out.definition)
    return out


def _not_accepted(game_id: str) -> Unauthenticated:
    """The one answer for an unknown game and for a token the game does not
    know: telling them apart would let anyone probe which game ids exist."""
    return Unauthenticated(f"no game {game_id!r} accepts this token")


class GameManager:
    def __init__(self, store: GameStore, cache: GameCache | None = None) -> None:
        self.store = store
        self.cache = cache if cache is not None else GameCache()

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
        game_map: map_pb2.GameMap | None = None,
        counters: tables_pb2.TableSet | None = None,
        position: str = "",
    ) -> service_pb2.CreateGameResponse:
        if scenario_id:  # a scenario id names its ruleset: the ruleset may be left out
            rs, scenario_id = resolve_scenario(ruleset_id, scenario_id)
        elif ruleset_id or (scenario is not None and scenario.ruleset):
            rs = get_ruleset(ruleset_id or (scenario.ruleset if scenario is not None else ""))
        else:
            raise MalformedInput("ruleset is required (or a scenario_id that names it)", "ruleset")
        if scenario is not None and scenario.ByteSize() and scenario_id:
            raise MalformedInput("give either scenario_id or an inline scenario, not both", "scenario")
        if scenario is None or not scenario.ByteSize():
            if not scenario_id:
                raise MalformedInput(
                    f"a scenario is needed (shipped: {', '.join(rs.scenario_ids())})", "scenario_id"
                )
            scenario = rs.load_scenario(scenario_id)
        if game_map is not None or (counters is not None and counters.tables):
            scenario = completed(rs.id, scenario, game_map, counters)
        game_id = game_id or secrets.token_hex(8)
        seed = dice_mod.new_seed()
        commitment = dice_mod.commitment(seed)
        dice = dice_mod.HmacDice(seed, game_id, 0, 0)
        state, events = engine.new_game(
            rs,
            scenario,
            game_id=game_id,
            options=dict(options or {}),
            tables=tables if tables is not None and tables.tables else None,
            dice=dice,
            seed_commitment=commitment,
        )
        if position:
            state = position_game(state, position, "position")
        for e in events:
            e.version = 0  # events of creation (WatchGame from version 0 starts with them)
        tokens = {s.id: secrets.token_urlsafe(24) for s in state.scenario.definition.sides}
        hashes = {side: token_hash(tok) for side, tok in tokens.items()}
        self.store.create_game(
            game_id=game_id,
            seed=seed,
            seed_commitment=commitment,
            token_hashes=hashes,
            parameters=dict(parameters or {}),
            initial=state,
            creation_events=events,
        )
        return service_pb2.CreateGameResponse(
            game_id=game_id,
            tokens=[service_pb2.SideToken(side=s, token=t) for s, t in tokens.items()],
            seed_commitment=commitment,
            version=state.version,
        )

    # -- cache
    def cached(self, game_id: str) -> LiveGame | None:
        return self.cache.get(game_id)

    def live(self, game_id: str) -> LiveGame:
        g = self.cache.get(game_id)
        return g if g is not None else self.reload(game_id)

    def reload(self, game_id: str) -> LiveGame:
        stored = self.store.load(game_id)
        g = live_game(stored, get_ruleset(stored.ruleset))
        self.cache.put(g)
        return g

    def current(self, g: LiveGame, info: VersionInfo) -> LiveGame:
        """`g`, or a fresh copy when the store (`info`, read just now) has moved on."""
        return g if g.matches(info) else self.reload(g.id)

    # -- auth
    not_accepted = staticmethod(_not_accepted)

    @staticmethod
    def require_token(token: str | None) -> str:
        if not token:
            raise Unauthenticated("missing token: send `authorization: Bearer <side token>` metadata")
        return token

    def side_of(self, g: LiveGame, token: str | None) -> str:
        h = token_hash(self.require_token(token))
        for known, side in g.sides_by_hash.items():
            if hmac.compare_digest(known, h):
                return side
        raise _not_accepted(g.id)

    def authenticate(self, game_id: str, token: str | None) -> tuple[LiveGame, str]:
        self.require_token(token)
        try:
            g = self.live(game_id)
        except NotFound:
            raise _not_accepted(game_id) from None
        return g, self.side_of(g, token)

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
        v = disclosure.state_for(g.position, side, seed=g.seed_if_open)
        v.dice_open = g.stored.seed_revealed
        return v

    def validate(self, g: LiveGame, side: str, action: action_pb2.Action) -> action_pb2.Verdict:
        return disclosure.validate_for(g.position, side, self.bind_side(g, side, action))

    def submit(
        self, g: LiveGame, side: str, action: action_pb2.Action, expected_version: int
    ) -> disclosure.Submitted:
        """Judge and apply `side`'s action on the stored version; the answer is
        what `side` may see of it (core/disclosure.py)."""
        bound = self.bind_side(g, side, action)
        game_id = g.id
        if expected_version > g.stored.version:
            # The client knows a newer version than this copy: another process moved on.
            g = self.reload(game_id)
        for _ in range(REVEAL_RETRIES):
            before = g.position
            state = before.state
            if expected_version != state.version:
                raise StaleVersion(expected_version, state.version)
            seed, dice_open = g.stored.seed, g.stored.seed_revealed

            def make_dice(start: int, version: int) -> dice_mod.HmacDice:
                return dice_mod.HmacDice(seed, game_id, start, version, open_=dice_open)

            try:
                applied = engine.apply_action(before, bound, make_dice)
            except UmpireError as e:
                # Judged on this copy: only say so if it is still the store's
                # version (the legal path needs no read: the append checks it).
                current = self.store.current_version(game_id)
                if current != state.version:
                    self.cache.drop(game_id)
                    raise StaleVersion(expected_version, current) from None
                raise disclosure.error_for(before, e, side) from None
            record = state_pb2.RecordedAction(
                version=applied.state.version, action=bound, dice=applied.rolls, events=applied.events,
                private_to=applied.private_to,
            )
            try:
                # Guarded by the version (and the secrecy the dice assumed): if
                # another process got there first, nothing is written.
                self.store.append(game_id, expected_version, record, applied.state, dice_open=dice_open)
            except RevealedMeanwhile:
                g = self.reload(game_id)  # the seed is public now: throw the dice open
                continue
            except Exception:  # StaleVersion or a store failure: this copy is suspect
                self.cache.drop(game_id)
                raise
            assert applied.position is not None
            g.position = applied.position
            return disclosure.submitted_for(before, applied, side)
        # The seed goes from secret to public once, so a second race cannot happen.
        raise RuntimeError(f"submit to {game_id!r}: the seed's secrecy kept changing")

    def events_since(self, g: LiveGame, side: str, after_version: int) -> list[state_pb2.Event]:
        out: list[state_pb2.Event] = []
        for rec in self.store.actions(g.id, after_version):
            out.extend(disclosure.events_for(g.position, rec.events, side))
        return out

    def creation_events(self, g: LiveGame, side: str) -> list[state_pb2.Event]:
        """The events of the game's creation `side` may see (WatchGame from version 0)."""
        return disclosure.events_for(g.position, self.store.creation_events(g.id), side)

    def export(self, g: LiveGame, side: str) -> state_pb2.GameRecord:
        """The game record as `side` may have it (core/disclosure.py): its views
        while the seed is secret; once revealed (game over or every side agreed)
        the full record, so anyone can replay it and verify every roll."""
        record = disclosure.record_for(self.store.record(g.id), side, seed=g.seed_if_open)
        record.final.dice_open = g.stored.seed_revealed
        return record

    def reveal(self, g: LiveGame, side: str) -> service_pb2.RevealSeedResponse:
        """Record `side`'s request (atomically, store.request_reveal). A reveal
        while the game runs ends its secrecy: later rolls are thrown open."""
        sides = [s.id for s in g.state.scenario.definition.sides]
        r = self.store.request_reveal(g.id, side, sides)
        g.stored.seed_revealed = r.revealed
        g.stored.reveal_requests = set(r.asked)
        g.stored.revealed_at_version = r.at_version
        resp = service_pb2.RevealSeedResponse(
            seed=g.stored.seed.hex() if r.revealed else "", agreed=sorted(r.asked)
        )
        if r.revealed and r.at_version is not None:
            resp.revealed_at_version = r.at_version
        return resp

    @staticmethod
    def legal_actions(pos: Position, side: str) -> list[service_pb2.LegalAction]:
        """`side`'s legal actions in the position, computed once per position
        (the caller copies them into its answer)."""
        result: list[service_pb2.LegalAction] = pos.for_side(side).memo(
            "legal_actions", lambda: disclosure.legal_actions_for(pos, side)
        )
        return result

    def query(self, g: LiveGame, side: str, request: service_pb2.QueryRequest) -> service_pb2.QueryResponse:
        pos = g.position
        which = request.WhichOneof("question")
        if which == "reach":
            owner = g.unit_side.get(request.reach.unit_id)
            if owner is None:
                raise NotFound(f"no unit {request.reach.unit_id!r}")
            if owner != side:
                raise PermissionDenied(f"unit {request.reach.unit_id!r} is not yours")
            reachable, notes = disclosure.reach_for(pos, side, request.reach.unit_id,
                                                     request.reach.mode)
            return service_pb2.QueryResponse(reachable=reachable, notes=notes, version=pos.version)
        if which == "legal_actions":
            return service_pb2.QueryResponse(legal_actions=self.legal_actions(pos, side), version=pos.version)
        raise MalformedInput("ask a question: reach or legal_actions", "question")
