"""Node.js for the tests of examples/node-client: find it, install the example's packages.

The example needs `node` (18 or newer) and `npm`, and `npm ci` needs the npm
registry (or npm's cache). Where any is missing the tests skip with the
reason, as the browser tests do without Chromium; anything else that goes
wrong (a lock file out of date, a script error) fails them.
"""

from __future__ import annotations

import functools
import os
import re
import shutil
import subprocess
from collections.abc import Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
EXAMPLE = ROOT / "examples" / "node-client"
# What the example ships (node_modules is installed from the lock file, never committed).
EXAMPLE_FILES = ("package.json", "package-lock.json", ".npmrc", "client.js")
NPM_CI_SECONDS = 300
# npm's error codes for a registry it cannot reach (as opposed to a broken lock file).
_NETWORK = re.compile(r"\b(ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|EHOSTUNREACH)\b")


@functools.cache
def node_unavailable_reason() -> str | None:
    """Why the Node tests cannot run here, or None when node >= 18 and npm are on PATH."""
    node, npm = shutil.which("node"), shutil.which("npm")
    if node is None:
        return "node is not installed (examples/node-client needs Node.js 18 or newer)"
    if npm is None:
        return "npm is not installed (it installs examples/node-client's packages)"
    out = subprocess.run([node, "--version"], capture_output=True, text=True, timeout=30).stdout.strip()
    m = re.match(r"v(\d+)\.", out)
    if not m or int(m.group(1)) < 18:
        return f"node {out or '(unknown version)'} is too old: examples/node-client needs 18 or newer"
    return None


def npm_ci(folder: Path, env: Mapping[str, str] | None = None) -> str | None:
    """`npm ci --prefix FOLDER` (the README's command). None when it installed;
    the skip reason when the registry cannot be reached. Any other failure
    raises AssertionError with npm's output."""
    npm = shutil.which("npm")
    assert npm is not None, "npm_ci called without npm: check node_unavailable_reason() first"
    try:
        done = subprocess.run([npm, "ci", "--prefix", str(folder), "--no-audit", "--no-fund"],
                              cwd=folder, capture_output=True, text=True, timeout=NPM_CI_SECONDS,
                              env={**os.environ, **(env or {})})
    except subprocess.TimeoutExpired:
        return f"npm ci did not finish in {NPM_CI_SECONDS} s (is the npm registry reachable?)"
    if done.returncode == 0:
        return None
    output = done.stdout + done.stderr
    reason = registry_unreachable(output)
    if reason:
        return reason
    raise AssertionError(f"npm ci failed in {folder} (exit {done.returncode}):\n{output}")


def registry_unreachable(npm_output: str) -> str | None:
    """The skip reason when a failed npm command's output says the registry could not be reached."""
    m = _NETWORK.search(npm_output)
    return f"npm ci cannot reach the npm registry ({m.group(1)}); examples/node-client not tested" if m else None


def copy_example(into: Path) -> Path:
    """The example's shipped files, alone in a fresh folder (as a clone has them)."""
    into.mkdir(parents=True, exist_ok=True)
    for name in EXAMPLE_FILES:
        shutil.copy2(EXAMPLE / name, into / name)
    return into
