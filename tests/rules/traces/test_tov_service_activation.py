"""A whole activation of Traces of Victory driven through the gRPC service by
two clients, each with its own token and view: a real server on 127.0.0.1
with a SQLite file database (tests/service/conftest.py).

Both players select their chits secretly (4.2; A-40 'hidden'); the server
draws them through its audited dice until the Allied XX Corps chit comes out
(German and Supply chits drawn before it are played out by their owners); XX
Corps activates (2.3), moves, attacks 2407 (10.0-10.5) with the German answering
its own decisions (losses, retreat) and the Allies theirs (advance, intensity
loss). Throughout, neither client sees the other's chits in the cup, nor the
die that picked one of them, nor the other's decision options. The table
cells the text lacks come from a SYNTHETIC table file given at creation.
"""

from __future__ import annotations

from collections.abc import Callable

import grpc
import pytest

from adjudicator.rules.traces.chits import roll_owner
from tests.rules.traces.helpers import synthetic_tables
from tests.service.conftest import ServerThread, auth, db_url, server  # noqa: F401 (the fixtures)
from umpire.v1 import action_pb2, service_pb2, state_pb2, traces_pb2

RULESET = "traces-of-victory"


class Client:
    def __init__(self, server: ServerThread, game: str, side: str, token: str) -> None:
        self.stub = server.stub
        self.game = game
        self.side = side
        self.md = auth(token)
        self.seen_rolls: list[tuple[str, int]] = []

    def state(self) -> state_pb2.GameState:
        return self.stub.GetState(service_pb2.GetStateRequest(game_id=self.game), metadata=self.md).state

    def submit(self, action: action_pb2.Action) -> service_pb2.SubmitActionResponse:
        v = self.state().version
        resp = self.stub.SubmitAction(
            service_pb2.SubmitActionRequest(game_id=self.game, action=action, expected_version=v), metadata=self.md)
        self.seen_rolls.extend((r.purpose, r.value) for r in resp.dice)
        return resp

    def answer(self, choices: list[str] = (), assignments: dict[str, list[str]] | None = None) -> None:  # type: ignore[assignment]
        st = self.state()
        a = action_pb2.AnswerDecision(decision_id=st.pending.id, choices=list(choices))
        for u, p in (assignments or {}).items():
            a.assignments.add(unit_id=u, path=p)
        self.submit(action_pb2.Action(answer=a))


def select(chits: list[str]) -> action_pb2.Action:
    return action_pb2.Action(traces=traces_pb2.TracesAction(select_chits=traces_pb2.TracesSelectChits(chits=chits)))


def end(phase: str = "") -> action_pb2.Action:
    return action_pb2.Action(end_phase=action_pb2.EndPhase(phase=phase))


def assert_private(view: state_pb2.GameState, me: str) -> None:
    """What `me` may see of the cup and of the draw dice (4.2, A-40)."""
    other = "german" if me == "allied" else "allied"
    theirs = [c for c in view.traces.cup if c.owner == other]
    assert all(not c.id and not c.name for c in theirs), "the other side's chits in the cup leaked"
    for r in view.dice_log:
        if roll_owner(r.purpose) == other:
            assert r.value == 0, f"the die that picked one of the {other} chits leaked: {r.purpose}"
    if view.HasField("pending") and view.pending.side != me:
        assert not view.pending.options


@pytest.fixture
def game(server: ServerThread) -> tuple[Client, Client]:
    resp = server.stub.CreateGame(service_pb2.CreateGameRequest(
        ruleset=RULESET, scenario_id=f"{RULESET}/combined-assault",
        options={"tov.a2-pre-turn-hq": "none"},
        tables=synthetic_tables(chits=2, weather="rain", crt="2RR")))
    tokens = {t.side: t.token for t in resp.tokens}
    assert sorted(tokens) == ["allied", "german"]
    return Client(server, resp.game_id, "allied", tokens["allied"]), Client(server, resp.game_id, "german", tokens["german"])


def play_until(allied: Client, german: Client, done: Callable[[state_pb2.GameState], bool]) -> state_pb2.GameState:
    """Let the owners of the chits drawn before play them out (pass)."""
    for _ in range(12):
        st = allied.state()
        if done(st):
            return st
        if st.phase == "selection":
            raise AssertionError("the turn ended before the XX chit came out")
        active = {"allied": allied, "german": german}[st.active_side]
        active.submit(end("activation"))
    raise AssertionError("the XX chit never came out")


