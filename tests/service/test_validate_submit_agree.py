"""Over gRPC, ValidateAction never calls legal what SubmitAction then refuses,
for every shipped ruleset, on random playouts through the real server.

Every registered ruleset with a shipped scenario is played (a new game is
covered by registering it; add it to GAMES when it needs SYNTHETIC tables to
get going). ValidateAction judges on the caller's view (core/disclosure.py), SubmitAction
on the full state: they must agree. At every step a random player asks for its
legal actions, validates a few candidates (the examples offered, and ending the
phase) and submits one, and the test checks:

* a verdict LEGAL with nothing needed is accepted by SubmitAction;
* a verdict LEGAL that names needed cells is accepted, or refused for data
  (NeedsData) naming only cells the verdict named: a die may land on one;
* a verdict ILLEGAL is refused by SubmitAction (it must not slip through).

Counter values and table cells the texts lack are SYNTHETIC here (filled with
made-up values), so the playouts get past them; the rules are the real ones.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import grpc
import pytest
from grpc_status import rpc_status

from adjudicator.core import dice as dice_mod
from adjudicator.core import engine
from adjudicator.core.ruleset import get_ruleset, load_all
from adjudicator.rules.nordwind.units import COUNTERS, Counters
from tests.rules.traces.helpers import synthetic_tables
from tests.service.conftest import ServerThread, auth
from umpire.v1 import action_pb2, common_pb2, service_pb2, tables_pb2

CANDIDATES = 4


def nordwind_counters(scenario_id: str, seed: int) -> tables_pb2.TableSet:
    """SYNTHETIC counter values for the unit values the scenario does not give,
    except some units' sizes: left unknown so that ending a phase sometimes needs
    them (5), and the test sees whether validate named them."""
    rs = get_ruleset("nordwind-1945")
    st, _ = engine.new_game(rs, rs.load_scenario(scenario_id), game_id="probe", options={}, tables=None,
                            dice=dice_mod.ScriptedDice([]))
    c = Counters(st)
    rng = random.Random(seed)
    types = [t.id for t in st.scenario.definition.unit_types]
    out = tables_pb2.TableSet()
    t = out.tables.add(id=COUNTERS)
    for u in st.scenario.definition.units:
        strength = rng.randint(1, 6)
        values = {"strength": str(strength), "strength (reduced)": str(max(1, strength // 2)), "quality": "C",
                  "quality (reduced)": "D", "size": rng.choice(["III", "III", "II"]),
                  "type": "infantry" if "infantry" in types else types[0], "movement class": "foot",
                  "armored bonus": "no"}
        for column, value in values.items():
            if column == "size" and rng.random() < 0.3:
                continue
            if c.get(u.id, column) is None:
                t.cells.add(row=u.id, column=column, value=value, source="SYNTHETIC test value")
    return out


# Per ruleset: the scenario played and the SYNTHETIC tables that get it past the
# values the text lacks. A ruleset not listed plays its first shipped scenario as is.
GAMES: dict[str, tuple[str, Callable[[int], tables_pb2.TableSet | None]]] = {
    "nordwind-1945": ("nordwind-1945/historical", lambda seed: nordwind_counters("nordwind-1945/historical", seed)),
    "traces-of-victory": ("traces-of-victory/combined-assault", lambda seed: synthetic_tables()),
    "major-battles": ("major-battles/normandy", lambda seed: None),
}
STEPS = {"nordwind-1945": 170}  # Nordwind: ~90 units to set up first
DEFAULT_STEPS = 60


def _game(rid: str, seed: int) -> tuple[str, tables_pb2.TableSet | None]:
    if rid in GAMES:
        scenario_id, tables = GAMES[rid]
        return scenario_id, tables(seed)
    return get_ruleset(rid).scenario_ids()[0], None


# SYNTHETIC values a player would read off the printed chart, per (table, column); "" = any column.
READ_OFF = {
    ("nordwind-1945/counters", "size"): "III", ("nordwind-1945/counters", "strength"): "2",
    ("nordwind-1945/counters", "strength (reduced)"): "1", ("nordwind-1945/counters", "quality"): "C",
    ("nordwind-1945/counters", "quality (reduced)"): "D", ("nordwind-1945/counters", "armored bonus"): "no",
    ("nordwind-1945/counters", "movement class"): "foot", ("nordwind-1945/crt", ""): "1/1",
    ("nordwind-1945/quality", ""): "0", ("nordwind-1945/weather", ""): "cloudy",
    ("nordwind-1945/objectives", "hex"): "0101", ("traces-of-victory/crt", ""): "1R",
}


def _read_off(cells: object) -> list[object] | None:
    """The needed cells with SYNTHETIC values, or None when one has no such value here."""
    out = []
    for c in cells:  # type: ignore[attr-defined]
        value = READ_OFF.get((c.table_id, c.column), READ_OFF.get((c.table_id, "")))
        if value is None:
            return None
        out.append(common_pb2.SuppliedCell(table_id=c.table_id, column=c.column, row=c.row, value=value,
                                           note="SYNTHETIC test value"))
    return out


def _failure(err: grpc.RpcError) -> tuple[grpc.StatusCode, list[service_pb2.IllegalActionDetail]]:
    st = rpc_status.from_call(err)
    details = []
    for d in (st.details if st is not None else []):
        if d.Is(service_pb2.IllegalActionDetail.DESCRIPTOR):
            m = service_pb2.IllegalActionDetail()
            d.Unpack(m)
            details.append(m)
    return err.code(), details


def _cells(cells: object) -> set[tuple[str, str, str]]:
    return {(c.table_id, c.row, c.column) for c in cells}  # type: ignore[attr-defined]


@pytest.mark.parametrize("rid", [r.id for r in load_all()[0] if r.scenario_ids()])
@pytest.mark.parametrize("seed", [11, 12])
def test_validate_never_calls_legal_what_submit_refuses(server: ServerThread, rid: str, seed: int) -> None:
    scenario_id, tables = _game(rid, seed)
    created = server.stub.CreateGame(service_pb2.CreateGameRequest(ruleset=rid, scenario_id=scenario_id,
                                                                   tables=tables))
    gid, tokens = created.game_id, {t.side: t.token for t in created.tokens}
    rng = random.Random(seed)
    accepted = refused_illegal = 0
    for _ in range(STEPS.get(rid, DEFAULT_STEPS)):
        any_side = next(iter(tokens))
        st = server.stub.GetState(service_pb2.GetStateRequest(game_id=gid), metadata=auth(tokens[any_side])).state
        if st.finished:
            break
        if st.HasField("pending"):
            sides = [st.pending.side]
        else:  # no phasing player (e.g. both select their chits): any side that has something to do
            sides = [st.active_side] if st.active_side else rng.sample(sorted(tokens), len(tokens))
        candidates: list[action_pb2.Action] = []
        for side in sides:
            md = auth(tokens[side])
            offers = server.stub.Query(service_pb2.QueryRequest(
                game_id=gid, legal_actions=service_pb2.LegalActionsQuestion()), metadata=md).legal_actions
            candidates = [la.example for la in offers if la.example.WhichOneof("kind")]
            if candidates:
                break
        if not st.HasField("pending") and st.active_side:
            candidates.append(action_pb2.Action(end_phase=action_pb2.EndPhase()))
        rng.shuffle(candidates)
        judged = []
        for cand in candidates[:CANDIDATES]:
            try:
                v = server.stub.ValidateAction(service_pb2.ValidateActionRequest(game_id=gid, action=cand),
                                               metadata=md).verdict
            except grpc.RpcError:
                continue  # the question itself needs data (e.g. a move over a hexside of unknown cost)
            judged.append((cand, v))
        for cand, v in judged:
            if v.legal:
                continue
            with pytest.raises(grpc.RpcError) as e:  # an illegal verdict is never accepted
                server.stub.SubmitAction(service_pb2.SubmitActionRequest(game_id=gid, action=cand,
                                                                         expected_version=st.version), metadata=md)
            code, details = _failure(e.value)
            assert code == grpc.StatusCode.FAILED_PRECONDITION and details and not details[0].verdict.legal
            refused_illegal += 1
            break
        legal = sorted((x for x in judged if x[1].legal), key=lambda x: len(x[1].needs))
        moved = False
        for cand, v in legal:
            try:
                server.stub.SubmitAction(service_pb2.SubmitActionRequest(game_id=gid, action=cand,
                                                                         expected_version=st.version), metadata=md)
            except grpc.RpcError as e:
                code, details = _failure(e)
                assert v.needs, f"{rid}: ValidateAction called {cand} legal, SubmitAction refused it: {e.details()}"
                assert code == grpc.StatusCode.FAILED_PRECONDITION and details and details[0].verdict.legal, \
                    f"{rid}: legal with needs {list(v.needs)}, then refused: {e.details()}"
                unnamed = _cells(details[0].verdict.needs) - _cells(v.needs)
                assert not unnamed, f"{rid}: SubmitAction needed {unnamed}, ValidateAction named only {_cells(v.needs)}"
                with_values = action_pb2.Action()  # as a player goes on: the values read off the chart
                with_values.CopyFrom(cand)
                needs = v.needs
                for _ in range(4):  # values may show that more are needed (another unit of the stack)
                    supplied = _read_off(needs)
                    if supplied is None:
                        break
                    with_values.supplied_cells.extend(supplied)  # type: ignore[arg-type]
                    again = server.stub.ValidateAction(service_pb2.ValidateActionRequest(
                        game_id=gid, action=with_values), metadata=md).verdict
                    assert again.legal and not _cells(again.needs) & _cells(with_values.supplied_cells)
                    needs = again.needs
                    if not needs:
                        break
                if needs:
                    continue
                server.stub.SubmitAction(service_pb2.SubmitActionRequest(
                    game_id=gid, action=with_values, expected_version=st.version), metadata=md)
            accepted += 1
            moved = True
            break
        if not moved:
            break
    assert accepted >= 5, f"{rid}: the playout stopped after {accepted} actions"
