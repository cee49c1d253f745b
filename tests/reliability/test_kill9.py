"""kill -9 of a real server process while clients submit: no acknowledged
action may be lost, and every log must replay to its stored state.
(Short run; `scripts/reliability.py kill9` runs many kills.)"""

from __future__ import annotations

from tests.reliability.trials import kill9_trial


def test_kill9_during_submits_loses_no_acknowledged_action(any_db: str) -> None:
    r = kill9_trial(any_db, clients=3, seconds=1.5, seed=7)
    assert r.acknowledged > 0, "the clients got nothing acknowledged before the kill: the trial proved nothing"
    assert (r.lost, r.changed) == (0, 0)
    assert r.replays_equal == r.games
    assert r.restarted_versions_match == r.games