def test_a_whole_activation_through_the_service_with_two_private_views(game: tuple[Client, Client]) -> None:
    allied, german = game
    st = allied.state()
    assert st.phase == "selection" and st.viewer == "allied"
    kinds = {la.kind for la in allied.stub.Query(service_pb2.QueryRequest(
        game_id=allied.game, legal_actions=service_pb2.LegalActionsQuestion()), metadata=allied.md).legal_actions}
    assert "traces.select_chits" in kinds

    # 4.2: secret selections. The first one in: the other side learns only how many.
    allied.submit(select(["XX", "XX"]))
    gv = german.state()
    assert [c.owner for c in gv.traces.cup] == ["allied", "allied"]
    assert_private(gv, "german")
    av = allied.state()
    assert sorted(c.name for c in av.traces.cup) == ["XX", "XX"]
    # A player cannot select for the other side, nor twice.
    with pytest.raises(grpc.RpcError) as e:
        allied.submit(select(["XX"]))
    assert e.value.code() == grpc.StatusCode.FAILED_PRECONDITION

    german.submit(select(["LXIV", "XIII SS"]))
    st = play_until(allied, german, lambda s: s.traces.HasField("activation") and s.traces.activation.chit == "XX")
    for c in (allied, german):
        view = c.state()
        assert_private(view, c.side)
        assert [d.name for d in view.traces.drawn][-1] == "XX"  # drawn chits are public (4.3)
    # SubmitAction responses gave each client only what it may see of the draws.
    for purpose, value in german.seen_rolls:
        if roll_owner(purpose) == "allied":
            assert value == 0
    for purpose, value in allied.seen_rolls:
        if roll_owner(purpose) == "german":
            assert value == 0

    # 2.3: XX Corps HQ and its Army's units within 6 hexes, not the Seventh Army's 180th in 2711.
    act = allied.state().traces.activation
    assert {"us-hq-xx", "us-10ad-cca", "us-10ad-ccb", "us-90-357", "us-90-358"} <= set(act.activated)
    assert "us-45-180" not in act.activated and "us-hq-xii" not in act.activated
    with pytest.raises(grpc.RpcError) as e:  # not the German's activation
        german.submit(end())
    assert e.value.code() == grpc.StatusCode.FAILED_PRECONDITION

    # Movement (mud turn: SYNTHETIC mud costs), then combat.
    reach = allied.stub.Query(service_pb2.QueryRequest(game_id=allied.game, reach=service_pb2.ReachQuestion(
        unit_id="us-95-377")), metadata=allied.md).reachable
    assert "2610" in {r.location for r in reach}
    allied.submit(action_pb2.Action(move=action_pb2.MoveUnits(unit_ids=["us-95-377"], path=["2610"])))
    allied.submit(end("movement"))
    v = allied.stub.ValidateAction(service_pb2.ValidateActionRequest(game_id=allied.game, action=action_pb2.Action(
        attack=action_pb2.Attack(target="2407", attackers=["us-10ad-cca", "us-10ad-ccb", "us-90-357", "us-90-358"],
                                 supports=["intensity:1"]))), metadata=allied.md).verdict
    assert v.legal and v.combat.base_column == "5:1" and v.combat.final_column == "4:1"  # rough 1L, mud 1L, 1R
    allied.submit(action_pb2.Action(attack=action_pb2.Attack(
        target="2407", attackers=["us-10ad-cca", "us-10ad-ccb", "us-90-357", "us-90-358"], supports=["intensity:1"])))

    # The German allocates his losses; the Allied client sees that a decision is pending, not its options.
    gv, av = german.state(), allied.state()
    assert gv.pending.kind == "DEFENDER_LOSSES" and len(gv.pending.options) == 2
    assert av.pending.kind == "DEFENDER_LOSSES" and not av.pending.options
    with pytest.raises(grpc.RpcError) as e:
        allied.answer(["de-361-951", "de-361-952"])
    assert e.value.code() == grpc.StatusCode.FAILED_PRECONDITION
    german.answer(["de-361-951", "de-361-952"])
    assert german.state().pending.kind == "RETREAT"
    german.answer(assignments={"de-361-951": ["2307", "2207"], "de-361-952": ["2307", "2207"]})
    assert allied.state().pending.kind == "ADVANCE"
    allied.answer(assignments={"us-10ad-cca": ["2407"], "us-10ad-ccb": ["2407"]})
    st = allied.state()
    if st.HasField("pending"):  # the intensity risk roll took a step: the Allied player picks the unit
        assert st.pending.kind == "INTENSITY_LOSS"
        allied.answer(["us-90-357"])
    st = allied.state()
    locations = {u.unit_id: u.location for u in st.units}
    assert locations["de-361-951"] == locations["de-361-952"] == "2207"
    assert locations["us-10ad-cca"] == "2407"
    assert st.traces.activation.attacked == ["2407"]

    allied.submit(end("activation"))  # the activation is over: the next chit is drawn
    for c in (allied, german):
        assert_private(c.state(), c.side)

    # The exported record (seed not revealed): the other side's selection is blanked.
    record = allied.stub.ExportGame(service_pb2.ExportGameRequest(game_id=allied.game), metadata=allied.md).record
    selections = [r.action for r in record.actions if r.action.WhichOneof("kind") == "traces"
                  and r.action.traces.WhichOneof("kind") == "select_chits"]
    assert [list(a.traces.select_chits.chits) for a in selections if a.side == "german"] == [["", ""]]
    assert [list(a.traces.select_chits.chits) for a in selections if a.side == "allied"] == [["XX", "XX"]]
    for r in record.actions:
        for d in r.dice:
            if roll_owner(d.purpose) == "german":
                assert d.value == 0
    events = german.stub.ExportGame(service_pb2.ExportGameRequest(game_id=german.game), metadata=german.md).record
    texts = [e.text for r in events.actions for e in r.events]
    assert not any("allied selects" in t for t in texts)
    assert any("allied puts 2 chits in the cup" in t for t in texts)
