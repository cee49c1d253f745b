"""CLI offline commands through typer's runner (SYNTHETIC toy ruleset for the
mechanics; the real rulesets have their own CLI tests)."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from adjudicator.core import dice as dice_mod
from adjudicator.core import engine
from adjudicator.core.ruleset import register
from cli.main import app
from exporters.canonical import write_message
from importers.canonical import read_message
from umpire.v1 import action_pb2, state_pb2

register("toy-line", "tests.support.synthetic_ruleset:RULESET")
runner = CliRunner()


def new_state(tmp_path: Path, name: str = "s.json") -> Path:
    out = tmp_path / name
    r = runner.invoke(app, ["new", "toy-line/basic", "--out", str(out), "--seed", "01" * 32])
    assert r.exit_code == 0, r.output
    return out


def test_new_writes_a_state_in_every_format(tmp_path: Path) -> None:
    for ext in ("json", "textproto", "binpb"):
        p = new_state(tmp_path, f"s.{ext}")
        s = read_message(p, state_pb2.GameState())
        assert s.ruleset == "toy-line" and s.version == 0 and len(s.units) == 3
        assert s.seed == "01" * 32 and s.seed_commitment == dice_mod.commitment(bytes.fromhex("01" * 32))


def test_show_prints_the_state_and_a_side_view_hides_enemy_secrets(tmp_path: Path) -> None:
    p = new_state(tmp_path)
    full = runner.invoke(app, ["show", str(p)])
    assert full.exit_code == 0 and "T0" in full.output and "private[red]" in full.output
    blue = runner.invoke(app, ["show", str(p), "--side", "blue"])
    assert blue.exit_code == 0 and "private[red]" not in blue.output and "private[blue]" in blue.output


def test_adjudicate_legal_move_exit_0(tmp_path: Path) -> None:
    p = new_state(tmp_path)
    out = tmp_path / "after.json"
    r = runner.invoke(app, ["adjudicate", str(p), "--action-text",
                            'side: "red" move { unit_ids: "r1" path: "T1" }', "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert "LEGAL" in r.output and "UNITS_MOVED" in r.output
    s = read_message(out, state_pb2.GameState())
    assert s.version == 1 and {u.unit_id: u.location for u in s.units}["r1"] == "T1"


def test_adjudicate_illegal_move_exit_1_with_citation(tmp_path: Path) -> None:
    p = new_state(tmp_path)
    action = tmp_path / "a.textproto"
    action.write_text('side: "red" move { unit_ids: "r1" path: "T3" }')
    r = runner.invoke(app, ["adjudicate", str(p), str(action)])
    assert r.exit_code == 1
    assert "ILLEGAL" in r.output and "NOT_ADJACENT" in r.output and "[TOY 2]" in r.output


def test_adjudicate_dice_action_without_roll_explains_and_with_roll_resolves(tmp_path: Path) -> None:
    p = new_state(tmp_path)
    s = read_message(p, state_pb2.GameState())
    for u in s.units:  # put red next to blue
        if u.unit_id == "r1":
            u.location = "T3"
    write_message(p, s)
    attack = 'side: "red" attack { target: "T4" attackers: "r1" }'
    r = runner.invoke(app, ["adjudicate", str(p), "--action-text", attack])
    assert r.exit_code == 3 and "--roll" in r.output  # legal, but the thrown die is needed
    r = runner.invoke(app, ["adjudicate", str(p), "--action-text", attack, "--roll", "6", "-o", str(tmp_path / "x.json")])
    assert r.exit_code == 0 and "CASUALTY" in r.output
    after = read_message(tmp_path / "x.json", state_pb2.GameState())
    assert after.dice_log[-1].value == 6 and after.dice_log[-1].purpose == "attack on T4"
    assert after.pending.side == "blue"


def test_bad_inputs_are_one_line_exit_2(tmp_path: Path) -> None:
    p = new_state(tmp_path)
    cases = [
        ["adjudicate", str(tmp_path / "missing.json"), "--action-text", 'side: "red" end_phase {}'],
        ["adjudicate", str(p), "--action-text", "move {"],
        ["adjudicate", str(p), "--action-text", 'side: "green" end_phase {}'],
        ["adjudicate", str(p), "--action-text", 'side: "red" end_phase {}', "--roll", "3"],
        ["show", str(tmp_path / "s.yaml")],
        ["adjudicate", str(p), "--action-text", 'side: "red" end_phase {}', "--cell", "nonsense"],
    ]
    bad_json = tmp_path / "bad.json"
    bad_json.write_text('{"version": "x"')
    cases.append(["show", str(bad_json)])
    for args in cases:
        r = runner.invoke(app, args)
        assert r.exit_code == 2, (args, r.output)
        err = r.stderr.strip()
        assert err.startswith("umpire: error:") and "\n" not in err, (args, err)
        assert "Traceback" not in r.output


def test_cell_option_splits_columns_with_colons() -> None:
    from cli.tables_opt import supplied_cells

    [c] = supplied_cells(["traces-of-victory/crt:6:1:6=2RR"])
    assert (c.table_id, c.column, c.row, c.value) == ("traces-of-victory/crt", "6:1", "6", "2RR")
    [c] = supplied_cells(["nordwind-1945/crt:7/1:4=-/R2"])
    assert (c.table_id, c.column, c.row, c.value) == ("nordwind-1945/crt", "7/1", "4", "-/R2")


def _record(tmp_path: Path) -> Path:
    p = new_state(tmp_path)
    initial = read_message(p, state_pb2.GameState())
    seed = bytes.fromhex(initial.seed)
    rec = state_pb2.GameRecord(game_id=initial.game_id, initial=initial)
    s = initial
    for a in (
        action_pb2.Action(side="red", move=action_pb2.MoveUnits(unit_ids=["r1"], path=["T1"])),
        action_pb2.Action(side="red", move=action_pb2.MoveUnits(unit_ids=["r1"], path=["T2"])),
        action_pb2.Action(side="red", move=action_pb2.MoveUnits(unit_ids=["r1"], path=["T3"])),
        action_pb2.Action(side="red", attack=action_pb2.Attack(target="T4", attackers=["r1"])),
    ):
        applied = engine.apply_action(s, a, lambda st, v: dice_mod.HmacDice(seed, initial.game_id, st, v))
        rec.actions.add(version=applied.state.version, action=a, dice=applied.rolls, events=applied.events)
        s = applied.state
    rec.final.CopyFrom(s)
    out = tmp_path / "record.json"
    write_message(out, rec)
    return out


def test_verify_dice_accepts_an_honest_record_and_rejects_a_tampered_one(tmp_path: Path) -> None:
    path = _record(tmp_path)
    ok = runner.invoke(app, ["verify-dice", str(path)])
    assert ok.exit_code == 0, ok.output
    assert "2 rolls verified" in ok.output
    rec = read_message(path, state_pb2.GameRecord())
    rec.final.dice_log[-1].value = rec.final.dice_log[-1].value % 6 + 1
    write_message(path, rec)
    bad = runner.invoke(app, ["verify-dice", str(path)])
    assert bad.exit_code == 1 and "the seed gives" in bad.output


def test_verify_dice_rejects_a_wrong_seed(tmp_path: Path) -> None:
    path = _record(tmp_path)
    r = runner.invoke(app, ["verify-dice", str(path), "--seed", "02" * 32])
    assert r.exit_code == 1 and "commitment" in r.output


def test_needed_cells_print_as_copyable_cell_options() -> None:
    from io import StringIO

    from rich.console import Console

    from cli import render
    from umpire.v1 import action_pb2, common_pb2

    buf = StringIO()
    console = Console(file=buf, width=200, emoji=False)
    v = action_pb2.Verdict(legal=True, needs=[common_pb2.NeededCell(
        table_id="nordwind-1945/quality", table_title="Quality Table", column="B", row="6", how_to_supply="x")])
    render.verdict(console, v)
    assert "--cell nordwind-1945/quality:B:6=VALUE" in buf.getvalue()


def test_serve_refuses_a_port_out_of_range() -> None:
    r = runner.invoke(app, ["serve", "--port", "99999", "--db", "sqlite:///:memory:"])
    assert r.exit_code == 2 and "--port" in r.stderr


def test_written_files_get_the_usual_permissions(tmp_path: Path) -> None:
    import os
    import stat

    p = new_state(tmp_path)
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(p.stat().st_mode) == 0o666 & ~umask
