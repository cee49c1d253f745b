"""Write the case map of docs/rules/lucky-forward.md: every case heading of the
Lucky Forward rulebook (GOSS rules 1-26 and the LF exclusive rules) with its
status in Umpire, checked against the code and the tests.

    python scripts/lf_case_map.py [--rulebook PATH] [--check]

The status of each case is stated here (CASES, and PREFIX for whole sections
later stages hold). For a case marked implemented or partly implemented the
script finds the modules that cite it and the tests named after it
(`test_13_10_4a_...`, `test_tc14_13_10_4a_...`; TESTS adds tests whose names do
not carry the case) and refuses to write the map if one has none. `--check`
exits 1 when the doc's map is not what the script would write
(tests/rules/lucky_forward/test_lf_docs.py runs it when the rulebook is at
hand).
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from lf_case_status import CASES, PREFIX, TESTS

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs/rules/lucky-forward.md"
CODE = ROOT / "adjudicator/rules/lucky_forward"
TEST_DIRS = [ROOT / "tests/rules/lucky_forward", ROOT / "tests/service"]
BEGIN, END = "<!-- case-map:begin -->", "<!-- case-map:end -->"
HEADING = re.compile(r"^(LF )?([0-9]+\.[0-9]+(?:\.[0-9]+)?[a-z]?) (\S.*)$")
FIRST_BODY_LINE = 73  # the change log before 1.1.0 repeats headings
LABEL = {"yes": "implemented", "na": "not applicable", "s2": "stage 2", "s3": "stage 3", "s4": "stage 4"}


def headings(rulebook: Path) -> list[tuple[str, str]]:
    out = []
    for i, line in enumerate(rulebook.read_text(encoding="utf-8").splitlines()):
        m = HEADING.match(line)
        if m and i >= FIRST_BODY_LINE:
            out.append(((m.group(1) or "") + m.group(2), m.group(3).strip()))
    return out


def cited() -> dict[str, set[str]]:
    """Case -> the modules that cite it (a quoted case, as GOSS.cite and the
    case lists take them)."""
    out: dict[str, set[str]] = {}
    for p in sorted(CODE.glob("*.py")):
        for m in re.finditer(r'"((?:LF )?[0-9]+\.[0-9]+(?:\.[0-9]+)?[a-z]?)(?: [a-z0-9]+)?(?: Mech)?"', p.read_text()):
            out.setdefault(m.group(1), set()).add(p.stem)
    return out


def tests() -> dict[str, list[str]]:
    """Case -> tests named after it."""
    name = re.compile(r"^def (test_\w+)\(", re.M)
    case = re.compile(r"(?:^|_)(lf_)?(\d+)_(\d+)(?:_(\d+)([a-z])?)?(?=_|$)")
    out: dict[str, list[str]] = {}
    all_names: set[str] = set()
    for d in TEST_DIRS:
        for p in sorted(d.glob("test_*.py")):
            if d.name == "service" and "lucky_forward" not in p.name:
                continue
            for t in name.findall(p.read_text()):
                all_names.add(t)
                body = re.sub(r"^test_(tc\d+[a-c]?_)?", "", t)
                for m in case.finditer(body):
                    two = f"{m.group(2)}.{m.group(3)}"
                    # "5_0" names case 5.0 (a rule) or 5.0.0; "13_12" 13.12.0
                    forms = [two + f".{m.group(4)}{m.group(5) or ''}"] if m.group(4) else [two, two + ".0"]
                    for c in forms:
                        out.setdefault(("LF " if m.group(1) else "") + c, []).append(t)
                    break  # the first case in a name is the test's case
    known = {t for ts in out.values() for t in ts} | all_names
    unknown = sorted({t for ts in TESTS.values() for t in ts} - known)
    if unknown:
        raise SystemExit("scripts/lf_case_status.py names tests that do not exist: " + ", ".join(unknown))
    for c, ts in TESTS.items():
        out.setdefault(c, []).extend(ts)
    return out


def status(c: str) -> tuple[str, str]:
    if c in CASES:
        return CASES[c]
    best = max((p for p in PREFIX if c.startswith(p)), key=len, default="")
    if not best:
        raise SystemExit(f"no status for case {c}: add it to scripts/lf_case_status.py")
    return PREFIX[best]


def table(heads: list[tuple[str, str]]) -> str:
    code, named = cited(), tests()
    missing = []
    rows = ["| case | title | status | code / tests |", "|---|---|---|---|"]
    counts: dict[str, int] = {}
    for c, title in heads:
        st, note = status(c)
        kind = st.split(":")[0]
        counts[kind] = counts.get(kind, 0) + 1
        where = ""
        if kind in ("yes", "part"):
            ts = named.get(c, [])
            if not ts:
                missing.append(c)
            mods = ", ".join(f"`{x}`" for x in sorted(code.get(c, set()))[:3])
            where = "; ".join(x for x in (mods, ", ".join(f"`{t}`" for t in ts[:2])) if x)
        label = LABEL.get(kind, "")
        if kind == "part":
            label = f"part; the rest stage {st.split(':')[1]}"
        rows.append(f"| {c} | {title.replace('|', '/')} | {label}{': ' + note if note else ''} | {where} |")
    if missing:
        raise SystemExit("implemented cases without a test named after them (or in TESTS): " + ", ".join(missing))
    total = sum(counts.values())
    summary = (f"{total} case headings: {counts.get('yes', 0)} implemented, {counts.get('part', 0)} implemented in "
               f"part (the rest in a later stage), {counts.get('s2', 0)} stage 2, {counts.get('s3', 0)} stage 3, "
               f"{counts.get('s4', 0)} stage 4, {counts.get('na', 0)} not applicable.")
    return summary + "\n\n" + "\n".join(rows)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rulebook", default=str(ROOT.parent / "shared/rules/lucky-forward-goss.txt"))
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()
    body = table(headings(Path(args.rulebook)))
    doc = DOC.read_text(encoding="utf-8")
    i, j = doc.index(BEGIN) + len(BEGIN), doc.index(END)
    new = doc[:i] + "\n" + body + "\n" + doc[j:]
    if args.check:
        if new != doc:
            print("docs/rules/lucky-forward.md: the case map is out of date (python scripts/lf_case_map.py)")
            sys.exit(1)
        return
    DOC.write_text(new, encoding="utf-8")


if __name__ == "__main__":
    main()
