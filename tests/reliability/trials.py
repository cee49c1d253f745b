"""The reliability trials, parameterised by size: the tests run them small, the
scripts run them long. Each returns what it counted; the caller judges."""

from __future__ import annotations

import random
import threading
import time
from collections import Counter
from dataclasses import dataclass, field

import grpc
from grpc_status import rpc_status

from adjudicator.core import engine
from adjudicator.store.store import GameStore
from tests.reliability.harness import (
    Game,
    ServerProcess,
    create_game,
    md,
    next_action,
    percentile,
    play_step,
)
from umpire.v1 import action_pb2, service_pb2, service_pb2_grpc


def _blob(a: action_pb2.Action) -> bytes:
    return a.SerializeToString(deterministic=True)


def _replays(store: GameStore, game_id: str) -> bool:
    rec = store.record(game_id)
    if [a.version for a in rec.actions] != list(range(1, len(rec.actions) + 1)):
        return False
    replayed = engine.replay(rec)
    return replayed.SerializeToString(deterministic=True) == rec.final.SerializeToString(deterministic=True)


# -- kill -9 during submits ---------------------------------------------------------

@dataclass
class KillResult:
    acknowledged: int = 0
    lost: int = 0  # acknowledged but not in the log
    changed: int = 0  # in the log, but another action than the one acknowledged
    replays_equal: int = 0
    games: int = 0
    restarted_versions_match: int = 0


def kill9_trial(db_url: str, *, clients: int = 3, seconds: float = 2.0, seed: int = 0) -> KillResult:
    """Clients submit through a real server; it is killed with SIGKILL at a random
    moment; a fresh server on the same database must have every acknowledged action."""
    rng = random.Random(seed)
    server = ServerProcess(db_url, "--create-rate", "0")
    games = [create_game(server.stub, seed * 1000 + i) for i in range(clients)]
    acked: list[tuple[str, int, bytes]] = []
    lock = threading.Lock()
    stop = threading.Event()

    def client(g: Game) -> None:
        with grpc.insecure_channel(server.address) as ch:
            stub = service_pb2_grpc.AdjudicatorStub(ch)
            while not stop.is_set():
                try:
                    step = play_step(stub, g, timeout=10)
                except grpc.RpcError:
                    return  # the server is gone
                if step is None:
                    return
                side, action, resp = step
                action.side = side
                with lock:
                    acked.append((g.game_id, resp.version, _blob(action)))

    threads = [threading.Thread(target=client, args=(g,), daemon=True) for g in games]
    for t in threads:
        t.start()
    time.sleep(rng.uniform(0.4, 1.0) * seconds)
    server.kill()
    stop.set()
    for t in threads:
        t.join(30)
    result = KillResult(acknowledged=len(acked), games=len(games))
    again = ServerProcess(db_url)
    store = GameStore(db_url)
    try:
        logs = {g.game_id: {a.version: _blob(a.action) for a in store.record(g.game_id).actions} for g in games}
        for gid, version, blob in acked:
            if version not in logs[gid]:
                result.lost += 1
            elif logs[gid][version] != blob:
                result.changed += 1
        for g in games:
            result.replays_equal += _replays(store, g.game_id)
            st = again.stub.GetState(service_pb2.GetStateRequest(game_id=g.game_id),
                                     metadata=md(g.tokens[g.acting]), timeout=30).state
            result.restarted_versions_match += st.version == len(logs[g.game_id])
    finally:
        store.close()
        again.stop()
    return result


# -- two processes racing on one game -----------------------------------------------

@dataclass
class RaceResult:
    rounds: int = 0
    outcomes: Counter[str] = field(default_factory=Counter)  # e.g. "ABORTED+OK"
    replays_equal: bool = False
    log_length: int = 0


