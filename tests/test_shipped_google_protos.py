"""proto/google/rpc/*.proto: what a client in another language decodes error details with.

The server packs every error's details into a google.rpc.Status (the
`grpc-status-details-bin` trailer). A client that has only the files in
`proto/` (plus protobuf's own well-known types) must be able to decode it
without declaring any message by hand. These tests compile the shipped files
into a private pool, apart from the googleapis package the server uses, and
check that (1) they are wire-compatible with that package's messages, field by
field, and (2) the statuses a real server sends decode with them into the same
content the server packed.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest
from google.protobuf import descriptor_pb2
from google.protobuf.message import Message
from google.rpc import error_details_pb2, status_pb2

from adjudicator.core.errors import Ambiguous, NeedsData, NotFound, RateLimited
from adjudicator.service.errors import to_status
from tests.service.conftest import ServerThread, auth
from tests.support.protoset import PROTO_DIR, Pool, descriptor_set
from umpire.v1 import action_pb2, common_pb2, service_pb2

SHIPPED = ["google/rpc/status.proto", "google/rpc/error_details.proto"]
TRAILER = "grpc-status-details-bin"


def _shape(m: descriptor_pb2.DescriptorProto) -> dict[str, object]:
    """What the wire format of a message depends on, by name (comments and order aside;
    the JSON names follow from the field names)."""
    return {
        "fields": sorted(
            (f.name, f.number, f.type, f.label, f.type_name, f.proto3_optional) for f in m.field
        ),
        "nested": {n.name: _shape(n) for n in m.nested_type},
        "enums": {e.name: sorted((v.name, v.number) for v in e.value) for e in m.enum_type},
        "oneofs": [o.name for o in m.oneof_decl],
        "map_entry": m.options.map_entry,
    }


def _runtime(name: str) -> descriptor_pb2.FileDescriptorProto:
    mod = {"google/rpc/status.proto": status_pb2, "google/rpc/error_details.proto": error_details_pb2}[name]
    fd = descriptor_pb2.FileDescriptorProto()
    mod.DESCRIPTOR.CopyToProto(fd)
    return fd


def test_shipped_files_exist_beside_ours_and_need_only_protobufs_own_includes(tmp_path: Path) -> None:
    for name in SHIPPED:
        assert (PROTO_DIR / name).is_file(), f"proto/{name} is not shipped"
    fds = descriptor_set(SHIPPED, tmp_path)  # -I proto and protobuf's includes only
    deps = {d for f in fds.file for d in f.dependency}
    assert deps <= {"google/protobuf/any.proto", "google/protobuf/duration.proto", *SHIPPED}, deps


@pytest.mark.parametrize("name", SHIPPED)
def test_shipped_file_is_wire_compatible_with_googles(name: str, tmp_path: Path) -> None:
    ours = next(f for f in descriptor_set([name], tmp_path).file if f.name == name)
    theirs = _runtime(name)
    assert ours.package == theirs.package == "google.rpc"
    assert ours.syntax == theirs.syntax
    assert {m.name: _shape(m) for m in ours.message_type} == {m.name: _shape(m) for m in theirs.message_type}
    assert not ours.enum_type and not theirs.enum_type
    # Generated code in other languages lands where Google's does (no clash with googleapis).
    for opt in ("go_package", "java_package", "java_outer_classname", "java_multiple_files", "objc_class_prefix"):
        assert getattr(ours.options, opt) == getattr(theirs.options, opt), opt


@pytest.fixture(scope="module")
def client_pool(tmp_path_factory: pytest.TempPathFactory) -> Pool:
    """What a client compiles: our service and the shipped google.rpc files, nothing else."""
    return Pool(descriptor_set(["umpire/v1/service.proto", *SHIPPED], tmp_path_factory.mktemp("pool")))


def _decode_status(pool: Pool, data: bytes) -> tuple[Message, dict[str, Message]]:
    """The Status and its details by full name, decoded only with the shipped files."""
    st = pool.decode("google.rpc.Status", data)
    details: dict[str, Message] = {}
    for any_ in st.details:  # type: ignore[attr-defined]
        prefix, _, full = any_.type_url.rpartition("/")
        assert prefix == "type.googleapis.com", any_.type_url
        details[full] = pool.decode(full, any_.value)
    return st, details


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[ServerThread, str, str]]:
    s = ServerThread(f"sqlite:///{tmp_path_factory.mktemp('db') / 'u.sqlite'}")
    try:
        resp = s.stub.CreateGame(service_pb2.CreateGameRequest(scenario_id="major-battles/normandy"), timeout=30)
        token = next(t.token for t in resp.tokens if t.side == "us")
        yield s, resp.game_id, token
    finally:
        s.stop()


def _trailer(call: object) -> bytes:
    with pytest.raises(grpc.RpcError) as ei:
        call()  # type: ignore[operator]
    md = dict(ei.value.trailing_metadata())
    assert TRAILER in md, f"no {TRAILER} trailer: {md}"
    data: bytes = md[TRAILER]
    return data


def _end_setup(demo: tuple[ServerThread, str, str], expected_version: int) -> bytes:
    """The status trailer of ending the setup with every unit still to place (illegal)."""
    s, game, token = demo
    return _trailer(lambda: s.stub.SubmitAction(service_pb2.SubmitActionRequest(
        game_id=game, action=action_pb2.Action(end_phase=action_pb2.EndPhase()), expected_version=expected_version),
        metadata=auth(token), timeout=10))


def test_an_illegal_action_from_a_real_server_decodes_with_the_shipped_protos(
        client_pool: Pool, demo: tuple[ServerThread, str, str]) -> None:
    data = _end_setup(demo, 0)
    st, details = _decode_status(client_pool, data)
    assert st.code == grpc.StatusCode.FAILED_PRECONDITION.value[0]  # type: ignore[attr-defined]
    verdict = details["umpire.v1.IllegalActionDetail"].verdict  # type: ignore[attr-defined]
    assert not verdict.legal
    codes = [v.code for v in verdict.violations]
    assert codes == ["UNITS_NOT_PLACED"], codes
    assert verdict.violations[0].citation.ruleset == "major-battles" and verdict.violations[0].citation.rule_case
    pf = details["google.rpc.PreconditionFailure"]
    assert [(v.type, v.description.split(":")[0]) for v in pf.violations] == [  # type: ignore[attr-defined]
        ("RULE", "UNITS_NOT_PLACED")]
    # The same bytes, decoded with the runtime's googleapis classes, say the same.
    theirs = status_pb2.Status.FromString(data)
    assert st.SerializeToString() == theirs.SerializeToString()


def test_stale_version_and_bad_request_from_a_real_server_decode(
        client_pool: Pool, demo: tuple[ServerThread, str, str]) -> None:
    s, game, token = demo
    st, details = _decode_status(client_pool, _end_setup(demo, 7))
    assert st.code == grpc.StatusCode.ABORTED.value[0]  # type: ignore[attr-defined]
    assert details["umpire.v1.StaleVersionDetail"].expected_version == 7  # type: ignore[attr-defined]
    info = details["google.rpc.ErrorInfo"]
    assert info.reason == "STALE_VERSION" and dict(info.metadata) == {"current_version": "0"}  # type: ignore[attr-defined]

    bad = _trailer(lambda: s.stub.ValidateAction(service_pb2.ValidateActionRequest(
        game_id=game, action=action_pb2.Action(place=action_pb2.PlaceUnits(unit_ids=["us-arm-01"], location="paris"))),
        metadata=auth(token), timeout=10))
    st, details = _decode_status(client_pool, bad)
    assert st.code == grpc.StatusCode.INVALID_ARGUMENT.value[0]  # type: ignore[attr-defined]
    fv = details["google.rpc.BadRequest"].field_violations  # type: ignore[attr-defined]
    assert [f.field for f in fv] == ["action.place.location"] and "paris" in fv[0].description


@pytest.mark.parametrize("err", [
    RateLimited("too many games", 1.5),
    NotFound("no ruleset 'x'"),
    Ambiguous("'us-arm' could be", ["us-arm-01", "us-arm-02"]),
    NeedsData([common_pb2.NeededCell(table_id="t", column="c", row="r")]),
], ids=lambda e: type(e).__name__)
def test_every_detail_the_server_packs_round_trips_through_the_shipped_protos(
        client_pool: Pool, err: Exception) -> None:
    """Each kind of detail errors.py packs decodes and re-encodes to the same bytes."""
    packed = to_status(err)  # type: ignore[arg-type]
    st, details = _decode_status(client_pool, packed.SerializeToString())
    assert st.SerializeToString() == packed.SerializeToString()
    assert len(details) == len(packed.details) >= 1
    for any_ in packed.details:
        full = any_.type_url.rpartition("/")[2]
        assert details[full].SerializeToString() == any_.value, full
    if isinstance(err, RateLimited):
        delay = details["google.rpc.RetryInfo"].retry_delay  # type: ignore[attr-defined]
        assert (delay.seconds, delay.nanos) == (1, 500_000_000)
