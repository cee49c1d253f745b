"""The studio's guard: who may talk to it, and where it may write.

The studio serves a user's files on their own machine, so it must not be
reachable by anything else:

* it binds 127.0.0.1 by default;
* every URL carries a per-launch secret (`/s/<secret>/...`, compared in
  constant time); without it a request gets 404, learning nothing;
* a request whose Host is not the address the studio was started on (DNS
  rebinding: a hostile page that re-points its own name at 127.0.0.1), or whose
  Origin / Sec-Fetch-Site says it comes from another site, is refused (403);
  state-changing requests must also be JSON or raw uploads (no HTML form can
  send them without a CORS preflight, which the studio never answers);
* files are written only inside the project folder (`inside`).
"""

from __future__ import annotations

import hmac
import re
import secrets
from pathlib import Path

from starlette.types import ASGIApp, Receive, Scope, Send

from adjudicator.core.errors import MalformedInput

SAFE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 ._()+-]{0,120}$")


def new_secret() -> str:
    return secrets.token_urlsafe(24)


def inside(root: Path, relative: str) -> Path:
    """`relative` resolved inside `root`; anything that would leave it (.., an
    absolute path, a symbolic link pointing out) is refused."""
    if not relative or relative.startswith(("/", "\\")) or "\x00" in relative or ":" in relative:
        raise MalformedInput(f"{relative!r} is not a path inside the project folder")
    parts = relative.replace("\\", "/").split("/")
    if any(p in ("", ".", "..") or not SAFE_NAME.match(p) for p in parts):
        raise MalformedInput(f"{relative!r} is not a plain file name inside the project folder")
    base = root.resolve()
    target = (base / "/".join(parts)).resolve()
    if not target.is_relative_to(base):
        raise MalformedInput(f"{relative!r} leaves the project folder")
    return target


async def _refuse(send: Send, status: int, text: str) -> None:
    body = text.encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"text/plain; charset=utf-8"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


class Guard:
    """ASGI middleware enforcing the rules above before any route runs."""

    def __init__(self, app: ASGIApp, secret: str, allowed_hosts: set[str]) -> None:
        self.app = app
        self.prefix = f"/s/{secret}"
        self.allowed_hosts = allowed_hosts

    def allow_host(self, host: str) -> None:
        self.allowed_hosts.add(host)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            if scope["type"] == "lifespan":
                await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        host = headers.get("host", "")
        if host not in self.allowed_hosts:
            await _refuse(send, 403, "refused: unknown Host (the studio answers only on the address it printed)")
            return
        origin = headers.get("origin")
        if origin is not None and origin not in {f"http://{h}" for h in self.allowed_hosts}:
            await _refuse(send, 403, "refused: request from another site")
            return
        site = headers.get("sec-fetch-site")
        if site is not None and site not in ("same-origin", "none"):
            await _refuse(send, 403, "refused: cross-site request")
            return
        path: str = scope.get("path", "")
        head, sep, rest = path[len("/s/"):].partition("/") if path.startswith("/s/") else ("", "", "")
        if not path.startswith("/s/") or not hmac.compare_digest(f"/s/{head}", self.prefix):
            await _refuse(send, 404, "not found")
            return
        if scope.get("method", "GET") not in ("GET", "HEAD"):
            ctype = headers.get("content-type", "").split(";")[0].strip()
            if ctype not in ("application/json", "application/octet-stream"):
                await _refuse(send, 415, "refused: send JSON")
                return
        if not sep:  # /s/<secret> without the slash: relative URLs need it
            await send({"type": "http.response.start", "status": 307,
                        "headers": [(b"location", (self.prefix + "/").encode()), (b"content-length", b"0")]})
            await send({"type": "http.response.body", "body": b""})
            return
        scope = dict(scope)
        scope["root_path"] = scope.get("root_path", "") + self.prefix  # routes see the path after the secret
        await self.app(scope, receive, send)
