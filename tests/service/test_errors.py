"""Typed errors map to gRPC status codes and details in one place."""

from __future__ import annotations

from google.rpc import code_pb2, error_details_pb2

from adjudicator.core.errors import (
    Ambiguous,
    IllegalAction,
    MalformedInput,
    NeedsData,
    NotFound,
    PermissionDenied,
    StaleVersion,
    Unauthenticated,
    Unavailable,
)
from adjudicator.core.verdicts import illegal
from adjudicator.core.citations import Rulebook
from adjudicator.service.errors import to_status
from umpire.v1 import common_pb2, service_pb2


def details(status, cls):  # type: ignore[no-untyped-def]
    out = []
    for d in status.details:
        if d.Is(cls.DESCRIPTOR):
            m = cls()
            d.Unpack(m)
            out.append(m)
    return out


def test_each_error_has_its_code() -> None:
    verdict = illegal("X", "no", Rulebook("r", "R").cite("1.1"))
    cell = common_pb2.NeededCell(table_id="t/crt", column="7/1", row="3", how_to_supply="supply it")
    cases = [
        (MalformedInput("bad", "action.move"), code_pb2.INVALID_ARGUMENT),
        (Ambiguous("which", ["a", "b"]), code_pb2.INVALID_ARGUMENT),
        (NotFound("no game"), code_pb2.NOT_FOUND),
        (IllegalAction(verdict), code_pb2.FAILED_PRECONDITION),
        (NeedsData([cell]), code_pb2.FAILED_PRECONDITION),
        (StaleVersion(1, 3), code_pb2.ABORTED),
        (Unauthenticated("who"), code_pb2.UNAUTHENTICATED),
        (PermissionDenied("not yours"), code_pb2.PERMISSION_DENIED),
        (Unavailable("the database is unavailable"), code_pb2.UNAVAILABLE),
    ]
    for err, code in cases:
        st = to_status(err)
        assert st.code == code, err
        assert st.message and "\n" not in st.message


def test_details_carry_what_the_client_needs() -> None:
    st = to_status(MalformedInput("bad", "action.move"))
    assert details(st, error_details_pb2.BadRequest)[0].field_violations[0].field == "action.move"
    st = to_status(Ambiguous("which", ["a", "b"]))
    assert list(details(st, service_pb2.AmbiguousDetail)[0].candidates) == ["a", "b"]
    cell = common_pb2.NeededCell(table_id="t/crt", column="7/1", row="3", how_to_supply="supply it")
    st = to_status(NeedsData([cell]))
    needs = details(st, service_pb2.IllegalActionDetail)[0].verdict.needs
    assert (needs[0].table_id, needs[0].column, needs[0].row) == ("t/crt", "7/1", "3")
    assert "column '7/1' row '3'" in st.message
    st = to_status(StaleVersion(1, 3))
    assert details(st, service_pb2.StaleVersionDetail)[0].current_version == 3
    assert details(st, error_details_pb2.ErrorInfo)[0].metadata["current_version"] == "3"
