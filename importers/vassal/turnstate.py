"""The turn tracker command (`TURN`) a save shows for a canonical turn number.

A canonical GameState keeps only the turn number of VASSAL's turn tracker. The
importer reads it from the `current` field of the first top-level level of the
first tracker (`TurnTracker.getState`: `currentLevel|level0|level1...`). A save
built without a base writes the inverse (issue 13): that level's `current`, and
everything else as the module defines it, so VASSAL shows the turn and a new
import reads the same number back.

Only a `CounterTurnLevel` holds a turn number (`CounterTurnLevel.getState`:
`current;currentSubLevel;loop;loopLimit;sublevels...`). A `ListTurnLevel`'s
`current` is an index into its list of names, not a turn: nothing is written
for it (and the warning says so).
"""

from __future__ import annotations

from importers.vassal.seqenc import encode_str
from importers.vassal.views import TurnTrackerView

PREFIX = "TURN"


def turn_command(tracker: TurnTrackerView, turn: int) -> str | None:
    """`TURN<id>\\t<state>` showing `turn` on `tracker`, or None when it cannot
    hold one (no level, the first level is not a counter, turn 0 = before the
    first turn: the tracker keeps its start value)."""
    if turn <= 0 or not tracker.levels:
        return None
    tag, attrs = tracker.levels[0]  # document order: the first level is a top-level one
    if not tag.endswith("CounterTurnLevel"):
        return None
    # currentSubLevel 0 (VASSAL's default since issue 3500); loop and loopLimit
    # are part of the state (setState overwrites them): the module's values.
    level = encode_str([str(turn), "0", attrs.get("loop", "false"), attrs.get("loopLimit", "-1")], ";")
    return encode_str([PREFIX + tracker.id, encode_str(["0", level], "|")], "\t")


def why_not(tracker: TurnTrackerView, turn: int) -> str:
    """Why `turn_command` wrote nothing for this tracker."""
    if turn <= 0:
        return "the state is before the first turn"
    if not tracker.levels:
        return "the tracker has no level"
    return f"its first level is a {tracker.levels[0][0].rsplit('.', 1)[-1]}, not a counter"
