"""Shared test fixtures.

`shared_dir` is ../shared beside the project (rulebooks, research, VASSAL
samples). Tests that need it skip with a clear reason when it is absent, as on a
user's fresh clone.
"""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    if not SHARED.is_dir():
        pytest.skip(f"{SHARED} is absent (the rulebooks and VASSAL samples live there)")
    return SHARED


@pytest.fixture(scope="session")
def samples_dir(shared_dir: Path) -> Path:
    d = shared_dir / "vassal-samples"
    if not d.is_dir():
        pytest.skip(f"{d} is absent (real VASSAL sample files)")
    return d
