"""Bounded fuzzers for the gRPC surface.

* `fuzz_requests`: raw request bytes to every method: valid requests, random
  bytes, truncations, bit flips, invalid UTF-8, groups nested past any parser's
  limit, overlong varints, numbers past 2^63, ids of any length. Every answer
  must be a proper status code (never UNKNOWN or INTERNAL) with a plain message
  (no exception class names, no tracebacks).
* `cross_side_tokens`: every legal example the server offers one side, sent
  with the other side's token, as offered (its side set) and with the side left
  empty (then the server takes the token's side): nothing may be accepted
  (except, side left empty, a resignation: that is the sender's own to make).
"""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass, field

import grpc

from tests.reliability.harness import Game, ServerProcess, create_game, legal_examples, md, play_step
from umpire.v1 import action_pb2, service_pb2

PROPER = {
    grpc.StatusCode.OK, grpc.StatusCode.INVALID_ARGUMENT, grpc.StatusCode.NOT_FOUND,
    grpc.StatusCode.FAILED_PRECONDITION, grpc.StatusCode.ABORTED, grpc.StatusCode.UNAUTHENTICATED,
    grpc.StatusCode.PERMISSION_DENIED, grpc.StatusCode.RESOURCE_EXHAUSTED,
}
LEAK = re.compile(r"<class|Traceback|DecodeError|OverflowError|Exception|Error\b|File \"")
SERVICE = "/umpire.v1.Adjudicator/"


@dataclass
class FuzzResult:
    requests: int = 0
    codes: Counter[str] = field(default_factory=Counter)
    bad: list[str] = field(default_factory=list)  # one line per improper answer


def varint(n: int) -> bytes:
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        out.append(b | (0x80 if n else 0))
        if not n:
            return bytes(out)


def tag_field(num: int, wire: int, payload: bytes = b"") -> bytes:
    return varint((num << 3) | wire) + payload


def ld_field(num: int, data: bytes) -> bytes:
    return tag_field(num, 2, varint(len(data)) + data)


def valid_requests(game: Game, version: int, action: action_pb2.Action | None) -> list[tuple[str, bytes]]:
    gid = game.game_id
    act = action or action_pb2.Action(end_phase=action_pb2.EndPhase())
    reqs = [
        ("ListRulesets", service_pb2.ListRulesetsRequest()),
        ("CreateGame", service_pb2.CreateGameRequest(ruleset="major-battles", scenario_id="major-battles/normandy")),
        ("GetState", service_pb2.GetStateRequest(game_id=gid)),
        ("ValidateAction", service_pb2.ValidateActionRequest(game_id=gid, action=act)),
        ("SubmitAction", service_pb2.SubmitActionRequest(game_id=gid, action=act, expected_version=version)),
        ("Query", service_pb2.QueryRequest(game_id=gid, legal_actions=service_pb2.LegalActionsQuestion())),
        ("Query", service_pb2.QueryRequest(game_id=gid, reach=service_pb2.ReachQuestion(unit_id="x"))),
        ("WatchGame", service_pb2.WatchGameRequest(game_id=gid, from_version=version)),
        ("ExportGame", service_pb2.ExportGameRequest(game_id=gid)),
        ("RevealSeed", service_pb2.RevealSeedRequest(game_id=gid)),
    ]
    return [(m, r.SerializeToString()) for m, r in reqs]


def mutate(rng: random.Random, raw: bytes) -> bytes:
    kind = rng.randrange(12)
    if kind == 0:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(0, 300)))
    if kind == 1 and raw:
        return raw[: rng.randrange(len(raw))]
    if kind == 2 and raw:
        b = bytearray(raw)
        for _ in range(rng.randrange(1, 6)):
            i = rng.randrange(len(b))
            b[i] ^= 1 << rng.randrange(8)
        return bytes(b)
    if kind == 3:  # invalid UTF-8 in field 1 (game_id / ruleset)
        return ld_field(1, rng.choice([b"\xff\xfe", b"\xc3\x28", b"\xed\xa0\x80", b"ok\x80"])) + raw
    if kind == 4:  # unknown groups nested far deeper than any parser allows
        depth = rng.choice([50, 101, 1000, 5000])
        return raw + tag_field(99, 3) * depth + tag_field(99, 4) * depth
    if kind == 5:  # an overlong varint
        return raw + tag_field(2, 0, b"\xff" * rng.randrange(10, 30))
    if kind == 6:  # 64-bit numbers at and past 2^63 in every varint slot
        n = rng.choice([2**63, 2**64 - 1, 2**63 - 1, 2**53])
        return raw + b"".join(tag_field(f, 0, varint(n)) for f in (2, 3, 4))
    if kind == 7:  # an id of any length
        return ld_field(1, b"g" * rng.choice([65, 1000, 100_000, 1_000_000])) + raw[:0]
    if kind == 8:  # a length prefix far past the end
        return raw + tag_field(2, 2, varint(2**31))
    if kind == 9:  # wrong wire types for known fields
        return b"".join(tag_field(f, rng.choice([0, 1, 5]), b"\x01" * 8) for f in range(1, 12))
    if kind == 10:  # a huge comment inside an action
        comment = ld_field(31, b"c" * rng.choice([1001, 60_000, 70_000]))
        return raw + ld_field(2, comment)
    return raw


