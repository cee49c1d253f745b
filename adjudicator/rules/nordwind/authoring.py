"""What Nordwind 1945 reads off a map and a counter (docs/rules/nordwind-1945.md
"Data the text lacks"), for tools that author that data. Built from the names
the rules code itself uses, so the two cannot drift apart."""

from __future__ import annotations

from adjudicator.core.authoring import BankLine, CounterField, Term, Vocabulary
from adjudicator.rules.nordwind.data import roster
from adjudicator.rules.nordwind.board import RHINE, ROAD_ROWS, TERRAIN_ROWS
from adjudicator.rules.nordwind.cite import ALLIED, GERMAN
from adjudicator.rules.nordwind.moves import RED_LINE_TAG
from adjudicator.rules.nordwind.units import CLASSES, COLUMNS, COUNTERS, QUALITIES, SIZES

_CHOICES = {
    "quality": QUALITIES, "quality (reduced)": QUALITIES, "size": SIZES, "movement class": CLASSES,
    "armored bonus": ("yes", "no"), "type": tuple(t.id for t in roster().unit_types),
}

VOCABULARY = Vocabulary(
    layout="hex",
    terrains=tuple(Term(t, row, "Nordwind 3.2") for t, row in TERRAIN_ROWS.items()),
    hex_features=(
        Term("village", "Village", "Nordwind 3.2", "the hex's terrain still counts for movement"),
        Term("city", "City", "Nordwind 3.2"),
        Term("maginot-fort", "Maginot fort", "Nordwind 1.4", "a city for combat (AMB-16)"),
    ),
    hexside_features=(
        Term("river", "River", "Nordwind 3.2"),
        Term("bridge", "Bridge", "Nordwind 3.2", "cancels the river's movement cost"),
        Term("crest", "Crest", "Nordwind 6.2"),
        Term(RHINE, "Rhine", "Nordwind 3.3", "crossed only by the ferry"),
    ),
    road_kinds=tuple(Term(k, row, "Nordwind 3.2") for k, row in ROAD_ROWS.items()),
    tags=(Term(RED_LINE_TAG, "Beyond the red dotted line", "Nordwind 10.1.1",
               "hexes north of the line: American units never enter them"),),
    counters_table=COUNTERS,
    counter_fields=tuple(
        CounterField(c, _CHOICES.get(c, ()), number=c.startswith("strength"), rule="Nordwind 1.3")
        for c in COLUMNS),
    default_terrain="clear",
    unit_types=tuple(roster().unit_types),
    banks=(BankLine(RHINE, (
        Term(GERMAN, "German bank", "Nordwind 3.3", "the German player places the ferry on his bank"),
        Term(ALLIED, "Allied bank", "Nordwind 10.1.1", "set-ups \"along the Rhine\" are on the placing side's bank"),
    ), "Rhine", "Nordwind 3.3", "mark the hexes along the Rhine: which bank each lies on"),),
    notes=("towns: give the hex its place name (Saverne, ...): the objectives are found by name (10.3)",),
)
