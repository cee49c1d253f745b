"""What Traces of Victory reads off a map and a counter (docs/rules/
traces-of-victory.md "Playing with the real map and counters"), for tools that
author that data. Traces has no counters table: a counter's values go into the
scenario's unit definitions (`CounterField.target`)."""

from __future__ import annotations

from adjudicator.core.authoring import CounterField, Term, Vocabulary

_T = "Traces 9.2"
UNIT_TYPES = ("infantry", "armor", "mech-infantry", "armored-cavalry", "hq")

VOCABULARY = Vocabulary(
    layout="hex",
    terrains=(
        Term("clear", "Clear", _T), Term("rough", "Rough", _T), Term("difficult", "Difficult", _T),
        Term("town", "Town", _T, "controllable (6.1)"), Term("city", "City", _T, "controllable (6.1)"),
        Term("major-city", "Major city", _T, "controllable (6.1)"),
    ),
    hex_features=(
        Term("metz", "Metz city and fortifications", "Traces 12.7"),
        Term("metz-fort", "Metz fort", "Traces 12.7"),
        Term("maginot", "Maginot line", "Traces 10.2.2"),
        Term("siegfried", "Siegfried line", "Traces 10.2.2"),
    ),
    hexside_features=(
        Term("river", "River", "Traces 9.2"),
        Term("rhine", "Rhine", "Traces 10.0", "a river that also blocks attacks"),
        Term("stream", "Stream", "Traces 9.2"),
        Term("canal", "Canal", "Traces 9.2"),
    ),
    road_kinds=(
        Term("road", "Road", "Traces 9.1", "also bridges the sides it crosses (2.1)"),
        Term("rail", "Railroad", "Traces 11.3", "also bridges the sides it crosses (2.1)"),
    ),
    tags=(
        Term("supply:allied", "Allied supply source", "Traces 8.1"),
        Term("supply:german", "German supply source", "Traces 8.1"),
        Term("control:allied", "Allied controlled at start", "Traces 6.1"),
        Term("control:german", "German controlled at start", "Traces 6.1"),
        Term("border", "Border hex", "Traces 15.2"),
    ),
    counter_fields=(
        CounterField("attack", number=True, target="face0.attack", rule="Traces 2.2"),
        CounterField("defense", number=True, target="face0.defense", rule="Traces 2.2"),
        CounterField("movement", number=True, target="face0.movement", rule="Traces 2.2"),
        CounterField("attack (reduced)", number=True, target="face1.attack", rule="Traces 2.2"),
        CounterField("defense (reduced)", number=True, target="face1.defense", rule="Traces 2.2"),
        CounterField("movement (reduced)", number=True, target="face1.movement", rule="Traces 2.2"),
        CounterField("type", UNIT_TYPES, target="type", rule="Traces 2.2"),
        CounterField("size", target="size", rule="Traces 15.2"),
        CounterField("formation", target="formation", rule="Traces 12.2", note="division code, e.g. 4AD"),
        CounterField("army", target="prop:army", rule="Traces 12.2"),
        CounterField("corps", target="prop:corps", rule="Traces 12.2", note="the HQ chit name"),
        CounterField("command range", number=True, target="face0.values.command_range", rule="Traces 12.2",
                     note="HQs only"),
    ),
    default_terrain="clear",
    notes=("objectives are listed in the scenario (traces.objectives), not on the map; name the hexes",),
)