def _call(channel: grpc.Channel, method: str, raw: bytes, metadata: list[tuple[str, str]]) -> tuple[
        grpc.StatusCode, str]:
    path = SERVICE + method
    try:
        if method == "WatchGame":
            call = channel.unary_stream(path, request_serializer=None, response_deserializer=None)(
                raw, metadata=metadata, timeout=0.3)
            for _ in call:
                break
            call.cancel()
            return grpc.StatusCode.OK, ""
        channel.unary_unary(path, request_serializer=None, response_deserializer=None)(
            raw, metadata=metadata, timeout=30)
        return grpc.StatusCode.OK, ""
    except grpc.RpcError as e:
        code = e.code()
        if method == "WatchGame" and code in (grpc.StatusCode.DEADLINE_EXCEEDED, grpc.StatusCode.CANCELLED):
            return grpc.StatusCode.OK, ""  # a valid watch waits for events
        return code, e.details() or ""


def fuzz_requests(server: ServerProcess, *, requests: int = 300, seed: int = 0) -> FuzzResult:
    rng = random.Random(seed)
    game = create_game(server.stub, seed)
    result = FuzzResult()
    step = 0
    with grpc.insecure_channel(server.address, options=[("grpc.max_send_message_length", 64 * 1024 * 1024)]) as ch:
        while result.requests < requests:
            if step % 25 == 0:
                play_step(server.stub, game)  # move the game on now and then
            step += 1
            _, examples = legal_examples(server.stub, game, game.acting)
            pool = valid_requests(game, game.version, rng.choice(examples) if examples else None)
            method, raw = rng.choice(pool)
            if rng.random() < 0.85:
                raw = mutate(rng, raw)
            token = rng.choice([game.tokens[game.acting], game.tokens[game.other(game.acting)], "garbage", ""])
            code, details = _call(ch, method, raw, md(token) if token else [])
            result.requests += 1
            result.codes[code.name] += 1
            if code not in PROPER or LEAK.search(details):
                result.bad.append(f"{method} {code.name}: {details[:200]!r} (request {raw[:40].hex()}...)")
    return result


@dataclass
class TokenResult:
    sent: int = 0
    accepted: int = 0  # SubmitAction OK with the other side's token
    judged_legal: int = 0  # ValidateAction legal with the other side's token
    codes: Counter[str] = field(default_factory=Counter)
    accepted_examples: list[str] = field(default_factory=list)


def cross_side_tokens(server: ServerProcess, cases: list[tuple[str, str]], *, steps: int = 10,
                      seed: int = 0) -> TokenResult:
    """For each (ruleset, scenario): play `steps` actions; before each, send every
    example offered to a side with the other side's token."""
    result = TokenResult()
    for n, (ruleset, scenario) in enumerate(cases):
        game = create_game(server.stub, seed + n, ruleset=ruleset, scenario=scenario)
        for _ in range(steps):
            for side in game.tokens:
                version, examples, kinds = offered(server, game, side)
                if "end_phase" in kinds:  # offered without an example: build it
                    examples.append(action_pb2.Action(end_phase=action_pb2.EndPhase()))
                other = game.tokens[game.other(side)]
                for ex in examples:
                    for with_side in (False, True):
                        if not with_side and _resigns(ex):
                            continue
                        a = action_pb2.Action()
                        a.CopyFrom(ex)
                        a.side = side if with_side else ""
                        _send_with(server, game, version, a, other, result)
            if play_step(server.stub, game) is None:
                break
    return result


def _resigns(action: action_pb2.Action) -> bool:
    """A concession names no unit and ends the game against whoever sends it; either
    side may resign at any time. Sent without a side, the other side's token makes
    it that side's own resignation, not an act for the side it was offered to."""
    return action.WhichOneof("kind") == "major_battles" and action.major_battles.WhichOneof("kind") == "concede"


def offered(server: ServerProcess, game: Game, side: str) -> tuple[int, list[action_pb2.Action], set[str]]:
    q = server.stub.Query(service_pb2.QueryRequest(game_id=game.game_id,
                                                   legal_actions=service_pb2.LegalActionsQuestion()),
                          metadata=md(game.tokens[side]), timeout=30)
    return (q.version, [la.example for la in q.legal_actions if la.HasField("example")],
            {la.kind for la in q.legal_actions})


def _send_with(server: ServerProcess, game: Game, version: int, action: action_pb2.Action, token: str,
               result: TokenResult) -> None:
    result.sent += 1
    try:
        v = server.stub.ValidateAction(service_pb2.ValidateActionRequest(game_id=game.game_id, action=action),
                                       metadata=md(token), timeout=30)
        if v.verdict.legal and action.side:
            result.judged_legal += 1
    except grpc.RpcError:
        pass
    try:
        server.stub.SubmitAction(service_pb2.SubmitActionRequest(game_id=game.game_id, action=action,
                                                                 expected_version=version),
                                 metadata=md(token), timeout=30)
        result.accepted += 1
        result.codes["OK"] += 1
        result.accepted_examples.append(f"{game.game_id}@{version}: {action}".replace("\n", " "))
        game.version += 1
    except grpc.RpcError as e:
        result.codes[e.code().name] += 1
