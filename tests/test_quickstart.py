"""The README's main job: its quick start works as shown.

`umpire serve --demo` starts a server with a demo Major Battles game and prints
how to connect; what it prints works. Then every command of the README's
"Quick start" section is run as the README shows it, on the demo game that the
section's `python3 bootstrap.py run` starts (with `--port 0 --db ...` added, as
bootstrap passes extra arguments on, so runs never collide): GAME_ID, US_TOKEN
and 127.0.0.1:50051 are replaced by what the server printed, and the Python
CLI's commands find the server through UMPIRE_SERVER (their default is
127.0.0.1:50051). A command's expected exit code is the one its comment gives
(`# exit 1: ...`), else 0. `python3 bootstrap.py test` is the one command not
run here: it is this suite (CI runs exactly it).

The Node.js lines skip with the reason where node/npm or the npm registry are
missing. grpcurl is not installed with Umpire: its lines run when it is on PATH,
and are always carried out by the Python stub the way grpcurl would (server
reflection for the method and its request type, the `-d` JSON, the `-H` header),
so a wrong method, field or header in them fails here too.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import grpc
import pytest
from google.protobuf import descriptor_pb2, descriptor_pool, json_format, message_factory
from google.protobuf.message import Message
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc

from tests.support.node import node_unavailable_reason, registry_unreachable
from umpire.v1 import service_pb2, service_pb2_grpc

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
README_PORT = "127.0.0.1:50051"


def _read_demo_banner(proc: subprocess.Popen[str]) -> str:
    lines: list[str] = []
    assert proc.stdout is not None
    deadline = time.time() + 120
    while time.time() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        lines.append(line)
        if "Ctrl-C to stop" in line:
            break
    return "".join(lines)


def _stop(proc: subprocess.Popen[str]) -> None:
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(20)
    finally:
        if proc.poll() is None:
            proc.kill()


@dataclass(frozen=True)
class Demo:
    address: str
    game: str
    us_token: str

    @classmethod
    def from_banner(cls, text: str) -> Demo:
        """The address, game and American token that `serve --demo` printed."""
        addr = re.search(r"listening on (127\.0\.0\.1:\d+)", text)
        game = re.search(r"Demo game (\w+): major-battles/normandy", text)
        token = re.search(r"us token: (\S+)", text)
        assert addr and game and token, text
        return cls(addr.group(1), game.group(1), token.group(1))

    def fill(self, line: str) -> str:
        return (line.replace("GAME_ID", self.game).replace("US_TOKEN", self.us_token)
                .replace(README_PORT, self.address))


def test_serve_demo_prints_a_working_connection(tmp_path: Path) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "cli.main", "serve", "--demo", "--port", "0", "--db", f"sqlite:///{tmp_path}/u.sqlite"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    try:
        text = _read_demo_banner(proc)
        demo = Demo.from_banner(text)
        with grpc.insecure_channel(demo.address) as ch:
            stub = service_pb2_grpc.AdjudicatorStub(ch)
            st = stub.GetState(service_pb2.GetStateRequest(game_id=demo.game),
                               metadata=[("authorization", f"Bearer {demo.us_token}")], timeout=10).state
        assert st.ruleset == "major-battles" and st.viewer == "us" and st.version == 0
        assert f"client state {demo.game}" in text and "grpcurl -plaintext" in text
        # The Python CLI comes first; grpcurl is offered as optional, never assumed.
        assert text.index("client state") < text.index("grpcurl") and "grpcurl, if you have it" in text
    finally:
        _stop(proc)
    assert proc.returncode == 0


def test_a_second_server_on_a_busy_port_fails_with_one_line(tmp_path: Path) -> None:
    first = subprocess.Popen(
        [sys.executable, "-m", "cli.main", "serve", "--port", "0", "--db", f"sqlite:///{tmp_path}/a.sqlite"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    try:
        assert first.stdout is not None
        line = first.stdout.readline()
        port = re.search(r"127\.0\.0\.1:(\d+)", line)
        assert port, line
        second = subprocess.run(
            [sys.executable, "-m", "cli.main", "serve", "--port", port.group(1), "--db",
             f"sqlite:///{tmp_path}/b.sqlite"],
            cwd=ROOT, capture_output=True, text=True, timeout=60,
        )
        assert second.returncode == 2
        assert second.stderr.strip().count("\n") == 0 and "cannot listen" in second.stderr
    finally:
        first.send_signal(signal.SIGTERM)
        first.wait(20)


@dataclass(frozen=True)
class Command:
    line: str  # as the README shows it, comment removed
    exit_code: int  # from the comment's "exit N", else 0


def _split_comment(raw: str) -> tuple[str, str]:
    """(command, comment) of a shell line: the comment starts at a '#' that begins a word outside quotes."""
    quote = ""
    for i, ch in enumerate(raw):
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch == "#" and (i == 0 or raw[i - 1].isspace()):
            return raw[:i].rstrip(), raw[i + 1:].strip()
    return raw.rstrip(), ""


def quick_start_commands() -> list[Command]:
    """Every command of the README's Quick start section, in order."""
    text = README.read_text()
    start = text.index("\n## Quick start\n")
    section = text[start:text.index("\n## ", start + 1)]
    commands = []
    for block in re.findall(r"^```sh\n(.*?)^```", section, re.S | re.M):
        for raw in block.splitlines():
            if raw.strip():
                line, comment = _split_comment(raw)
                m = re.search(r"\bexit (\d)\b", comment)
                commands.append(Command(line, int(m.group(1)) if m else 0))
    return commands