def race_trial(a: ServerProcess, b: ServerProcess, db_url: str, *, rounds: int = 10, seed: int = 0) -> RaceResult:
    """The same action at the same version sent through both servers at once:
    exactly one must be accepted, the other ABORTED."""
    g = create_game(a.stub, seed)
    result = RaceResult()
    accepted = 0
    for _ in range(rounds):
        found = next_action(a.stub, g)
        if found is None:
            break
        side, action = found
        barrier = threading.Barrier(2)
        codes: list[str] = []

        def go(stub: service_pb2_grpc.AdjudicatorStub) -> None:
            req = service_pb2.SubmitActionRequest(game_id=g.game_id, action=action, expected_version=g.version)
            barrier.wait()
            try:
                stub.SubmitAction(req, metadata=md(g.tokens[side]), timeout=30)
                codes.append("OK")
            except grpc.RpcError as e:
                codes.append(e.code().name)

        threads = [threading.Thread(target=go, args=(s.stub,)) for s in (a, b)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
        result.rounds += 1
        result.outcomes["+".join(sorted(codes))] += 1
        accepted += codes.count("OK")
        g.version += codes.count("OK")
    store = GameStore(db_url)
    try:
        result.log_length = len(store.actions(g.game_id))
        result.replays_equal = _replays(store, g.game_id) and result.log_length == accepted
    finally:
        store.close()
    return result


# -- coherence across servers ------------------------------------------------------

@dataclass
class CoherenceResult:
    steps: int = 0
    stale_answers: int = 0  # an answer on B computed on a version older than A's commit
    different_answers: int = 0  # B's legal actions differ from A's, or B judges A's offer illegal
    stale_aborted: int = 0  # a submit on B with the version A just moved past: ABORTED as it must
    stale_not_aborted: int = 0


def coherence_trial(a: ServerProcess, b: ServerProcess, *, steps: int = 10, seed: int = 0) -> CoherenceResult:
    """Submit on A; at once ask B the legal actions (both sides) and validate on B
    an action A offers for the new version; then submit on B with the old
    version. B must answer on A's new version (same legal actions as A, the
    offered action legal) and refuse the stale submit with ABORTED."""
    g = create_game(a.stub, seed)
    result = CoherenceResult()
    legal_q = service_pb2.LegalActionsQuestion()
    for _ in range(steps):
        before = g.version
        found = next_action(a.stub, g)
        if found is None:
            break
        side, action = found
        resp = a.stub.SubmitAction(service_pb2.SubmitActionRequest(game_id=g.game_id, action=action,
                                                                   expected_version=before),
                                   metadata=md(g.tokens[side]), timeout=30)
        new = resp.version
        result.steps += 1
        for s in g.tokens:
            qa = a.stub.Query(service_pb2.QueryRequest(game_id=g.game_id, legal_actions=legal_q),
                              metadata=md(g.tokens[s]), timeout=30)
            qb = b.stub.Query(service_pb2.QueryRequest(game_id=g.game_id, legal_actions=legal_q),
                              metadata=md(g.tokens[s]), timeout=30)
            result.stale_answers += qb.version < new
            result.different_answers += qb.SerializeToString(deterministic=True) != qa.SerializeToString(
                deterministic=True)
            offered = [la.example for la in qa.legal_actions if la.HasField("example")]
            if offered:
                vb = b.stub.ValidateAction(service_pb2.ValidateActionRequest(game_id=g.game_id, action=offered[0]),
                                           metadata=md(g.tokens[s]), timeout=30)
                result.stale_answers += vb.version < new
                result.different_answers += not vb.verdict.legal
        try:
            b.stub.SubmitAction(service_pb2.SubmitActionRequest(game_id=g.game_id, action=action,
                                                                expected_version=before),
                                metadata=md(g.tokens[side]), timeout=30)
            result.stale_not_aborted += 1
        except grpc.RpcError as e:
            result.stale_aborted += e.code() == grpc.StatusCode.ABORTED and _current_version(e) == new
            result.stale_not_aborted += not (e.code() == grpc.StatusCode.ABORTED and _current_version(e) == new)
        g.version = new
    return result


def _current_version(e: grpc.RpcError) -> int | None:
    st = rpc_status.from_call(e)
    for d in st.details if st is not None else ():
        if d.Is(service_pb2.StaleVersionDetail.DESCRIPTOR):
            detail = service_pb2.StaleVersionDetail()
            d.Unpack(detail)
            return int(detail.current_version)
    return None


# -- watch latency across servers --------------------------------------------------

@dataclass
class LatencyResult:
    events: int = 0
    missing: int = 0
    latencies_ms: list[float] = field(default_factory=list)

    @property
    def p50(self) -> float:
        return percentile(self.latencies_ms, 0.5)

    @property
    def p99(self) -> float:
        return percentile(self.latencies_ms, 0.99)

    @property
    def max(self) -> float:
        return max(self.latencies_ms) if self.latencies_ms else float("nan")


def latency_trial(a: ServerProcess, b: ServerProcess, *, actions: int = 20, pause: float = 0.02,
                  seed: int = 0) -> LatencyResult:
    """A watcher on B, actions submitted on A: the time from A's answer to the
    first event of that version on B's stream (new games as games end)."""
    result = LatencyResult()
    n = 0
    while result.events < actions:
        before = result.events
        _latency_one_game(a, b, actions - result.events, pause, seed * 1000 + n, result)
        n += 1
        if result.events == before:
            break
    return result


def _latency_one_game(a: ServerProcess, b: ServerProcess, actions: int, pause: float, seed: int,
                      result: LatencyResult) -> None:
    g = create_game(a.stub, seed)
    seen: dict[int, float] = {}
    ready = threading.Event()
    done = threading.Event()
    watcher_side = g.other(g.acting)
    call = b.stub.WatchGame(service_pb2.WatchGameRequest(game_id=g.game_id, from_version=0),
                            metadata=md(g.tokens[watcher_side]), timeout=60 + actions)

    def watch() -> None:
        try:
            for item in call:
                if item.event.version == 0:
                    ready.set()
                seen.setdefault(item.event.version, time.perf_counter())
                if done.is_set() and max(seen) >= g.version:
                    break
        except grpc.RpcError:
            pass
        finally:
            ready.set()
            call.cancel()

    t = threading.Thread(target=watch, daemon=True)
    t.start()
    ready.wait(30)
    acked: dict[int, float] = {}
    for _ in range(actions):
        step = play_step(a.stub, g)
        if step is None:
            break
        acked[step[2].version] = time.perf_counter()
        time.sleep(pause)
    done.set()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and not all(v in seen for v in acked):
        time.sleep(0.01)
    call.cancel()  # the stream waits for more; stop it here
    result.events += len(acked)
    for v, t_ack in acked.items():
        if v not in seen:
            result.missing += 1
        else:
            # Push may beat A's answer back to its client: then the delay is nil.
            result.latencies_ms.append(max(0.0, seen[v] - t_ack) * 1e3)
    t.join(15)


# -- both sides ask for the seed at once -------------------------------------------

@dataclass
class RevealResult:
    games: int = 0
    revealed: int = 0
    seed_matches_commitment: int = 0


def reveal_trial(a: ServerProcess, b: ServerProcess, *, games: int = 5, seed: int = 0) -> RevealResult:
    """Each side asks for the seed at the same moment, one through each server:
    every game must end up revealed."""
    import hashlib

    result = RevealResult()
    for i in range(games):
        r = a.stub.CreateGame(service_pb2.CreateGameRequest(ruleset="major-battles",
                                                            scenario_id="major-battles/normandy"), timeout=30)
        tokens = [t.token for t in r.tokens]
        barrier = threading.Barrier(2)
        answers: list[service_pb2.RevealSeedResponse] = []

        def ask(stub: service_pb2_grpc.AdjudicatorStub, token: str) -> None:
            barrier.wait()
            answers.append(stub.RevealSeed(service_pb2.RevealSeedRequest(game_id=r.game_id), metadata=md(token),
                                           timeout=30))

        threads = [threading.Thread(target=ask, args=(s.stub, tok)) for s, tok in zip((a, b), tokens)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
        result.games += 1
        # Asked once each: the state now, through either server.
        final = a.stub.GetState(service_pb2.GetStateRequest(game_id=r.game_id), metadata=md(tokens[0]),
                                timeout=30).state
        if final.seed:
            result.revealed += 1
            result.seed_matches_commitment += hashlib.sha256(bytes.fromhex(final.seed)).hexdigest() == \
                r.seed_commitment
    return result
