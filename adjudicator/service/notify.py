"""How a server process learns that a game changed, and how it wakes the watch
streams waiting for that.

Several `umpire serve` processes may share one database. Each keeps hot games
in memory, so each must learn of actions another process accepted:

* `ChangeHub` (in-process): the watch streams waiting on each game, and the
  callbacks (cache invalidation) run when a game changes. Local submits and
  the feeds below report to it.
* `PostgresFeed`: one LISTEN connection per process (not per watcher) on the
  database's channel (`GameStore.notify_channel`, named after the database and
  schema, so another deployment or test run on the same server is not heard).
  `GameStore.append` and `request_reveal` send NOTIFY in their transaction,
  delivered on commit. The same connection answers version checks, batched:
  every request waiting when a check is sent shares it.
* `PollingFeed` (SQLite, which has no push): polls the versions of the games
  somebody watches in this process, every `POLL_SECONDS`.

Version checks (`ChangeFeed.check`) are what make answers current: a request
arriving at this process after an action was committed anywhere is answered on
that version or a later one. After the listening connection was lost,
`ChangeHub.resync` wakes every watcher to re-read the store (notifications may
have been missed) and the cache is dropped.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Callable
from typing import Any

from adjudicator.core.errors import NotFound
from adjudicator.store.store import GameStore, VersionInfo

log = logging.getLogger("umpire.notify")

POLL_SECONDS = 0.05
# A version check that the listening connection does not answer in this time
# is asked again through the ordinary connection pool.
CHECK_TIMEOUT = 5.0
RECONNECT_MAX_SECONDS = 5.0

ChangeCallback = Callable[[str, int, bool], None]

# The batched version check, asked before most answers: prepared once per
# listening connection, so PostgreSQL does not parse and plan it every time.
VERSIONS_PREPARE = ("PREPARE umpire_versions (text[]) AS "
                    "SELECT id, version, seed_revealed FROM games WHERE id = ANY($1)")
VERSIONS = "EXECUTE umpire_versions (%s)"


class Watch:
    """One watch stream's registration with the hub."""

    def __init__(self, hub: ChangeHub, game_id: str) -> None:
        self.hub = hub
        self.game_id = game_id
        self.event = asyncio.Event()

    async def wait_beyond(self, version: int) -> None:
        """Return once the game is known to be past `version`, or after a resync."""
        generation = self.hub.generation
        while self.hub.latest.get(self.game_id, -1) <= version and self.hub.generation == generation:
            self.event.clear()
            await self.event.wait()


class ChangeHub:
    """The latest known version of each watched game and who waits for it.
    Used from the event loop only."""

    def __init__(self) -> None:
        self.latest: dict[str, int] = {}
        self._watches: dict[str, set[Watch]] = {}
        self._callbacks: list[ChangeCallback] = []
        self._resync_callbacks: list[Callable[[], None]] = []
        self.generation = 0

    def on_change(self, callback: ChangeCallback) -> None:
        self._callbacks.append(callback)

    def on_resync(self, callback: Callable[[], None]) -> None:
        self._resync_callbacks.append(callback)

    def watched(self) -> list[str]:
        return list(self._watches)

    @property
    def watcher_count(self) -> int:
        return sum(len(w) for w in self._watches.values())

    def changed(self, game_id: str, version: int, revealed: bool = False) -> None:
        """`game_id` is now at `version` (committed here or by another process)."""
        for cb in self._callbacks:
            cb(game_id, version, revealed)
        watches = self._watches.get(game_id)
        if not watches:
            return
        if version > self.latest.get(game_id, -1):
            self.latest[game_id] = version
        for w in watches:
            w.event.set()

    def resync(self) -> None:
        """Anything may have changed (the feed was down): everybody re-reads."""
        self.generation += 1
        for cb in self._resync_callbacks:
            cb()
        for watches in self._watches.values():
            for w in watches:
                w.event.set()

    @contextlib.asynccontextmanager
    async def watching(self, game_id: str) -> AsyncIterator[Watch]:
        w = Watch(self, game_id)
        self._watches.setdefault(game_id, set()).add(w)
        try:
            yield w
        finally:
            left = self._watches.get(game_id)
            if left is not None:
                left.discard(w)
                if not left:
                    del self._watches[game_id]
                    self.latest.pop(game_id, None)


class ChangeFeed:
    """Base: version checks through the store, no push. Subclasses add push."""

    def __init__(self, store: GameStore, hub: ChangeHub) -> None:
        self.store = store
        self.hub = hub
        self._task: asyncio.Task[None] | None = None
        self.healthy = True
        # Set while the feed can report changes (at once for polling).
        self.connected = asyncio.Event()

    async def start(self) -> None:
        if self.healthy:
            self.connected.set()
        self._task = asyncio.get_running_loop().create_task(self.run())

    async def run(self) -> None:  # pragma: no cover - overridden
        return None

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def check(self, game_id: str) -> VersionInfo:
        """The game's version in the store now (NotFound when there is none)."""
        return await asyncio.to_thread(self.store.version_info, game_id)


