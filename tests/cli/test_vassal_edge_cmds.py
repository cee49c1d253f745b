"""`umpire inspect` / `convert` on modules that do not fit (issue 13): a
predefined setup whose file is missing, a module paired with another game's
ruleset, an unnumbered hex grid (modules written by the project's own writers,
then edited)."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

from typer.testing import CliRunner

from cli.main import app
from exporters.vassal.archive import zip_bytes
from exporters.vassal.module_build import build_module
from tests.support.vassal import hex_scenario

runner = CliRunner()


def umpire(*args: object) -> tuple[int, str, str]:
    r = runner.invoke(app, [str(a) for a in args])
    return r.exit_code, r.stdout, r.stderr


def _module_entries() -> dict[str, bytes]:
    z = zipfile.ZipFile(io.BytesIO(build_module(hex_scenario().definition, hex_scenario())))
    return {n: z.read(n) for n in z.namelist()}


def test_inspect_says_a_predefined_setup_file_is_missing(tmp_path: Path) -> None:
    entries = _module_entries()
    saves = [n for n in entries if n.endswith(".vsav")]
    assert saves, "the generated module holds its setup as a save entry"
    for n in saves:
        del entries[n]
    p = tmp_path / "broken.vmod"
    p.write_bytes(zip_bytes(entries.items()))
    code, out, _ = umpire("inspect", p)
    assert code == 0
    line = next(ln for ln in out.splitlines() if "predefined setups" in ln)
    assert f"file {saves[0]} MISSING from the module" in line


def test_inspect_lists_a_present_setup_file_without_a_warning(tmp_path: Path) -> None:
    p = tmp_path / "ok.vmod"
    p.write_bytes(zip_bytes(_module_entries().items()))
    code, out, _ = umpire("inspect", p)
    line = next(ln for ln in out.splitlines() if "predefined setups" in ln)
    assert code == 0 and "MISSING" not in line and "[file " in line


def test_module_of_another_game_with_a_ruleset_says_the_grid_does_not_match(tmp_path: Path) -> None:
    entries = _module_entries()
    p = tmp_path / "other.vmod"
    p.write_bytes(zip_bytes(entries.items()))
    save = tmp_path / "start.vsav"
    save.write_bytes(next(v for n, v in entries.items() if n.endswith(".vsav")))  # the module's setup save
    code, _out, err = umpire("convert", save, tmp_path / "s.json", "--module", p, "--ruleset", "nordwind-1945")
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err
    assert "the module's grid (10x8 hexes 0101..1009) does not match the map of ruleset 'nordwind-1945'" in lines[0]
    assert "default_terrain" not in err
    assert not (tmp_path / "s.json").exists()


def _save_with_seats_and_notes(tmp_path: Path) -> tuple[Path, Path]:
    """SYNTHETIC: the module's setup save with two player seats, a note and a
    deck command added before end_save."""
    from exporters.vassal.archive import save_entries
    from importers.vassal.archive import Archive
    from importers.vassal.game import read_game_archive
    from importers.vassal.obfuscation import Encoding

    entries = _module_entries()
    mod = tmp_path / "m.vmod"
    mod.write_bytes(zip_bytes(entries.items()))
    name = next(n for n in entries if n.endswith(".vsav"))
    text = read_game_archive(Archive(entries[name], name)).text
    extra = "\x1b".join(["PLAYER\tpw-alice\tAlice\tBlue", "PLAYER\tpw-bob\tBob\tRed", "NOTES\tbring snacks",
                         "CHECK\t1"])
    text = text.replace("\x1bend_save", "\x1b" + extra + "\x1bend_save")
    save = tmp_path / "seats.vsav"
    save.write_bytes(zip_bytes(save_entries(text, Encoding(), {})))
    return mod, save


def test_import_names_the_commands_the_state_does_not_carry(tmp_path: Path) -> None:
    mod, save = _save_with_seats_and_notes(tmp_path)
    code, _out, err = umpire("convert", save, tmp_path / "s.json", "--module", mod)
    assert code == 0
    line = next(ln for ln in err.splitlines() if "not carried by the canonical state" in ln)
    assert "2 player seats (PLAYER" in line and "scenario notes (NOTES, 12 characters)" in line and "CHECK x1" in line
    assert "--base seats.vsav" in line
    assert "pw-alice" not in err


def test_save_built_without_base_warns_what_of_the_imported_file_it_lacks(tmp_path: Path) -> None:
    mod, save = _save_with_seats_and_notes(tmp_path)
    assert umpire("convert", save, tmp_path / "s.json", "--module", mod)[0] == 0
    code, _out, err = umpire("convert", tmp_path / "s.json", tmp_path / "new.vsav", "--module", mod)
    assert code == 0 and (tmp_path / "new.vsav").exists()
    line = next(ln for ln in err.splitlines() if "without --base" in ln)
    assert f"not written from {save}: 2 player seats" in line and "scenario notes (NOTES, 12 characters)" in line
    code, _out, err = umpire("convert", tmp_path / "s.json", tmp_path / "kept.vsav", "--module", mod, "--base", save)
    assert code == 0 and "not written" not in err


def test_inspect_says_how_an_unnumbered_hex_grid_is_addressed(tmp_path: Path) -> None:
    from tests.importers.vassal.test_vassal_edge_cases import _unnumbered_module

    p = tmp_path / "unnumbered.vmod"
    p.write_bytes(_rezip(_unnumbered_module()))
    code, out, _ = umpire("inspect", p)
    assert code == 0
    grid_cells = [ln.split("│")[-2].strip() for ln in out.splitlines() if ln.count("│") >= 5]
    assert "no numbering (Umpire ids: raw column+row, from 0000)" in " ".join(" ".join(grid_cells).split())


def _rezip(mod) -> bytes:  # type: ignore[no-untyped-def]
    a = mod.archive
    return zip_bytes((n, a.read(n)) for n in a.names())
