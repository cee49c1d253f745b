"""`umpire convert`, `umpire inspect`, `umpire check-log` end to end (files
written by the project's own writers; the samples when ../shared is present)."""

from __future__ import annotations

import io
import json
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.core import ruleset as registry
from cli.main import app
from exporters.canonical import write_message
from exporters.vassal.archive import save_entries, zip_bytes
from exporters.vassal.build import scenario_state
from exporters.vassal.logwriter import write_log_text
from exporters.vassal.module_build import build_module
from importers.vassal.obfuscation import Encoding
from tests.support.vassal import hex_scenario, module_for
from tests.support.vassal_ruleset import register_all
from umpire.v1 import action_pb2, state_pb2, vassal_pb2

runner = CliRunner()


def umpire(*args: object) -> tuple[int, str, str]:
    r = runner.invoke(app, [str(a) for a in args])
    return r.exit_code, r.stdout, r.stderr


def one_line_error(err: str) -> None:
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("umpire: error: ") and "Traceback" not in err


@pytest.fixture()
def files(tmp_path: Path) -> Iterator[dict[str, Path]]:
    register_all()
    sc = hex_scenario()
    mod_path = tmp_path / "game.vmod"
    mod_path.write_bytes(build_module(sc.definition, sc))
    mod = module_for(sc)
    b = vassal_pb2.VassalBinding(ruleset="synthetic-hex")
    b.log.end_phase_chat.append("end of phase")
    binding = tmp_path / "binding.json"
    write_message(binding, b)
    mv = action_pb2.Action(side="blue")
    mv.move.unit_ids.append("b1")
    mv.move.path.extend(["0404", "0405"])
    legal = tmp_path / "legal.vlog"
    legal.write_bytes(zip_bytes(save_entries(write_log_text(mod, b, scenario_state(sc), [mv]), Encoding(), {})))
    bad = action_pb2.Action(side="red")
    bad.move.unit_ids.append("r1")
    bad.move.path.append("0506")
    illegal = tmp_path / "illegal.vlog"
    illegal.write_bytes(zip_bytes(save_entries(write_log_text(mod, b, scenario_state(sc), [mv, bad]), Encoding(), {})))
    setup = next(p for p in mod.views.predefined if p.use_file)
    save = tmp_path / "start.vsav"
    save.write_bytes(mod.archive.read(setup.file))
    scen = tmp_path / "scenario.json"
    write_message(scen, sc)
    yield {"module": mod_path, "binding": binding, "legal": legal, "illegal": illegal, "save": save,
           "scenario": scen, "dir": tmp_path}
    for rid in ("synthetic-hex", "synthetic-graph"):
        registry.unregister(rid)


def test_check_log_legal_exits_0(files: dict[str, Path]) -> None:
    code, out, _ = umpire("check-log", files["legal"], "--binding", files["binding"], "--module", files["module"])
    assert code == 0 and "all 1 adjudicated actions legal" in out


def test_check_log_reports_first_illegal_step_and_exits_1(files: dict[str, Path]) -> None:
    report = files["dir"] / "report.json"
    code, out, _ = umpire("check-log", files["illegal"], "--binding", files["binding"], "--module", files["module"],
                          "--json", report)
    assert code == 1
    assert "LOG step 3 is illegal" in out and "NOT_YOUR_TURN" in out and "[SYN 1.1]" in out
    data = json.loads(report.read_text())
    assert data["firstIllegalStep"] == 3 and not data.get("allLegal", False)


def test_check_log_needs_a_module_and_a_known_ruleset(files: dict[str, Path]) -> None:
    code, _, err = umpire("check-log", files["legal"], "--binding", files["binding"])
    assert code == 2
    one_line_error(err)
    code, _, err = umpire("check-log", files["legal"], "--module", files["module"], "--ruleset", "nope")
    assert code == 2 and "unknown ruleset 'nope'" in err


