"""`umpire inspect`: a rich summary of a VASSAL module, save or log.

Module: name, versions, maps with their boards and grids (numbering spelled
out), palette and prototype counts, predefined setups, dice, decks, turn
trackers, sides, unknown components and traits. Save / log: encoding,
versions, boards shown, pieces by kind / prototype / side, unknown traits,
commands, players (ids masked: they are VASSAL passwords), LOG steps, problems.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Optional

from rich.console import Console
from rich.table import Table
from rich.text import Text

from adjudicator.core.errors import MalformedInput
from importers.vassal.archive import Archive
from importers.vassal.buildfile import short
from importers.vassal.binding import Binder
from importers.vassal.chains import AddPieceText
from importers.vassal.game import SavedGame, read_game_archive
from importers.vassal.gridmath import AxisNumbering
from importers.vassal.module import Module
from importers.vassal.pieces import Piece
from importers.vassal.to_canonical import pseudonym
from importers.vassal.views import GridView, ModuleViews, PredefinedSetupView
from umpire.v1 import vassal_pb2


def say(out: Console, text: str) -> None:
    out.print(text, markup=False, highlight=False)


def _numbering(g: GridView) -> str:
    if g.numbering is None:
        # VASSAL names no location on such a grid; Umpire's hex ids are raw column/row (gridmath.label_numbering).
        return "no numbering (Umpire ids: raw column+row, from 0000)" if g.kind == "hex" else "no numbering"
    n = AxisNumbering.from_attrs(g.numbering.attrs)

    def axis(alpha: bool, lead: int) -> str:
        return "A" if alpha else "N" + (f"(width {lead + 1})" if lead else "")

    parts = [f"first={n.first}", f"cols {axis(n.h_alpha, n.h_leading)} off {n.h_off}{' desc' if n.h_descend else ''}",
             f"rows {axis(n.v_alpha, n.v_leading)} off {n.v_off}{' desc' if n.v_descend else ''}"]
    if n.sep:
        parts.append(f"sep {n.sep!r}")
    if g.kind == "hex":
        parts.append("stagger" if n.stagger else "no stagger")
    if n.fmt.strip() != "$gridLocation$":
        parts.append(f"format {n.fmt!r}")
    return ", ".join(parts)


def _grid(g: GridView | None) -> str:
    if g is None:
        return "no grid"
    a = g.attrs
    if g.kind == "hex":
        return (f"HexGrid{' sideways' if a.get('sideways') == 'true' else ''} x0={a.get('x0', '0')} y0={a.get('y0', '32')} "
                f"dx={a.get('dx', '?')} dy={a.get('dy', '?')}; {_numbering(g)}")
    if g.kind == "square":
        return f"SquareGrid dx={a.get('dx', '48.0')} dy={a.get('dy', '48.0')}; {_numbering(g)}"
    if g.kind == "region":
        return f"RegionGrid, {len(g.regions)} regions"
    if g.kind == "zoned":
        zs = "; ".join(f"zone {z.name!r}: {_grid(z.grid) if z.grid else 'no grid'}" for z in g.zones)
        bg = f"; background {_grid(g.background)}" if g.background else ""
        return f"ZonedGrid ({len(g.zones)} zones): {zs}{bg}"
    return f"custom grid {g.tag}"


def _setup(mod: Module, p: PredefinedSetupView) -> str:
    """A predefined setup as inspect lists it; a file the module (and its loaded
    extensions) does not hold is said to be missing: VASSAL's menu entry would fail."""
    if not p.use_file:
        return p.path
    if not p.file:
        return f"{p.path} [MISSING: uses a file but names none]"
    if mod.find_entry(p.file) is None:
        return f"{p.path} [file {p.file} MISSING from the module]"
    return f"{p.path} [file {p.file}]"


