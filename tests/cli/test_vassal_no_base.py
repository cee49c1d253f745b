"""A save (or log) written without `--base` keeps what the canonical state
carries, and the warning names exactly what it cannot (issue 13). On the real
samples: import -> canonical -> export without --base -> import again."""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from cli.main import app
from importers.vassal.game import SavedGame, read_game_file

runner = CliRunner()
EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples" / "vassal" / "ragnarok"
RAGNAROK_MOD = "ragnarok-v12-379-unpacked.vmod"


def umpire(*args: object) -> tuple[int, str]:
    r = runner.invoke(app, [str(a) for a in args])
    return r.exit_code, r.stderr


def _ragnarok_args(samples_dir: Path) -> list[object]:
    return ["--module", samples_dir / RAGNAROK_MOD, "--binding", EXAMPLES / "binding.json",
            "--map", EXAMPLES / "maps" / "main-map.toml", "--counters", EXAMPLES / "counters.textproto"]


def _pieces_and_stacks(state: dict[str, Any]) -> tuple[dict[str, Any], dict[tuple[str, str, str], set[str]]]:
    """Opaque pieces (without their stack's id: stacks are rebuilt by
    position) and the members of each stack by where it is."""
    ops = state.get("opaquePieces", [])
    by_id = {o["id"]: o for o in ops}
    pieces: dict[str, Any] = {}
    stacks: dict[tuple[str, str, str], set[str]] = defaultdict(set)
    for o in ops:
        at = dict(o["attributes"])
        if at.get("kind") == "stack":
            continue
        par = at.pop("parent", None)
        pieces[o["id"]] = {**o, "attributes": at}
        if par in by_id:
            pa = by_id[par]["attributes"]
            stacks[(pa["map"], pa["x"], pa["y"])].add(o["id"])
    return pieces, dict(stacks)


def _turns(game: SavedGame) -> dict[str, str]:
    return {t.tracker: t.state for t in game.turns}


def test_ragnarok_save_without_base_reimports_to_the_same_state(samples_dir: Path, tmp_path: Path) -> None:
    src = samples_dir / "ragnarok-start.vsav"
    args = _ragnarok_args(samples_dir)
    assert umpire("convert", src, tmp_path / "a.json", *args)[0] == 0
    code, err = umpire("convert", tmp_path / "a.json", tmp_path / "new.vsav", *args[:4])
    assert code == 0, err
    assert umpire("convert", tmp_path / "new.vsav", tmp_path / "b.json", *args)[0] == 0
    a, b = (json.loads((tmp_path / n).read_text()) for n in ("a.json", "b.json"))
    assert a["units"] == b["units"] and a["turn"] == b["turn"]
    # 84 units in the deployment map's stacks, as the save had them (not piled at the map's centre)
    pa, sa = _pieces_and_stacks(a)
    pb, sb = _pieces_and_stacks(b)
    assert len(pa) == 84 and pa == pb
    assert sa == sb and len(sa) == 20
    assert a["importSource"]["unitObjects"] == b["importSource"]["unitObjects"]  # piece ids kept
    assert a["importSource"]["units"] == b["importSource"]["units"]
    # the turn tracker shows the state's turn exactly as the save did
    assert _turns(read_game_file(tmp_path / "new.vsav")) == _turns(read_game_file(src)) == {
        "TurnTracker0": "0|1;0;false;-1"}


def test_save_without_base_writes_the_states_turn_on_the_tracker(samples_dir: Path, tmp_path: Path) -> None:
    mod = samples_dir / RAGNAROK_MOD
    assert umpire("convert", samples_dir / "ragnarok-start.vsav", tmp_path / "a.json", "--module", mod)[0] == 0
    state = json.loads((tmp_path / "a.json").read_text())
    assert state["turn"] == 1 and "ruleset" not in state  # no ruleset: the turn is the tracker's
    state["turn"] = 4
    (tmp_path / "t4.json").write_text(json.dumps(state))
    code, err = umpire("convert", tmp_path / "t4.json", tmp_path / "t4.vsav", "--module", mod)
    assert code == 0, err
    assert _turns(read_game_file(tmp_path / "t4.vsav")) == {"TurnTracker0": "0|4;0;false;-1"}
    assert "turn tracker 'TurnTracker0' state (TURN '0|1;0;false;-1'" in err  # turn 1 was not restored
    assert umpire("convert", tmp_path / "t4.vsav", tmp_path / "b.json", "--module", mod)[0] == 0
    assert json.loads((tmp_path / "b.json").read_text())["turn"] == 4


def test_without_base_the_warning_names_exactly_what_is_not_written(samples_dir: Path, tmp_path: Path) -> None:
    src = samples_dir / "ragnarok-start.vsav"
    args = _ragnarok_args(samples_dir)
    code, err = umpire("convert", src, tmp_path / "a.json", *args)
    line = next(ln for ln in err.splitlines() if "not carried by the canonical state" in ln)
    # the 14 endurance markers the example binding ignores are named; the save's
    # four notes commands are empty and its TURN is what turn 1 writes: not named
    assert "14 pieces bound as nothing the state keeps (bind_as ignore): en-odin" in line
    assert "2 player seats (PLAYER" in line
    assert "notes" not in line and "TURN" not in line
    code, err = umpire("convert", tmp_path / "a.json", tmp_path / "new.vsav", *args[:4])
    line = next(ln for ln in err.splitlines() if "without --base" in ln)
    assert f"not written from {src}: 2 player seats" in line and "14 pieces bound as nothing" in line
    assert "notes" not in line and "TURN" not in line and "boards" not in line


def test_log_without_base_or_ruleset_warns_which_steps_and_boards_it_lacks(samples_dir: Path,
                                                                            tmp_path: Path) -> None:
    src = samples_dir / "vassal-tour.log"
    mod = samples_dir / "vassal-tour.mod"
    assert umpire("convert", src, tmp_path / "rec.json", "--module", mod)[0] == 0
    code, err = umpire("convert", tmp_path / "rec.json", tmp_path / "new.vlog", "--module", mod)
    assert code == 0
    line = next(ln for ln in err.splitlines() if "without --base" in ln)
    # the record has no action (no piece of the tour binds to a unit): none of its 114 steps is written
    assert "114 LOG steps (written: 0 LOG steps, from the record's actions)" in line
    assert "CHECK x2" in line
    assert "boards of map 'Main Map' (plain@0,0; written: plain@0,0, VIP@1,0, SL@2,0, Empty@3,0" in line
    assert umpire("convert", tmp_path / "new.vlog", tmp_path / "rec2.json", "--module", mod)[0] == 0
    a, b = (json.loads((tmp_path / n).read_text()) for n in ("rec.json", "rec2.json"))
    assert _pieces_and_stacks(a["initial"])[0] == _pieces_and_stacks(b["initial"])[0]