def test_convert_save_to_json_and_back_with_base(files: dict[str, Path]) -> None:
    d = files["dir"]
    code, _, err = umpire("convert", files["save"], d / "s.json", "--module", files["module"], "--binding", files["binding"])
    assert code == 0, err
    st = state_pb2.GameState()
    from google.protobuf import json_format

    json_format.Parse((d / "s.json").read_text(), st)
    assert {u.unit_id: u.location for u in st.units} == {"b1": "0304", "b2": "0304", "r1": "0606"}
    assert st.ruleset == "synthetic-hex" and st.active_side == "blue"  # created by the ruleset
    next(u for u in st.units if u.unit_id == "r1").location = "0707"
    (d / "s2.json").write_text(json_format.MessageToJson(st))
    code, _, err = umpire("convert", d / "s2.json", d / "out.vsav", "--module", files["module"], "--base", files["save"],
                          "--binding", files["binding"])
    assert code == 0, err
    code, _, err = umpire("convert", d / "out.vsav", d / "back.json", "--module", files["module"], "--binding", files["binding"])
    json_format.Parse((d / "back.json").read_text(), st := state_pb2.GameState())
    assert next(u for u in st.units if u.unit_id == "r1").location == "0707"
    code, _, err = umpire("convert", d / "s2.json", d / "fresh.vsav", "--module", files["module"],
                          "--binding", files["binding"])
    assert code == 0 and "without --base a new save is built" in err  # the user probably wanted --base


def test_convert_rewrites_a_save_byte_identically(files: dict[str, Path]) -> None:
    out = files["dir"] / "copy.vsav"
    assert umpire("convert", files["save"], out)[0] == 0
    a, b = zipfile.ZipFile(files["save"]), zipfile.ZipFile(out)
    assert all(a.read(n) == b.read(n) for n in a.namelist())


def test_convert_scenario_to_module_and_module_to_scenario(files: dict[str, Path]) -> None:
    d = files["dir"]
    assert umpire("convert", files["scenario"], d / "new.vmod")[0] == 0
    code, _, err = umpire("convert", d / "new.vmod", d / "scen.json", "--setup", "Start")
    assert code == 0, err
    data = json.loads((d / "scen.json").read_text())
    assert sorted((p["unitId"], p["location"]) for p in data["setup"]) == [("b1", "0304"), ("b2", "0304"), ("r1", "0606")]


def test_convert_log_to_record(files: dict[str, Path]) -> None:
    d = files["dir"]
    code, _, err = umpire("convert", files["legal"], d / "rec.json", "--module", files["module"], "--binding", files["binding"])
    assert code == 0, err
    rec = json.loads((d / "rec.json").read_text())
    assert [a["action"]["move"]["path"] for a in rec["actions"]] == [["0404", "0405"]]
    assert "final" in rec


def test_convert_record_to_log(files: dict[str, Path]) -> None:
    d = files["dir"]
    umpire("convert", files["legal"], d / "rec.json", "--module", files["module"], "--binding", files["binding"])
    code, _, err = umpire("convert", d / "rec.json", d / "again.vlog", "--module", files["module"], "--binding", files["binding"])
    assert code == 0, err
    code, out, _ = umpire("check-log", d / "again.vlog", "--binding", files["binding"], "--module", files["module"])
    assert code == 0, out


def test_inspect_module_and_save(files: dict[str, Path]) -> None:
    code, out, _ = umpire("inspect", files["module"])
    assert code == 0 and "Synthetic Hex" in out and "HexGrid" in out and "palette slots: 3" in out
    assert "predefined setups: Start" in out
    code, out, _ = umpire("inspect", files["legal"], "--module", files["module"])
    assert code == 0 and "VASSAL log" in out and "LOG steps: 2" in out and "blue 2" in out


