"""The studio's guard: secret URL, Host/Origin checks (DNS rebinding), JSON
only for changes, writes confined to the project folder, hostile archives
refused with one line (no traceback)."""

from __future__ import annotations

import io
import os
import zipfile
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from adjudicator.core.errors import MalformedInput
from studio.security import inside
from studio.server import Running
from tests.studio.conftest import start


@pytest.fixture
def studio(tmp_path: Path) -> Iterator[Running]:
    run = start(tmp_path / "project", None, "nordwind-1945")
    yield run
    run.stop()


def test_binds_loopback_with_a_secret_in_the_url(studio: Running) -> None:
    assert studio.url.startswith("http://127.0.0.1:") and "/s/" in studio.url
    assert httpx.get(studio.url + "api/info").status_code == 200
    base = studio.url.split("/s/")[0]
    assert httpx.get(base + "/api/info").status_code == 404
    assert httpx.get(base + "/s/wrong-secret/api/info").status_code == 404
    secret = studio.url.split("/s/")[1].rstrip("/")
    assert httpx.get(f"{base}/s/{secret[:-1]}/api/info").status_code == 404


def test_foreign_host_origin_or_site_is_refused(studio: Running) -> None:
    url = studio.url + "api/info"
    assert httpx.get(url, headers={"Host": "attacker.example:80"}).status_code == 403  # DNS rebinding
    assert httpx.get(url, headers={"Origin": "http://attacker.example"}).status_code == 403
    assert httpx.get(url, headers={"Sec-Fetch-Site": "cross-site"}).status_code == 403
    assert httpx.get(url, headers={"Origin": studio.url.split("/s/")[0]}).status_code == 200


def test_changes_must_be_json(studio: Running) -> None:
    r = httpx.post(studio.url + "api/settings", content="ruleset=x",
                   headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert r.status_code == 415
    r = httpx.post(studio.url + "api/settings", json={"ruleset": "no-such-ruleset"})
    assert r.status_code == 404 and "unknown ruleset" in r.json()["error"] and "\n" not in r.json()["error"]


@pytest.mark.parametrize("bad", ["../x", "/etc/passwd", "a/../../b", "maps/../../x", "C:x", "a\\..\\b", ".hidden",
                                 "a//b", ""])
def test_paths_outside_the_project_are_refused(tmp_path: Path, bad: str) -> None:
    with pytest.raises(MalformedInput):
        inside(tmp_path, bad)


def test_a_symbolic_link_out_of_the_project_is_refused(tmp_path: Path) -> None:
    (tmp_path / "p").mkdir()
    (tmp_path / "outside").mkdir()
    os.symlink(tmp_path / "outside", tmp_path / "p" / "games")
    with pytest.raises(MalformedInput, match="leaves the project folder"):
        inside(tmp_path / "p", "games/x.vsav")
    assert inside(tmp_path / "p", "maps/m.toml") == (tmp_path / "p" / "maps" / "m.toml").resolve()


def _upload(studio: Running, name: str, data: bytes) -> httpx.Response:
    return httpx.post(studio.url + f"api/upload?name={name}", content=data,
                      headers={"Content-Type": "application/octet-stream"})


def test_an_upload_cannot_name_a_path(studio: Running, tmp_path: Path) -> None:
    r = _upload(studio, "../escape.vsav", b"x")
    assert r.status_code == 400 and "plain file name" in r.json()["error"]
    assert not (tmp_path / "escape.vsav").exists()


def _zip(entries: dict[str, bytes]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for n, d in entries.items():
            z.writestr(n, d)
    return buf.getvalue()


@pytest.mark.parametrize("entries,why", [
    ({"../../evil": b"x", "savedGame": b"!VCSK"}, "path traversal"),
    ({"savedGame": b"\x00" * (48 * 1024 * 1024)}, "zip bomb"),
])
def test_hostile_saves_are_refused_by_the_converters_guards(studio: Running, entries: dict[str, bytes], why: str) -> None:
    r = _upload(studio, "hostile.vsav", _zip(entries))
    assert r.status_code == 400, r.text
    err = r.json()["error"]
    assert why in err and "Traceback" not in err and "\n" not in err


def test_not_a_zip_is_one_line(studio: Running) -> None:
    r = _upload(studio, "junk.vsav", b"this is not a zip")
    assert r.status_code == 400 and "not a ZIP archive" in r.json()["error"]
