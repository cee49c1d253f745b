"""docs/vassal-walkthrough.md, run verbatim: every `umpire` command of its shell
blocks, in order, on the real Ragnarok samples (skipped when ../shared is absent),
with the exit code its comment gives (default 0) and the lines of the output
block after it. The two logs the page describes are written here with Umpire's
own log writer (the samples hold no Ragnarok log)."""

from __future__ import annotations

import re
import shlex
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.main import app

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "vassal-walkthrough.md"
EXAMPLES = ROOT / "docs" / "examples" / "vassal" / "ragnarok"


def _blocks(text: str) -> list[tuple[str, list[str]]]:
    """(language, lines) of every fenced block, in order."""
    out = []
    for m in re.finditer(r"^```(\w*)\n(.*?)^```", text, re.S | re.M):
        out.append((m.group(1), m.group(2).splitlines()))
    return out


def _write_logs(walk: Path, samples: Path) -> None:
    from cli.vassal_cmds import binding_for, open_module, read_game
    from exporters.vassal.archive import save_entries, zip_bytes
    from exporters.vassal.logwriter import write_log_text
    from importers.canonical import read_message
    from umpire.v1 import action_pb2, state_pb2

    mod = open_module(samples / "ragnarok-v12-379-unpacked.vmod")
    b = binding_for(walk / "binding.json", None, None)
    st = read_message(walk / "state.json", state_pb2.GameState())  # written by the page's convert
    base = read_game(samples / "ragnarok-start.vsav", False)
    for name, path in (("heimdall-ok.vlog", ["0201", "0302"]), ("heimdall-far.vlog", ["0909"])):
        act = action_pb2.Action(side="german", move=action_pb2.MoveUnits(unit_ids=["hero-heimdall"], path=path))
        text = write_log_text(mod, b, st, [act], base)
        (walk / name).write_bytes(zip_bytes(save_entries(text, base.encoding, base.entries)))


def _expected_in(expected: list[str], output: str) -> None:
    got = [ln.rstrip() for ln in output.splitlines()]
    for line in expected:
        line = line.rstrip()
        if not line or line.strip() == "...":
            continue
        head = line.split("...")[0].rstrip() if "..." in line else line
        assert any(g.startswith(head) if "..." in line else g == line for g in got), (line, output)


def test_walkthrough_commands_run_verbatim_on_the_samples(tmp_path: Path, samples_dir: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("ragnarok-start.vsav", "ragnarok-v12-379-unpacked.vmod"):
        if not (samples_dir / name).is_file():
            pytest.skip(f"{samples_dir / name} is absent (real VASSAL sample)")
    (tmp_path / "shared").symlink_to(samples_dir.parent)  # the page's ../../shared from walk/
    walk = tmp_path / "proj" / "walk"
    blocks = _blocks(DOC.read_text())
    assert blocks[0] == ("sh", ["mkdir -p walk && cp -r docs/examples/vassal/ragnarok/* walk/ && cd walk",
                                "S=../../shared/vassal-samples"])
    shutil.copytree(EXAMPLES, walk)  # what the first block does
    monkeypatch.chdir(walk)
    vars_ = {"S": "../../shared/vassal-samples"}
    runner = CliRunner()
    ran = 0
    outputs = ""
    for i, (lang, lines) in enumerate(blocks[1:], start=1):
        if lang == "sh":
            outputs = ""
            for line in lines:
                cmd, _, comment = line.partition("#")
                if not cmd.strip().startswith("umpire "):
                    continue
                want = int(m.group(1)) if (m := re.search(r"exit (\d)", comment)) else 0
                args = [re.sub(r"\$(\w+)", lambda v: vars_[v.group(1)], a) for a in shlex.split(cmd)[1:]]
                if args[0] == "check-log" and not (walk / "heimdall-ok.vlog").exists():
                    _write_logs(walk, samples_dir)
                r = runner.invoke(app, args)
                assert r.exit_code == want, (line, r.exit_code, r.stdout, r.stderr)
                outputs += r.stdout + r.stderr + "\n"
                ran += 1
        elif lang == "" and outputs:
            _expected_in(lines, outputs)
    assert ran == 10
