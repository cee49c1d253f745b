"""Quoting the rulebook: the paragraph a citation names, read from the text.

A dispute report (`umpire report`) quotes every rule its verdict cites, so the
opponent reads the rule itself, not Umpire's summary of it. Rulebooks number
their cases differently: Nordwind "4.2 - ZoC Effects", Traces "10.2.1 Combat
Ratio", GOSS "13.10.4a Hold the Position" (each also listed once in a table of
contents: the occurrence with the longest text wins), Patton's 3rd Army by
lettered paragraphs of a case ("5.5.1.B": paragraph "B." under "5.5.1 In General"), Major Battles by section
and paragraph ('"Using Movement Points" ¶3': the third paragraph under that
heading, a bulleted line belonging to the paragraph before it), worked
examples by their opening words ("Example 2"). `find_case` is pure text
processing; `rulebook_text` finds the file.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from adjudicator.core.errors import NotFound
from adjudicator.core.ruleset import get_ruleset
from umpire.v1 import common_pb2

ROOT = Path(__file__).resolve().parent.parent
MAX_QUOTE = 2400
_HEADER = re.compile(r"^\s*(\d+(?:\.\d+)*[a-z]?)(?=[\s.:\-–)]|$)")
_SECTION = re.compile(r'^"(?P<section>[^"]+)"\s*¶\s*(?P<n>\d+)$')
# Patton's 3rd Army letters a case's paragraphs ("5.5.1 In General", "A. ...",
# "B. ..."); its verdicts cite one as 5.5.1.B (and 10.D for "10.0 Cadre Units").
_LETTERED = re.compile(r"^(?P<num>\d+(?:\.\d+)*)\.(?P<letter>[A-Z])$")
_LETTER = re.compile(r"^\s*([A-Z])\.\s")


def rules_dirs(extra: Path | None = None) -> list[Path]:
    """Where rulebook texts are looked for: `extra` (--rules), $UMPIRE_RULES,
    then ../shared/rules beside the project."""
    out = [p for p in (extra, Path(os.environ["UMPIRE_RULES"]) if os.environ.get("UMPIRE_RULES") else None) if p]
    out.append(ROOT.parent / "shared" / "rules")
    return out


def rulebook_text(ruleset_id: str, extra: Path | None = None) -> tuple[str, str] | None:
    """(file name, text) of a ruleset's rulebook, or None when it is not found."""
    try:
        name = get_ruleset(ruleset_id).rulebook
    except NotFound:
        return None
    for d in rules_dirs(extra):
        p = d / name
        if p.is_file():
            return name, p.read_text(encoding="utf-8", errors="replace")
    return None


def _numbered(lines: list[str], case: str) -> str | None:
    best = ""
    for i, line in enumerate(lines):
        m = _HEADER.match(line)
        if m is None or m.group(1) != case:
            continue
        body = [line.strip()]
        for nxt in lines[i + 1:]:
            h = _HEADER.match(nxt)
            if h is not None and not h.group(1).startswith(case + "."):
                break
            body.append(nxt.strip())
        text = "\n".join(b for b in body if b)
        if len(text) > len(best):
            best = text
    return best or None


def _section(lines: list[str], section: str, n: int) -> str | None:
    for i, line in enumerate(lines):
        if line.strip() != section:
            continue
        paras: list[str] = []
        for nxt in lines[i + 1:]:
            s = nxt.strip()
            if not s:
                continue
            if _is_heading(s):
                break
            if s.startswith(("- ", "• ")) and paras:
                paras[-1] += "\n" + s
            else:
                paras.append(s)
        if 1 <= n <= len(paras):
            return f"{section} ¶{n}\n{paras[n - 1]}"
    return None


def _lettered(lines: list[str], num: str, letter: str) -> str | None:
    """Paragraph `letter` of case `num`: the case's title line, then that
    paragraph (to the next lettered paragraph or case)."""
    for case in (num, num + ".0") if "." not in num else (num,):
        body = _numbered(lines, case)
        if body is None:
            continue
        title, *rest = body.split("\n")
        for i, line in enumerate(rest):
            m = _LETTER.match(line)
            if m is None or m.group(1) != letter:
                continue
            para = [line]
            for nxt in rest[i + 1:]:
                if _LETTER.match(nxt) or _HEADER.match(nxt):
                    break
                para.append(nxt)
            return title + "\n" + "\n".join(para)
    return None


def _is_heading(s: str) -> bool:
    """A short title line (no final punctuation), as Major Battles prints its sections."""
    return len(s) < 60 and not s.endswith((".", ":", ")", ",")) and not s.startswith(("-", "•", "(", "*"))


def find_case(text: str, case: str) -> str | None:
    """The paragraph(s) of `case` in a rulebook text, or None when not found."""
    lines = text.splitlines()
    case = case.strip()
    m = _SECTION.match(case)
    lettered = _LETTERED.match(case)
    if m:
        found = _section(lines, m.group("section"), int(m.group("n")))
    elif lettered:
        found = _lettered(lines, lettered.group("num"), lettered.group("letter"))
    elif _HEADER.match(case) and _HEADER.match(case).group(1) == case:  # type: ignore[union-attr]
        found = _numbered(lines, case)
    else:
        found = next((ln.strip() for ln in lines if ln.strip().startswith(case + ":")
                      or ln.strip().startswith(case + " ")), None)
    if found is not None and len(found) > MAX_QUOTE:
        found = found[:MAX_QUOTE].rsplit(" ", 1)[0] + " …"
    return found


def quote(citation: common_pb2.Citation, extra: Path | None = None) -> tuple[str, str]:
    """(where, text): the quoted rule, or why it cannot be quoted."""
    if citation.quote:
        return "the ruleset's own quote", citation.quote
    if citation.ruleset == "umpire":
        return "Umpire", "a check every game shares (docs/architecture.md), not a rule of the rulebook"
    case = citation.rule_case
    if case.upper().startswith(("AMB-", "A-")):
        return ("ambiguity register", f"{case} is Umpire's reading of a point the rulebook leaves open "
                f"(docs/rules/{citation.ruleset}.md lists the reading and its option)")
    book = rulebook_text(citation.ruleset, extra)
    if book is None:
        return "not found", f"the rulebook of {citation.ruleset} was not found (give --rules DIR)"
    name, text = book
    found = find_case(text, case)
    if found is None:
        return name, f"case {case} was not found in {name}"
    return name, found
