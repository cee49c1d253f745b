"""Hex labels <-> raw grid column/row, exactly as VASSAL names grid locations.

VASSAL derives a location name from a raw column/row with
`RegularGridNumbering` / `HexGridNumbering` (research/vassal-formats.md §1.6-1.7).
The kernel needs the inverse (printed hex id -> raw column/row -> axial) and the
VASSAL converter needs both directions, so the formula lives here once, with
VASSAL's quirks kept on purpose:

* numeric names pad to ``leading + 1`` digits and put ``-`` before the padding;
* alphabetic names repeat letters (0->A, 25->Z, 26->AA, 27->BB, 52->AAA);
* descending counts use maxima computed from the *pixel* geometry, with the
  height divided by ``dx`` and the width by ``dy`` (HexGridNumbering.getMaxRows/
  getMaxColumns are written that way; copying the quirk keeps labels identical);
* ``stagger`` adds one to the row of odd raw columns (subtracts one when the
  row axis counts descending).

Pure functions, no I/O.
"""

from __future__ import annotations

import functools
import math
import re

from adjudicator.core.record import FrozenRecord
from umpire.v1 import map_pb2

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


class LabelError(ValueError):
    """A hex label does not match the grid's numbering."""


def name(value: int, alpha: bool, leading: int) -> str:
    """VASSAL's RegularGridNumbering.getName for one axis."""
    out = []
    if value < 0:
        out.append("-")
        value = -value
    if alpha:
        while value >= 0:
            out.append(ALPHABET[value % 26])
            value -= 26
        return "".join(out)
    lead = leading
    while lead > 0 and value < 10**lead:
        out.append("0")
        lead -= 1
    out.append(str(value))
    return "".join(out)


def parse_name(text: str, alpha: bool) -> int:
    """Inverse of :func:`name` (VASSAL's getLocation per axis)."""
    negative = text.startswith("-")
    body = text[1:] if negative else text
    if not body:
        raise LabelError(f"empty coordinate in {text!r}")
    if alpha:
        if not re.fullmatch(r"(A+|B+|C+|D+|E+|F+|G+|H+|I+|J+|K+|L+|M+|N+|O+|P+|Q+|R+|S+|T+|U+|V+|W+|X+|Y+|Z+)", body):
            raise LabelError(f"{text!r} is not an alphabetic coordinate")
        value = 26 * (len(body) - 1) + ALPHABET.index(body[-1])
    else:
        if not body.isdigit():
            raise LabelError(f"{text!r} is not a numeric coordinate")
        value = int(body)
    return -value if negative else value


def _axis_pattern(alpha: bool, leading: int) -> str:
    if alpha:
        return "-?(?:" + "|".join(f"{c}+" for c in ALPHABET) + ")"
    return f"-?[0-9]{{{leading + 1},}}"


