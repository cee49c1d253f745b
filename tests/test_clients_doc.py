"""docs/clients.md says what a client in another language needs; its claims are checked here.

- the table of 64-bit fields is exactly the 64-bit fields of `proto/umpire/v1`;
- the reflection services it lists are what a real server lists;
- its Python snippet, run as is, returns the verdict of a real refused action;
- its JavaScript snippets are verbatim excerpts of examples/node-client/client.js
  (tested by tests/examples/test_node_client.py), so they cannot drift from it;
- its protoc command compiles with only `proto/` and protobuf's own includes;
- every message name it gives resolves in what a client compiles from `proto/`.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest
from google.protobuf import descriptor_pb2
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc

from tests.service.conftest import ServerThread, auth
from tests.support.protoset import PROTO_DIR, Pool, descriptor_set, needs_protoc
from umpire.v1 import action_pb2, service_pb2

ROOT = PROTO_DIR.parent
DOC = ROOT / "docs" / "clients.md"
CLIENT_JS = ROOT / "examples" / "node-client" / "client.js"
F = descriptor_pb2.FieldDescriptorProto
WIDE = {F.TYPE_INT64: "int64", F.TYPE_UINT64: "uint64", F.TYPE_SINT64: "sint64", F.TYPE_FIXED64: "fixed64",
        F.TYPE_SFIXED64: "sfixed64"}


def _text() -> str:
    return DOC.read_text()


def _section(title: str) -> str:
    text = _text()
    start = text.index(f"\n## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start:end if end >= 0 else len(text)]


def _blocks(lang: str) -> list[str]:
    return [m.group(1) for m in re.finditer(rf"^```{lang}\n(.*?)^```", _text(), re.S | re.M)]


def _tables(section: str) -> list[list[list[str]]]:
    """The Markdown tables of a section: rows of cells stripped of backquotes, header first."""
    tables: list[list[list[str]]] = []
    previous = ""
    for line in section.splitlines():
        if line.startswith("|") and not re.match(r"^\|[-| ]+\|$", line):
            if not previous.startswith("|"):
                tables.append([])
            tables[-1].append([c.strip().strip("`") for c in line.strip("|").split("|")])
        previous = line
    return tables


def _table(section: str, header: list[str]) -> list[list[str]]:
    """The rows of the section's table with this header (the header left out)."""
    [rows] = [t[1:] for t in _tables(section) if t[0] == header]
    return rows


def _wide_fields(fds: descriptor_pb2.FileDescriptorSet) -> set[tuple[str, str]]:
    found: set[tuple[str, str]] = set()

    def walk(m: descriptor_pb2.DescriptorProto, name: str) -> None:
        for f in m.field:
            if f.type in WIDE:
                kind = ("optional " if f.proto3_optional else "") + ("repeated " if f.label == F.LABEL_REPEATED else "")
                found.add((f"{name}.{f.name}", kind + WIDE[f.type]))
        for n in m.nested_type:
            walk(n, f"{name}.{n.name}")

    for fd in fds.file:
        if fd.package == "umpire.v1":
            for m in fd.message_type:
                walk(m, f"{fd.package}.{m.name}")
    return found


def test_the_64_bit_field_list_is_every_64_bit_field_of_the_protos(tmp_path: Path) -> None:
    files = [str(p.relative_to(PROTO_DIR)) for p in sorted((PROTO_DIR / "umpire" / "v1").glob("*.proto"))]
    actual = _wide_fields(descriptor_set(files, tmp_path))
    listed = [(r[0], r[1]) for r in _table(_section("64-bit fields"), ["field", "type"])]
    assert len(listed) == len(set(listed)), "a field is listed twice"
    assert set(listed) == actual, (
        f"missing from docs/clients.md: {sorted(actual - set(listed))}; not in the protos: {sorted(set(listed) - actual)}")
    assert listed == sorted(listed), "keep the table sorted by field name"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    s = ServerThread(f"sqlite:///{tmp_path_factory.mktemp('db') / 'u.sqlite'}")
    try:
        yield s
    finally:
        s.stop()