def inspect_module(mod: Module, out: Console) -> None:
    v: ModuleViews = mod.views
    md = mod.metadata
    say(out, f"{v.name or '(unnamed module)'} version {v.version or '?'} — VASSAL {v.vassal_version or '?'}"
              f" — build file {mod.buildfile.entry}{' (legacy name)' if mod.buildfile.entry == 'buildFile' else ''}")
    if md is not None and md.description:
        say(out, f"  {md.description}")
    for e in mod.extensions:
        say(out, f"  extension loaded: {Path(e.name).name} version {e.buildfile.root.get('version', '?')}")
    say(out, f"  sides: {', '.join(v.sides) or '(no player roster)'}")
    t = Table(title="Maps", show_lines=False)
    for col in ("map", "board", "size", "grid"):
        t.add_column(col)
    for m in v.maps:
        for b in m.boards:
            size = mod.image_size(b.image) if b.image else None
            size_txt = f"{size[0]}x{size[1]} ({b.image})" if size else (
                f"{b.attrs.get('width', '?')}x{b.attrs.get('height', '?')}" if not b.image else f"? ({b.image} missing)")
            t.add_row(Text(m.identifier), Text(b.name), Text(size_txt), Text(_grid(b.grid)))
        if not m.boards:
            t.add_row(Text(m.identifier), "(no board)", "", "")
    out.print(t)
    protos_by: Counter[str] = Counter()
    unknown: Counter[str] = Counter()
    for s in list(v.slots) + list(v.prototypes.values()):
        ap = AddPieceText.parse(s.text)
        p = Piece(None, ap.type, ap.state)
        if p.kind != "piece":
            continue
        for pr in p.prototypes():
            protos_by[pr] += 1
        for u in p.unknown_traits():
            unknown[u] += 1
    say(out, f"  palette slots: {len(v.slots)}; prototypes: {len(v.prototypes)}"
              + (f" (most used: {', '.join(f'{k} x{n}' for k, n in protos_by.most_common(6))})" if protos_by else ""))
    if v.predefined:
        say(out, "  predefined setups: " + ", ".join(_setup(mod, p) for p in v.predefined if not p.is_menu))
    if v.dice:
        say(out, "  dice: " + ", ".join(f"{d.name} ({d.attrs.get('nDice', '?')}d{d.attrs.get('nSides', '?')})"
                                         if d.tag.endswith("DiceButton") and "Special" not in d.tag else d.name for d in v.dice))
    decks = [p for m in v.maps for p in m.draw_piles]
    if decks:
        say(out, "  decks: " + ", ".join(f"{d.name} ({len(d.cards)} cards)" for d in decks))
    stacks = [s for m in v.maps for s in m.setup_stacks]
    if stacks:
        say(out, f"  setup stacks: {len(stacks)}")
    for tt in v.turn_trackers:
        say(out, f"  turn tracker {tt.name!r}: " + ", ".join(a.get("name", "") for _, a in tt.levels))
    if v.global_properties:
        say(out, f"  global properties: {len(v.global_properties)}")
    if v.unknown_tags:
        say(out, "  custom components (kept verbatim): " + ", ".join(f"{k} x{n}" for k, n in v.unknown_tags.items()))
    if unknown:
        say(out, "  unknown traits (kept verbatim): " + ", ".join(f"{k} x{n}" for k, n in unknown.items()))