class Numbering(FrozenRecord):
    """A hex grid's numbering: the fields of ``umpire.v1.HexNumbering`` plus the
    geometry VASSAL uses for descending counts."""

    __slots__ = ("first", "separator", "column_alpha", "row_alpha", "column_leading", "row_leading", "column_offset",
                 "row_offset", "column_descending", "row_descending", "stagger", "location_format", "sideways", "dx",
                 "dy", "board_width", "board_height", "_pattern")
    _record_skip = ("_pattern",)  # a cache, not a field

    first: str
    separator: str
    column_alpha: bool
    row_alpha: bool
    column_leading: int
    row_leading: int
    column_offset: int
    row_offset: int
    column_descending: bool
    row_descending: bool
    stagger: bool
    location_format: str
    sideways: bool
    # Pixel geometry, only needed for descending numbering.
    dx: float
    dy: float
    board_width: int
    board_height: int
    _pattern: re.Pattern[str] | None

    def __init__(
        self,
        first: str = "H",
        separator: str = "",
        column_alpha: bool = False,
        row_alpha: bool = False,
        column_leading: int = 1,
        row_leading: int = 1,
        column_offset: int = 0,
        row_offset: int = 0,
        column_descending: bool = False,
        row_descending: bool = False,
        stagger: bool = False,
        location_format: str = "",
        sideways: bool = False,
        dx: float = 0.0,
        dy: float = 0.0,
        board_width: int = 0,
        board_height: int = 0,
    ) -> None:
        object.__setattr__(self, "first", first)
        object.__setattr__(self, "separator", separator)
        object.__setattr__(self, "column_alpha", column_alpha)
        object.__setattr__(self, "row_alpha", row_alpha)
        object.__setattr__(self, "column_leading", column_leading)
        object.__setattr__(self, "row_leading", row_leading)
        object.__setattr__(self, "column_offset", column_offset)
        object.__setattr__(self, "row_offset", row_offset)
        object.__setattr__(self, "column_descending", column_descending)
        object.__setattr__(self, "row_descending", row_descending)
        object.__setattr__(self, "stagger", stagger)
        object.__setattr__(self, "location_format", location_format)
        object.__setattr__(self, "sideways", sideways)
        object.__setattr__(self, "dx", dx)
        object.__setattr__(self, "dy", dy)
        object.__setattr__(self, "board_width", board_width)
        object.__setattr__(self, "board_height", board_height)
        object.__setattr__(self, "_pattern", None)

    # -- maxima (VASSAL HexGridNumbering.getMaxRows / getMaxColumns, quirk kept)
    def max_rows(self) -> int:
        if self.dx <= 0:
            raise LabelError("descending numbering needs the grid's dx and board height")
        return math.floor(self.board_height / self.dx + 0.5)

    def max_cols(self) -> int:
        if self.dy <= 0:
            raise LabelError("descending numbering needs the grid's dy and board width")
        return math.floor(self.board_width / self.dy + 0.5)

    def _row_axis_descends(self) -> bool:
        return self.column_descending if self.sideways else self.row_descending

    # -- raw -> printed
    def column_row(self, raw_col: int, raw_row: int) -> tuple[int, int]:
        """Numbered column/row (before offsets) of a raw grid position."""
        col = raw_col
        if self.row_descending and self.sideways:
            col = self.max_rows() - col
        if self.column_descending and not self.sideways:
            col = self.max_cols() - col
        row = raw_row
        if self.row_descending and not self.sideways:
            row = self.max_rows() - row
        if self.column_descending and self.sideways:
            row = self.max_cols() - row
        if self.stagger and raw_col % 2 != 0:
            row += -1 if self._row_axis_descends() else 1
        return col, row

    def label(self, raw_col: int, raw_row: int) -> str:
        col, row = self.column_row(raw_col, raw_row)
        col_name = name(col + self.column_offset, self.column_alpha, self.column_leading)
        row_name = name(row + self.row_offset, self.row_alpha, self.row_leading)
        if (self.first or "H")[0] == "V":
            grid = row_name + self.separator + col_name
        else:
            grid = col_name + self.separator + row_name
        fmt = self.location_format or "$gridLocation$"
        return fmt.replace("$gridLocation$", grid).replace("$row$", row_name).replace("$column$", col_name)

    # -- printed -> raw
    @property
    def _regex(self) -> re.Pattern[str]:
        got = self._pattern
        if got is None:
            got = self._compile(None)
            object.__setattr__(self, "_pattern", got)
        return got

    def _compile(self, first_len: int | None) -> re.Pattern[str]:
        """The label pattern; with `first_len`, the first axis of $gridLocation$
        (columns when `first` is H) is exactly that many digits (after a sign)."""
        col_pat = _axis_pattern(self.column_alpha, self.column_leading)
        row_pat = _axis_pattern(self.row_alpha, self.row_leading)
        if first_len is not None:
            row_first = (self.first or "H")[0] == "V"
            alpha = self.row_alpha if row_first else self.column_alpha
            fixed = ("-?(?:" + "|".join(f"{c}{{{first_len}}}" for c in ALPHABET) + ")") if alpha \
                else f"-?[0-9]{{{first_len}}}"
            if row_first:
                row_pat = fixed
            else:
                col_pat = fixed
        col = f"(?P<col>{col_pat})"
        row = f"(?P<row>{row_pat})"
        sep = re.escape(self.separator)
        grid = (row + sep + col) if (self.first or "H")[0] == "V" else (col + sep + row)
        fmt = self.location_format or "$gridLocation$"
        pieces = re.split(r"(\$gridLocation\$|\$row\$|\$column\$)", fmt)
        out = []
        seen: set[str] = set()
        for piece in pieces:
            if piece == "$gridLocation$":
                out.append(grid)
                seen.update(("col", "row"))
            elif piece == "$row$":
                out.append(f"(?P=row)" if "row" in seen else row)
                seen.add("row")
            elif piece == "$column$":
                out.append(f"(?P=col)" if "col" in seen else col)
                seen.add("col")
            else:
                out.append(re.escape(piece))
        return re.compile("".join(out))

    def parse(self, label: str, greedy: bool = False) -> tuple[int, int]:
        """Raw (column, row) of a printed label; raises LabelError when it does not fit.

        Numeric axes without a separator can split more than one way. VASSAL's
        RegularGridNumbering.getLocation takes the greedy regex match (the first
        axis as long as possible): with leading 1 on a board of more than 99 rows,
        `05111` would be column 051, row 11, which prints back as `5111`. Umpire
        prefers the split whose label prints back the same (column 05, row 111)
        and falls back to the greedy one when no split does; `greedy=True` keeps
        VASSAL's own answer (only where VASSAL's output is reproduced: SetupStack
        "use grid location")."""
        m = self._regex.fullmatch(label)
        if m is None:
            raise LabelError(f"{label!r} does not match the grid numbering")
        raw = self._raw_of(m)
        if greedy or not self._ambiguous() or self._prints_back(raw, label):
            return raw
        for first_len in range(len(label), 0, -1):  # longest first: the greedy answer among equals
            alt = _split_regex(self, first_len).fullmatch(label)
            if alt is not None:
                cand = self._raw_of(alt)
                if self._prints_back(cand, label):
                    return cand
        return raw

    def _ambiguous(self) -> bool:
        """Both axes of one type and nothing between them: more than one split may match."""
        return not self.separator and self.column_alpha == self.row_alpha

    def _prints_back(self, raw: tuple[int, int], label: str) -> bool:
        try:
            return self.label(*raw) == label
        except LabelError:
            return False

    def _raw_of(self, m: re.Match[str]) -> tuple[int, int]:
        col = parse_name(m.group("col"), self.column_alpha) - self.column_offset
        row = parse_name(m.group("row"), self.row_alpha) - self.row_offset
        raw_col = col
        if self.column_descending and not self.sideways:
            raw_col = self.max_cols() - col
        if self.row_descending and self.sideways:
            raw_col = self.max_rows() - col
        if self.stagger and raw_col % 2 != 0:
            row -= -1 if self._row_axis_descends() else 1
        raw_row = row
        if self.row_descending and not self.sideways:
            raw_row = self.max_rows() - row
        if self.column_descending and self.sideways:
            raw_row = self.max_cols() - row
        return raw_col, raw_row


@functools.lru_cache(maxsize=256)
def _split_regex(n: Numbering, first_len: int) -> re.Pattern[str]:
    return n._compile(first_len)


def from_proto(grid: map_pb2.HexGrid) -> Numbering:
    """Build a Numbering from an ``umpire.v1.HexGrid`` message."""
    n = grid.numbering
    return Numbering(
        first=n.first or "H",
        separator=n.separator,
        column_alpha=n.column_alpha,
        row_alpha=n.row_alpha,
        column_leading=n.column_leading,
        row_leading=n.row_leading,
        column_offset=n.column_offset,
        row_offset=n.row_offset,
        column_descending=n.column_descending,
        row_descending=n.row_descending,
        stagger=n.stagger,
        location_format=n.location_format,
        sideways=grid.sideways,
        dx=grid.dx,
        dy=grid.dy,
        board_width=grid.board_width,
        board_height=grid.board_height,
    )
