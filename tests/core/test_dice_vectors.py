"""Known-answer vectors for the published dice mapping (docs/dice-vectors.json,
tabled in docs/architecture.md): the engine and an independent verifier
(scripts/verify_dice_standalone.py, standard library only) must both reproduce
them, so a change to the mapping that would change real faces cannot pass."""

from __future__ import annotations

import hashlib
import hmac
import json
import subprocess
import sys
from pathlib import Path

import pytest

from adjudicator.core import dice as dice_mod
from adjudicator.core import engine
from adjudicator.core.ruleset import get_ruleset, register
from exporters.canonical import write_message
from umpire.v1 import action_pb2, state_pb2

register("toy-line", "tests.support.synthetic_ruleset:RULESET")

ROOT = Path(__file__).resolve().parents[2]
VECTORS = json.loads((ROOT / "docs" / "dice-vectors.json").read_text(encoding="utf-8"))["vectors"]
VERIFIER = ROOT / "scripts" / "verify_dice_standalone.py"


@pytest.mark.parametrize("v", VECTORS, ids=[v["name"] for v in VECTORS])
def test_the_engine_reproduces_each_vector(v: dict[str, object]) -> None:
    seed = bytes.fromhex(str(v["seed"]))
    assert f"{v['game_id']}|{v['index']}|{v['purpose']}" == v["message"]
    assert hmac.new(seed, str(v["message"]).encode(), hashlib.sha256).hexdigest() == v["hmac"]
    assert dice_mod.roll_value(seed, str(v["game_id"]), int(str(v["index"])), str(v["purpose"]),
                               int(str(v["sides"]))) == v["roll"]


def test_the_independent_verifier_reproduces_the_vectors() -> None:
    r = subprocess.run([sys.executable, str(VERIFIER), str(ROOT / "docs" / "dice-vectors.json")],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stdout + r.stderr
    assert f"ok: {len(VECTORS)} rolls reproduced" in r.stdout


def _variant_roll(seed: bytes, game_id: str, index: int, purpose: str, sides: int, chunk: int) -> int:
    """The mapping with another sampling span (chunk bytes): what a careless edit would make."""
    span = 1 << (8 * chunk)
    limit = span - span % sides
    counter = 0
    while True:
        msg = f"{game_id}|{index}|{purpose}" + (f"|{counter}" if counter else "")
        d = hmac.new(seed, msg.encode(), hashlib.sha256).digest()
        for off in range(0, 32, chunk):
            x = int.from_bytes(d[off:off + chunk], "big")
            if x < limit:
                return x % sides + 1
        counter += 1


def test_the_vectors_notice_a_changed_sampling_span() -> None:
    real_dice = [v for v in VECTORS if int(str(v["sides"])) <= 100]
    for chunk in (4, 2):
        changed = sum(
            _variant_roll(bytes.fromhex(str(v["seed"])), str(v["game_id"]), int(str(v["index"])), str(v["purpose"]),
                          int(str(v["sides"])), chunk) != v["roll"]
            for v in real_dice
        )
        assert changed > 0, f"a {chunk}-byte span passes every vector: the vectors are too weak"


def test_every_vector_is_tabled_in_the_architecture_document() -> None:
    doc = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    for v in VECTORS:
        assert f"| {v['name']} |" in doc and f"| {v['roll']} |" in doc, v["name"]


def _record(tmp_path: Path) -> tuple[Path, state_pb2.GameRecord]:
    """A played game (SYNTHETIC toy ruleset): a roll at creation and one per attack."""
    rs = get_ruleset("toy-line")
    seed, gid = bytes(range(32)), "0123456789abcdef"
    state, _ = engine.new_game(rs, rs.load_scenario("toy-line/basic"), game_id=gid, options={}, tables=None,
                               dice=dice_mod.HmacDice(seed, gid, 0, 0), seed_commitment=dice_mod.commitment(seed))
    rec = state_pb2.GameRecord(game_id=gid, initial=state)
    moves = [action_pb2.Action(side="red", move=action_pb2.MoveUnits(unit_ids=["r1"], path=[t]))
             for t in ("T1", "T2", "T3")]
    moves.append(action_pb2.Action(side="red", attack=action_pb2.Attack(target="T4", attackers=["r1"])))
    for a in moves:
        applied = engine.apply_action(state, a, lambda s, v: dice_mod.HmacDice(seed, gid, s, v))
        rec.actions.add(version=applied.state.version, action=a, dice=applied.rolls, events=applied.events)
        state = applied.state
    rec.final.CopyFrom(state)
    rec.final.seed = seed.hex()
    path = tmp_path / "record.json"
    write_message(path, rec)
    return path, rec


def test_the_independent_verifier_checks_a_real_record(tmp_path: Path) -> None:
    path, rec = _record(tmp_path)
    assert len(rec.final.dice_log) == 2
    r = subprocess.run([sys.executable, str(VERIFIER), str(path)], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stdout
    tampered = state_pb2.GameRecord()
    tampered.CopyFrom(rec)
    d = tampered.final.dice_log[1]
    d.value = d.value % d.sides + 1
    write_message(path, tampered)
    r = subprocess.run([sys.executable, str(VERIFIER), str(path)], capture_output=True, text=True, timeout=60)
    assert r.returncode == 1 and "roll #1" in r.stdout
