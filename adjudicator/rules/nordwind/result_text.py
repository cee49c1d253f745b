"""A CRT result as printed ("1/R2", "-/1", "R/-"): each side's part (6.5).

"-" nothing; "N" N requirements, each a step loss or a hex of retreat; "R" a
mandatory retreat; "RN" a mandatory retreat plus N requirements.
"""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.core.errors import MalformedInput


@dataclass(frozen=True)
class Part:
    mandatory: bool
    n: int

    @property
    def empty(self) -> bool:
        return not self.mandatory and self.n == 0


def parse_part(text: str) -> Part:
    t = text.strip()
    if t in ("-", "–", ""):
        return Part(False, 0)
    mandatory = t.startswith("R")
    digits = t[1:] if mandatory else t
    if digits and not digits.isdigit():
        raise ValueError(t)
    return Part(mandatory, int(digits or "0"))


def parse_result(text: str) -> tuple[Part, Part]:
    """Both parts of a CRT cell; MalformedInput names the cell text otherwise
    (cells come from table files and from players reading the printed chart)."""
    a, sep, d = text.partition("/")
    try:
        if not sep:
            raise ValueError(text)
        return parse_part(a), parse_part(d)
    except ValueError:
        raise MalformedInput(f"CRT result {text!r} is not 'attacker/defender' with parts like '-', '2', 'R' "
                             "or 'R2' (e.g. '-/R2', '1/1')", "nordwind-1945/crt") from None
