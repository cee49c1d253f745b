"""Pixel size of a board image read from its header (PNG, GIF, JPEG, BMP).

A board without `width`/`height` attributes is as large as its image
(Board.bounds), and board sizes decide which board a map point is on and the
maxima of descending numbering. Only the header is parsed, so a hostile image
cannot make the reader allocate a decoded bitmap.
"""

from __future__ import annotations

import struct


def image_size(data: bytes) -> tuple[int, int] | None:
    """(width, height) or None when the format is not recognised."""
    if data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) >= 24 and data[12:16] == b"IHDR":
        w, h = struct.unpack(">II", data[16:24])
        return int(w), int(h)
    if data[:6] in (b"GIF87a", b"GIF89a") and len(data) >= 10:
        w, h = struct.unpack("<HH", data[6:10])
        return int(w), int(h)
    if data[:2] == b"BM" and len(data) >= 26:
        w, h = struct.unpack("<ii", data[18:26])
        return abs(int(w)), abs(int(h))
    if data[:2] == b"\xff\xd8":
        return _jpeg_size(data)
    return None


_SOF = {0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF}


def _jpeg_size(data: bytes) -> tuple[int, int] | None:
    i = 2
    n = len(data)
    while i + 4 <= n:
        if data[i] != 0xFF:
            i += 1
            continue
        marker = data[i + 1]
        if marker == 0xFF:
            i += 1
            continue
        if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:
            i += 2
            continue
        if i + 4 > n:
            return None
        (length,) = struct.unpack(">H", data[i + 2 : i + 4])
        if marker in _SOF:
            if i + 9 > n:
                return None
            h, w = struct.unpack(">HH", data[i + 5 : i + 9])
            return int(w), int(h)
        if length < 2:
            return None
        i += 2 + length
    return None