class PollingFeed(ChangeFeed):
    """SQLite: a version check is one local indexed read; watched games are polled."""

    async def check(self, game_id: str) -> VersionInfo:
        # A local file read of one row: cheaper than a hop to a worker thread.
        return self.store.version_info(game_id)

    async def run(self) -> None:
        while True:
            await asyncio.sleep(POLL_SECONDS)
            ids = self.hub.watched()
            if not ids:
                continue
            try:
                versions = await asyncio.to_thread(self.store.versions, ids)
            except Exception:  # noqa: BLE001 - a failed poll is retried next tick
                log.exception("polling the store for changes failed")
                continue
            for gid, info in versions.items():
                if info.version > self.hub.latest.get(gid, -1):
                    self.hub.changed(gid, info.version, info.seed_revealed)


class PostgresFeed(ChangeFeed):
    """LISTEN on one asynchronous psycopg2 connection, driven by the event loop;
    version checks batched on the same connection."""

    def __init__(self, store: GameStore, hub: ChangeHub) -> None:
        super().__init__(store, hub)
        assert store.notify_channel is not None
        self.channel = store.notify_channel
        self._conn: Any = None
        self._queue: dict[str, list[asyncio.Future[VersionInfo | None]]] = {}
        self._kick: asyncio.Future[None] | None = None
        self.healthy = False

    # -- public
    async def check(self, game_id: str) -> VersionInfo:
        if self.healthy:
            fut: asyncio.Future[VersionInfo | None] = asyncio.get_running_loop().create_future()
            self._queue.setdefault(game_id, []).append(fut)
            self._wake()
            try:
                info = await asyncio.wait_for(fut, CHECK_TIMEOUT)
            except (TimeoutError, ConnectionError):
                info = None
            else:
                if info is None:
                    raise NotFound(f"no game {game_id!r}")
                return info
        return await asyncio.to_thread(self.store.version_info, game_id)

    async def run(self) -> None:
        import psycopg2

        backoff = 0.1
        while True:
            try:
                await self._connect()
                await self._execute(VERSIONS_PREPARE)
                await self._execute(f'LISTEN "{self.channel}"')
                self.healthy = True
                self.connected.set()
                backoff = 0.1
                self.hub.resync()  # whatever happened while we were not listening
                await self._serve()
            except (psycopg2.Error, OSError) as e:
                log.warning("change feed connection lost (%s); reconnecting", " ".join(str(e).split()))
            finally:
                self.healthy = False
                self.connected.clear()
                self._fail_pending()
                self._close()
            await asyncio.sleep(backoff)
            backoff = min(backoff * 2, RECONNECT_MAX_SECONDS)

    # -- the connection
    async def _connect(self) -> None:
        import psycopg2

        engine = self.store.engine
        cargs, cparams = engine.dialect.create_connect_args(engine.url)
        self._conn = psycopg2.connect(*cargs, **cparams, async_=True)
        await self._wait()

    def _close(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:
            with contextlib.suppress(Exception):
                conn.close()

    async def _wait(self) -> None:
        """Drive the connection until its current operation is done."""
        import psycopg2.extensions as ext

        while True:
            state = self._conn.poll()
            if state == ext.POLL_OK:
                self._dispatch()
                return
            await self._ready(writer=state == ext.POLL_WRITE)

    def _ready(self, writer: bool = False) -> asyncio.Future[None]:
        """A future done when the connection's socket is readable (or writable)."""
        loop = asyncio.get_running_loop()
        fut: asyncio.Future[None] = loop.create_future()
        fd = self._conn.fileno()

        def done() -> None:
            if not fut.done():
                fut.set_result(None)

        if writer:
            loop.add_writer(fd, done)
            fut.add_done_callback(lambda _: loop.remove_writer(fd))
        else:
            loop.add_reader(fd, done)
            fut.add_done_callback(lambda _: loop.remove_reader(fd))
        return fut

    async def _execute(self, sql: str, args: tuple[object, ...] = ()) -> list[tuple[Any, ...]]:
        cur = self._conn.cursor()
        try:
            cur.execute(sql, args)
            await self._wait()
            return list(cur.fetchall()) if cur.description else []
        finally:
            cur.close()

    def _wake(self) -> None:
        if self._kick is not None and not self._kick.done():
            self._kick.set_result(None)

    async def _serve(self) -> None:
        while True:
            if self._queue:
                batch, self._queue = self._queue, {}
                rows = await self._execute(VERSIONS, (list(batch),))
                found = {str(r[0]): VersionInfo(int(r[1]), bool(r[2])) for r in rows}
                for gid, futs in batch.items():
                    for f in futs:
                        if not f.done():
                            f.set_result(found.get(gid))
                continue
            # Idle: wait for a notification (socket readable) or a version check.
            self._kick = readable = self._ready()
            await readable
            self._kick = None
            await self._wait()  # reads what arrived; raises if the connection broke

    def _dispatch(self) -> None:
        notes = self._conn.notifies
        while notes:
            n = notes.pop(0)
            try:
                gid, version, revealed, origin = n.payload.split(" ")
                if origin != self.store.origin:  # this process's own commits are reported directly
                    self.hub.changed(gid, int(version), revealed == "1")
            except ValueError:
                log.warning("ignoring a malformed change notification %r", n.payload)

    def _fail_pending(self) -> None:
        batch, self._queue = self._queue, {}
        for futs in batch.values():
            for f in futs:
                if not f.done():
                    f.set_exception(ConnectionError("change feed down"))


def feed_for(store: GameStore, hub: ChangeHub) -> ChangeFeed:
    return PostgresFeed(store, hub) if store.notify_channel is not None else PollingFeed(store, hub)