def test_the_reflection_services_listed_are_the_servers(server: ServerThread) -> None:
    section = _section("The files a client needs")
    listed = [r[0] for r in _table(section, ["service"])]
    stub = reflection_pb2_grpc.ServerReflectionStub(server.channel)
    answers = stub.ServerReflectionInfo(iter([reflection_pb2.ServerReflectionRequest(list_services="")]), timeout=10)
    served = sorted(s.name for a in answers for s in a.list_services_response.service)
    assert listed == served
    assert "grpc.reflection.v1alpha.ServerReflection" in section


def test_the_python_snippet_returns_the_verdict_of_a_refused_action(server: ServerThread) -> None:
    [snippet] = _blocks("python")
    scope: dict[str, object] = {}
    exec(compile(snippet, str(DOC), "exec"), scope)  # noqa: S102 - the documented code, run as a reader would
    illegal_verdict = scope["illegal_verdict"]
    resp = server.stub.CreateGame(service_pb2.CreateGameRequest(scenario_id="major-battles/normandy"), timeout=30)
    md = auth(resp.tokens[0].token)

    def refused(expected_version: int) -> grpc.RpcError:
        with pytest.raises(grpc.RpcError) as ei:
            server.stub.SubmitAction(service_pb2.SubmitActionRequest(
                game_id=resp.game_id, action=action_pb2.Action(end_phase=action_pb2.EndPhase()),
                expected_version=expected_version), metadata=md, timeout=10)
        return ei.value

    verdict = illegal_verdict(refused(0))  # type: ignore[operator]
    assert isinstance(verdict, action_pb2.Verdict)
    assert not verdict.legal and [v.code for v in verdict.violations] == ["UNITS_NOT_PLACED"]
    stale = refused(5)
    assert stale.code() == grpc.StatusCode.ABORTED
    assert illegal_verdict(stale) is None  # type: ignore[operator]


def test_the_javascript_snippets_are_excerpts_of_the_node_example() -> None:
    blocks = _blocks("js")
    assert len(blocks) >= 2
    source = CLIENT_JS.read_text()
    for block in blocks:
        assert block in source, f"docs/clients.md shows JavaScript that examples/node-client/client.js lacks:\n{block}"


def test_the_protoc_command_compiles_with_proto_and_protobufs_includes_only(tmp_path: Path) -> None:
    needs_protoc()
    import grpc_tools  # type: ignore[import-untyped]
    from grpc_tools import protoc

    [command] = [ln for b in _blocks("sh") for ln in b.splitlines() if ln.startswith("protoc ")]
    args = [a.replace("=gen", f"={tmp_path}") for a in shlex.split(command)]
    include = Path(grpc_tools.__file__).parent / "_proto"
    rc = protoc.main([*args[:1], f"-I{include}", *[a if a != "proto" else str(PROTO_DIR) for a in args[1:]]])
    assert rc == 0, command
    assert (tmp_path / "google" / "rpc" / "status_pb2.py").is_file()
    assert (tmp_path / "umpire" / "v1" / "service_pb2.py").is_file()


def test_every_message_the_page_names_is_in_the_shipped_protos(tmp_path: Path) -> None:
    pool = Pool(descriptor_set(["umpire/v1/service.proto", "google/rpc/status.proto",
                                "google/rpc/error_details.proto"], tmp_path))
    names = set(re.findall(r"`((?:umpire\.v1|google\.rpc|google\.protobuf)\.[A-Z]\w*(?:\.[A-Z]\w*)*)`", _text()))
    names |= {f"google.rpc.{n}" for n in re.findall(r"`(ErrorInfo|BadRequest|PreconditionFailure|RetryInfo)`", _text())}
    services = {"umpire.v1.Adjudicator"}
    assert len(names) >= 9
    for name in sorted(names - services):
        pool.pool.FindMessageTypeByName(name)  # raises KeyError for a name a client would not find
