"""Reading FS and GA results as printed (11.6.0, 13.9.2), and checking values
players supply for those tables."""

from __future__ import annotations

import re
from dataclasses import dataclass

from adjudicator.core.errors import MalformedInput

_FS = re.compile(r"^(?:(?P<n>\d+)|(?P<k>\d*)AS(?P<h>\d*))$")
_GA = re.compile(r"^(?P<prc>\*)?(?P<d>[0-9])?(?:\((?P<m>[0-9])\))?$")


@dataclass(frozen=True)
class FsResult:
    as_hits: int
    hits: int


def parse_fs(value: str, as1: str = "as-and-hit") -> FsResult:
    """'-' (no effect), 'N' numerical hits, 'AS'+N: one AS hit and N numerical
    hits, 'kAS'+N: k AS hits (option lf.a15-as1 'as-only': the number after AS
    counts AS hits instead)."""
    v = value.strip()
    if v in ("-", "no effect", "NE", ""):
        return FsResult(0, 0)
    mt = _FS.match(v)
    if mt is None:
        raise MalformedInput(f"{value!r} is not an FS result ('-', '2', 'AS1', '2AS1')")
    if mt.group("n") is not None:
        return FsResult(0, int(mt.group("n")))
    k = int(mt.group("k") or 1)
    h = int(mt.group("h") or 0)
    if as1 == "as-only":
        return FsResult(h or k, 0)
    return FsResult(k, h)


def check_fs_result(value: str) -> None:
    parse_fs(value)


@dataclass(frozen=True)
class GaResult:
    prc: bool
    discretionary: int
    mandatory: int

    def text(self) -> str:
        if not (self.prc or self.discretionary or self.mandatory):
            return "-"
        return (("*" if self.prc else "") + (str(self.discretionary) if self.discretionary else "")
                + (f"({self.mandatory})" if self.mandatory else ""))


def parse_ga(value: str) -> GaResult:
    """13.9.2: '*' a mandatory PRC, '(n)' n mandatory hits, 'n' n discretionary
    hits, in combination ('*2(3)', '3(2)'); '-' no result (13.9.0)."""
    v = value.strip()
    if v in ("-", "no result", ""):
        return GaResult(False, 0, 0)
    mt = _GA.match(v)
    if mt is None or not (mt.group("prc") or mt.group("d") or mt.group("m")):
        raise MalformedInput(f"{value!r} is not a GA result ('*', '1', '(2)', '*2(3)', '-')")
    return GaResult(bool(mt.group("prc")), int(mt.group("d") or 0), int(mt.group("m") or 0))


def check_ga_result(value: str) -> None:
    parse_ga(value)
