"""`umpire convert`, `umpire inspect`, `umpire check-log`: the VASSAL converter's CLI.

convert IN OUT chooses the conversion by the two extensions:

  .vsav/.vlog -> same kind      rewrite (byte-identical command stream when nothing changes)
  .vsav  -> .json/.textproto/.binpb   GameState     (--module, --binding or --ruleset)
  .vlog  -> canonical           GameRecord: the start position and the log's actions
  .vmod  -> canonical           Scenario: definition from the module, setup from --setup
  canonical -> .vsav            GameState (or Scenario) as a save (--module; --base keeps
                                every untouched command of that save byte for byte)
  canonical -> .vlog            GameRecord as a log (--module; --base)
  canonical -> .vmod            Scenario / GameDefinition as a new module, or with --module
                                the scenario added to that module as a predefined setup
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Optional, TypeVar

import typer

from cli.errors import run

if TYPE_CHECKING:
    from google.protobuf.message import Message

    from importers.vassal.completion import Completion
    from importers.vassal.game import SavedGame
    from importers.vassal.module import Module
    from umpire.v1 import definition_pb2, state_pb2, tables_pb2, vassal_pb2

# The importers, exporters, lxml and the protos are imported by the functions
# that use them (cli/main.py: the CLI starts without them).

GAME_EXT = (".vsav", ".vlog", ".sav", ".log")  # .sav/.log: VASSAL 1.x/2.x names
SAVE_EXT = (".vsav", ".sav")
LOG_EXT = (".vlog", ".log")
MODULE_EXT = (".vmod", ".vmdx", ".mod")
BIG = 1000  # pieces from which a progress bar is shown (on a terminal)
T = TypeVar("T")


def _ext(p: Path) -> str:
    return p.suffix.lower()


def _warn(msg: str) -> None:
    print(f"umpire: warning: {msg}", file=sys.stderr)


MAX_WARNINGS = 20


def _warn_many(diagnostics: list[str]) -> None:
    """The first warnings, then how many more (a monster game can have thousands)."""
    for d in diagnostics[:MAX_WARNINGS]:
        _warn(d)
    if len(diagnostics) > MAX_WARNINGS:
        _warn(f"... and {len(diagnostics) - MAX_WARNINGS} more warnings ({len(diagnostics)} in all)")


def _progress_wanted(n: int) -> bool:
    return n >= BIG and sys.stderr.isatty()


def read_game(path: Path, strict: bool, for_edit: bool = False, keep_raw: bool = False) -> SavedGame:
    """A save or log; `for_edit`: as a base to write back onto (pieces decoded
    only when needed, the savedGame entry's bytes kept for splicing)."""
    from adjudicator.core.errors import MalformedInput
    from importers.vassal.archive import Archive
    from importers.vassal.game import read_game_archive

    archive = Archive.open(path)
    if archive.kind() != "save":
        raise MalformedInput("not a VASSAL save or log (no savedGame entry)", str(path))
    big = archive.info("savedGame").file_size > 2_000_000  # a save with thousands of pieces
    lazy = for_edit and not strict

    def read() -> SavedGame:
        return read_game_archive(archive, strict, lazy=lazy, keep_raw=for_edit or keep_raw)

    game = _with_progress(f"reading {path.name}", read) if big else read()
    for p in game.problems[:20]:
        _warn(p.line())
    if len(game.problems) > 20:
        _warn(f"... and {len(game.problems) - 20} more problems (use --strict to stop at the first)")
    return game


def _with_progress(label: str, fn: Callable[[], T]) -> T:
    if not sys.stderr.isatty():
        return fn()
    from rich.console import Console

    with Console(stderr=True).status(label):
        return fn()


def with_bar(label: str, size: int, fn: Callable[[Callable[[int, int], None] | None], T]) -> T:
    """Run fn(progress) with a rich progress bar on stderr for files with
    thousands of pieces, when stderr is a terminal; fn(None) otherwise."""
    if not _progress_wanted(size):
        return fn(None)
    from rich.console import Console
    from rich.progress import Progress

    with Progress(console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(label, total=size)
        return fn(lambda n, total: bar.update(task, completed=n, total=total))


class ProjectFiles:
    """`--map`, `--counters`, `--tables`: what Umpire Studio writes (or a user
    by hand) to complete a game read from a module that has no terrain, no
    counter values and no chart values (docs/studio.md). The completion is the
    studio's own (importers/vassal/completion.py). A plain class, neither a
    dataclass (created at every start of the CLI: adjudicator/core/record.py)
    nor a Record (whose package, the kernel's, the CLI's start does not load)."""

    __slots__ = ("map_file", "counters", "tables")
    __hash__ = None  # type: ignore[assignment]

    map_file: Optional[Path]
    counters: Optional[Path]
    tables: Optional[Path]

    def __init__(
        self,
        map_file: Optional[Path] = None,
        counters: Optional[Path] = None,
        tables: Optional[Path] = None,
    ) -> None:
        self.map_file = map_file
        self.counters = counters
        self.tables = tables

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, ProjectFiles)
        return (self.map_file, self.counters, self.tables) == (other.map_file, other.counters, other.tables)

    def __repr__(self) -> str:
        return f"ProjectFiles(map_file={self.map_file!r}, counters={self.counters!r}, tables={self.tables!r})"

    def given(self) -> bool:
        return any(x is not None for x in (self.map_file, self.counters, self.tables))

    def completion(self, b: vassal_pb2.VassalBinding, mod: Module | None) -> "Completion | None":
        from adjudicator.core.errors import MalformedInput

        if (self.map_file or self.counters) and b.scenario:
            raise MalformedInput("--map / --counters complete a definition built from the module; the binding "
                                 f"names scenario {b.scenario!r}, whose map and units are used instead")
        if self.map_file is None and self.counters is None:
            return None  # (without importing the studio's completion and the authoring kernel)
        from importers.vassal.completion import completion_from_files

        return completion_from_files(b.ruleset, mod, self.map_file, self.counters)

    def table_set(self) -> tables_pb2.TableSet | None:
        from importers.canonical import read_message
        from umpire.v1 import tables_pb2

        return read_message(self.tables, tables_pb2.TableSet()) if self.tables is not None else None

    def refuse(self, why: str) -> None:
        from adjudicator.core.errors import MalformedInput

        if self.given():
            raise MalformedInput(f"--map, --counters and --tables {why}")


NO_FILES = ProjectFiles()
MAP_OPTION = typer.Option(None, "--map", help="map file completing the module's bare grid (docs/maps.md; a board "
                          "file for a point-to-point map)")
COUNTERS_OPTION = typer.Option(None, "--counters", help="counter values, one row per palette piece "
                               "(counters.textproto of Umpire Studio)")
TABLES_OPTION = typer.Option(None, "--tables", help="chart values (table file, docs/tables.md) merged over the "
                             "game's tables")
BINDING_OPTION = typer.Option(None, "--binding", "-b", help="binding file (docs/vassal.md)")
RULESET_OPTION = typer.Option(None, "--ruleset", "-r", help="ruleset id (overrides the binding's)")
SCENARIO_OPTION = typer.Option(None, "--scenario", help="shipped scenario id the pieces bind to")
STRICT_OPTION = typer.Option(False, "--strict", help="stop at the first bad piece or command")
EXTENSION_OPTION = typer.Option([], "--extension", "-x", help="extension (.vmdx) loaded with the module; repeatable")


def binding_for(binding: Optional[Path], ruleset: Optional[str], scenario: Optional[str]) -> vassal_pb2.VassalBinding:
    from importers.vassal.binding import load_binding
    from umpire.v1 import vassal_pb2

    b = load_binding(binding) if binding else vassal_pb2.VassalBinding()
    if ruleset:
        b.ruleset = ruleset
    if scenario:
        b.scenario = scenario
    return b


def open_module(path: Path, extensions: Sequence[Path] = ()) -> Module:
    """A module with its extensions merged into the views used for binding."""
    from adjudicator.core.errors import MalformedInput
    from importers.vassal.module import Module

    mod = Module.open(path)
    if mod.buildfile.is_extension:
        raise MalformedInput("this is an extension (.vmdx), not a module: give the module with --module and the "
                             "extension with --extension", str(path))
    exts = []
    for e in extensions:
        ext = Module.open(e)
        if not ext.buildfile.is_extension:
            raise MalformedInput("not a VASSAL extension (.vmdx)", str(e))
        exts.append(ext)
    return mod.with_extensions(exts)


def need_module(module: Optional[Path], why: str, extensions: Sequence[Path] = ()) -> Module:
    from adjudicator.core.errors import MalformedInput

    if module is None:
        if extensions:
            raise MalformedInput("--extension needs --module (the module the extension is loaded into)")
        raise MalformedInput(f"--module is required to {why} (board geometry and pieces come from it)")
    return open_module(module, extensions)


def read_canonical(path: Path, kinds: list[type[Message]], kind: Optional[str]) -> Message:
    """A canonical file of one of several message types (by --kind, else the
    first type that parses)."""
    from adjudicator.core.errors import MalformedInput
    from importers.canonical import format_of, read_message, wrong_kind
    from umpire.v1 import definition_pb2, state_pb2

    names: dict[str, type[Message]] = {"state": state_pb2.GameState, "scenario": definition_pb2.Scenario,
                                       "definition": definition_pb2.GameDefinition, "record": state_pb2.GameRecord}
    if kind:
        if kind not in names:
            raise MalformedInput(f"--kind must be one of {', '.join(names)}")
        return read_message(path, names[kind]())
    if format_of(path) == "binary" and len(kinds) > 1:
        return read_message(path, kinds[0]())
    last: MalformedInput | None = None
    for k in kinds:
        try:
            return read_message(path, k())
        except MalformedInput as e:
            last = e
    assert last is not None
    # Another kind of Umpire file: say which, and every kind this conversion reads.
    raise wrong_kind(path.read_bytes(), format_of(path), [k.DESCRIPTOR.full_name for k in kinds], str(path)) or last


def _encoding(name: Optional[str], default: "object") -> "object":
    from adjudicator.core.errors import MalformedInput
    from importers.vassal.obfuscation import PLAIN, VCSK, VOBS, Encoding

    if not name:
        return default
    kinds = {"vcsk": VCSK, "!vcsk": VCSK, "vobs": VOBS, "plain": PLAIN}
    if name.lower() not in kinds:
        raise MalformedInput("--encoding must be vcsk, vobs or plain")
    return Encoding(kinds[name.lower()], 0x2A if kinds[name.lower()] != PLAIN else 0)


def write_game(path: Path, text: str, encoding: "object", entries: dict[str, bytes]) -> None:
    from exporters.canonical import atomic_write
    from exporters.vassal.archive import save_entries, zip_bytes

    atomic_write(path, zip_bytes(save_entries(text, encoding, entries)))  # type: ignore[arg-type]


def write_game_entry(path: Path, saved_game: bytes, entries: dict[str, bytes]) -> None:
    """A save from an already encoded savedGame entry."""
    from exporters.canonical import atomic_write
    from exporters.vassal.archive import entries_with, zip_bytes

    atomic_write(path, zip_bytes(entries_with(saved_game, entries)))


def do_convert(src: Path, dst: Path, module: Optional[Path], binding: Optional[Path], ruleset: Optional[str],
               scenario: Optional[str], base: Optional[Path], setup: Optional[str], strict: bool,
               kind: Optional[str], encoding: Optional[str], rolls: list[int],
               scenario_file: Optional[Path] = None, extensions: Sequence[Path] = (),
               files: ProjectFiles = NO_FILES) -> None:
    from adjudicator.core.errors import MalformedInput
    from exporters.canonical import write_message
    from importers.canonical import BINARY_EXT, JSON_EXT, TEXT_EXT, read_message
    from umpire.v1 import definition_pb2, state_pb2

    CANON_EXT = JSON_EXT + TEXT_EXT + BINARY_EXT
    si, so = _ext(src), _ext(dst)
    if src.resolve() == dst.resolve():
        raise MalformedInput("IN and OUT are the same file")
    if si in GAME_EXT and so in GAME_EXT:
        if (si in SAVE_EXT) != (so in SAVE_EXT):
            raise MalformedInput(f"cannot convert a {si} into a {so} directly; go through a canonical file")
        files.refuse("complete a game read into a canonical file; a VASSAL-to-VASSAL rewrite reads no rules data")
        game = read_game(src, strict, keep_raw=True)
        enc = _encoding(encoding, game.encoding)
        if enc == game.encoding and game.raw is not None:
            write_game_entry(dst, game.raw, game.entries)  # the entry itself, byte for byte
        else:
            write_game(dst, game.text, enc, game.entries)
        return
    b = binding_for(binding, ruleset, scenario)
    scen = read_message(scenario_file, definition_pb2.Scenario()) if scenario_file else None
    if scen is not None and (files.map_file or files.counters):
        raise MalformedInput("--map / --counters complete a definition built from the module, not --scenario-file")
    if si in SAVE_EXT and so in CANON_EXT:
        from importers.vassal.gcpause import paused_gc
        from importers.vassal.to_canonical import import_game

        from adjudicator.core.tables import with_tables

        mod = need_module(module, "read positions from a save", extensions)
        comp = files.completion(b, mod)
        user_tables = files.table_set()
        # No collection while the save is read and the state written: the
        # parsers and the JSON writer make no reference cycles, and one
        # collection over the parse tree (or the state's dict) finds nothing.
        with paused_gc():
            game = read_game(src, strict)
            res = with_bar("binding pieces", len(game.pieces),
                           lambda cb: import_game(game, mod, b, scenario=scen, rolls=rolls, progress=cb,
                                                  complete=comp))
            _warn_many(res.diagnostics)
            _warn_not_carried(game, src, res.state, mod)
            state = with_tables(res.state, user_tables, str(files.tables))
            del res, game  # the save's text and parse tree: not needed to write the state (peak memory)
            write_message(dst, state)
        return
    if si in LOG_EXT and so in CANON_EXT:
        mod = need_module(module, "read a log", extensions)
        write_message(dst, log_record(read_game(src, strict), mod, b, rolls, scen, files))
        return
    if si in MODULE_EXT and so in CANON_EXT:
        if files.tables is not None:
            raise MalformedInput("--tables: chart values are merged when a game is created; give the file to "
                                 "`umpire new SCENARIO --tables` (or CreateGame.tables)")
        mod = open_module(src, extensions)
        write_message(dst, module_scenario(mod, b, setup, strict, files.completion(b, mod)))
        return
    files.refuse("complete a game read from VASSAL (IN a .vsav, .vlog or .vmod)")
    if si in CANON_EXT and so in SAVE_EXT:
        msg = read_canonical(src, [state_pb2.GameState, definition_pb2.Scenario], kind)
        _write_vsav(msg, dst, need_module(module, "write a save", extensions), b, base, strict, encoding)
        return
    if si in CANON_EXT and so in LOG_EXT:
        rec = read_canonical(src, [state_pb2.GameRecord], kind)
        assert isinstance(rec, state_pb2.GameRecord)
        _write_vlog(rec, dst, need_module(module, "write a log", extensions), b, base, strict, encoding)
        return
    if si in CANON_EXT and so in MODULE_EXT:
        msg = read_canonical(src, [definition_pb2.Scenario, definition_pb2.GameDefinition], kind)
        _write_vmod(msg, dst, module, b, setup, extensions)
        return
    raise MalformedInput(f"no conversion from {si or '(none)'} to {so or '(none)'} "
                         f"(VASSAL: .vsav .vlog .vmod; canonical: .json .textproto .binpb)")


def _write_vsav(msg: Message, dst: Path, mod: Module, b: vassal_pb2.VassalBinding, base: Optional[Path],
                strict: bool, encoding: Optional[str]) -> None:
    from exporters.vassal.archive import save_metadata
    from exporters.vassal.build import build_save, scenario_state
    from exporters.vassal.from_canonical import apply_state_encoded
    from importers.vassal.obfuscation import Encoding
    from umpire.v1 import state_pb2

    state = msg if isinstance(msg, state_pb2.GameState) else scenario_state(msg)  # type: ignore[arg-type]
    if base is not None:
        from importers.vassal.gcpause import paused_gc

        with paused_gc():
            g = read_game(base, strict, for_edit=True)
            data, report = apply_state_encoded(g, mod, b, state, _encoding(encoding, g.encoding))  # type: ignore[arg-type]
        _warn_many(report.diagnostics)
        write_game_entry(dst, data, g.entries)
        return
    text, report = build_save(mod, b, state)
    _warn_no_base(state, strict, text, mod)
    enc = Encoding()
    entries = {"savedata": save_metadata(mod.views.version, mod.views.vassal_version or "3.7.9")}
    if mod.archive.has("moduledata"):
        entries["moduledata"] = mod.archive.read("moduledata")
    _warn_many(report.diagnostics)
    write_game(dst, text, _encoding(encoding, enc), entries)


def _warn_not_carried(game: SavedGame, src: Path, state: state_pb2.GameState, mod: Module) -> None:
    from importers.vassal.notcarried import import_warning

    msg = import_warning(game, src.name, state, mod)
    if msg:
        _warn(msg)


def _warn_no_base(state: state_pb2.GameState, strict: bool, text: str, mod: Module) -> None:
    from importers.vassal.game import read_saved_game
    from importers.vassal.notcarried import no_base_warning
    from importers.vassal.obfuscation import Encoding, encode_saved_game

    written = read_saved_game(encode_saved_game(text, Encoding("plain", 0)), "written")
    msg = no_base_warning(state, lambda p: read_game(p, strict), written, mod)
    if msg:
        _warn(msg)


def _write_vlog(rec: state_pb2.GameRecord, dst: Path, mod: Module, b: vassal_pb2.VassalBinding,
                base: Optional[Path], strict: bool, encoding: Optional[str]) -> None:
    from exporters.vassal.archive import save_metadata
    from exporters.vassal.logwriter import write_log_text
    from importers.vassal.obfuscation import Encoding

    g = read_game(base, strict) if base is not None else None
    text = write_log_text(mod, b, rec.initial, [a.action for a in rec.actions], g)
    if g is None:
        _warn_no_base(rec.initial, strict, text, mod)
    entries = g.entries if g is not None else {"savedata": save_metadata(mod.views.version, mod.views.vassal_version or "3.7.9")}
    write_game(dst, text, _encoding(encoding, g.encoding if g is not None else Encoding()), entries)


def _write_vmod(msg: Message, dst: Path, module: Optional[Path], b: vassal_pb2.VassalBinding, setup: Optional[str],
                extensions: Sequence[Path] = ()) -> None:
    from exporters.vassal.module_build import build_module
    from adjudicator.core.errors import MalformedInput
    from exporters.canonical import atomic_write
    from exporters.vassal.setups import add_predefined_setup, scenario_save_bytes
    from umpire.v1 import definition_pb2

    if module is not None:
        if not isinstance(msg, definition_pb2.Scenario):
            raise MalformedInput("adding to a module needs a Scenario (its setup becomes a predefined setup)")
        mod = open_module(module, extensions)
        name = setup or msg.name or "Scenario"
        vsav = scenario_save_bytes(mod, b, msg)
        file_name = "".join(c if c.isalnum() or c in "-_." else "-" for c in name) + ".vsav"
        atomic_write(dst, add_predefined_setup(mod, name, vsav, file_name))
        return
    if isinstance(msg, definition_pb2.Scenario):
        atomic_write(dst, build_module(msg.definition, msg))
    else:
        assert isinstance(msg, definition_pb2.GameDefinition)
        atomic_write(dst, build_module(msg))


def module_scenario(mod: Module, b: vassal_pb2.VassalBinding, setup: Optional[str], strict: bool,
                    complete: "Completion | None" = None) -> definition_pb2.Scenario:
    from importers.vassal.setups import import_setup, setup_files
    from adjudicator.core.errors import MalformedInput
    from importers.vassal.to_canonical import module_definition
    from umpire.v1 import definition_pb2

    files = setup_files(mod)
    if setup:
        chosen = [s for s in files if setup in (s.name, s.path)]
        if not chosen:
            raise MalformedInput(f"no predefined setup {setup!r} (with a file) in the module; have: "
                                 f"{', '.join(s.path for s in files) or 'none'}", mod.name)
        res = import_setup(mod, b, chosen[0], strict, complete=complete)
        _warn_many(res.diagnostics)
        return res.scenario
    if files:
        _warn(f"no --setup: the scenario has no placements (predefined setups: {', '.join(s.path for s in files)})")
    dfn = module_definition(mod, b)
    if complete is not None and not b.scenario:
        complete(dfn)
    return definition_pb2.Scenario(id=dfn.id, name=dfn.name, ruleset=b.ruleset, definition=dfn, source=dfn.source)


def log_record(game: SavedGame, mod: Module, b: vassal_pb2.VassalBinding, rolls: list[int],
               scen: definition_pb2.Scenario | None = None, files: ProjectFiles = NO_FILES) -> state_pb2.GameRecord:
    """The log as a GameRecord: its start position and its actions (applied by
    the ruleset when it is installed, up to the first illegal one)."""
    from adjudicator.core.ruleset import ruleset_ids
    from importers.vassal.logreplay import LogReader
    from importers.vassal.to_canonical import import_game
    from umpire.v1 import state_pb2

    comp = files.completion(b, mod)
    if b.ruleset and b.ruleset in ruleset_ids():
        from adjudicator.core.tables import with_tables
        from importers.vassal.checklog import check_log

        user_tables = files.table_set()
        report, final = check_log(game, mod, b, scenario=scen, rolls=rolls, complete=comp, tables=user_tables,
                                  tables_name=str(files.tables))
        imp = import_game(game, mod, b, scenario=scen, rolls=rolls, complete=comp)
        rec = state_pb2.GameRecord(game_id="offline", initial=with_tables(imp.state, user_tables, str(files.tables)))
        for e in report.entries:
            if e.HasField("action") and e.verdict.legal:
                rec.actions.add(version=len(rec.actions) + 1, action=e.action)
        if report.all_legal:
            rec.final.CopyFrom(final)
        else:
            _warn(f"LOG step {report.first_illegal_step} is illegal; the record stops before it (see umpire check-log)")
        return rec
    files.refuse("need an installed ruleset")
    from importers.vassal.notcarried import record_warning

    imp = import_game(game, mod, b, scenario=scen, rolls=rolls)
    _warn_many(imp.diagnostics)
    rec = state_pb2.GameRecord(game_id="offline", initial=imp.state)
    stepped: set[int] = set()
    for it in LogReader(game, mod, b, imp).items():
        if it.action is not None:
            rec.actions.add(version=len(rec.actions) + 1, action=it.action)
            stepped.update(it.steps)
    msg = record_warning(game, stepped, imp.state, mod)
    if msg:
        _warn(msg)
    return rec


def register(app: typer.Typer) -> None:
    @app.command("convert")
    def convert(
        src: Path = typer.Argument(..., metavar="IN", help="input file (.vsav .vlog .vmod .json .textproto .binpb)"),
        dst: Path = typer.Argument(..., metavar="OUT", help="output file; the extension picks the conversion"),
        module: Optional[Path] = typer.Option(None, "--module", "-m", help="the VASSAL module (.vmod) the game uses"),
        binding: Optional[Path] = BINDING_OPTION,
        ruleset: Optional[str] = RULESET_OPTION,
        scenario: Optional[str] = SCENARIO_OPTION,
        base: Optional[Path] = typer.Option(None, "--base", help="save to edit (untouched commands keep their bytes)"),
        setup: Optional[str] = typer.Option(None, "--setup", help="predefined setup name (module -> scenario, scenario -> module)"),
        kind: Optional[str] = typer.Option(None, "--kind", help="canonical input type: state, scenario, definition, record"),
        encoding: Optional[str] = typer.Option(None, "--encoding", help="savedGame encoding written: vcsk, vobs, plain"),
        roll: list[int] = typer.Option([], "--roll", help="die faces for dice thrown while creating the state"),
        strict: bool = STRICT_OPTION,
        scenario_file: Optional[Path] = typer.Option(None, "--scenario-file", help="canonical scenario file the pieces bind to"),
        extension: list[Path] = EXTENSION_OPTION,
        map_file: Optional[Path] = MAP_OPTION,
        counters: Optional[Path] = COUNTERS_OPTION,
        tables: Optional[Path] = TABLES_OPTION,
    ) -> None:
        """Convert between VASSAL files and canonical Umpire files."""
        files = ProjectFiles(map_file, counters, tables)
        run(lambda: do_convert(src, dst, module, binding, ruleset, scenario, base, setup, strict, kind, encoding, roll,
                               scenario_file, extension, files))

    @app.command("inspect")
    def inspect(
        file: Path = typer.Argument(..., help=".vmod / .vmdx / .vsav / .vlog"),
        module: Optional[Path] = typer.Option(None, "--module", "-m", help="module of a save (prototypes, locations)"),
        strict: bool = STRICT_OPTION,
        extension: list[Path] = EXTENSION_OPTION,
    ) -> None:
        """Summarise a VASSAL module, save or log."""
        from cli.vassal_inspect import inspect_file

        run(lambda: inspect_file(file, module, strict, extension))
