"""The gRPC servicer: a thin async adapter over GameManager.

Each handler authenticates, calls the manager and maps typed errors to status
codes through `errors.to_status` (one place). Requests arrive decoded and
checked against the limits (service/boundary.py). Every answer about a game is
computed on a version at least the store's when the request arrived: the
cached copy is checked against the store first (a batched read on the change
feed's connection, service/notify.py) and reloaded when another process moved
it on. CPU-light calls (validate, state, query) run on the event loop against
the in-memory game; store writes run in a worker thread under a per-game lock
so one game's submits are serialized in this process (the store's version
guard serializes across processes).
"""

from __future__ import annotations

import asyncio
import functools
import logging
import weakref
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any, TypeVar

import grpc

from adjudicator.core import disclosure
from adjudicator.core.errors import MalformedInput, NotFound, UmpireError
from adjudicator.service.errors import to_grpc_status
from adjudicator.service.games import GameManager, LiveGame
from adjudicator.service.notify import ChangeFeed, ChangeHub
from adjudicator.service.ratelimit import CreationGate, CreationPolicy
from umpire.v1 import service_pb2, service_pb2_grpc

R = TypeVar("R")

log = logging.getLogger("umpire.service")


def metadata_of(context: grpc.aio.ServicerContext) -> dict[str, str]:
    out: dict[str, str] = {}
    for key, value in context.invocation_metadata() or ():
        out[key] = value if isinstance(value, str) else value.decode(errors="replace")
    return out


def bearer(context: grpc.aio.ServicerContext) -> str | None:
    v = metadata_of(context).get("authorization")
    if v is None:
        return None
    if v.lower().startswith("bearer "):
        return v[7:].strip()
    return v.strip()


def rpc(fn: Callable[..., Awaitable[R]]) -> Callable[..., Awaitable[R]]:
    """Map typed errors of a unary handler to its gRPC status; any other
    exception is INTERNAL with a fixed message (see `internal`)."""

    @functools.wraps(fn)
    async def wrapper(self: Any, request: Any, context: grpc.aio.ServicerContext) -> R:
        try:
            return await fn(self, request, context)
        except UmpireError as e:
            await context.abort_with_status(to_grpc_status(e))
            raise  # unreachable: abort raises
        except grpc.aio.AbortError:
            raise
        except Exception:  # noqa: BLE001 - a bug: logged here, never sent as it is
            await context.abort(grpc.StatusCode.INTERNAL, internal(fn.__name__))
            raise  # unreachable: abort raises

    return wrapper


def internal(call: str) -> str:
    """The answer to a bug. grpc would send the exception's text to the
    caller, and a message built while working on the full state (a KeyError
    naming a chit, a unit's hidden value) would reach a side without passing
    through its filter (core/disclosure.py); the traceback goes to the log."""
    log.exception("%s failed", call)
    return f"internal error in {call} (logged on the server)"


