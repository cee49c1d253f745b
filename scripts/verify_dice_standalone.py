#!/usr/bin/env python3
"""An independent check of Umpire's dice, written from the published mapping
(docs/architecture.md, "Dice") with nothing but the standard library: it does
not import Umpire.

    python3 scripts/verify_dice_standalone.py docs/dice-vectors.json
    python3 scripts/verify_dice_standalone.py RECORD.json    # an exported game record (JSON)

For a vectors file it recomputes every vector's roll; for a game record (after
the seed was revealed) it checks SHA-256(seed) against the published commitment
and recomputes every roll of the dice log. Exit 0 when everything matches.
"""

import hashlib
import hmac
import json
import sys


def roll(seed: bytes, game_id: str, index: int, purpose: str, sides: int) -> int:
    """roll = HMAC-SHA256(seed, "<game_id>|<index>|<purpose>" [+ "|<counter>"]),
    read as four 64-bit big-endian numbers; the first below the largest multiple
    of `sides` under 2^64 gives the face (x mod sides) + 1; if none is, the
    counter (1, 2, ...) is appended and the next digest tried."""
    limit = 2**64 - (2**64 % sides)
    counter = 0
    while True:
        msg = f"{game_id}|{index}|{purpose}" + (f"|{counter}" if counter else "")
        digest = hmac.new(seed, msg.encode("utf-8"), hashlib.sha256).digest()
        for i in range(0, 32, 8):
            x = int.from_bytes(digest[i:i + 8], "big")
            if x < limit:
                return x % sides + 1
        counter += 1


def check_vectors(doc: dict) -> list[str]:
    bad = []
    for v in doc["vectors"]:
        got = roll(bytes.fromhex(v["seed"]), v["game_id"], v["index"], v["purpose"], v["sides"])
        if got != v["roll"]:
            bad.append(f"vector {v['name']}: expected {v['roll']}, computed {got}")
    return bad


def check_record(doc: dict) -> list[str]:
    final = doc.get("final", {})
    seed_hex = final.get("seed") or doc.get("initial", {}).get("seed")
    if not seed_hex:
        return ["the record has no revealed seed"]
    seed = bytes.fromhex(seed_hex)
    bad = []
    commitment = final.get("seedCommitment") or final.get("seed_commitment", "")
    if hashlib.sha256(seed).hexdigest() != commitment:
        bad.append("SHA-256 of the seed does not match the published commitment")
    game_id = doc.get("gameId") or doc.get("game_id", "")
    for expected_index, r in enumerate(final.get("diceLog") or final.get("dice_log") or []):
        index = int(r.get("index", 0))
        if index != expected_index:
            bad.append(f"roll #{index}: expected index {expected_index}")
        got = roll(seed, game_id, index, r.get("purpose", ""), int(r["sides"]))
        if got != int(r.get("value", 0)):
            bad.append(f"roll #{index} ({r.get('purpose', '')}): log says {r.get('value', 0)}, the seed gives {got}")
    return bad


def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    with open(sys.argv[1], encoding="utf-8") as f:
        doc = json.load(f)
    bad = check_vectors(doc) if "vectors" in doc else check_record(doc)
    for line in bad:
        print("MISMATCH", line)
    if not bad:
        n = len(doc["vectors"]) if "vectors" in doc else len(doc.get("final", {}).get("diceLog", []))
        print(f"ok: {n} rolls reproduced")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
