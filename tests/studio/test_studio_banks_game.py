"""Banks painted in the studio reach the verdict: Nordwind 3.3, the German
player places the ferry on his bank of the Rhine (the map says which bank a
hex lies on, docs/maps.md). SYNTHETIC demo module, with a Rhine drawn on it."""

from __future__ import annotations

from pathlib import Path

from studio import game
from tests.support.studio_module import demo_files, demo_project
from umpire.v1 import action_pb2


def _ferry(hexl: str) -> action_pb2.Action:
    a = action_pb2.Action(side="german")
    a.nordwind.place_ferry.hex = hexl
    return a


def test_3_3_the_ferry_goes_on_the_german_bank_the_studio_painted(tmp_path: Path) -> None:
    files = demo_files(tmp_path / "demo")
    project = demo_project(tmp_path / "project", files)
    doc = project.load_map("Main Map")["doc"]
    for side in ("1203/1304", "1204/1304"):
        doc["hexsides"][side] = ["rhine"]
    doc["banks"]["1203"] = {"rhine": "german"}
    doc["banks"]["1304"] = {"rhine": "allied"}
    saved = project.save_map("Main Map", doc)
    assert saved["ok"], saved
    sess = game.open_game(files.save, project.module, project.binding(), project.completion(), project.charts())
    assert sess.state.phase == "german-movement"

    def judged(hexl: str) -> tuple[bool, list[tuple[str, str]]]:
        v = game._judge(sess, _ferry(hexl))
        return v.legal, [(x.code, x.citation.rule_case) for x in v.violations]

    assert judged("1203") == (True, [])
    assert judged("1304") == (False, [("NOT_GERMAN_BANK", "3.3")])
    assert judged("1204") == (False, [("RHINE_BANK_UNKNOWN", "3.3")])  # along the Rhine, its bank not painted
