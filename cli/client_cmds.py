"""`umpire client ...`: a small client to play against a running server.

Every call has a deadline (gRPC sets none by default, which can hang forever).
Server errors are printed as one line with the status code; an illegal action
prints the verdict the server attached to the error.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional, TypeVar

import typer

from adjudicator.service.defaults import DEFAULT_SERVER
from cli.console import out
from cli.errors import EXIT_BAD_INPUT, EXIT_ILLEGAL, EXIT_NEEDS_INPUT, fail, run

if TYPE_CHECKING:
    import grpc

    from umpire.v1 import action_pb2, service_pb2, service_pb2_grpc

# grpc, the generated stubs and rich are imported by the commands that call a
# server (cli/main.py: the CLI starts without them).

T = TypeVar("T")

Server = Annotated[str, typer.Option(help="server address", envvar="UMPIRE_SERVER")]
Token = Annotated[str, typer.Option(help="your side's token", envvar="UMPIRE_TOKEN")]
Timeout = Annotated[float, typer.Option(help="deadline per call, seconds")]


def _stub(server: str) -> tuple[grpc.Channel, service_pb2_grpc.AdjudicatorStub]:
    import grpc

    from umpire.v1 import service_pb2_grpc

    channel = grpc.insecure_channel(server)
    return channel, service_pb2_grpc.AdjudicatorStub(channel)


def _md(token: str) -> list[tuple[str, str]]:
    return [("authorization", f"Bearer {token}")] if token else []


def call(server: str, fn: Callable[[service_pb2_grpc.AdjudicatorStub], T]) -> T:
    import grpc
    from google.rpc import error_details_pb2
    from grpc_status import rpc_status

    from adjudicator.service.errors import RULESET_UNAVAILABLE
    from cli import render
    from umpire.v1 import service_pb2

    channel, stub = _stub(server)
    try:
        return fn(stub)
    except grpc.RpcError as e:
        code = e.code() if hasattr(e, "code") else None
        detail = e.details() if hasattr(e, "details") else str(e)
        st = rpc_status.from_call(e) if isinstance(e, grpc.Call) else None
        broken = needs = False
        if st is not None:
            for d in st.details:
                if d.Is(service_pb2.IllegalActionDetail.DESCRIPTOR):
                    ill = service_pb2.IllegalActionDetail()
                    d.Unpack(ill)
                    render.verdict(out.get(), ill.verdict)
                elif d.Is(error_details_pb2.ErrorInfo.DESCRIPTOR):
                    info = error_details_pb2.ErrorInfo()
                    d.Unpack(info)
                    broken = broken or info.reason == RULESET_UNAVAILABLE
                    needs = needs or info.reason == "NEEDS_DATA"
        if code == grpc.StatusCode.UNAVAILABLE:
            fail(f"cannot reach the server at {server} ({detail})", EXIT_BAD_INPUT)
        name = code.name if code is not None else "ERROR"
        # FAILED_PRECONDITION is an illegal action (exit 1), or data needed (exit 3), unless the server
        # cannot load the ruleset.
        illegal = code == grpc.StatusCode.FAILED_PRECONDITION and not broken
        fail(f"{name}: {detail}", EXIT_NEEDS_INPUT if illegal and needs else EXIT_ILLEGAL if illegal else EXIT_BAD_INPUT)
    finally:
        channel.close()


def register(app: typer.Typer) -> None:
    client = typer.Typer(help="Play against a running Umpire server.", no_args_is_help=True)
    app.add_typer(client, name="client")

    @client.command()
    def rulesets(server: Server = DEFAULT_SERVER, timeout: Timeout = 10.0) -> None:
        """List the server's rulesets and scenarios."""
        from umpire.v1 import service_pb2

        resp = call(server, lambda s: s.ListRulesets(service_pb2.ListRulesetsRequest(), timeout=timeout))
        for r in resp.rulesets:
            if r.unavailable:
                out.print(f"{r.id} — unavailable: {r.unavailable}", highlight=False, markup=False)
            else:
                out.print(f"{r.id} {r.version}: {r.title} — {', '.join(r.scenarios)}", highlight=False, markup=False)

    @client.command()
    def create(
        scenario: Annotated[str, typer.Option(help="shipped scenario id (it names its ruleset), or a scenario file")],
        ruleset: Annotated[str, typer.Option(help="ruleset id (default: the one the scenario names)")] = "",
        option: Annotated[Optional[list[str]], typer.Option(help="NAME=VALUE; repeatable")] = None,
        tables: Annotated[Optional[Path], typer.Option(help="user table file")] = None,
        map_file: Annotated[Optional[Path], typer.Option("--map", help="map file replacing the scenario's map "
                                                         "(docs/maps.md, docs/boards.md)")] = None,
        counters: Annotated[Optional[Path], typer.Option(help="counter values (table <ruleset>/counters)")] = None,
        position: Annotated[Optional[Path], typer.Option(help="position file to start from (docs/position.md)")] = None,
        server: Server = DEFAULT_SERVER,
        timeout: Timeout = 30.0,
    ) -> None:
        """Create a game; prints its id and one token per side (keep them secret)."""
        from cli.game_cmds import parse_options
        from importers.canonical import read_message
        from umpire.v1 import definition_pb2, service_pb2, tables_pb2

        def build() -> service_pb2.CreateGameRequest:
            req = service_pb2.CreateGameRequest(ruleset=ruleset, options=parse_options(option))
            if Path(scenario).suffix:
                req.scenario.CopyFrom(read_message(Path(scenario), definition_pb2.Scenario()))
            else:
                req.scenario_id = scenario
            if tables:
                req.tables.CopyFrom(read_message(tables, tables_pb2.TableSet()))
            if map_file or counters or position:
                _create_extras(req, map_file, counters, position)
            return req

        req = run(build)
        resp = call(server, lambda s: s.CreateGame(req, timeout=timeout))
        out.print(f"game {resp.game_id} (version {resp.version})", highlight=False, markup=False)
        for t in resp.tokens:
            out.print(f"  {t.side}: {t.token}", highlight=False, markup=False)
        out.print(f"  dice commitment sha256: {resp.seed_commitment}", highlight=False, markup=False)

    def _create_extras(req: service_pb2.CreateGameRequest, map_file: Path | None, counters: Path | None,
                       position: Path | None) -> None:
        """--map / --counters / --position: the files `umpire new` reads, sent as
        CreateGameRequest.map / counters / position (the server applies them)."""
        from cli.position import read_position_text
        from importers.canonical import read_message
        from importers.vassal.completion import read_map_file
        from umpire.v1 import tables_pb2

        if map_file:
            req.map.CopyFrom(read_map_file(map_file))
        if counters:
            req.counters.CopyFrom(read_message(counters, tables_pb2.TableSet()))
        if position:
            req.position = read_position_text(position)

    @client.command()
    def state(
        game: str, token: Token = "", server: Server = DEFAULT_SERVER, timeout: Timeout = 10.0,
        output: Annotated[Optional[Path], typer.Option("--out", "-o", help="also write the state here")] = None,
    ) -> None:
        """Your side's view of the game."""
        from cli import render
        from exporters.canonical import write_message
        from umpire.v1 import service_pb2

        resp = call(server, lambda s: s.GetState(service_pb2.GetStateRequest(game_id=game), metadata=_md(token),
                                                 timeout=timeout))
        render.state(out.get(), resp.state)
        if output:
            run(lambda: write_message(output, resp.state))

    def _action(action_file: Path | None, action_text: str | None, cell: list[str] | None) -> action_pb2.Action:
        def build() -> action_pb2.Action:
            from cli.game_cmds import read_action
            from cli.tables_opt import supplied_cells

            a = read_action(action_file, action_text)
            a.supplied_cells.extend(supplied_cells(cell))
            return a

        return run(build)

    @client.command()
    def validate(
        game: str,
        action_file: Annotated[Optional[Path], typer.Argument(metavar="ACTION")] = None,
        action_text: Annotated[Optional[str], typer.Option(help="action in protobuf text format")] = None,
        cell: Annotated[Optional[list[str]], typer.Option(help="TABLE:COLUMN:ROW=VALUE")] = None,
        token: Token = "",
        server: Server = DEFAULT_SERVER,
        timeout: Timeout = 10.0,
    ) -> None:
        """Dry-run an action: the verdict, nothing changes."""
        from cli import render
        from umpire.v1 import service_pb2

        a = _action(action_file, action_text, cell)
        resp = call(server, lambda s: s.ValidateAction(
            service_pb2.ValidateActionRequest(game_id=game, action=a), metadata=_md(token), timeout=timeout))
        render.verdict(out.get(), resp.verdict)
        # Legal but naming cells the outcome may need: more input may be needed (cli/errors.py).
        raise typer.Exit(EXIT_ILLEGAL if not resp.verdict.legal else EXIT_NEEDS_INPUT if resp.verdict.needs else 0)

    @client.command()
    def submit(
        game: str,
        action_file: Annotated[Optional[Path], typer.Argument(metavar="ACTION")] = None,
        action_text: Annotated[Optional[str], typer.Option(help="action in protobuf text format")] = None,
        cell: Annotated[Optional[list[str]], typer.Option(help="TABLE:COLUMN:ROW=VALUE")] = None,
        expected_version: Annotated[
            Optional[int], typer.Option(help="version you acted on (default: the current one, read first)")
        ] = None,
        token: Token = "",
        server: Server = DEFAULT_SERVER,
        timeout: Timeout = 30.0,
    ) -> None:
        """Submit an action; prints the verdict, the dice thrown and what happened."""
        from cli import render
        from umpire.v1 import service_pb2

        a = _action(action_file, action_text, cell)

        def go(s: service_pb2_grpc.AdjudicatorStub) -> service_pb2.SubmitActionResponse:
            v = expected_version
            if v is None:
                v = s.GetState(service_pb2.GetStateRequest(game_id=game), metadata=_md(token),
                               timeout=timeout).state.version
            resp: service_pb2.SubmitActionResponse = s.SubmitAction(
                service_pb2.SubmitActionRequest(game_id=game, action=a, expected_version=v),
                metadata=_md(token), timeout=timeout,
            )
            return resp

        resp = call(server, go)
        render.verdict(out.get(), resp.verdict)
        if resp.dice:
            out.print("dice: " + "; ".join(f"d{d.sides}={d.value} ({d.purpose})" for d in resp.dice),
                      highlight=False, markup=False)
        render.events(out.get(), resp.events)
        out.print(f"version {resp.version}", highlight=False, markup=False)

    @client.command()
    def legal(game: str, token: Token = "", server: Server = DEFAULT_SERVER, timeout: Timeout = 10.0) -> None:
        """What your side may do now, with example actions."""
        from google.protobuf import text_format

        from umpire.v1 import service_pb2

        resp = call(server, lambda s: s.Query(service_pb2.QueryRequest(game_id=game, legal_actions={}),
                                              metadata=_md(token), timeout=timeout))
        for la in resp.legal_actions:
            example = text_format.MessageToString(la.example, as_one_line=True) if la.example.ByteSize() else ""
            out.print(f"{la.kind}: {la.description}" + (f"\n    --action-text '{example}'" if example else ""),
                      highlight=False, markup=False)

    @client.command()
    def reach(
        game: str, unit: str, token: Token = "", server: Server = DEFAULT_SERVER, timeout: Timeout = 10.0,
        mode: Annotated[str, typer.Option(help="movement mode, as in a move (e.g. 'strategic')")] = "",
    ) -> None:
        """Every location a unit may end its move in, with the cost."""
        from umpire.v1 import service_pb2

        resp = call(server, lambda s: s.Query(
            service_pb2.QueryRequest(game_id=game, reach=service_pb2.ReachQuestion(unit_id=unit, mode=mode)),
            metadata=_md(token), timeout=timeout))
        for r in resp.reachable:
            out.print(f"{r.location}\t{r.cost:g}\t{' '.join(r.path)}", highlight=False, markup=False)
        for n in resp.notes:
            out.print(f"note: {n.text} [{n.citation.label}]", highlight=False, markup=False)

    @client.command()
    def watch(
        game: str,
        from_version: Annotated[int, typer.Option("--from", help="events after this version")] = 0,
        token: Token = "",
        server: Server = DEFAULT_SERVER,
    ) -> None:
        """Follow a game live (Ctrl-C to stop)."""
        from cli import render
        from umpire.v1 import service_pb2


        def go(s: service_pb2_grpc.AdjudicatorStub) -> None:
            for item in s.WatchGame(service_pb2.WatchGameRequest(game_id=game, from_version=from_version),
                                    metadata=_md(token)):
                render.events(out.get(), [item.event])

        try:
            call(server, go)
        except KeyboardInterrupt:
            pass

    @client.command()
    def export(
        game: str,
        output: Annotated[Path, typer.Option("--out", "-o", help="record file (.json/.textproto/.binpb)")],
        token: Token = "",
        server: Server = DEFAULT_SERVER,
        timeout: Timeout = 60.0,
    ) -> None:
        """Write the game record (your view; with the seed once revealed)."""
        from exporters.canonical import write_message
        from umpire.v1 import service_pb2

        resp = call(server, lambda s: s.ExportGame(service_pb2.ExportGameRequest(game_id=game), metadata=_md(token),
                                                   timeout=timeout))
        run(lambda: write_message(output, resp.record))
        out.print(f"wrote {output}: {len(resp.record.actions)} actions", highlight=False, markup=False)

    @client.command()
    def reveal(game: str, token: Token = "", server: Server = DEFAULT_SERVER, timeout: Timeout = 10.0) -> None:
        """Ask for the dice seed: revealed when the game is over or every side asked."""
        from umpire.v1 import service_pb2

        resp = call(server, lambda s: s.RevealSeed(service_pb2.RevealSeedRequest(game_id=game), metadata=_md(token),
                                                   timeout=timeout))
        if resp.seed:
            out.print(f"seed: {resp.seed}", highlight=False, markup=False)
            if resp.HasField("revealed_at_version"):
                out.print(f"revealed at version {resp.revealed_at_version}: every later roll is open "
                          "(anyone can compute it)", highlight=False, markup=False)
        else:
            out.print(f"not yet revealed; asked so far: {', '.join(resp.agreed)}", highlight=False, markup=False)
