"""Plain generated counter images (PNG), for modules built from a canonical
definition that gives no art: a filled square with a border, and a bar along
the bottom whose width shows the step (full strength has none)."""

from __future__ import annotations

import struct
import zlib

COLOURS = {
    "red": (200, 40, 40), "blue": (40, 80, 200), "green": (40, 150, 60), "black": (30, 30, 30),
    "white": (240, 240, 240), "grey": (150, 150, 150), "gray": (150, 150, 150), "yellow": (230, 200, 40),
    "orange": (230, 130, 30), "brown": (140, 90, 40), "olive": (128, 128, 0), "khaki": (190, 180, 120),
    "tan": (210, 180, 140), "purple": (120, 50, 150),
}
PALETTE = [(40, 80, 200), (200, 40, 40), (40, 150, 60), (230, 130, 30), (120, 50, 150), (150, 150, 150)]


def colour(name: str, index: int) -> tuple[int, int, int]:
    name = name.strip().lower()
    if name in COLOURS:
        return COLOURS[name]
    parts = name.replace(" ", "").split(",")
    if len(parts) == 3 and all(p.isdigit() for p in parts):
        r, g, b = (min(255, int(p)) for p in parts)
        return r, g, b
    return PALETTE[index % len(PALETTE)]


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def counter_png(rgb: tuple[int, int, int], size: int = 60, step: int = 0, steps: int = 1) -> bytes:
    """A size x size RGB counter; `step` of `steps` (0 = full strength)."""
    border = (0, 0, 0)
    bar = (255, 255, 255)
    bar_width = (size - 8) * step // max(1, steps - 1) if steps > 1 else 0
    rows = []
    for y in range(size):
        row = bytearray(b"\x00")
        for x in range(size):
            if x < 2 or y < 2 or x >= size - 2 or y >= size - 2:
                px = border
            elif y >= size - 10 and 4 <= x < 4 + bar_width:
                px = bar
            else:
                px = rgb
            row += bytes(px)
        rows.append(bytes(row))
    raw = b"".join(rows)
    ihdr = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", ihdr) + _chunk(b"IDAT", zlib.compress(raw, 9)) + _chunk(b"IEND", b"")
