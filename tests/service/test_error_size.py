"""Every error fits the trailers a default gRPC client accepts (8 KiB in all).

Found by tests/service/test_validate_submit_agree.py: a Nordwind submit without
the objectives table needs a dozen cells, 6 KB of details plus a 2.6 KB
message, and a default client dropped a random share of such answers as
RESOURCE_EXHAUSTED ("received metadata size exceeds soft limit") instead of
the FAILED_PRECONDITION the server sent.
"""

from __future__ import annotations

from collections.abc import Iterator
from concurrent import futures

import grpc
import pytest
from google.rpc import code_pb2, error_details_pb2
from grpc_status import rpc_status

from adjudicator.core.citations import Rulebook
from adjudicator.core.errors import IllegalAction, NeedsData
from adjudicator.core.verdicts import illegal
from adjudicator.service.errors import MAX_DETAILS_BYTES, MAX_MESSAGE_BYTES, to_grpc_status, to_status
from umpire.v1 import common_pb2, service_pb2
from tests.service.test_errors import details


def needed(n: int) -> list[common_pb2.NeededCell]:
    return [
        common_pb2.NeededCell(
            table_id="nordwind-1945/objectives", table_title="Objectives", column="hex", row=f"Town {i}",
            how_to_supply=f"give it with --cell nordwind-1945/objectives:hex:Town{i}=VALUE where VALUE is the "
                          "objective's hex id on the map, e.g. 0101",
            reason="victory points for objectives at the end of the game", accepted="a hex id of the map")
        for i in range(n)
    ]


def many_violations(n: int) -> IllegalAction:
    verdict = illegal("NO_PATH", "x" * 300, Rulebook("nordwind-1945", "Nordwind").cite("4.2"))
    for _ in range(n - 1):
        verdict.violations.add().CopyFrom(verdict.violations[0])
    return IllegalAction(verdict)


def test_a_small_error_is_sent_whole() -> None:
    st = to_status(NeedsData(needed(2)))
    (detail,) = details(st, service_pb2.IllegalActionDetail)
    assert len(detail.verdict.needs) == 2
    assert not [e for e in details(st, error_details_pb2.ErrorInfo) if e.reason == "DETAILS_TRUNCATED"]
    assert "Town 1" in st.message


@pytest.mark.parametrize("n", [12, 40, 400])
def test_needed_cells_are_cut_to_the_budget_and_say_so(n: int) -> None:
    st = to_status(NeedsData(needed(n)))
    assert st.code == code_pb2.FAILED_PRECONDITION
    assert len(st.SerializeToString()) <= MAX_DETAILS_BYTES
    assert len(st.message.encode()) <= MAX_MESSAGE_BYTES
    assert st.message.endswith("the status details carry the verdict]")
    (detail,) = details(st, service_pb2.IllegalActionDetail)
    kept = len(detail.verdict.needs)
    assert 0 < kept < n
    assert list(detail.verdict.needs) == needed(n)[:kept]  # the first ones, whole
    (info,) = [e for e in details(st, error_details_pb2.ErrorInfo) if e.reason == "DETAILS_TRUNCATED"]
    assert info.metadata["needs"] == f"{kept} of {n}"
    assert "ValidateAction" in info.metadata["full_verdict"]


def test_an_illegal_action_drops_the_copy_before_the_verdict() -> None:
    st = to_status(many_violations(30))
    assert len(st.SerializeToString()) <= MAX_DETAILS_BYTES
    assert not details(st, error_details_pb2.PreconditionFailure)  # the copy went first
    (detail,) = details(st, service_pb2.IllegalActionDetail)
    assert detail.verdict.violations and detail.verdict.violations[0].citation.rule_case == "4.2"


def test_a_non_ascii_message_is_cut_by_its_encoded_length() -> None:
    st = to_status(NeedsData([common_pb2.NeededCell(table_id="t", column="c", row="é" * 2000)]))
    encoded = sum(1 if 0x20 <= b <= 0x7E and b != 0x25 else 3 for b in st.message.encode())
    assert encoded <= MAX_MESSAGE_BYTES


@pytest.fixture
def errors_server() -> Iterator[str]:
    """A real gRPC server that answers every call with one of the errors above."""
    errors = {"needs": NeedsData(needed(40)), "illegal": many_violations(60)}

    def failing(name: str) -> grpc.RpcMethodHandler:
        def fail(request: bytes, context: grpc.ServicerContext) -> bytes:
            context.abort_with_status(to_grpc_status(errors[name]))
            raise AssertionError("abort returns")

        return grpc.unary_unary_rpc_method_handler(fail)

    server = grpc.server(futures.ThreadPoolExecutor(2))
    server.add_generic_rpc_handlers([grpc.method_handlers_generic_handler("t", {n: failing(n) for n in errors})])
    port = server.add_insecure_port("127.0.0.1:0")
    server.start()
    try:
        yield f"127.0.0.1:{port}"
    finally:
        server.stop(0)


@pytest.mark.parametrize("method", ["/t/needs", "/t/illegal"])
def test_a_default_client_receives_every_oversized_error_as_sent(errors_server: str, method: str) -> None:
    with grpc.insecure_channel(errors_server) as channel:  # default options: 8 KiB soft limit
        call = channel.unary_unary(method)
        for _ in range(30):  # the soft limit drops a random share: ask often
            with pytest.raises(grpc.RpcError) as e:
                call(b"")
            assert e.value.code() == grpc.StatusCode.FAILED_PRECONDITION, e.value.details()
            st = rpc_status.from_call(e.value)
            assert st is not None and details(st, service_pb2.IllegalActionDetail)
