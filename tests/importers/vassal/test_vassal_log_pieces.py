"""A log whose pieces are created inside its LOG steps (VASSAL 3.2 logs start
from an empty position), read without a ruleset and written back (issue 13).
The log is written by the project's own log writer."""

from __future__ import annotations

from exporters.vassal.build import scenario_state
from exporters.vassal.logwriter import write_log_text
from importers.vassal.game import SavedGame, read_saved_game
from importers.vassal.obfuscation import Encoding, encode_saved_game
from tests.support.vassal import hex_scenario, module_for
from umpire.v1 import action_pb2, state_pb2, vassal_pb2


def _log_creating_its_pieces():  # type: ignore[no-untyped-def]
    sc = hex_scenario()
    sc.ClearField("setup")  # nothing on the map before the first step
    mod = module_for(hex_scenario())
    place = action_pb2.Action(side="blue")
    place.place.unit_ids.append("b1")
    place.place.location = "0304"
    move = action_pb2.Action(side="blue")
    move.move.unit_ids.append("b1")
    move.move.path.append("0405")
    text = write_log_text(mod, vassal_pb2.VassalBinding(), scenario_state(sc), [place, move])
    return mod, read_saved_game(encode_saved_game(text, Encoding()), "created-in-steps.vlog")


def _record(game: SavedGame, mod):  # type: ignore[no-untyped-def]
    from cli.vassal_cmds import log_record

    return log_record(game, mod, vassal_pb2.VassalBinding(), [])


def test_units_created_inside_log_steps_are_in_the_record_without_a_ruleset() -> None:
    mod, game = _log_creating_its_pieces()
    assert not any(e.piece.kind == "piece" for e in game.pieces.values()), "the start position is empty"
    rec = _record(game, mod)
    assert "b1" in {u.id for u in rec.initial.scenario.definition.units}
    kinds = [(a.action.WhichOneof("kind"), list(a.action.move.path) or a.action.place.location) for a in rec.actions]
    assert kinds == [("place", "0304"), ("move", ["0405"])]
    b1 = next(u for u in rec.initial.units if u.unit_id == "b1")
    assert b1.status == state_pb2.UnitState.OFF_MAP


def test_record_of_such_a_log_writes_its_steps_back_without_a_ruleset() -> None:
    mod, game = _log_creating_its_pieces()
    rec = _record(game, mod)
    text = write_log_text(mod, vassal_pb2.VassalBinding(), rec.initial, [a.action for a in rec.actions])
    again = read_saved_game(encode_saved_game(text, Encoding()), "again.vlog")
    assert len(again.log_steps) == 2
    rec2 = _record(again, mod)
    assert [a.action for a in rec2.actions] == [a.action for a in rec.actions]
