"""The studio's HTTP interface (Starlette): the page, its static files, the
module's images, and a JSON API over the project (studio/project.py) and the
open game (studio/game.py).

Every answer to a bad request is one line (`{"error": ...}`) naming what is
wrong, never a traceback; data the rules need is `{"error", "needs"}`.
"""

from __future__ import annotations

import json
import mimetypes
import threading
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from adjudicator.core.errors import MalformedInput, NeedsData, NotFound, UmpireError
from google.protobuf import json_format
from importers.vassal.checklog import StartAt
from studio import boards, charts, game, layout, mapdoc
from studio.pieces import auto_match, binding_rules, palette
from studio.project import TABLES, Project
from studio.security import SAFE_NAME
from umpire.v1 import vassal_pb2

STATIC = Path(__file__).resolve().parent / "static"
MAX_UPLOAD = 256 * 1024 * 1024
# The banks of one river line drawn in clearly different colours (one per bank).
BANK_COLOURS = ("#c0392b", "#1f6fb2", "#7d3c98", "#b9770e")
IMAGE_TYPES = {".png": "image/png", ".gif": "image/gif", ".jpg": "image/jpeg", ".jpeg": "image/jpeg",
               ".svg": "image/svg+xml", ".bmp": "image/bmp"}

Handler = Callable[[Request], Awaitable[Any]]


class Studio:
    """The project and the open game, shared by the handlers (one user, one lock)."""

    def __init__(self, project: Project) -> None:
        self.project = project
        self.session: game.Session | None = None
        self.lock = threading.Lock()

    def need_game(self) -> game.Session:
        if self.session is None:
            raise MalformedInput("no game open: open a save, a log or a state first")
        return self.session


def _error(e: Exception) -> JSONResponse:
    if isinstance(e, NeedsData):
        cells = [{"table": c.table_id, "title": c.table_title, "row": c.row, "column": c.column, "reason": c.reason}
                 for c in e.cells]
        return JSONResponse({"error": e.one_line(), "needs": cells}, status_code=422)
    if isinstance(e, NotFound):
        return JSONResponse({"error": e.one_line()}, status_code=404)
    if isinstance(e, UmpireError):
        return JSONResponse({"error": e.one_line()}, status_code=400)
    return JSONResponse({"error": f"internal error ({type(e).__name__}): {' '.join(str(e).split())[:300]}"},
                        status_code=500)


async def _body(request: Request) -> dict[str, Any]:
    raw = await request.body()
    if len(raw) > MAX_UPLOAD:
        raise MalformedInput("request too large")
    try:
        data = json.loads(raw or b"{}")
    except ValueError as e:
        raise MalformedInput(f"the request is not JSON: {e}") from None
    if not isinstance(data, dict):
        raise MalformedInput("the request must be a JSON object")
    return data


def overlay_json(ov: boards.Overlay) -> dict[str, Any]:
    """A VASSAL map's cells for the page's map view (static/js/mapview.js)."""
    return {"kind": "hex", "map": ov.map, "width": ov.width, "height": ov.height, "notes": ov.notes,
            "boards": [{"name": b.name, "image": b.image, "x": b.x, "y": b.y, "width": b.width,
                        "height": b.height} for b in ov.boards],
            "labels": ov.labels, "names": ov.names, "snap": ov.snap, "centre": ov.centre, "shape": ov.shape,
            "corners": ov.corners, "nbr": ov.nbr, "outside": ov.outside}


def board_json(project: Project, sess: game.Session) -> dict[str, Any]:
    """Where the Game tab draws the state shown: over the module's map when the
    game was read from a save of it (pieces where VASSAL draws them), else on
    the state's own map (studio/layout.py)."""
    gm = game.current(sess).scenario.definition.map
    kind = gm.WhichOneof("layout")
    ident = sess.vassal_map()
    mod = project.module
    if kind == "hex":
        if ident and mod is not None and ident in boards.hex_maps(mod):
            out = overlay_json(project.overlay(ident))
        else:
            out = layout.hex_cells(gm)
        out["doc"] = mapdoc.map_to_doc(gm)
        return out
    if kind == "graph":
        if ident and mod is not None:
            ov = project.overlay(ident)
            placed = {name: (float(x), float(y)) for name, x, y in ov.towns}
            return layout.graph_cells(gm, placed, overlay_json(ov)["boards"], (ov.width, ov.height)) | {"map": ident}
        return layout.graph_cells(gm)
    raise MalformedInput("the state's scenario has no map to draw (hex or graph)")


