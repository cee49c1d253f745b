#!/usr/bin/env python3
"""Write the SYNTHETIC demo module of docs/studio.md, with its start as a save
and a short log of moves, so the guide can be followed without any sample file.

    .venv/bin/python scripts/studio_demo.py [DIR]      # default: umpire-demo/

Everything in it is made up and drawn from plain shapes
(tests/support/studio_module.py): no game's art or data.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.support.studio_module import demo_files  # noqa: E402


def main() -> None:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("umpire-demo")
    files = demo_files(out)
    for p in (files.module, files.save, files.log):
        print(p)


if __name__ == "__main__":
    main()
