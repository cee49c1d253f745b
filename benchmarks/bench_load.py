"""Load benchmark (issue 12): clients playing real games against real server
processes on one database, the way an operator would run Umpire.

Each client is its own process and plays its own Major Battles (Normandy)
games, round robin, as a player would: ask the legal actions, submit one of the
offered examples (every tenth step also validates it and reads the state first).
Finished games are replaced by new ones. Prints, for the run:

  1. throughput: accepted submits per second across games, and every RPC per second;
  2. p50 / p99 latency per RPC, as the clients see it;
  3. server memory: RSS growth over the run, and memory per cached game (RSS
     growth while a second batch of N games is loaded into the cache, divided
     by N: the first batch fills the bounded hot tier and per-state caches);
  4. the baseline measured in the same run: the database's own commit rate for
     transactions of the same shape (the same UPDATE + INSERT sizes, straight
     through the driver from as many threads as there are clients), and the
     ratio of Umpire's submit rate to it.

Goals on the 2-core reference machine (docs/deploy.md): >= 150 submits/s with 4
clients on PostgreSQL, Submit p99 <= 50 ms, <= 50 KB per cached game.

    python benchmarks/bench_load.py [--db URL] [--clients 4] [--seconds 60] [--servers 1]

Without --db it uses the local PostgreSQL (a schema of its own, dropped
afterwards) when reachable, else a temporary SQLite file.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import secrets
import sys
import tempfile
import threading
import time
from contextlib import ExitStack, contextmanager
from collections.abc import Iterator
from pathlib import Path
from typing import cast

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import grpc  # noqa: E402

from tests.reliability.harness import (  # noqa: E402
    Game,
    ServerProcess,
    Stopwatch,
    create_game,
    md,
    percentile,
)
from umpire.v1 import service_pb2, service_pb2_grpc  # noqa: E402

@contextmanager
def database(url: str | None) -> Iterator[str]:
    if url:
        yield url
        return
    from tests.support.databases import postgres_unavailable_reason, schema_url

    if postgres_unavailable_reason() is None:
        with schema_url("umpire_bench") as u:
            yield u
    else:
        with tempfile.TemporaryDirectory() as tmp:
            yield f"sqlite:///{tmp}/bench.sqlite"


# -- a client process ------------------------------------------------------------

def _client(address: str, seconds: float, games: int, seed: int, out: "mp.Queue[object]") -> None:
    watch = Stopwatch()
    submits = 0
    with grpc.insecure_channel(address) as ch:
        stub = service_pb2_grpc.AdjudicatorStub(ch)

        def timed(name: str, fn: object, *args: object, **kw: object) -> object:
            t0 = time.perf_counter()
            try:
                return fn(*args, **kw)  # type: ignore[operator]
            finally:
                watch.add(name, time.perf_counter() - t0)

        def new_game(n: int) -> Game:
            return timed("CreateGame", create_game, stub, seed * 10_000 + n)  # type: ignore[return-value]

        playing = [new_game(i) for i in range(games)]
        made = games
        step = 0
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            i = step % len(playing)
            g = playing[i]
            step += 1
            if _play_one(stub, g, timed, check=step % 10 == 0):
                submits += 1
            elif g.finished:
                playing[i] = new_game(made)
                made += 1
    out.put((submits, watch.samples))


def _play_one(stub: service_pb2_grpc.AdjudicatorStub, g: Game, timed: object, check: bool) -> bool:
    call = timed  # (name, fn, *args, **kw) -> result, timing it
    for side in (g.acting, g.other(g.acting)):
        q = call("Query", stub.Query, service_pb2.QueryRequest(  # type: ignore[operator]
            game_id=g.game_id, legal_actions=service_pb2.LegalActionsQuestion()),
            metadata=md(g.tokens[side]), timeout=30)
        examples = [la.example for la in q.legal_actions if la.HasField("example")]
        if not examples:
            continue
        g.acting, g.version = side, q.version
        action = g.rng.choice(examples)
        if check:
            call("GetState", stub.GetState, service_pb2.GetStateRequest(game_id=g.game_id),  # type: ignore[operator]
                 metadata=md(g.tokens[side]), timeout=30)
            call("ValidateAction", stub.ValidateAction,  # type: ignore[operator]
                 service_pb2.ValidateActionRequest(game_id=g.game_id, action=action),
                 metadata=md(g.tokens[side]), timeout=30)
        try:
            r = call("SubmitAction", stub.SubmitAction, service_pb2.SubmitActionRequest(  # type: ignore[operator]
                game_id=g.game_id, action=action, expected_version=g.version),
                metadata=md(g.tokens[side]), timeout=30)
        except grpc.RpcError as e:
            if e.code() in (grpc.StatusCode.FAILED_PRECONDITION, grpc.StatusCode.ABORTED):
                return False
            raise
        g.version = r.version
        return True
    g.finished = True
    return False


# -- the baseline: the database alone -------------------------------------------

def db_baseline(url: str, threads: int, seconds: float, state_bytes: int, action_bytes: int) -> float:
    """Transactions/s of the submit's shape (UPDATE one row with a blob, INSERT one
    row) straight through SQLAlchemy Core, from `threads` threads."""
    from sqlalchemy import LargeBinary, Column, Integer, MetaData, String, Table, create_engine, update

    engine = create_engine(url, pool_size=threads + 2)
    meta = MetaData()
    suffix = secrets.token_hex(3)
    games = Table(f"bench_games_{suffix}", meta, Column("id", String(64), primary_key=True),
                  Column("version", Integer), Column("state", LargeBinary))
    actions = Table(f"bench_actions_{suffix}", meta, Column("id", Integer, primary_key=True, autoincrement=True),
                    Column("game_id", String(64)), Column("version", Integer), Column("record", LargeBinary))
    meta.create_all(engine)
    state, record = secrets.token_bytes(state_bytes), secrets.token_bytes(action_bytes)
    with engine.begin() as c:
        for t in range(threads):
            c.execute(games.insert().values(id=f"g{t}", version=0, state=state))
    counts = [0] * threads
    deadline = time.monotonic() + seconds

    def work(t: int) -> None:
        v = 0
        while time.monotonic() < deadline:
            with engine.begin() as c:
                c.execute(update(games).where(games.c.id == f"g{t}").where(games.c.version == v)
                          .values(version=v + 1, state=state))
                c.execute(actions.insert().values(game_id=f"g{t}", version=v + 1, record=record))
            v += 1
            counts[t] += 1

    ts = [threading.Thread(target=work, args=(t,)) for t in range(threads)]
    start = time.perf_counter()
    for th in ts:
        th.start()
    for th in ts:
        th.join()
    rate = sum(counts) / (time.perf_counter() - start)
    meta.drop_all(engine)
    engine.dispose()
    return rate


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / 100.0  # utime + stime, in clock ticks of 1/100 s


def postgres_cpu() -> dict[int, float]:
    """CPU seconds so far of every PostgreSQL process on this machine (pid -> s):
    with the database on the same machine, its work per submit shares the cores."""
    out: dict[int, float] = {}
    for d in Path("/proc").iterdir():
        if not d.name.isdigit():
            continue
        try:
            if not (d / "cmdline").read_bytes().startswith(b"postgres"):
                continue
            out[int(d.name)] = cpu_seconds(int(d.name))
        except OSError:  # the process ended meanwhile
            continue
    return out


def machine_busy() -> tuple[float, float]:
    """(busy, total) jiffies of the whole machine so far."""
    parts = [int(x) for x in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    idle = parts[3] + parts[4]
    return sum(parts) - idle, sum(parts)


def cached_game_memory(server: ServerProcess, games: int) -> tuple[float, int]:
    """Memory each more cached game costs: two batches of `games` new games are
    loaded into the cache (GetState); the first fills what is bounded anyway
    (the hot tier, the rulesets' per-state caches), the RSS growth over the
    second, divided by its size, is the figure."""
    with grpc.insecure_channel(server.address) as ch:
        stub = service_pb2_grpc.AdjudicatorStub(ch)
        rss = []
        for batch in range(2):
            made = [create_game(stub, 900_000 + batch * games + i) for i in range(games)]
            for g in made:
                stub.GetState(service_pb2.GetStateRequest(game_id=g.game_id), metadata=md(g.tokens[g.acting]),
                              timeout=30)
            rss.append(server.rss_bytes())
    return (rss[1] - rss[0]) / games, rss[1] - rss[0]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--db", default=None)
    ap.add_argument("--clients", type=int, default=4)
    ap.add_argument("--seconds", type=float, default=60.0)
    ap.add_argument("--servers", type=int, default=1)
    ap.add_argument("--games-per-client", type=int, default=4)
    ap.add_argument("--memory-games", type=int, default=500, help="games per batch to measure memory per cached game")
    ap.add_argument("--baseline-seconds", type=float, default=10.0)
    args = ap.parse_args()

    with ExitStack() as stack:
        url = stack.enter_context(database(args.db))
        kind = "PostgreSQL" if url.startswith("postgresql") else "SQLite"
        servers = [ServerProcess(url, "--create-rate", "0") for _ in range(args.servers)]
        for s in servers:
            stack.callback(s.stop)
        print(f"{args.servers} server process(es), {args.clients} client processes, {args.seconds:.0f} s, {kind}")
        ctx = mp.get_context("spawn")
        out: mp.Queue[object] = ctx.Queue()
        # Warm up (imports, first games) before measuring memory.
        with grpc.insecure_channel(servers[0].address) as ch:
            create_game(service_pb2_grpc.AdjudicatorStub(ch), 0)
        rss0 = [s.rss_bytes() for s in servers]
        cpu0 = [cpu_seconds(s.pid) for s in servers]
        pg0 = postgres_cpu()
        busy0 = machine_busy()
        procs = [ctx.Process(target=_client, args=(servers[i % len(servers)].address, args.seconds,
                                                   args.games_per_client, i + 1, out)) for i in range(args.clients)]
        start = time.perf_counter()
        for p in procs:
            p.start()
        series: list[int] = []
        sampling = threading.Event()

        def sample() -> None:  # RSS of the first server every tenth of the run
            while not sampling.wait(args.seconds / 10):
                series.append(servers[0].rss_bytes())

        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        results = cast(list[tuple[int, dict[str, list[float]]]],
                       [out.get(timeout=args.seconds + 300) for _ in procs])
        elapsed = time.perf_counter() - start
        for p in procs:
            p.join(30)
        sampling.set()
        rss1 = [s.rss_bytes() for s in servers]
        cpu1 = [cpu_seconds(s.pid) for s in servers]
        pg1 = postgres_cpu()
        busy1 = machine_busy()

        submits = sum(n for n, _ in results)
        samples: dict[str, list[float]] = {}
        for _, per_rpc in results:
            for name, xs in per_rpc.items():
                samples.setdefault(name, []).extend(xs)
        calls = sum(len(v) for v in samples.values())
        print(f"throughput: {submits / elapsed:.0f} accepted submits/s across games "
              f"({submits} in {elapsed:.1f} s), {calls / elapsed:.0f} RPCs/s  "
              f"goal >= 150 submits/s: {'MET' if submits / elapsed >= 150 else 'MISSED'}")
        for name in ("SubmitAction", "Query", "ValidateAction", "GetState", "CreateGame"):
            xs = samples.get(name, [])
            if xs:
                extra = ""
                if name == "SubmitAction":
                    extra = f"  goal p99 <= 50 ms: {'MET' if percentile(xs, 0.99) * 1e3 <= 50 else 'MISSED'}"
                print(f"  {name:15s} {len(xs):7d} calls  p50 {percentile(xs, 0.5) * 1e3:6.1f} ms  "
                      f"p99 {percentile(xs, 0.99) * 1e3:6.1f} ms{extra}")
        for i, s in enumerate(servers):
            print(f"server {i}: RSS {rss0[i] / 2**20:.1f} MB -> {rss1[i] / 2**20:.1f} MB over the run "
                  f"(+{(rss1[i] - rss0[i]) / 2**20:.1f} MB); CPU {(cpu1[i] - cpu0[i]) / elapsed:.2f} cores")
        # Less sensitive to a loaded machine than the rate: what one submit (with
        # the queries the clients make around it) costs the server processes.
        server_cpu = sum(cpu1) - sum(cpu0)
        if submits:
            per = server_cpu / submits
            print(f"server CPU per accepted submit: {per * 1e3:.2f} ms (all server processes' CPU time / "
                  f"submits, the clients' queries included); one process (one core, the GIL) alone "
                  f"could serve {1 / per:.0f} submits/s")
        if submits and pg1:
            db_cpu = sum(t - pg0.get(pid, 0.0) for pid, t in pg1.items())
            print(f"database CPU per accepted submit: {db_cpu / submits * 1e3:.2f} ms (every PostgreSQL process "
                  "on this machine, the version checks included; other users of the server too)")
        print("  server 0 RSS every tenth of the run (MB): " + " ".join(f"{x / 2**20:.0f}" for x in series))
        busy = (busy1[0] - busy0[0]) / max(1, busy1[1] - busy0[1])
        print(f"machine: {busy:.0%} busy over the run (server, clients and the database together)")
        per_game, total = cached_game_memory(servers[0], args.memory_games)
        print(f"memory per cached game: {per_game / 1024:.1f} KB (RSS +{total / 2**20:.1f} MB over a second batch "
              f"of {args.memory_games} games)  goal <= 50 KB: {'MET' if per_game <= 50 * 1024 else 'MISSED'}")
        base = db_baseline(url, args.clients, args.baseline_seconds, state_bytes=17_000, action_bytes=600)
        print(f"baseline: the database alone commits {base:.0f} transactions/s of the submit's shape "
              f"from {args.clients} threads; Umpire's submits/s = {submits / elapsed / base:.2f} of it")


if __name__ == "__main__":
    main()
