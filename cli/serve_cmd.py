"""`umpire serve`: run the gRPC adjudication server.

One process per core behind a gRPC load balancer, all on one PostgreSQL
database, is how Umpire scales out (docs/deploy.md); SQLite is for one machine.
The options here are the operator's knobs: where to listen, the database, who
may create games and how fast, and how many games stay in memory.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from adjudicator.service.defaults import (CACHE_SIZE, DEFAULT_BURST, DEFAULT_DB, DEFAULT_HOST, DEFAULT_PORT,
                                          DEFAULT_RATE, HOT_SIZE)
from cli.console import out
from cli.errors import run

if TYPE_CHECKING:
    from adjudicator.service.games import GameManager


def register(app: typer.Typer) -> None:
    @app.command()
    def serve(
        db: Annotated[str, typer.Option(help="SQLAlchemy database URL", envvar="UMPIRE_DB")] = DEFAULT_DB,
        host: Annotated[str, typer.Option(help="address to listen on")] = DEFAULT_HOST,
        port: Annotated[int, typer.Option(help="port (0 = any free port)")] = DEFAULT_PORT,
        demo: Annotated[bool, typer.Option(help="create a demo Major Battles game and print how to play it")] = False,
        demo_scenario: Annotated[Optional[str], typer.Option(help="scenario for the demo game")] = None,
        create_rate: Annotated[float, typer.Option(
            help="games per second one client may create (0 = no limit)", envvar="UMPIRE_CREATE_RATE")] = DEFAULT_RATE,
        create_burst: Annotated[int, typer.Option(
            help="games one client may create at once before the rate applies",
            envvar="UMPIRE_CREATE_BURST")] = DEFAULT_BURST,
        create_token: Annotated[Optional[str], typer.Option(
            help="if set, CreateGame wants this bearer token", envvar="UMPIRE_CREATE_TOKEN")] = None,
        client_header: Annotated[Optional[str], typer.Option(
            help="metadata header naming the client address (e.g. x-forwarded-for, behind a trusted load balancer)",
            envvar="UMPIRE_CLIENT_HEADER")] = None,
        cache_games: Annotated[int, typer.Option(help="games kept in memory (compressed)")] = CACHE_SIZE,
        hot_games: Annotated[int, typer.Option(help="games kept parsed, ready to answer")] = HOT_SIZE,
    ) -> None:
        """Run the gRPC adjudication server (health and reflection on)."""
        import asyncio
        import logging

        from adjudicator.core.errors import MalformedInput
        from adjudicator.service.ratelimit import CreationPolicy
        from adjudicator.service.server import serve_forever, start_server
        from adjudicator.store.store import GameStore

        def go() -> None:
            if not 0 <= port <= 65535:
                raise MalformedInput(f"port {port} is not in 0..65535", "--port")
            if create_rate < 0 or create_burst < 1:
                raise MalformedInput("the creation rate must be >= 0 and the burst >= 1", "--create-rate")
            if cache_games < 1 or hot_games < 1:
                raise MalformedInput("keep at least one game in memory", "--cache-games")
            logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(name)s %(levelname)s %(message)s")
            store = GameStore(db)
            policy = CreationPolicy(rate=create_rate, burst=create_burst, token=create_token or None,
                                    client_header=client_header or None)

            async def main() -> None:
                try:
                    running = await start_server(store, host, port, creation=policy, cache_size=cache_games,
                                                 hot_games=hot_games)
                except (OSError, RuntimeError) as e:
                    raise MalformedInput(f"cannot listen on {host}:{port} ({e})", "--port") from None
                addr = f"{host}:{running.port}"
                out.print(f"Umpire listening on {addr}  (database {_safe(db)})", style="bold", highlight=False,
                          markup=False)
                if demo:
                    _demo(running.manager, addr, demo_scenario)
                out.print("Ctrl-C to stop.", style="dim")
                await serve_forever(running)

            asyncio.run(main())

        run(go)


def _safe(url: str) -> str:
    """The database URL without a password, for printing."""
    try:
        from sqlalchemy.engine import make_url

        return make_url(url).render_as_string(hide_password=True)
    except Exception:  # noqa: BLE001 - an unparsable URL was refused already; print it as given
        return url


def _demo(manager: GameManager, addr: str, scenario_id: str | None) -> None:
    from adjudicator.core.ruleset import get_ruleset

    rs = get_ruleset("major-battles")
    ids = rs.scenario_ids()
    sid = scenario_id or next((s for s in ids if "normandy" in s), ids[0])
    resp = manager.create("major-battles", scenario_id=sid, parameters={"demo": "true"})
    umpire = _invocation()
    out.print(f"Demo game {resp.game_id}: {sid}", style="bold", highlight=False, markup=False)
    for t in resp.tokens:
        out.print(f"  {t.side} token: {t.token}", highlight=False, markup=False)
    out.print(f"  dice commitment sha256: {resp.seed_commitment}", highlight=False, markup=False)
    first = resp.tokens[0]
    out.print("Connect with the Python CLI (README: Quick start; Node.js and other languages: docs/clients.md):",
              style="bold")
    out.print(f"  {umpire} client state {resp.game_id} --server {addr} --token {first.token}", highlight=False, markup=False)
    out.print(f"  {umpire} client legal {resp.game_id} --server {addr} --token {first.token}", highlight=False, markup=False)
    # grpcurl is optional (not installed with Umpire); the server has reflection, so it needs no .proto files.
    out.print("or with grpcurl, if you have it:", style="bold")
    out.print(f"  grpcurl -plaintext {addr} list", highlight=False, markup=False)
    out.print(
        f"  grpcurl -plaintext -H 'authorization: Bearer {first.token}' "
        f"-d '{{\"game_id\": \"{resp.game_id}\"}}' {addr} umpire.v1.Adjudicator/GetState",
        highlight=False, markup=False,
    )


def _invocation() -> str:
    """How the user can run this CLI again (for the printed hints)."""
    argv0 = sys.argv[0] if sys.argv else ""
    if not argv0 or argv0.endswith(("main.py", "__main__.py")):
        return f"{sys.executable} -m cli.main"
    try:
        return str(Path(argv0).resolve().relative_to(Path.cwd()))
    except ValueError:
        return argv0
