"""A finished table's result: the game's outcome with the table's ruling on resigned seats.

The engines rank seats by the game's rules alone (DK-17, DG-10); who resigned is a matter of
the table (app/services/clocks.py: the server's bot plays a resigned seat to the end). TB-1
(docs/RULES.md, "At the table"): a seat that resigned ranks below every seat that did not,
whatever its bot scored, and never wins; the seats that did not resign rank among
themselves by the game's rules (its tie-break included), and so do the resigned ones below
them. When every seat resigned, nobody wins. The scores stay as played.

Every answer that names winners uses this one result: the seat's view (``Snapshot.view``)
and state (``result``), the ``game_over`` event as served, ``GET .../result``, the history,
the reveal and ``clients.verify``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from engines.core import Outcome


@dataclass(frozen=True, slots=True)
class TableResult:
    scores: list[int]
    winners: list[int]
    """The seats that won: the first place, unless every seat resigned (then none)."""
    places: list[list[int]]
    """Every seat ranked, best first; seats that tie share a place (in seat order)."""
    resigned: list[int]

    def to_json(self) -> dict[str, Any]:
        return {
            "scores": self.scores,
            "winners": self.winners,
            "places": self.places,
            "resigned": self.resigned,
        }

    def shown(self, part: Mapping[str, Any]) -> dict[str, Any]:
        """An engine's end-of-game view or ``game_over`` event with the table's winners
        instead of the game's own (TB-1): the same unless a seat resigned. The rest of the
        result (``places``, ``resigned``) is the seat state's ``result``, beside the view."""
        return {**part, "winners": self.winners}


def table_result(outcome: Outcome, resigned: Iterable[int]) -> TableResult:
    """TB-1: the seats that did not resign first, by the game's rules, then those that did."""
    out = sorted(set(resigned))
    playing = [s for s in range(len(outcome.scores)) if s not in out]
    places = outcome.places(playing) + outcome.places(out)
    return TableResult(
        scores=list(outcome.scores),
        winners=places[0] if playing else [],
        places=places,
        resigned=out,
    )