def inspect_game(game: SavedGame, mod: Module | None, out: Console) -> None:
    kind = "log" if game.is_log else "save"
    md, mmd = game.metadata, game.module_metadata
    say(out, f"{Path(game.name).name}: VASSAL {kind}, savedGame {game.encoding.kind}, "
              f"{len(game.text):,} characters")
    if mmd is not None:
        say(out, f"  module: {mmd.name or '?'} version {mmd.version or '?'}")
    if game.extensions:
        say(out, "  extensions loaded when saved: " + ", ".join(f"{n} {v}".strip() for n, v in game.extensions))
    if md is not None:
        say(out, f"  saved by VASSAL {md.vassal_version or '?'}" + (f"; comment: {md.description}" if md.description else ""))
    kinds: Counter[str] = Counter(e.piece.kind for e in game.pieces.values())
    say(out, "  pieces: " + ", ".join(f"{n} {k}{'s' if n != 1 else ''}" for k, n in kinds.items()))
    by_side: Counter[str] = Counter()
    by_proto: Counter[str] = Counter()
    unknown: Counter[str] = Counter()
    binder = Binder(vassal_pb2.VassalBinding(), mod) if mod is not None else None
    for e in game.pieces.values():
        p = e.piece
        if p.kind != "piece" or p.problems:
            continue
        props = binder.properties(p) if binder is not None else p.properties()  # prototypes expanded
        side = next((props[k] for k in ("Side", "side", "Nationality") if props.get(k)), "")
        by_side[side or "(no side property)"] += 1
        if binder is not None:
            for pr in binder.prototypes(p) or ["(none)"]:
                by_proto[pr] += 1
        for u in p.unknown_traits():
            unknown[u] += 1
    say(out, "  by side: " + ", ".join(f"{k} {n}" for k, n in by_side.most_common()))
    if by_proto:
        say(out, "  by prototype: " + ", ".join(f"{k} {n}" for k, n in by_proto.most_common(12)))
    if game.boards:
        say(out, "  boards: " + "; ".join(f"{m}: " + ", ".join(f"{b.name}{'/rev' if b.reversed else ''}@{b.col},{b.row}"
                                                                   for b in pl) for m, pl in game.boards.items()))
    if game.players:
        say(out, "  players: " + ", ".join(f"{p.name} as {p.side} ({pseudonym(p.id)})" for p in game.players))
    for tr in game.turns:
        say(out, f"  turn tracker {tr.tracker}: {tr.state}")
    say(out, f"  setup stacks already placed (SETUP_STACK): {'yes' if game.setup_stack else 'no'}")
    cmds = Counter({k: n for k, n in game.counts.items() if not k.startswith("after:")})
    say(out, "  restore commands: " + ", ".join(f"{k} {n}" for k, n in cmds.most_common()))
    if game.other:
        say(out, "  other commands (kept verbatim): " + ", ".join(f"{k} {n}" for k, n in game.other.most_common()))
    if game.is_log:
        say(out, f"  LOG steps: {len(game.log_steps)}")
    if unknown:
        say(out, "  unknown traits (kept verbatim): " + ", ".join(f"{k} x{c}" for k, c in unknown.items()))
    if game.problems:
        say(out, f"  problems: {len(game.problems)}")
        for problem in game.problems[:10]:
            say(out, f"    {problem.line()}")


def inspect_extension(ext: Module, mod: Module | None, out: Console) -> None:
    """What an extension adds, and where: each ExtensionElement's component and
    target (resolved against the module when one is given)."""
    from importers.vassal.extensions import EXTENSION_ELEMENT, check_extension, configure_name, parse_target, resolve

    root = ext.buildfile.root
    any_module = str(root.get("anyModule", "false")).lower() == "true"
    say(out, f"{Path(ext.name).name}: VASSAL extension version {root.get('version', '?')} for "
              + ("any module" if any_module else f"module {root.get('module', '?')!r} {root.get('moduleVersion', '')}")
              + f" — VASSAL {root.get('vassalVersion', '?')}, extension id {root.get('extensionId', '?')!r}")
    if mod is not None:
        check_extension(ext, mod)
    for el in root:
        if el.tag != EXTENSION_ELEMENT:
            continue
        comp = next((c for c in el if isinstance(c.tag, str)), None)
        target = str(el.get("target", ""))
        what = f"{short(comp.tag)} {configure_name(comp) or ''}".strip() if comp is not None else "(nothing)"
        where = " / ".join(f"{short(c)}{':' + n if n is not None else ''}" for c, n in parse_target(target)) or "module"
        line = f"  adds {what} to {where}"
        if mod is not None:
            try:
                resolve(mod.buildfile.root, parse_target(target))
            except ValueError as e:
                line += f"  [target not found: {e}]"
        say(out, line)
    v = ext.views
    say(out, f"  palette slots: {len(v.slots)}; prototypes: {len(v.prototypes)}; maps: {len(v.maps)}; "
              f"predefined setups: {len(v.predefined)}")
    if mod is not None:
        merged = mod.with_extensions([ext])
        say(out, f"  with {Path(mod.name).name}: {len(merged.views.slots)} palette slots "
                  f"({len(merged.views.slots) - len(mod.views.slots)} from the extension), "
                  f"{len(merged.views.prototypes)} prototypes")


def inspect_file(path: Path, module: Optional[Path], strict: bool, extensions: Sequence[Path] = ()) -> None:
    from cli.vassal_cmds import open_module

    out = Console(emoji=False)
    archive = Archive.open(path)
    kind = archive.kind()
    if kind == "save":
        if extensions and module is None:
            raise MalformedInput("--extension needs --module (the module the extension is loaded into)")
        mod = open_module(module, extensions) if module else None
        inspect_game(read_game_archive(archive, strict), mod, out)
    elif kind == "extension":
        inspect_extension(Module(archive), open_module(module, extensions) if module else None, out)
    else:
        inspect_module(open_module(path, extensions), out)
