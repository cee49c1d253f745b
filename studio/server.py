"""Starting the studio: uvicorn on 127.0.0.1, a free port unless one is given,
the per-launch secret in the printed URL."""

from __future__ import annotations

import socket
import threading
import time
import webbrowser
from dataclasses import dataclass
from pathlib import Path

import uvicorn

from adjudicator.core.errors import MalformedInput, UmpireError
from studio.app import build_app
from studio.project import Project, slug
from studio.security import Guard, new_secret


@dataclass
class Running:
    url: str
    server: uvicorn.Server
    thread: threading.Thread | None

    def stop(self) -> None:
        self.server.should_exit = True
        if self.thread is not None:
            self.thread.join(timeout=10)


def _bind(host: str, port: int) -> socket.socket:
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as e:
        sock.close()
        raise MalformedInput(f"cannot listen on {host}:{port}: {e.strerror or e}") from None
    sock.listen(64)
    return sock


def warm(project: Project) -> None:
    """Compute what the first page load needs (the ruleset's data, every hex
    map's overlay) while the user opens the browser."""
    try:
        project.info()
        project.vocabulary()
        for ident in project.info()["maps"]:
            project.overlay(ident)
    except UmpireError:
        pass  # the page will show the same error when it asks


def prepare(project: Project, host: str = "127.0.0.1", port: int = 0) -> tuple[uvicorn.Server, socket.socket, str]:
    threading.Thread(target=warm, args=(project,), daemon=True).start()
    sock = _bind(host, port)
    real = sock.getsockname()[1]
    secret = new_secret()
    names = {f"{host}:{real}", f"127.0.0.1:{real}", f"localhost:{real}"}
    app = Guard(build_app(project), secret, names)
    config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="off")
    shown = host if host not in ("0.0.0.0", "::") else "127.0.0.1"
    return uvicorn.Server(config), sock, f"http://{shown}:{real}/s/{secret}/"


def start_background(project: Project, host: str = "127.0.0.1", port: int = 0) -> Running:
    """For tests and scripts: the studio in a thread; `stop()` ends it."""
    server, sock, url = prepare(project, host, port)
    t = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    t.start()
    deadline = time.time() + 20
    while not server.started and time.time() < deadline:
        time.sleep(0.02)
    return Running(url, server, t)


def serve(module: Path | None, ruleset: str | None, project_dir: Path | None, host: str, port: int,
          open_browser: bool) -> None:
    if project_dir is None:
        project_dir = Path.cwd() / (f"{slug(module.stem)}-studio" if module is not None else "umpire-studio")
    project = Project.open(project_dir, module, ruleset)
    server, sock, url = prepare(project, host, port)
    print(f"Umpire Studio: {url}")
    print(f"  project folder: {project.root}")
    if host not in ("127.0.0.1", "localhost", "::1"):
        print(f"  warning: listening on {host}: other machines can reach it (the secret in the URL still guards it)")
    print("  Ctrl-C to stop", flush=True)
    if open_browser:
        webbrowser.open(url)
    server.run(sockets=[sock])
