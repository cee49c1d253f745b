"""Colours for map names and sides, shared by every picture Umpire draws
(`umpire render`, `umpire report`, Umpire Studio), so a terrain looks the same
in all of them. Common names get their customary colour; any other name gets a
stable colour from its hash (the same name, the same colour, in every run)."""

from __future__ import annotations

import hashlib

_KNOWN = {
    "clear": "#f3efd9", "open": "#f3efd9", "wooded": "#7fae6a", "woods": "#7fae6a", "forest": "#5f9650",
    "rough": "#c9a66b", "difficult": "#9c7a4a", "hills": "#c9a66b", "mountain": "#8c7355",
    "marsh": "#9cc3b5", "swamp": "#9cc3b5", "town": "#c8b8b8", "city": "#a89a9a", "major-city": "#8a7a7a",
    "village": "#c8b8b8", "water": "#8fb8de", "lake": "#8fb8de", "sea": "#7aa7d4",
    "river": "#2f6fc4", "rhine": "#123f8c", "stream": "#6fa8e8", "canal": "#3d8bb5", "bridge": "#444444",
    "crest": "#8a5a2b", "escarpment": "#8a5a2b", "ford": "#7fb3e0",
    "road": "#8b2e16", "national": "#b3261e", "departmental": "#d9822b", "rail": "#222222",
    "railway": "#222222", "railroad": "#222222", "solid": "#333333", "dashed": "#333333", "dotted": "#333333",
    "maginot-fort": "#555555", "metz": "#6b4c9a", "metz-fort": "#6b4c9a", "maginot": "#555555",
    "siegfried": "#555555",
}
_SIDES = {"german": "#7d8a99", "allied": "#6b8e3a", "us": "#6b8e3a", "axis": "#7d8a99", "soviet": "#b33a3a"}
_HUES = ("#c0504d", "#4f81bd", "#9bbb59", "#8064a2", "#4bacc6", "#f79646", "#2c4d75", "#772c2a",
         "#5f7530", "#4d3b62", "#276a7c", "#b65708")


def colour(name: str) -> str:
    """The colour of a terrain, feature, road kind or tag."""
    if name in _KNOWN:
        return _KNOWN[name]
    base = name.split(":", 1)[0]
    if base in _KNOWN:
        return _KNOWN[base]
    h = int(hashlib.sha256(name.encode()).hexdigest()[:8], 16)
    return _HUES[h % len(_HUES)]


def side_colour(side: str, index: int = 0) -> str:
    return _SIDES.get(side.lower(), _HUES[(index * 5 + 1) % len(_HUES)])