KINDS = {
    "bootstrap": re.compile(r"^python3 bootstrap\.py (run|test)\b"),
    "cli": re.compile(r"^\.venv/bin/umpire client \w+ "),
    "node": re.compile(r"^(npm ci --prefix examples/node-client|node examples/node-client/client\.js)\b"),
    "grpcurl": re.compile(r"^grpcurl "),
}


def _kind(c: Command) -> str:
    kinds = [k for k, rx in KINDS.items() if rx.search(c.line)]
    assert len(kinds) == 1, f"README quick start command of no kind this test runs: {c.line}"
    return kinds[0]


def _of(kind: str) -> list[Command]:
    return [c for c in quick_start_commands() if _kind(c) == kind]


def test_every_quick_start_command_is_one_this_test_runs() -> None:
    commands = quick_start_commands()
    assert [_kind(c) for c in commands[:2]] == ["bootstrap", "bootstrap"]
    assert [c.line for c in commands[:2]] == ["python3 bootstrap.py run", "python3 bootstrap.py test"]
    cli = [c.line.split()[2] for c in _of("cli")]
    assert {"state", "legal", "submit", "watch"} <= set(cli), cli
    assert len(_of("node")) == 2 and _of("grpcurl"), commands


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Demo]:
    """The server of the README's `python3 bootstrap.py run`, on a free port and a fresh database."""
    python3 = shutil.which("python3")
    if python3 is None:
        pytest.skip("no python3 on PATH to run the README's `python3 bootstrap.py run`")
    run = shlex.split(quick_start_commands()[0].line)
    db = f"sqlite:///{tmp_path_factory.mktemp('quickstart') / 'u.sqlite'}"
    proc = subprocess.Popen([python3, *run[1:], "--port", "0", "--db", db], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    try:
        yield Demo.from_banner(_read_demo_banner(proc))
    finally:
        _stop(proc)


def _shell(demo: Demo, line: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "UMPIRE_SERVER": demo.address}
    env.pop("UMPIRE_TOKEN", None)
    return subprocess.run(["bash", "-c", demo.fill(line)], cwd=ROOT, capture_output=True, text=True,
                          timeout=timeout, env=env)


def _watch(demo: Demo, line: str, until: str) -> str:
    """A `client watch` line: read until `until` has been printed, then Ctrl-C (SIGINT); exit 0."""
    env = {**os.environ, "UMPIRE_SERVER": demo.address}
    proc = subprocess.Popen(shlex.split(demo.fill(line)), cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env)
    assert proc.stdout is not None
    seen = []
    deadline = time.time() + 60
    try:
        while time.time() < deadline:
            out = proc.stdout.readline()
            if not out:
                break
            seen.append(out)
            if until in out:
                break
        proc.send_signal(signal.SIGINT)
        rest, err = proc.communicate(timeout=20)
    finally:
        if proc.poll() is None:
            proc.kill()
    text = "".join(seen) + rest
    assert until in text, text + err
    assert proc.returncode == 0, (proc.returncode, err)
    return text


def test_the_python_cli_commands_run_verbatim_on_the_demo_game(demo: Demo) -> None:
    if not (ROOT / ".venv" / "bin" / "umpire").exists():
        pytest.skip("the README's commands use .venv/bin/umpire: run `python3 bootstrap.py setup` first")
    outputs: dict[str, str] = {}
    for c in _of("cli"):
        sub = c.line.split()[2]
        if sub == "watch":
            outputs[sub] = _watch(demo, c.line, until="UNITS_PLACED")
            continue
        done = _shell(demo, c.line)
        assert done.returncode == c.exit_code, f"{c.line}\nexit {done.returncode}\n{done.stdout}{done.stderr}"
        outputs[sub] = done.stdout
    assert "version 0" in outputs["state"] and "phase setup/place  active us  view of us" in outputs["state"]
    # The README's submit is one of the examples `legal` offers on the demo's first move ...
    submit = next(c.line for c in _of("cli") if c.line.split()[2] == "submit")
    action = re.search(r"--action-text '([^']*)'", submit)
    assert action, submit
    offered = re.findall(r"--action-text '([^']*)'", outputs["legal"])
    assert any(o.replace('side: "us" ', "") == action.group(1) for o in offered), (action.group(1), offered)
    # ... and it was applied.
    assert outputs["submit"].startswith("LEGAL") and "version 1" in outputs["submit"]
    if "validate" in outputs:
        assert outputs["validate"].startswith("ILLEGAL") and "UNITS_NOT_PLACED" in outputs["validate"]
    assert re.search(r"v1 UNITS_PLACED: us places 1 unit\(s\) in Lessay", outputs["watch"]), outputs["watch"]


def test_the_node_commands_run_verbatim(demo: Demo) -> None:
    reason = node_unavailable_reason()
    if reason:
        pytest.skip(reason)
    install, run = _of("node")
    done = _shell(demo, install.line, timeout=300)
    if done.returncode != 0:
        reason = registry_unreachable(done.stdout + done.stderr)
        if reason:
            pytest.skip(reason)
    assert done.returncode == install.exit_code, done.stdout + done.stderr
    done = _shell(demo, run.line, timeout=120)
    assert done.returncode == run.exit_code, done.stdout + done.stderr
    assert re.search(r"^submitted place: legal true, version 1", done.stdout, re.M), done.stdout
    assert re.search(r"^violation UNITS_NOT_PLACED: ", done.stdout, re.M), done.stdout


def _reflected_request(channel: grpc.Channel, method: str) -> tuple[type[Message], type[Message]]:
    """The request and response classes of `Service/Method`, from the server's reflection alone."""
    service, name = method.split("/")
    stub = reflection_pb2_grpc.ServerReflectionStub(channel)
    [answer] = stub.ServerReflectionInfo(
        iter([reflection_pb2.ServerReflectionRequest(file_containing_symbol=service)]), timeout=10)
    pool = descriptor_pool.DescriptorPool()
    files = [descriptor_pb2.FileDescriptorProto.FromString(b)
             for b in answer.file_descriptor_response.file_descriptor_proto]
    pending = {f.name: f for f in files}
    while pending:  # add each file after its dependencies
        for fname, f in list(pending.items()):
            if all(d not in pending for d in f.dependency):
                pool.Add(f)
                del pending[fname]
    m = pool.FindServiceByName(service).FindMethodByName(name)
    return (message_factory.GetMessageClass(m.input_type), message_factory.GetMessageClass(m.output_type))


def test_the_grpcurl_commands_name_what_the_server_serves(demo: Demo) -> None:
    grpcurl = shutil.which("grpcurl")
    for c in _of("grpcurl"):
        args = shlex.split(demo.fill(c.line))
        if grpcurl:
            done = subprocess.run([grpcurl, *args[1:]], capture_output=True, text=True, timeout=60)
            assert done.returncode == c.exit_code, done.stdout + done.stderr
        # What grpcurl does with these arguments, done through reflection by the Python stub.
        assert args[1] == "-plaintext"
        headers = [tuple(h.split(": ", 1)) for h in (args[i + 1] for i, a in enumerate(args) if a == "-H")]
        data = next((args[i + 1] for i, a in enumerate(args) if a == "-d"), None)
        rest = [a for i, a in enumerate(args[1:], 1) if not a.startswith("-") and args[i - 1] not in ("-H", "-d")]
        address, *verb = rest
        assert address == demo.address
        with grpc.insecure_channel(address) as ch:
            if verb == ["list"]:
                stub = reflection_pb2_grpc.ServerReflectionStub(ch)
                answers = stub.ServerReflectionInfo(
                    iter([reflection_pb2.ServerReflectionRequest(list_services="")]), timeout=10)
                assert "umpire.v1.Adjudicator" in {s.name for a in answers for s in a.list_services_response.service}
                continue
            [method] = verb
            request_cls, response_cls = _reflected_request(ch, method)
            request = json_format.Parse(data or "{}", request_cls())
            call = ch.unary_unary(f"/{method}", request_serializer=lambda m: m.SerializeToString(),
                                  response_deserializer=response_cls.FromString)
            response = call(request, metadata=[(k.lower(), v) for k, v in headers], timeout=10)
            if method == "umpire.v1.Adjudicator/GetState":
                assert response.state.viewer == "us" and response.state.game_id == demo.game
