#!/usr/bin/env python3
"""Set up a virtual environment in .venv and run the main job or the tests.

    python3 bootstrap.py run    # server on the embedded SQLite default, demo game created
    python3 bootstrap.py test   # the whole test suite

Only `python3` (3.11+) and access to the package registry are needed. The
install step is skipped when pyproject.toml has not changed since the last one.
Extra arguments after the command are passed on (to `umpire serve` / pytest).
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PY = BIN / ("python.exe" if os.name == "nt" else "python")
STAMP = VENV / ".umpire-installed"


def ensure_env() -> None:
    if sys.version_info < (3, 11):
        sys.exit(f"Umpire needs Python 3.11 or newer; this is {sys.version.split()[0]}")
    if not PY.exists():
        print("creating .venv ...", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    want = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if STAMP.exists() and STAMP.read_text().strip() == want:
        return
    print("installing Umpire and its dependencies into .venv ...", flush=True)
    pip = [str(PY), "-m", "pip", "--disable-pip-version-check", "-q"]
    subprocess.run([*pip, "install", "--upgrade", "pip"], check=True)
    subprocess.run([*pip, "install", "-e", f"{ROOT}[dev]"], check=True)
    STAMP.write_text(want)


def main() -> None:
    if len(sys.argv) < 2 or sys.argv[1] not in ("run", "test", "setup"):
        sys.exit(__doc__)
    ensure_env()
    cmd, rest = sys.argv[1], sys.argv[2:]
    os.chdir(ROOT)
    if cmd == "setup":
        return
    if cmd == "run":
        args = [str(BIN / "umpire"), "serve", "--demo", *rest]
    else:
        args = [str(PY), "-m", "pytest", *rest]
    os.execv(args[0], args)


if __name__ == "__main__":
    main()
