"""Lucky Forward (GOSS) through the real server: one full game turn (the
AM GT: joint phases, the Allied and the Axis player turns, each with an FS
mission and a ground assault) on a SYNTHETIC map, the missing tables given as
a SYNTHETIC table file in CreateGame. Every owner's choice arrives as a
pending decision to that side (its options hidden from the other side), and
is answered through SubmitAction; the server throws the dice."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from pathlib import Path

from google.protobuf import text_format

from adjudicator.rules.lucky_forward.model import Model
from importers.canonical import read_message
from tests.rules.lucky_forward.helpers import Scen, hex_map, synthetic_tables
from tests.service.conftest import ServerThread, auth
from umpire.v1 import action_pb2, lucky_forward_pb2 as lf, service_pb2, state_pb2, tables_pb2

ROWS = [str(v) for v in range(-60, 160)]
COLS = "ABCDEFGHIJKLMN"


def _scenario() -> Scen:
    s = Scen(hex_map(terrain={"1605": "woods", "1405": "woods"}))
    s.unit("a1", "allied", "1505", rgt="1")
    s.unit("a2", "allied", "1504", rgt="1")
    # next to x2, out of the Allied GA: the Axis attacks it; mixed armour: its owner picks the FS DRMs (11.5.3)
    s.unit("a3", "allied", "1506", rgt="2", types=["infantry", "armored-infantry"], cls="mech", armor="mixed")
    s.unit("a-art", "allied", "1305", types=["artillery"], attack=None, defense=1, reduced=None, steps=1,
           barrage=8, range=6, gun="105mm")
    s.unit("x1", "axis", "1605", rgt="g", types=["infantry", "armored-infantry"], cls="mech", armor="mixed")
    s.work("1605", "ET-2")  # FS targets in ETs pass their PRC (11.6.2a): they stay for the GA
    s.work("1506", "ET-2", side="allied")
    s.unit("x2", "axis", "1606", rgt="g")
    s.unit("x-art", "axis", "1807", types=["artillery"], attack=None, defense=1, reduced=None, steps=1,
           barrage=8, range=6, gun="105mm")
    return s


def _table_file(tmp: Path) -> Path:
    """The SYNTHETIC table file: every cell the text lacks, and GAT results
    that always hit both sides, so that every owner's choice comes up."""
    hits = {(r, c): "*2(1)" for r in ROWS for c in COLS}
    ts = synthetic_tables(lucky_forward_gat_defender_results=hits, lucky_forward_gat_attacker_results=hits)
    path = tmp / "lucky-forward-synthetic.tables.textproto"
    path.write_text("# SYNTHETIC test values, not the printed charts\n" + text_format.MessageToString(ts))
    return path


def _lfa(**kw: object) -> action_pb2.Action:
    a = action_pb2.Action()
    for k, v in kw.items():
        getattr(a.lucky_forward, k).CopyFrom(v)
    return a


def _target(m: Model) -> str:
    """The hex of an Allied unit next to x2 (where the Allied GA left them)."""
    x2 = m.units["x2"]
    return next(m.label(h) for h in sorted(m.hm.neighbours(x2.hex))
                if any(u.side == "allied" and not u.is_hq for u in m.stack(h)))


Scripted = action_pb2.Action | Callable[[Model], action_pb2.Action]
SCRIPT: dict[tuple[str, str, str], list[Scripted]] = {
    ("axis", "command", "rest-designation"): [_lfa(designate_rest=lf.LfDesignateRest(group="all", time="night"))],
    ("allied", "mode-determination", ""): [_lfa(set_mode=lf.LfSetMode(unit_ids=["a1"],
                                                                       mode=lf.LF_MODE_PREPARED_ASSAULT))],
    ("allied", "combat", "fs-offensive"): [_lfa(fire_support=lf.LfFireSupport(
        spotter="a1", target="1605", fire=[lf.LfFire(unit_id="a-art", points=8)]))],
    ("allied", "combat", "ground-assault"): [_lfa(ground_assault=lf.LfGroundAssaultAction(
        hex="1605", attackers=["a1"], lead_pr="a1"))],
    ("axis", "mode-determination", ""): [_lfa(set_mode=lf.LfSetMode(unit_ids=["x2"],
                                                                     mode=lf.LF_MODE_PREPARED_ASSAULT))],
    ("axis", "combat", "fs-offensive"): [lambda m: _lfa(fire_support=lf.LfFireSupport(
        spotter="x2", target=_target(m), fire=[lf.LfFire(unit_id="x-art", points=8)]))],
    ("axis", "combat", "ground-assault"): [lambda m: _lfa(ground_assault=lf.LfGroundAssaultAction(
        hex=_target(m), attackers=["x2"], lead_pr="x2"))],
}


