"""The gRPC servicer: a thin async adapter over GameManager.

Each handler authenticates, calls the manager and maps typed errors to status
codes through `errors.to_status` (one place). CPU-light calls (validate, state,
query) run on the event loop against the in-memory game; store writes run in a
worker thread under a per-game lock so one game's submits are serialized in
this process (the store's version guard serializes across processes).
"""

from __future__ import annotations

import asyncio
import collections
import functools
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any, TypeVar

import grpc

from adjudicator.core.errors import MalformedInput, UmpireError
from adjudicator.core import disclosure
from adjudicator.service.errors import to_grpc_status
from adjudicator.service.games import GameManager
from umpire.v1 import service_pb2, service_pb2_grpc

R = TypeVar("R")

WATCH_POLL_SECONDS = 1.0

log = logging.getLogger("umpire.service")


def bearer(context: grpc.aio.ServicerContext) -> str | None:
    for key, value in context.invocation_metadata() or ():
        if key == "authorization":
            v = value if isinstance(value, str) else value.decode()
            if v.lower().startswith("bearer "):
                return v[7:].strip()
            return v.strip()
    return None


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
    def __init__(self, manager: GameManager) -> None:
        self.manager = manager
        self._submit_locks: collections.defaultdict[str, asyncio.Lock] = collections.defaultdict(asyncio.Lock)
        self._changed: collections.defaultdict[str, asyncio.Condition] = collections.defaultdict(asyncio.Condition)

    @rpc
    async def ListRulesets(self, request: service_pb2.ListRulesetsRequest, context: Any) -> service_pb2.ListRulesetsResponse:
        return service_pb2.ListRulesetsResponse(rulesets=self.manager.rulesets())

    @rpc
    async def CreateGame(self, request: service_pb2.CreateGameRequest, context: Any) -> service_pb2.CreateGameResponse:
        if not request.ruleset:
            raise MalformedInput("ruleset is required", "ruleset")
        return await asyncio.to_thread(
            self.manager.create,
            request.ruleset,
            scenario_id=request.scenario_id,
            scenario=request.scenario if request.HasField("scenario") else None,
            options=dict(request.options),
            tables=request.tables if request.HasField("tables") else None,
            parameters=dict(request.parameters),
        )

    @rpc
    async def GetState(self, request: service_pb2.GetStateRequest, context: Any) -> service_pb2.GetStateResponse:
        g, side = self.manager.authenticate(request.game_id, bearer(context))
        current = await asyncio.to_thread(self.manager.store.current_version, request.game_id)
        if current != g.state.version:
            g = await asyncio.to_thread(self.manager.reload, request.game_id)
        return service_pb2.GetStateResponse(state=self.manager.view(g, side))

    @rpc
    async def ValidateAction(
        self, request: service_pb2.ValidateActionRequest, context: Any
    ) -> service_pb2.ValidateActionResponse:
        g, side = self.manager.authenticate(request.game_id, bearer(context))
        verdict = self.manager.validate(g, side, request.action)
        return service_pb2.ValidateActionResponse(verdict=verdict, version=g.state.version)

    @rpc
    async def SubmitAction(
        self, request: service_pb2.SubmitActionRequest, context: Any
    ) -> service_pb2.SubmitActionResponse:
        g, side = self.manager.authenticate(request.game_id, bearer(context))
        if not request.HasField("expected_version"):
            raise MalformedInput("expected_version is required (the version you acted on)", "expected_version")
        async with self._submit_locks[request.game_id]:
            seen = await asyncio.to_thread(
                self.manager.submit, g, side, request.action, request.expected_version
            )
        cond = self._changed[request.game_id]
        async with cond:
            cond.notify_all()
        return service_pb2.SubmitActionResponse(
            verdict=seen.verdict, version=seen.version, events=seen.events, dice=seen.dice,
        )

    @rpc
    async def Query(self, request: service_pb2.QueryRequest, context: Any) -> service_pb2.QueryResponse:
        g, side = self.manager.authenticate(request.game_id, bearer(context))
        return self.manager.query(g, side, request)

    async def WatchGame(
        self, request: service_pb2.WatchGameRequest, context: grpc.aio.ServicerContext
    ) -> AsyncIterator[service_pb2.WatchGameResponse]:
        try:
            g, side = self.manager.authenticate(request.game_id, bearer(context))
        except UmpireError as e:
            await context.abort_with_status(to_grpc_status(e))
            return
        seen = request.from_version
        cond = self._changed[request.game_id]
        while True:
            records = await asyncio.to_thread(self.manager.store.actions, request.game_id, seen)
            for rec in records:
                for ev in disclosure.events_for(g.position, rec.events, side):
                    yield service_pb2.WatchGameResponse(event=ev)
                seen = rec.version
            if context.done():
                return
            async with cond:
                try:
                    # Woken by a submit in this process; the timeout catches
                    # actions committed by other server processes.
                    await asyncio.wait_for(cond.wait(), timeout=WATCH_POLL_SECONDS)
                except TimeoutError:
                    pass

    @rpc
    async def ExportGame(self, request: service_pb2.ExportGameRequest, context: Any) -> service_pb2.ExportGameResponse:
        g, side = self.manager.authenticate(request.game_id, bearer(context))
        record = await asyncio.to_thread(self.manager.export, g, side)
        return service_pb2.ExportGameResponse(record=record)

    @rpc
    async def RevealSeed(self, request: service_pb2.RevealSeedRequest, context: Any) -> service_pb2.RevealSeedResponse:
        g, side = self.manager.authenticate(request.game_id, bearer(context))
        return await asyncio.to_thread(self.manager.reveal, g, side)


