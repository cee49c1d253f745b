"""A bounded gRPC request fuzzer and the cross-side token fuzz against a real
server process. (Short runs; `scripts/reliability.py fuzz|tokens` run long.)"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from grpc_health.v1 import health_pb2

from tests.reliability.fuzz import cross_side_tokens, fuzz_requests
from tests.reliability.harness import ServerProcess
from umpire.v1 import service_pb2


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    db: Path = tmp_path_factory.mktemp("fuzz") / "fuzz.sqlite"
    s = ServerProcess(f"sqlite:///{db}", "--create-rate", "0")
    try:
        yield s
    finally:
        s.stop()


def test_every_fuzzed_request_gets_a_proper_status_and_the_server_stays_healthy(server: ServerProcess) -> None:
    r = fuzz_requests(server, requests=400, seed=11)
    assert r.bad == []
    assert r.codes["INVALID_ARGUMENT"] > 100  # the fuzzer did send garbage
    assert r.codes["OK"] > 10  # and valid requests too
    assert server.health() == health_pb2.HealthCheckResponse.SERVING


def test_no_example_is_accepted_with_the_other_side_s_token(server: ServerProcess) -> None:
    # Every ruleset and scenario the server process knows (this process may know test-only ones).
    listed = server.stub.ListRulesets(service_pb2.ListRulesetsRequest(), timeout=30).rulesets
    cases = [(r.id, sid) for r in listed for sid in r.scenarios]
    assert {"major-battles", "nordwind-1945", "traces-of-victory", "pattons-3rd-army"} <= {rid for rid, _ in cases}
    r = cross_side_tokens(server, cases, steps=4, seed=1)
    assert r.sent > 100
    assert r.accepted == 0, r.accepted_examples[:5]
    assert r.judged_legal == 0