def _answer(state: state_pb2.GameState) -> action_pb2.Action:
    d = state.pending
    ids = [o.id for o in d.options]
    if d.kind == "GA_DEFENDER":
        choice = [next(i for i in ids if i.startswith("lead:"))]
        choice += [i for i in ids if i.startswith("terrain:")][:1]
    elif d.kind == "FS_FIRST_HIT":
        choice = ["step"]  # the target stays in its hex for the GA that follows
    elif d.kind == "FS_ADVANCE" or d.kind == "GA_ADVANCE":
        choice = ids[:1]
    else:
        choice = ids[:max(1, d.min_choices)] if ids else []
    return action_pb2.Action(answer=action_pb2.AnswerDecision(decision_id=d.id, choices=choice))


def test_a_full_game_turn_with_fs_and_ga_through_the_service(server: ServerThread, tmp_path: Path) -> None:
    tables = read_message(_table_file(tmp_path), tables_pb2.TableSet())
    created = server.stub.CreateGame(service_pb2.CreateGameRequest(
        ruleset="lucky-forward", scenario=_scenario().sc, tables=tables))
    gid, tok = created.game_id, {t.side: t.token for t in created.tokens}
    script = {k: list(v) for k, v in SCRIPT.items()}
    decisions: Counter[tuple[str, str]] = Counter()
    done: Counter[str] = Counter()
    for _ in range(400):
        views = {s: server.stub.GetState(service_pb2.GetStateRequest(game_id=gid), metadata=auth(tok[s])).state
                 for s in ("allied", "axis")}
        st = views["allied"]
        if st.lucky_forward.gt >= 2 or st.finished:
            break
        if st.HasField("pending"):
            side = st.pending.side
            other = "axis" if side == "allied" else "allied"
            assert not views[other].pending.options, "a decision's options reached the other side"
            own = views[side]
            action = _answer(own)
            decisions[(side, own.pending.kind)] += 1
        else:
            side = st.active_side
            own = views[side]
            key = (own.lucky_forward.phasing or side, own.phase, own.segment)
            queue = script.get(key, [])
            if queue:
                item = queue.pop(0)
                action = item if isinstance(item, action_pb2.Action) else item(Model(own))
                done[action.lucky_forward.WhichOneof("kind")] += 1
            else:
                action = action_pb2.Action(end_phase=action_pb2.EndPhase())
        resp = server.stub.SubmitAction(service_pb2.SubmitActionRequest(
            game_id=gid, action=action, expected_version=own.version), metadata=auth(tok[side]))
        assert resp.verdict.legal
    final = server.stub.GetState(service_pb2.GetStateRequest(game_id=gid), metadata=auth(tok["allied"])).state
    assert final.lucky_forward.gt == 2 and final.lucky_forward.time == "PM"  # the AM GT is over
    assert done["fire_support"] == 2 and done["ground_assault"] == 2  # both player turns fought
    kinds = {k for _, k in decisions}
    assert {"GA_DEFENDER", "GA_OPTION"} <= kinds, decisions
    assert ("allied", "FS_DRMS") in decisions and ("axis", "FS_DRMS") in decisions, decisions
    assert {s for s, _ in decisions} == {"allied", "axis"}
    record = server.stub.ExportGame(service_pb2.ExportGameRequest(game_id=gid), metadata=auth(tok["allied"])).record
    rest = [a for a in record.actions if a.action.lucky_forward.HasField("designate_rest")]
    assert rest and rest[0].action.lucky_forward.designate_rest.time == ""  # the Axis rest GT stays secret
