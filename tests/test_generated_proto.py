"""The committed protobuf modules must be what `scripts/genproto.py` generates now."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_generated_modules_are_up_to_date(tmp_path: Path) -> None:
    if importlib.util.find_spec("grpc_tools") is None:
        pytest.skip("grpcio-tools is not installed (dev dependency)")
    subprocess.run([sys.executable, str(ROOT / "scripts" / "genproto.py"), str(tmp_path)], check=True)
    fresh = {p.relative_to(tmp_path): p.read_bytes() for p in (tmp_path / "umpire").rglob("*") if p.is_file()}
    committed = {
        p.relative_to(ROOT): p.read_bytes()
        for p in (ROOT / "umpire").rglob("*")
        if p.is_file() and "__pycache__" not in p.parts
    }
    assert sorted(map(str, fresh)) == sorted(map(str, committed)), "generated file set differs: run scripts/genproto.py"
    stale = [str(k) for k in fresh if fresh[k] != committed[k]]
    assert not stale, f"stale generated modules (run `python scripts/genproto.py`): {stale}"
