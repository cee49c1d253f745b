"""Store contract: the same tests on SQLite (always) and PostgreSQL (when reachable)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from adjudicator.core import dice as dice_mod
from adjudicator.core import engine
from adjudicator.core.errors import NotFound, StaleVersion
from adjudicator.core.ruleset import get_ruleset, register
from adjudicator.store import store as store_mod
from adjudicator.store.store import GameStore
from tests.support.databases import database_url
from umpire.v1 import action_pb2, state_pb2

register("toy-line", "tests.support.synthetic_ruleset:RULESET")


@pytest.fixture(params=["sqlite", "postgres"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    with database_url(request.param, tmp_path, "store.sqlite") as u:
        yield u


def new_game(store: GameStore, game_id: str = "g1") -> state_pb2.GameState:
    rs = get_ruleset("toy-line")
    seed = b"\x01" * 32
    state, _ = engine.new_game(rs, rs.load_scenario("toy-line/basic"), game_id=game_id, options={}, tables=None,
                               dice=dice_mod.HmacDice(seed, game_id, 0, 0), seed_commitment=dice_mod.commitment(seed))
    store.create_game(game_id=game_id, seed=seed, seed_commitment=dice_mod.commitment(seed),
                      token_hashes={"red": "a", "blue": "b"}, parameters={"p": "1"}, initial=state)
    return state


def step(store: GameStore, state: state_pb2.GameState, unit: str, dest: str, game_id: str = "g1") -> state_pb2.GameState:
    action = action_pb2.Action(side="red", move=action_pb2.MoveUnits(unit_ids=[unit], path=[dest]))
    applied = engine.apply_action(state, action, lambda s, v: dice_mod.HmacDice(b"\x01" * 32, game_id, s, v))
    rec = state_pb2.RecordedAction(version=applied.state.version, action=action, dice=applied.rolls,
                                   events=applied.events)
    store.append(game_id, state.version, rec, applied.state)
    return applied.state


def test_create_and_load_roundtrip(url: str) -> None:
    s = GameStore(url)
    initial = new_game(s)
    g = s.load("g1")
    assert g.version == 0 and g.ruleset == "toy-line" and g.parameters == {"p": "1"}
    assert g.state.SerializeToString(deterministic=True) == initial.SerializeToString(deterministic=True)
    assert g.seed == b"\x01" * 32 and not g.seed_revealed
    with pytest.raises(NotFound):
        s.load("nope")


def test_append_is_one_transaction_guarded_by_version(url: str) -> None:
    s = GameStore(url)
    state = new_game(s)
    state = step(s, state, "r1", "T1")
    assert s.current_version("g1") == 1
    stale = state_pb2.GameState()
    stale.CopyFrom(state)
    stale.version = 1  # pretends to be the result of applying to version 0 again
    rec = state_pb2.RecordedAction(version=1, action=action_pb2.Action(side="red"))
    with pytest.raises(StaleVersion) as e:
        s.append("g1", 0, rec, stale)
    assert e.value.current == 1
    assert [r.version for r in s.actions("g1")] == [1]  # nothing half-written
    assert s.load("g1").state.version == 1


def test_two_store_instances_race_and_exactly_one_wins(url: str) -> None:
    a, b = GameStore(url), GameStore(url)
    state = new_game(a)
    results: list[str] = []

    def attempt(store: GameStore, dest: str) -> None:
        try:
            step(store, state, "r1", dest)
            results.append("ok")
        except StaleVersion:
            results.append("stale")

    threads = [threading.Thread(target=attempt, args=(a, "T1")), threading.Thread(target=attempt, args=(b, "T1"))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == ["ok", "stale"]
    assert a.current_version("g1") == 1 and len(b.actions("g1")) == 1


def test_record_replays_to_the_stored_state_bit_for_bit(url: str) -> None:
    s = GameStore(url)
    state = new_game(s)
    for dest in ("T1", "T2", "T1", "T2"):
        state = step(s, state, "r1", dest)
    rec = s.record("g1")
    assert [a.version for a in rec.actions] == [1, 2, 3, 4]
    replayed = engine.replay(rec)
    assert replayed.SerializeToString(deterministic=True) == rec.final.SerializeToString(deterministic=True)


def test_snapshots_are_written_periodically(url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store_mod, "SNAPSHOT_EVERY", 2)
    s = GameStore(url)
    state = new_game(s)
    written = {}
    for dest in ("T1", "T2", "T1", "T2", "T1"):
        state = step(s, state, "r1", dest)
        written[state.version] = state.SerializeToString(deterministic=True)
    from sqlmodel import Session, select

    from adjudicator.store.models import SnapshotRow

    with Session(s.engine) as session:
        snaps = {r.version: bytes(r.state) for r in session.exec(select(SnapshotRow))}
    assert sorted(snaps) == [2, 4]
    # Each snapshot is the state of its own version (on PostgreSQL the statement
    # takes it from the UPDATE's RETURNING, store/pg.py, not from a second copy).
    assert snaps == {2: written[2], 4: written[4]}


def test_data_survives_a_new_store_instance(url: str) -> None:
    s = GameStore(url)
    state = step(s, new_game(s), "r1", "T1")
    s.close()
    again = GameStore(url)
    assert again.load("g1").state.SerializeToString(deterministic=True) == state.SerializeToString(deterministic=True)
    assert again.game_ids() == ["g1"]


def test_seed_revealed_only_when_all_sides_ask_or_game_over(url: str) -> None:
    s = GameStore(url)
    new_game(s)
    first = s.request_reveal("g1", "red", ["red", "blue"])
    assert (first.revealed, first.asked, first.at_version) == (False, {"red"}, None)
    second = s.request_reveal("g1", "blue", ["red", "blue"])
    assert (second.revealed, second.asked, second.at_version) == (True, {"red", "blue"}, 0)
    assert s.load("g1").seed_revealed


def test_concurrent_reveal_requests_are_all_kept(url: str) -> None:
    """Compare-and-set: both sides asking at the same moment, through two store
    instances (two server processes), always reveal."""
    a, b = GameStore(url), GameStore(url)
    sides = ["red", "blue"]
    for n in range(15):
        gid = f"g{n}"
        new_game(a, gid)
        barrier = threading.Barrier(2)

        def ask(store: GameStore, side: str) -> None:
            barrier.wait()
            store.request_reveal(gid, side, sides)

        threads = [threading.Thread(target=ask, args=(s, side)) for s, side in ((a, "red"), (b, "blue"))]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        g = a.load(gid)
        assert g.seed_revealed and g.reveal_requests == {"red", "blue"} and g.revealed_at_version == 0


def test_an_append_that_assumed_a_secret_seed_is_refused_once_it_is_revealed(url: str) -> None:
    s = GameStore(url)
    state = new_game(s)
    for side in ("red", "blue"):
        s.request_reveal("g1", side, ["red", "blue"])
    action = action_pb2.Action(side="red", move=action_pb2.MoveUnits(unit_ids=["r1"], path=["T1"]))
    applied = engine.apply_action(state, action, lambda st, v: dice_mod.HmacDice(b"\x01" * 32, "g1", st, v))
    rec = state_pb2.RecordedAction(version=1, action=action, events=applied.events)
    with pytest.raises(store_mod.RevealedMeanwhile):
        s.append("g1", 0, rec, applied.state, dice_open=False)
    assert s.current_version("g1") == 0 and s.actions("g1") == []
    s.append("g1", 0, rec, applied.state, dice_open=True)
    assert s.current_version("g1") == 1


def test_creation_events_are_kept(url: str) -> None:
    s = GameStore(url)
    rs = get_ruleset("toy-line")
    seed = b"\x02" * 32
    state, events = engine.new_game(rs, rs.load_scenario("toy-line/basic"), game_id="g2", options={}, tables=None,
                                    dice=dice_mod.HmacDice(seed, "g2", 0, 0))
    s.create_game(game_id="g2", seed=seed, seed_commitment=dice_mod.commitment(seed), token_hashes={},
                  parameters={}, initial=state, creation_events=events)
    assert [e.kind for e in s.creation_events("g2")] == ["GAME_STARTED", "PLAN_DRAWN"]
    assert [e.kind for e in s.record("g2").creation_events] == ["GAME_STARTED", "PLAN_DRAWN"]
    assert s.versions(["g2", "nope"]) == {"g2": store_mod.VersionInfo(0, False)}


def test_a_database_of_an_older_umpire_gets_the_new_columns(tmp_path: Path) -> None:
    import sqlite3

    path = tmp_path / "old.sqlite"
    con = sqlite3.connect(path)
    # The games table as Umpire wrote it before creation events and reveal versions.
    con.execute(
        "CREATE TABLE games (id VARCHAR(64) PRIMARY KEY, ruleset VARCHAR(64), ruleset_version VARCHAR(32), "
        "created_at VARCHAR(40), version INTEGER, seed VARCHAR(128), seed_commitment VARCHAR(64), "
        "seed_revealed BOOLEAN, reveal_requests VARCHAR, token_hashes VARCHAR, parameters VARCHAR, "
        "finished BOOLEAN, initial_state BLOB NOT NULL, state BLOB NOT NULL)"
    )
    rs = get_ruleset("toy-line")
    state, _ = engine.new_game(rs, rs.load_scenario("toy-line/basic"), game_id="old", options={}, tables=None,
                               dice=dice_mod.HmacDice(b"\x03" * 32, "old", 0, 0))
    blob = state.SerializeToString(deterministic=True)
    con.execute("INSERT INTO games VALUES ('old', 'toy-line', '1', 'x', 0, ?, 'c', 0, '', '{}', '{}', 0, ?, ?)",
                ("03" * 32, blob, blob))
    con.commit()
    con.close()
    s = GameStore(f"sqlite:///{path}")
    assert s.creation_events("old") == []
    assert s.request_reveal("old", "red", ["red"]).at_version == 0
    assert s.load("old").revealed_at_version == 0


def test_notify_channels_differ_per_schema() -> None:
    assert store_mod.channel_name("test", "a") != store_mod.channel_name("test", "b")
    assert store_mod.channel_name("test", "a") != store_mod.channel_name("other", "a")
    assert len(store_mod.channel_name("x" * 63, "y" * 63)) <= 63


def test_a_submit_survives_its_prepared_statement_being_dropped(tmp_path: Path,
                                                               caplog: pytest.LogCaptureFixture) -> None:
    """PostgreSQL: the submit's statement is prepared once per connection
    (store/pg.py); a connection whose prepared statements were dropped (DISCARD
    ALL, DEALLOCATE) prepares it again, on the same connection: it is not taken
    for a lost connection (which would throw the whole pool away)."""
    with database_url("postgres", tmp_path, "unused.sqlite") as url:
        s = GameStore(url)
        state = step(s, new_game(s), "r1", "T1")  # prepares it on the pool's one connection
        idle = s._auto.pool.checkedin()  # type: ignore[attr-defined]
        assert idle >= 1
        held = [s._auto.raw_connection() for _ in range(idle)]  # every pooled connection at once
        for conn in held:
            cur = conn.cursor()
            cur.execute("DEALLOCATE ALL")
            cur.close()
        for conn in held:
            conn.close()
        with caplog.at_level("WARNING", logger="umpire.store"):
            state = step(s, state, "r1", "T2")
        assert s.version_info("g1").version == state.version == 2
        assert not [r for r in caplog.records if "connection lost" in r.getMessage()]
        s.close()