def start_at(data: Any) -> StartAt | None:
    """Where a log that begins mid-game starts (check-log's --turn, --phase,
    --segment, --active-side), from the page."""
    if not isinstance(data, dict) or not any(data.values()):
        return None
    try:
        turn = int(data.get("turn") or 0)
    except (TypeError, ValueError):
        raise MalformedInput(f"turn {data.get('turn')!r} is not a whole number", "start.turn") from None
    return StartAt(turn, str(data.get("phase") or "").strip(), str(data.get("segment") or "").strip(),
                   str(data.get("active_side") or "").strip())


def build_app(project: Project) -> Starlette:
    st = Studio(project)

    def api(fn: Callable[[Request, dict[str, Any]], Any], method: str = "GET") -> Handler:
        async def handler(request: Request) -> Response:
            try:
                body = await _body(request) if method == "POST" else {}
                with st.lock:
                    result = fn(request, body)
                return result if isinstance(result, Response) else JSONResponse(result)
            except Exception as e:  # noqa: BLE001 - every failure becomes one line for the page
                return _error(e)
        return handler

    def info(_r: Request, _b: dict[str, Any]) -> Any:
        out = project.info()
        v = project.vocabulary()
        from exporters.palette import colour

        def terms(kind: str) -> list[dict[str, str]]:
            return [{"name": t.name, "label": t.label or t.name, "rule": t.rule, "note": t.note,
                     "colour": colour(t.name)} for t in getattr(v, kind)]

        out["vocabulary"] = {k: terms(k) for k in ("terrains", "hex_features", "hexside_features", "road_kinds",
                                                   "tags", "tag_prefixes")}
        out["vocabulary"]["banks"] = [{"line": b.line, "label": b.label or b.line, "rule": b.rule, "note": b.note,
                                       "banks": [{"name": t.name, "label": t.label or t.name, "rule": t.rule,
                                                  "note": t.note, "colour": BANK_COLOURS[k % len(BANK_COLOURS)]}
                                                 for k, t in enumerate(b.banks)]} for b in v.banks]
        out["vocabulary"]["default_terrain"] = v.default_terrain
        out["vocabulary"]["layout"] = v.layout
        out["vocabulary"]["notes"] = list(v.notes)
        out["counter_fields"] = [{"column": f.column, "choices": list(f.choices), "number": f.number, "rule": f.rule,
                                  "note": f.note} for f in v.counter_fields]
        out["counters_table"] = project.counters_table_id()
        return out

    def settings(_r: Request, b: dict[str, Any]) -> Any:
        project.set_ruleset(str(b.get("ruleset", "")), str(b.get("scenario", "")))
        st.session = None
        return info(_r, b)

    def map_get(r: Request, _b: dict[str, Any]) -> Any:
        ident = r.path_params["map"]
        return {**overlay_json(project.overlay(ident)), **project.load_map(ident)}

    def map_save(r: Request, b: dict[str, Any]) -> Any:
        doc = b.get("doc")
        if not isinstance(doc, dict):
            raise MalformedInput("send the map as {doc: ...}")
        return project.save_map(r.path_params["map"], doc)

    def board_get(r: Request, _b: dict[str, Any]) -> Any:
        return project.load_board(r.path_params["name"])

    def board_save(r: Request, b: dict[str, Any]) -> Any:
        doc = b.get("doc")
        if not isinstance(doc, dict):
            raise MalformedInput("send the board as {doc: ...}")
        return project.save_board(r.path_params["name"], doc)

    def image(r: Request, _b: dict[str, Any]) -> Response:
        name = r.path_params["name"]
        mod = project.need_module()
        if ".." in name.split("/") or name.startswith("/"):
            raise MalformedInput(f"bad image name {name!r}")
        entry = f"images/{name}"
        archive = mod.find_entry(entry)
        if archive is None:
            raise NotFound(f"the module has no image {name!r}")
        ctype = IMAGE_TYPES.get(Path(name).suffix.lower(), mimetypes.guess_type(name)[0] or "application/octet-stream")
        return Response(archive.read(entry), media_type=ctype, headers={"Cache-Control": "max-age=3600"})

    def pieces_get(_r: Request, _b: dict[str, Any]) -> Any:
        mod = project.need_module()
        b = project.binding()
        entries = palette(mod, vassal_pb2.VassalBinding(sides=b.sides))
        units = []
        if b.scenario and project.ruleset is not None:
            units = list(project.ruleset.load_scenario(b.scenario).definition.units)
        matched = auto_match(entries, units) if units else {}
        rules = {r.gpid: r for r in b.pieces if r.gpid}
        counters: dict[str, dict[str, str]] = {}
        for t in project.counters().tables:
            for c in t.cells:
                counters.setdefault(c.row, {})[c.column] = c.value
        return {
            "pieces": [{"index": e.index, "gpid": e.gpid, "name": e.name, "path": e.path, "images": e.images,
                        "side": e.side, "row": e.row, "bound_as": e.bound_as,
                        "rule": json_format.MessageToDict(rules[e.gpid]) if e.gpid in rules else None,
                        "match": matched.get(e.gpid)} for e in entries],
            "scenario_units": [{"id": u.id, "name": u.name, "side": u.side} for u in units],
            "counters": counters, "sides": dict(b.sides), "vassal_sides": list(mod.views.sides),
            "binding": json_format.MessageToDict(b),
        }

    def counters_save(_r: Request, b: dict[str, Any]) -> Any:
        values = b.get("values", {})
        if not isinstance(values, dict):
            raise MalformedInput("send {values: {row: {column: value}}}")
        return {"file": project.save_counters({str(k): dict(v) for k, v in values.items() if isinstance(v, dict)})}

    def binding_save(_r: Request, b: dict[str, Any]) -> Any:
        binding = project.binding()
        sides = b.get("sides", {})
        if isinstance(sides, dict):
            binding.sides.clear()
            binding.sides.update({str(k): str(v) for k, v in sides.items() if v})
        choices = b.get("pieces", {})
        if isinstance(choices, dict):
            del binding.pieces[:]
            binding.pieces.extend(binding_rules({str(k): dict(v) for k, v in choices.items() if isinstance(v, dict)}))
        return {"file": project.save_binding(binding)}

    def charts_get(_r: Request, _b: dict[str, Any]) -> Any:
        rs = project.ruleset
        if rs is None:
            raise MalformedInput("choose a ruleset first")
        state = game.current(st.session) if st.session is not None else None
        tables = charts.merged(rs, state, project.charts(), project.counters_table_id())
        blocked = charts.blocked(state) if state is not None else {}
        return {"tables": [charts.table_json(t) for t in tables], "images": charts.chart_images(project.module),
                "blocked": blocked, "game": st.session.file if st.session else ""}

    def charts_save(_r: Request, b: dict[str, Any]) -> Any:
        cells = b.get("cells", [])
        if not isinstance(cells, list):
            raise MalformedInput("send {cells: [{table, row, column, value}]}")
        state = game.current(st.session) if st.session is not None else None
        return project.save_charts([dict(c) for c in cells if isinstance(c, dict)], state)

    def files(_r: Request, _b: dict[str, Any]) -> Any:
        found = []
        for p in sorted(project.root.rglob("*")):
            if p.is_file() and p.suffix.lower() in game.SAVE + game.LOG + game.CANON and ".bak" not in p.name:
                rel = p.relative_to(project.root).as_posix()
                if rel.startswith("maps/") or rel in ("binding.json", "studio.json", "counters.textproto", TABLES):
                    continue
                found.append(rel)
        return {"files": found[:500]}

    def upload(r: Request, _b: dict[str, Any]) -> Any:
        raise MalformedInput("use POST /api/upload?name=FILE with the file's bytes")

    async def upload_post(request: Request) -> Response:
        try:
            name = request.query_params.get("name", "")
            if not SAFE_NAME.match(name):
                raise MalformedInput(f"{name!r} is not a plain file name")
            data = await request.body()
            if len(data) > MAX_UPLOAD:
                raise MalformedInput(f"the file is over {MAX_UPLOAD} bytes")
            with st.lock:
                project.write(f"games/{name}", data)
                st.session = _open(f"games/{name}")
                return JSONResponse(game.view(st.session))
        except Exception as e:  # noqa: BLE001 - one line for the page
            return _error(e)

    def _open(rel: str, start: StartAt | None = None) -> game.Session:
        path = project.path(rel)
        if not path.is_file():
            raise MalformedInput(f"no file {rel!r} in the project folder")
        comp = project.completion() if project.module is not None and path.suffix.lower() in game.SAVE + game.LOG else None
        sess = game.open_game(path, project.module, project.binding(), comp, project.charts(), start)
        sess.file = rel
        return sess

    def game_open(_r: Request, b: dict[str, Any]) -> Any:
        st.session = _open(str(b.get("file", "")), start_at(b.get("start")))
        return game.view(st.session)

    def game_viewer(_r: Request, b: dict[str, Any]) -> Any:
        sess = st.need_game()
        game.set_viewer(sess, str(b.get("side", "")))
        return game.view(sess)

    def game_board(_r: Request, _b: dict[str, Any]) -> Any:
        return board_json(project, st.need_game())

    def game_view(_r: Request, _b: dict[str, Any]) -> Any:
        return game.view(st.session) if st.session is not None else {"file": ""}

    def game_reach(_r: Request, b: dict[str, Any]) -> Any:
        return game.reach(st.need_game(), str(b.get("unit", "")), str(b.get("mode", "")))

    def game_validate(_r: Request, b: dict[str, Any]) -> Any:
        return game.validate(st.need_game(), game.parse_action(dict(b.get("action", {}))))

    def game_apply(_r: Request, b: dict[str, Any]) -> Any:
        rolls = [int(x) for x in b.get("rolls", []) if str(x).strip()]
        out = game.apply(st.need_game(), game.parse_action(dict(b.get("action", {}))), rolls)
        out["view"] = game.view(st.need_game())
        return out

    def game_undo(_r: Request, _b: dict[str, Any]) -> Any:
        game.undo(st.need_game())
        return game.view(st.need_game())

    def game_supply(_r: Request, b: dict[str, Any]) -> Any:
        return game.supply(st.need_game(), str(b.get("side", "")))

    def game_picture(_r: Request, b: dict[str, Any]) -> Any:
        from exporters.picture import Overlay, render_svg

        sess = st.need_game()
        ov = Overlay(reach={str(k): float(v) for k, v in dict(b.get("reach", {})).items()},
                     supply=set(map(str, b.get("supply", []))), selected=set(map(str, b.get("selected", []))))
        return {"svg": render_svg(game.shown(sess), ov)}

    def game_step(_r: Request, b: dict[str, Any]) -> Any:
        sess = st.need_game()
        at = int(b.get("at", -1))
        if not -1 <= at < len(sess.steps):
            raise MalformedInput(f"step {at} is not in the log (0..{len(sess.steps) - 1})")
        sess.at = at
        return game.view(sess)

    async def index(_r: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-store"})

    routes = [
        Route("/", index),
        Route("/api/info", api(info)),
        Route("/api/settings", api(settings, "POST"), methods=["POST"]),
        Route("/api/map/{map:path}", api(map_get)),
        Route("/api/savemap/{map:path}", api(map_save, "POST"), methods=["POST"]),
        Route("/api/board/{name:path}", api(board_get)),
        Route("/api/saveboard/{name:path}", api(board_save, "POST"), methods=["POST"]),
        Route("/api/image/{name:path}", api(image)),
        Route("/api/pieces", api(pieces_get)),
        Route("/api/counters", api(counters_save, "POST"), methods=["POST"]),
        Route("/api/binding", api(binding_save, "POST"), methods=["POST"]),
        Route("/api/charts", api(charts_get)),
        Route("/api/charts", api(charts_save, "POST"), methods=["POST"]),
        Route("/api/files", api(files)),
        Route("/api/upload", upload_post, methods=["POST"]),
        Route("/api/game/open", api(game_open, "POST"), methods=["POST"]),
        Route("/api/game/view", api(game_view)),
        Route("/api/game/viewer", api(game_viewer, "POST"), methods=["POST"]),
        Route("/api/game/board", api(game_board)),
        Route("/api/game/reach", api(game_reach, "POST"), methods=["POST"]),
        Route("/api/game/validate", api(game_validate, "POST"), methods=["POST"]),
        Route("/api/game/apply", api(game_apply, "POST"), methods=["POST"]),
        Route("/api/game/undo", api(game_undo, "POST"), methods=["POST"]),
        Route("/api/game/supply", api(game_supply, "POST"), methods=["POST"]),
        Route("/api/game/step", api(game_step, "POST"), methods=["POST"]),
        Route("/api/game/picture", api(game_picture, "POST"), methods=["POST"]),
        Mount("/static", app=StaticFiles(directory=STATIC), name="static"),
    ]
    return Starlette(routes=routes)
