"""What Major Battles reads off a board (docs/boards.md "What each campaign
reads"), for tools that author that data. A point-to-point board: towns with
tags, roads of three kinds. Units have no printed values beyond their type."""

from __future__ import annotations

from adjudicator.core.authoring import CounterField, Term, Vocabulary
from adjudicator.rules.major_battles.board import ROAD_COSTS

_MP = 'MB "Using Movement Points" ¶1'

VOCABULARY = Vocabulary(
    layout="graph",
    road_kinds=tuple(Term(k, f"{k} road ({mp} MP)", _MP) for k, mp in ROAD_COSTS.items()),
    tags=(
        Term("front-rear", "Behind the Front Line (Normandy)", 'MB "Starting Forces" ¶1'),
        Term("le-mans", "Le Mans (Normandy)", 'MB "Starting Forces" ¶2'),
        Term("german-reserve", "German reserve town (*) (Normandy)", 'MB "Reserves" ¶2'),
        Term("red", "Red objective town (Normandy)", 'MB "Objective" ¶1'),
        Term("bastogne", "Bastogne (Bulge)", 'MB "Starting Forces" ¶2'),
        Term("star", "Town marked (*) (Bulge)", 'MB "Starting Forces" ¶1'),
        Term("longuilly", "Longuilly (Bulge)", 'MB "Reserves" ¶2'),
        Term("wiltz", "Wiltz (Bulge)", 'MB "Objective" ¶2'),
        Term("messina", "Messina (Sicily)", 'MB "Reserves" ¶2'),
    ),
    counter_fields=(CounterField("type", ("armor", "infantry"), target="type", rule='MB "Battles" ¶2'),),
    notes=("Sicily also needs landing areas and each town's defection number (docs/boards.md)",),
)
