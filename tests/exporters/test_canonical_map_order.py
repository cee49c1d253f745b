"""Canonical JSON is the same bytes in every process: map entries in key order.

Protobuf maps iterate in hash order, and string hashing changes per process,
so `umpire convert` printed a VASSAL piece's attributes in a different order
from one run to the next (binary is written deterministic=True, and the text
format sorts map keys itself).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from exporters.canonical import to_bytes, write_message
from umpire.v1 import state_pb2

KEYS = ["kind", "y", "map", "x", "parent", "location_name", "unit", *[f"k{i}" for i in range(30)]]

WRITE = """
import sys
from exporters.canonical import write_message
from tests.exporters.test_canonical_map_order import state
write_message(sys.argv[1], state())
"""


def state() -> state_pb2.GameState:
    st = state_pb2.GameState(game_id="g")
    for n in range(3):
        piece = st.opaque_pieces.add(id=f"p{n}")
        for k in KEYS:
            piece.attributes[k] = f"{k}-{n}"
    return st


def test_map_entries_are_written_in_key_order(tmp_path: Path) -> None:
    write_message(tmp_path / "s.json", state())
    written = json.loads((tmp_path / "s.json").read_text())
    for piece in written["opaquePieces"]:
        assert list(piece["attributes"]) == sorted(KEYS)
    assert (tmp_path / "s.json").read_bytes() == to_bytes(state(), "json")  # streamed = whole


def test_two_processes_with_different_hash_seeds_write_the_same_bytes(tmp_path: Path) -> None:
    root = Path(__file__).resolve().parents[2]
    outs = []
    for seed in ("1", "2", "3"):
        out = tmp_path / f"s{seed}.json"
        env = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(root)}
        subprocess.run([sys.executable, "-c", WRITE, str(out)], check=True, env=env, cwd=root)
        outs.append(out.read_bytes())
    assert outs[0] == outs[1] == outs[2]
