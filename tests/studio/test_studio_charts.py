"""The module's own charts beside the Charts tab's grids: its ChartWindow images
and its chart maps (a VASSAL map with a board picture but no hex grid: a turn
track, a chart sheet), as issue 11 asks ("ChartWindow images or chart maps")."""

from __future__ import annotations

from pathlib import Path

import pytest

from importers.vassal.module import Module
from studio import charts

JZHEX = "jzhex-n-counters-template-v12-379.vmod"


@pytest.mark.samples
def test_chart_maps_are_shown_with_the_chart_windows(samples_dir: Path) -> None:
    p = samples_dir / JZHEX
    if not p.is_file():
        pytest.skip(f"{p} is absent")
    shown = charts.chart_images(Module.open(p))
    turn = [c for c in shown if c["image"] == "map-turntrack.jpg"]
    assert len(turn) == 1 and turn[0]["name"] == "TurnTrack" and "map" in turn[0]["description"]
    assert all(c["image"] != "map.jpg" for c in shown)  # the hex map is painted in the Map tab, not a chart


@pytest.mark.samples
def test_ragnarok_lists_its_chart_windows(samples_dir: Path) -> None:
    p = samples_dir / "ragnarok-v12-379-unpacked.vmod"
    if not p.is_file():
        pytest.skip(f"{p} is absent")
    shown = charts.chart_images(Module.open(p))
    assert [c["image"] for c in shown][:3] == ["chart-uic.jpg", "chart-sop.jpg", "chart-tec.jpg"] and len(shown) == 8
