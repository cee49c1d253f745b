"""Java's HashMap iteration order, for the one place VASSAL depends on it.

RegionGrid keeps its regions in a `HashMap<Point, Region>` and names a point
after the first region at the smallest distance in iteration order, so two
equally near regions resolve as Java's HashMap happens to order them. This
module reproduces that order: `Point2D.hashCode`, `HashMap.hash` spreading,
power-of-two tables resized at load factor 0.75 (order within a bucket kept),
and the resize VASSAL's small maps get instead of treeification.
"""

from __future__ import annotations

import struct
from collections.abc import Callable, Hashable, Sequence
from typing import TypeVar

K = TypeVar("K", bound=Hashable)


def _to_int32(v: int) -> int:
    v &= 0xFFFFFFFF
    return v - (1 << 32) if v & 0x80000000 else v


def double_bits(d: float) -> int:
    """Double.doubleToLongBits as a signed 64-bit integer."""
    (bits,) = struct.unpack(">q", struct.pack(">d", float(d)))
    return int(bits)


def point_hash(p: tuple[int, int]) -> int:
    """java.awt.geom.Point2D.hashCode of an integer point."""
    bits = double_bits(p[0])
    bits ^= (double_bits(p[1]) * 31) & 0xFFFFFFFFFFFFFFFF
    bits &= 0xFFFFFFFFFFFFFFFF
    if bits & (1 << 63):
        bits -= 1 << 64
    low = _to_int32(bits)
    high = _to_int32(bits >> 32)
    return _to_int32(low ^ high)


def spread(h: int) -> int:
    """HashMap.hash: h ^ (h >>> 16)."""
    u = h & 0xFFFFFFFF
    return _to_int32(u ^ (u >> 16))


def hashmap_order(keys: Sequence[K], hash_fn: Callable[[K], int]) -> list[K]:
    """Iteration order of a `new HashMap<>()` after `put` of keys in this order
    (a repeated key keeps its first position)."""
    cap = 16
    table: list[list[K]] = [[] for _ in range(cap)]
    seen: set[K] = set()
    size = 0

    def resize() -> None:
        nonlocal cap, table
        old = table
        cap *= 2
        table = [[] for _ in range(cap)]
        for bucket in old:
            for k in bucket:
                table[spread(hash_fn(k)) & (cap - 1)].append(k)

    for k in keys:
        if k in seen:
            continue
        seen.add(k)
        bucket = table[spread(hash_fn(k)) & (cap - 1)]
        bucket.append(k)
        if len(bucket) > 8 and cap < 64:
            resize()  # treeifyBin resizes small tables instead of treeifying
        size += 1
        if size > cap * 3 // 4:
            resize()
    return [k for bucket in table for k in bucket]
