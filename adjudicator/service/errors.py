"""Typed errors -> gRPC status codes with rich details, in one place.

| error            | status              | detail (google.rpc.Status.details)            |
|------------------|---------------------|-----------------------------------------------|
| MalformedInput   | INVALID_ARGUMENT    | BadRequest.FieldViolation(field=where)        |
| Ambiguous        | INVALID_ARGUMENT    | umpire.v1.AmbiguousDetail                     |
| NotFound         | NOT_FOUND           | ErrorInfo                                     |
| IllegalAction    | FAILED_PRECONDITION | umpire.v1.IllegalActionDetail(verdict), PreconditionFailure |
| NeedsData        | FAILED_PRECONDITION | umpire.v1.IllegalActionDetail(verdict.needs)  |
| BrokenRuleset    | FAILED_PRECONDITION | ErrorInfo(reason=RULESET_UNAVAILABLE)         |
| StaleVersion     | ABORTED             | umpire.v1.StaleVersionDetail, ErrorInfo       |
| Unauthenticated  | UNAUTHENTICATED     |                                               |
| PermissionDenied | PERMISSION_DENIED   |                                               |
| RateLimited      | RESOURCE_EXHAUSTED  | RetryInfo(retry_delay), ErrorInfo             |
| Unavailable      | UNAVAILABLE         | ErrorInfo(reason=DATABASE_UNAVAILABLE)        |

Details are kept small (reason codes, citations, the verdict), never whole states.
What reaches a side here has already passed through core/disclosure.py (the
verdict of an illegal action is judged on the side's view, or filtered); an
exception that is not a typed error never reaches this table with its message
(servicer.py answers INTERNAL with a fixed text: a message built from the full
state could name a secret).

A registered ruleset whose code cannot be loaded is FAILED_PRECONDITION, not
UNAVAILABLE: gRPC reserves UNAVAILABLE for transient conditions a client
retries (and clients read it as "server unreachable"), while a broken
installation stays broken until the operator fixes it; the ErrorInfo reason
RULESET_UNAVAILABLE tells it apart from an illegal action. The database
being down (store.py already retried once on a fresh connection) is exactly
such a transient condition: UNAVAILABLE, which gRPC clients and load balancers
retry, rather than UNKNOWN or INTERNAL.
"""

from __future__ import annotations

import grpc
from google.protobuf import any_pb2, duration_pb2
from google.protobuf.message import Message
from google.rpc import code_pb2, error_details_pb2, status_pb2
from grpc_status import rpc_status

from adjudicator.core.errors import (
    Ambiguous,
    IllegalAction,
    MalformedInput,
    NeedsData,
    NotFound,
    PermissionDenied,
    RateLimited,
    StaleVersion,
    Unauthenticated,
    Unavailable,
    UmpireError,
)
from adjudicator.core.ruleset import BrokenRuleset
from umpire.v1 import action_pb2, service_pb2

DOMAIN = "umpire.adjudication"
RULESET_UNAVAILABLE = "RULESET_UNAVAILABLE"
DATABASE_UNAVAILABLE = "DATABASE_UNAVAILABLE"


def _pack(msg: Message) -> any_pb2.Any:
    a = any_pb2.Any()
    a.Pack(msg)
    return a


def to_status(err: UmpireError) -> status_pb2.Status:
    """The google.rpc.Status for a typed error."""
    details: list[Message] = []
    if isinstance(err, Ambiguous):
        code = code_pb2.INVALID_ARGUMENT
        details.append(service_pb2.AmbiguousDetail(message=err.message, candidates=err.candidates))
    elif isinstance(err, MalformedInput):
        code = code_pb2.INVALID_ARGUMENT
        details.append(
            error_details_pb2.BadRequest(
                field_violations=[
                    error_details_pb2.BadRequest.FieldViolation(field=err.where, description=err.message)
                ]
            )
        )
    elif isinstance(err, NotFound):
        code = code_pb2.NOT_FOUND
        details.append(error_details_pb2.ErrorInfo(reason="NOT_FOUND", domain=DOMAIN))
    elif isinstance(err, IllegalAction):
        code = code_pb2.FAILED_PRECONDITION
        details.append(service_pb2.IllegalActionDetail(verdict=err.verdict))
        details.append(
            error_details_pb2.PreconditionFailure(
                violations=[
                    error_details_pb2.PreconditionFailure.Violation(
                        type="RULE",
                        subject=f"{v.citation.ruleset}:{v.citation.rule_case}",
                        description=f"{v.code}: {v.message}",
                    )
                    for v in err.verdict.violations
                ]
            )
        )
    elif isinstance(err, NeedsData):
        code = code_pb2.FAILED_PRECONDITION
        verdict = action_pb2.Verdict(legal=True, needs=err.cells)
        details.append(service_pb2.IllegalActionDetail(verdict=verdict))
        details.append(error_details_pb2.ErrorInfo(reason="NEEDS_DATA", domain=DOMAIN))
    elif isinstance(err, BrokenRuleset):
        code = code_pb2.FAILED_PRECONDITION
        details.append(error_details_pb2.ErrorInfo(
            reason=RULESET_UNAVAILABLE, domain=DOMAIN, metadata={"ruleset": err.ruleset_id}))
    elif isinstance(err, StaleVersion):
        code = code_pb2.ABORTED
        details.append(
            service_pb2.StaleVersionDetail(current_version=err.current, expected_version=err.expected)
        )
        details.append(
            error_details_pb2.ErrorInfo(
                reason="STALE_VERSION", domain=DOMAIN, metadata={"current_version": str(err.current)}
            )
        )
    elif isinstance(err, Unauthenticated):
        code = code_pb2.UNAUTHENTICATED
    elif isinstance(err, PermissionDenied):
        code = code_pb2.PERMISSION_DENIED
    elif isinstance(err, RateLimited):
        code = code_pb2.RESOURCE_EXHAUSTED
        delay = duration_pb2.Duration()
        delay.FromNanoseconds(max(1, int(err.retry_after * 1e9)))
        details.append(error_details_pb2.RetryInfo(retry_delay=delay))
        details.append(error_details_pb2.ErrorInfo(reason="RATE_LIMITED", domain=DOMAIN))
    elif isinstance(err, Unavailable):
        code = code_pb2.UNAVAILABLE
        details.append(error_details_pb2.ErrorInfo(reason=DATABASE_UNAVAILABLE, domain=DOMAIN))
    else:
        code = code_pb2.INTERNAL
    return fit_trailers(code, err.one_line(), details)


