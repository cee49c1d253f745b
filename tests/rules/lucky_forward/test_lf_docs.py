"""docs/rules/lucky-forward.md stays true: its case map is what
scripts/lf_case_map.py writes from the rulebook (when the rulebook is at
hand), every digest test case TC-01…TC-42 has a line, and every test it names
exists."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
DOC = ROOT / "docs/rules/lucky-forward.md"
RULEBOOK = ROOT.parent / "shared/rules/lucky-forward-goss.txt"


def _test_names() -> set[str]:
    out: set[str] = set()
    for d in (ROOT / "tests/rules/lucky_forward", ROOT / "tests/service", ROOT / "tests/properties"):
        for p in d.glob("test_*.py"):
            out |= set(re.findall(r"^def (test_\w+)\(", p.read_text(), re.M))
    return out


@pytest.mark.skipif(not RULEBOOK.exists(), reason="the rulebook is not at ../shared/rules")
def test_the_case_map_is_up_to_date_and_every_implemented_case_has_a_test() -> None:
    r = subprocess.run([sys.executable, str(ROOT / "scripts/lf_case_map.py"), "--check", "--rulebook", str(RULEBOOK)],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr


def test_every_digest_test_case_has_a_line() -> None:
    text = DOC.read_text()
    table = text[text.index("## Test cases"):text.index("## Performance")]
    named: set[int] = set()
    for line in table.splitlines():
        m = re.match(r"\| (TC-[0-9][^|]*)\|", line)
        if not m:
            continue
        nums = [int(x) for x in re.findall(r"TC-(\d+)", m.group(1))]
        if "…" in m.group(1) and len(nums) == 2:
            nums = list(range(nums[0], nums[1] + 1))
        named |= set(nums)
    assert named == set(range(1, 43))


def test_the_tests_the_doc_names_exist() -> None:
    names = _test_names()
    text = DOC.read_text()
    for t in set(re.findall(r"`(test_\w+?)(?:…)?`", text)):
        if text.count(f"`{t}…`") or t.endswith("_"):
            assert any(n.startswith(t) for n in names), t
        else:
            assert t in names, t