def raw_zip(entries: list[tuple[str, bytes]]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for n, d in entries:
            z.writestr(n, d)
    return buf.getvalue()


@pytest.mark.parametrize("content,expect", [
    (b"not a zip", "not a ZIP archive or truncated"),
    (raw_zip([("../evil", b"x")]), "path traversal"),
    (raw_zip([("savedGame", b"!VCSK01zz")]), "bad hex digit at offset 7"),
    (raw_zip([("savedGame", b"begin_save\x1b\xff")]), "invalid UTF-8"),
])
def test_hostile_files_give_one_line_errors(files: dict[str, Path], content: bytes, expect: str) -> None:
    p = files["dir"] / "bad.vsav"
    p.write_bytes(content)
    for args in (("inspect", p), ("convert", p, files["dir"] / "x.json", "--module", files["module"])):
        code, _, err = umpire(*args)
        assert code == 2
        one_line_error(err)
        assert expect in err


def test_strict_stops_at_a_bad_piece_lenient_warns(files: dict[str, Path]) -> None:
    text = "begin_save\x1b\x1b\\\x1b+/1/emb2;x\tmark;y\tpiece;;;a;b/1\x1bend_save"
    p = files["dir"] / "broken.vsav"
    p.write_bytes(zip_bytes(save_entries(text, Encoding(), {})))
    code, out, err = umpire("inspect", p)
    assert code == 0 and "problems: 1" in out and "no state for trait" in out
    code, _, err = umpire("inspect", p, "--strict")
    assert code == 2 and "piece 1" in err and "offset" in err
    one_line_error(err)


def test_unknown_conversion(files: dict[str, Path]) -> None:
    code, _, err = umpire("convert", files["save"], files["dir"] / "x.txt.zip")
    assert code == 2 and "no conversion" in err


@pytest.mark.samples
def test_samples_through_the_cli(samples_dir: Path, tmp_path: Path) -> None:
    for name in ("vassal-tour.mod", "jzhex-n-counters-template-v12-379.vmod", "ragnarok-v12-379-unpacked.vmod",
                 "ragnarok-start.vsav", "vassal-tour.log"):
        code, out, err = umpire("inspect", samples_dir / name)
        assert code == 0, err
    code, out, _ = umpire("inspect", samples_dir / "vassal-tour.log")
    assert "LOG steps: 114" in out and "CHECK 2" in out
    code, _, err = umpire("convert", samples_dir / "ragnarok-start.vsav", tmp_path / "r.json",
                          "--module", samples_dir / "ragnarok-v12-379-unpacked.vmod")
    assert code == 0, err
    code, _, err = umpire("convert", tmp_path / "r.json", tmp_path / "r.vsav", "--module",
                          samples_dir / "ragnarok-v12-379-unpacked.vmod", "--base", samples_dir / "ragnarok-start.vsav")
    assert code == 0, err
    a, b = zipfile.ZipFile(samples_dir / "ragnarok-start.vsav"), zipfile.ZipFile(tmp_path / "r.vsav")
    assert a.read("savedGame") == b.read("savedGame")  # nothing changed: byte-identical, same key


def test_check_log_can_start_mid_game(files: dict[str, Path]) -> None:
    # The illegal log's red move (step 3) is legal when the log starts with red to act;
    # then blue's earlier move is the one out of turn.
    code, out, _ = umpire("check-log", files["illegal"], "--binding", files["binding"], "--module", files["module"],
                          "--active-side", "red")
    assert code == 1 and "LOG step 1,2 is illegal" in out and "NOT_YOUR_TURN" in out
    code, _, err = umpire("check-log", files["illegal"], "--binding", files["binding"], "--module", files["module"],
                          "--active-side", "green")
    assert code == 2 and "unknown side 'green'" in err


def test_rewrite_keeps_the_entry_bytes_even_in_upper_case_hex(files: dict[str, Path]) -> None:
    """VASSAL reads upper-case hex too; a rewrite copies the entry, not a re-encoding."""
    src = zipfile.ZipFile(files["save"])
    entry = src.read("savedGame")
    upper = entry[:7] + entry[7:].upper()
    save = files["dir"] / "upper.vsav"
    save.write_bytes(zip_bytes([("savedGame", upper)]))
    out = files["dir"] / "upper-copy.vsav"
    assert umpire("convert", save, out)[0] == 0
    assert zipfile.ZipFile(out).read("savedGame") == upper
    assert umpire("convert", save, out, "--encoding", "vobs")[0] == 0  # another encoding: encoded afresh
    assert zipfile.ZipFile(out).read("savedGame").startswith(b"VOBS")


def test_warnings_are_capped_with_a_count(capsys: pytest.CaptureFixture[str]) -> None:
    from cli.vassal_cmds import MAX_WARNINGS, _warn_many

    _warn_many([f"w{i}" for i in range(MAX_WARNINGS + 5)])
    err = capsys.readouterr().err.splitlines()
    assert len(err) == MAX_WARNINGS + 1 and err[-1] == f"umpire: warning: ... and 5 more warnings ({MAX_WARNINGS + 5} in all)"