# What a default gRPC client accepts as trailing metadata: 8 KiB in all (its
# soft limit; between that and the hard limit it drops a random share of calls
# as RESOURCE_EXHAUSTED "received metadata size exceeds soft limit", so an
# oversized error is not even reliably an error). grpc-message travels
# percent-encoded, the Status base64-encoded (4/3): 1 KiB + 5.4 KiB leaves room
# for the other headers.
MAX_MESSAGE_BYTES = 1024
MAX_DETAILS_BYTES = 4096  # the serialized Status, message included
_CUT = " [cut to 1 KiB; the status details carry the verdict]"
# Trimmed from the end first: the least needed parts of a verdict.
_TRIM_ORDER = ("notes", "path", "needs", "violations")


def _encoded_len(text: str) -> int:
    """Length of `text` as grpc-message (percent-encoding outside printable ASCII)."""
    return sum(1 if 0x20 <= b <= 0x7E and b != 0x25 else 3 for b in text.encode("utf-8"))


def _cut_message(message: str) -> str:
    if _encoded_len(message) <= MAX_MESSAGE_BYTES:
        return message
    room = MAX_MESSAGE_BYTES - _encoded_len(_CUT)
    used, end = 0, 0
    for end, ch in enumerate(message):  # noqa: B007
        used += _encoded_len(ch)
        if used > room:
            break
    return message[:end] + _CUT


def _size(message: str, details: list[Message]) -> int:
    """Bytes of the serialized Status (it carries the message again)."""
    return len(message.encode("utf-8")) + 8 + sum(len(_pack(d).SerializeToString()) + 4 for d in details)


def fit_trailers(code: int, message: str, details: list[Message]) -> status_pb2.Status:
    """The Status, cut to what every client can receive.

    An illegal action or a list of needed cells can outgrow the trailers (a
    Nordwind game without its objectives table needs a dozen cells, 6 KB with
    their texts). First the PreconditionFailure goes (a copy of the verdict's
    violations), then the verdict's repeated parts from the end, in
    `_TRIM_ORDER`; an ErrorInfo(reason=DETAILS_TRUNCATED) then says what was
    shown of how many. ValidateAction answers with the whole verdict in its
    response body, which has no such limit.
    """
    message = _cut_message(message)
    if _size(message, details) <= MAX_DETAILS_BYTES:
        return status_pb2.Status(code=code, message=message, details=[_pack(d) for d in details])
    details = [d for d in details if not isinstance(d, error_details_pb2.PreconditionFailure)]
    shown: dict[str, str] = {}
    budget = MAX_DETAILS_BYTES - 400  # room for the DETAILS_TRUNCATED ErrorInfo
    for d in details:
        if not isinstance(d, service_pb2.IllegalActionDetail):
            continue
        for name in _TRIM_ORDER:
            items = getattr(d.verdict, name)
            total = len(items)
            while len(items) and _size(message, details) > budget:
                del items[-1]
            if len(items) < total:
                shown[name] = f"{len(items)} of {total}"
    shown["full_verdict"] = "ValidateAction with the same action"
    details.append(error_details_pb2.ErrorInfo(reason="DETAILS_TRUNCATED", domain=DOMAIN, metadata=shown))
    return status_pb2.Status(code=code, message=message, details=[_pack(d) for d in details])


def to_grpc_status(err: UmpireError) -> grpc.Status:
    status: grpc.Status = rpc_status.to_status(to_status(err))
    return status