class AdjudicatorServicer(service_pb2_grpc.AdjudicatorServicer):  # type: ignore[misc]
    def __init__(
        self,
        manager: GameManager,
        hub: ChangeHub | None = None,
        feed: ChangeFeed | None = None,
        creation: CreationPolicy | None = None,
    ) -> None:
        self.manager = manager
        self.hub = hub if hub is not None else ChangeHub()
        self.feed = feed if feed is not None else ChangeFeed(manager.store, self.hub)
        self.gate = CreationGate(creation or CreationPolicy())
        self._submit_locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()

    # -- the game a request is about
    async def _game(self, game_id: str, context: Any) -> tuple[LiveGame, str, bool]:
        """The cached (or freshly loaded) game and the caller's side; the flag
        says whether it was loaded just now (then it is current already)."""
        token = self.manager.require_token(bearer(context))
        g = self.manager.cached(game_id)
        fresh = False
        if g is None:
            try:
                g = await asyncio.to_thread(self.manager.reload, game_id)
            except NotFound:
                raise self.manager.not_accepted(game_id) from None
            fresh = True
        return g, self.manager.side_of(g, token), fresh

    async def _current(self, game_id: str, context: Any) -> tuple[LiveGame, str]:
        """The game at (at least) the store's version when the request arrived."""
        g, side, fresh = await self._game(game_id, context)
        if not fresh:
            try:
                info = await self.feed.check(game_id)
            except NotFound:
                self.manager.cache.drop(game_id)
                raise self.manager.not_accepted(game_id) from None
            if not g.matches(info):
                g = await asyncio.to_thread(self.manager.reload, game_id)
        return g, side

    # -- handlers
    @rpc
    async def ListRulesets(self, request: service_pb2.ListRulesetsRequest, context: Any) -> service_pb2.ListRulesetsResponse:
        return service_pb2.ListRulesetsResponse(rulesets=self.manager.rulesets())

    @rpc
    async def CreateGame(self, request: service_pb2.CreateGameRequest, context: Any) -> service_pb2.CreateGameResponse:
        self.gate.admit(self.gate.client_of(context.peer(), metadata_of(context)), bearer(context))
        return await asyncio.to_thread(
            self.manager.create,
            request.ruleset,
            scenario_id=request.scenario_id,
            scenario=request.scenario if request.HasField("scenario") else None,
            options=dict(request.options),
            tables=request.tables if request.HasField("tables") else None,
            parameters=dict(request.parameters),
            game_map=request.map if request.HasField("map") else None,
            counters=request.counters if request.HasField("counters") else None,
            position=request.position,
        )

    @rpc
    async def GetState(self, request: service_pb2.GetStateRequest, context: Any) -> service_pb2.GetStateResponse:
        g, side = await self._current(request.game_id, context)
        return service_pb2.GetStateResponse(state=self.manager.view(g, side))

    @rpc
    async def ValidateAction(
        self, request: service_pb2.ValidateActionRequest, context: Any
    ) -> service_pb2.ValidateActionResponse:
        g, side = await self._current(request.game_id, context)
        state = g.state
        verdict = self.manager.validate(g, side, request.action)
        return service_pb2.ValidateActionResponse(verdict=verdict, version=state.version)

    @rpc
    async def SubmitAction(
        self, request: service_pb2.SubmitActionRequest, context: Any
    ) -> service_pb2.SubmitActionResponse:
        # No version check first: the store's guarded append is the check.
        g, side, _ = await self._game(request.game_id, context)
        if not request.HasField("expected_version"):
            raise MalformedInput("expected_version is required (the version you acted on)", "expected_version")
        lock = self._submit_locks.get(request.game_id)
        if lock is None:
            lock = self._submit_locks[request.game_id] = asyncio.Lock()
        async with lock:
            seen = await asyncio.to_thread(
                self.manager.submit, g, side, request.action, request.expected_version
            )
        self.hub.changed(request.game_id, seen.version)
        return service_pb2.SubmitActionResponse(
            verdict=seen.verdict, version=seen.version, events=seen.events, dice=seen.dice,
        )

    @rpc
    async def Query(self, request: service_pb2.QueryRequest, context: Any) -> service_pb2.QueryResponse:
        g, side = await self._current(request.game_id, context)
        return self.manager.query(g, side, request)

    async def WatchGame(
        self, request: service_pb2.WatchGameRequest, context: grpc.aio.ServicerContext
    ) -> AsyncIterator[service_pb2.WatchGameResponse]:
        try:
            g, side, _ = await self._game(request.game_id, context)
        except UmpireError as e:
            await context.abort_with_status(to_grpc_status(e))
            return
        gid = request.game_id
        seen = request.from_version
        async with self.hub.watching(gid) as watch:
            if seen == 0:
                for ev in await asyncio.to_thread(self.manager.creation_events, g, side):
                    yield service_pb2.WatchGameResponse(event=ev)
            while True:
                records = await asyncio.to_thread(self.manager.store.actions, gid, seen)
                for rec in records:
                    for ev in disclosure.events_for(g.position, rec.events, side):
                        yield service_pb2.WatchGameResponse(event=ev)
                    seen = rec.version
                if context.done():
                    return
                # Woken by a submit here or by the change feed (another process).
                await watch.wait_beyond(seen)

    @rpc
    async def ExportGame(self, request: service_pb2.ExportGameRequest, context: Any) -> service_pb2.ExportGameResponse:
        g, side = await self._current(request.game_id, context)
        record = await asyncio.to_thread(self.manager.export, g, side)
        return service_pb2.ExportGameResponse(record=record)

    @rpc
    async def RevealSeed(self, request: service_pb2.RevealSeedRequest, context: Any) -> service_pb2.RevealSeedResponse:
        g, side, _ = await self._game(request.game_id, context)
        return await asyncio.to_thread(self.manager.reveal, g, side)
