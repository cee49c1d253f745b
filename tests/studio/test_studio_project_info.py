"""What the page header says of the project folder: a path a user recognises
(relative to where the studio was started, else under ~), never a long
absolute temporary path; the full path stays available."""

from __future__ import annotations

from pathlib import Path

import pytest

from studio.project import Project


def test_the_header_names_the_project_folder_relative_to_where_the_studio_started(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    info = Project.open(Path("umpire-demo-studio"), None, "nordwind-1945").info()
    assert info["project"] == "umpire-demo-studio/"
    assert info["project_path"] == str(tmp_path.resolve() / "umpire-demo-studio")


def test_a_folder_elsewhere_is_shown_under_home_or_in_full(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    home, elsewhere = tmp_path / "home" / "ann", tmp_path / "work"
    home.mkdir(parents=True)
    elsewhere.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.chdir(elsewhere)
    assert Project.open(home / "games" / "nw-studio", None, None).info()["project"] == "~/games/nw-studio/"
    other = tmp_path / "srv" / "p"
    assert Project.open(other, None, None).info()["project"] == str(other.resolve()) + "/"
