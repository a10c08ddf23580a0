"""Check a finished game's draws yourself: ``python -m clients.verify <game URL or file>``.

The argument is a game's page (``http://host/play/<id>`` or ``/verify/<id>``), its API
address, or a JSON file saved from ``GET /api/games/<id>/fairness``. The check:
1. the revealed server seed and salt hash to the commitment published at creation;
2. each revealed contribution matches the commitment its seat published at its join (a
   seat that did not reveal counts as having none), and the game seed is recomputed from
   the server's seed and every seat's contribution;
3. a fresh engine state made with it replays every logged action, and each action's events
   (fully revealed) are exactly the ones the server logged;
4. the replayed game is over with the server's scores and winners (the seats the reveal
   lists as resigned ranked below the others: docs/RULES.md TB-1).
Exit status 0 when all hold, 1 when any fails, 2 when the reveal could not be read.
``verify`` does the checking and is what the tests call; only ``main`` does I/O.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx

import engines
from app.services.results import table_result
from app.services.snapshots import apply_entry
from engines.core import IllegalAction, fairness


@dataclass
class Verdict:
    """Each check as ``(what, passed, detail)``; ``ok`` when every one passed."""

    checks: list[tuple[str, bool, str]] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return bool(self.checks) and all(passed for _, passed, _ in self.checks)

    def add(self, what: str, passed: bool, detail: str = "") -> bool:
        self.checks.append((what, passed, detail))
        return passed

    def report(self) -> str:
        lines = [
            f"[{'ok' if passed else 'FAILED'}] {what}{f': {detail}' if detail else ''}"
            for what, passed, detail in self.checks
        ]
        lines.append("VERIFIED" if self.ok else "NOT VERIFIED")
        return "\n".join(lines)


def _plain(value: Any) -> Any:
    """``value`` as JSON would carry it (tuples become lists), to compare with a download."""
    return json.loads(json.dumps(value))


def _hex(reveal: Mapping[str, Any], key: str) -> bytes | None:
    try:
        return bytes.fromhex(str(reveal[key]))
    except (KeyError, ValueError, TypeError):
        return None


def verify(reveal: Mapping[str, Any], commitment: str | None = None) -> Verdict:
    """Check a game's reveal (the answer of ``GET /api/games/<id>/fairness``).

    ``commitment``: the one you saw before the game started (its summary, your game page).
    Without it the check trusts the commitment in the reveal itself, which proves the draws
    to anyone who knows that this commitment was the one published at creation."""
    verdict = Verdict()
    if commitment is not None:
        verdict.add(
            "the commitment is the one you noted before the game",
            reveal.get("commitment") == commitment.strip().lower(),
            f"the reveal says {reveal.get('commitment')}",
        )
    if not verdict.add(
        "the server revealed its seed",
        reveal.get("revealed") is True,
        "" if reveal.get("revealed") else "the game is not over, or was made before fair draws",
    ):
        return verdict
    server_seed, salt = _hex(reveal, "server_seed"), _hex(reveal, "salt")
    if server_seed is None or salt is None:
        verdict.add("seed and salt are hex", False)
        return verdict
    published = reveal.get("commitment")
    computed = fairness.commitment(server_seed, salt)
    verdict.add(
        "the seed and salt match the commitment published at creation",
        computed == published,
        "" if computed == published else f"they hash to {computed}, not {published}",
    )
    contributions = list(reveal.get("contributions") or [])
    num_seats = reveal.get("num_seats")
    if not isinstance(num_seats, int) or len(contributions) != num_seats:
        verdict.add("one contribution entry per seat", False)
        return verdict
    verdict.add("one contribution entry per seat", True)
    _check_seat_commitments(verdict, reveal, contributions)
    seed_bytes = fairness.game_seed_bytes(server_seed, contributions)
    claimed = reveal.get("game_seed")
    verdict.add(
        "the game seed is the hash of the server seed and every contribution",
        claimed == seed_bytes.hex(),
        ""
        if claimed == seed_bytes.hex()
        else f"recomputed {seed_bytes.hex()}, server used {claimed}",
    )
    try:
        game = engines.get(str(reveal.get("kind")))
    except Exception:  # the registry's error names the kind; any failure means "unknown"
        verdict.add("the game kind is known here", False, repr(reveal.get("kind")))
        return verdict
    try:
        state = game.new(
            num_seats, fairness.game_seed(server_seed, contributions), reveal.get("options")
        )
    except IllegalAction as exc:
        verdict.add("the game can be set up", False, str(exc))
        return verdict
    entries = list(reveal.get("actions") or [])
    for expected_seq, entry in enumerate(entries, start=1):
        seq, seat = entry.get("seq"), entry.get("seat")
        if seq != expected_seq:
            verdict.add(
                "the action log has no gaps", False, f"seq {seq} where {expected_seq} was due"
            )
            return verdict
        try:
            events = apply_entry(state, seat, entry.get("action"))
        except (IllegalAction, ValueError, TypeError, KeyError) as exc:
            verdict.add("every action replays", False, f"action {seq} refused: {exc}")
            return verdict
        replayed = _plain([e.view(None, reveal=True) for e in events])
        if replayed != entry.get("events"):
            verdict.add(
                "every event replays as logged",
                False,
                f"action {seq}: replay gives {replayed}, the log says {entry.get('events')}",
            )
            return verdict
    verdict.add("every action and event replays as logged", True, f"{len(entries)} actions")
    verdict.add(
        "the log holds every action of the game",
        reveal.get("version") == len(entries),
        f"version {reveal.get('version')}, {len(entries)} actions",
    )
    if not verdict.add("the replayed game is over", state.is_over):
        return verdict
    # The winners follow from the replayed scores and the seats that resigned (TB-1).
    result = table_result(state.outcome(), reveal.get("resigned") or [])
    verdict.add(
        "the final scores and winners are the server's",
        (result.scores, result.winners) == (reveal.get("scores"), reveal.get("winners")),
        f"scores {result.scores}, winners {result.winners}",
    )
    return verdict


def _check_seat_commitments(
    verdict: Verdict, reveal: Mapping[str, Any], contributions: Sequence[Any]
) -> None:
    """Each revealed contribution hashes to its seat's commitment. A reveal without
    ``commitments`` (a game, or a saved file, from before contributions were committed)
    has nothing to check here: its contributions were public from the join."""
    commitments = reveal.get("commitments")
    if commitments is None:
        return
    if not isinstance(commitments, list) or len(commitments) != len(contributions):
        verdict.add("one commitment entry per seat", False)
        return
    wrong = [
        seat
        for seat, (committed, revealed) in enumerate(zip(commitments, contributions, strict=True))
        if committed is not None
        and revealed is not None
        and (not isinstance(revealed, str) or fairness.seat_commitment(revealed) != committed)
    ]
    missed = [
        seat
        for seat, (committed, revealed) in enumerate(zip(commitments, contributions, strict=True))
        if committed is not None and revealed is None
    ]
    verdict.add(
        "every revealed contribution matches its seat's commitment",
        not wrong,
        f"seats {wrong} do not"
        if wrong
        else (f"seats {missed} never revealed: they count as none" if missed else ""),
    )


def reveal_address(target: str) -> str:
    """The ``/fairness`` address of a game page or API address (``/play/<id>``,
    ``/verify/<id>``, ``/api/games/<id>[/...]``)."""
    url = urlsplit(target)
    parts = [p for p in url.path.split("/") if p]
    for marker in ("play", "verify", "games"):
        if marker in parts and parts.index(marker) + 1 < len(parts):
            game_id = parts[parts.index(marker) + 1]
            return f"{url.scheme}://{url.netloc}/api/games/{game_id}/fairness"
    raise ValueError(f"{target!r} names no game: give its page, e.g. http://host/play/<id>")


def load(target: str) -> dict[str, Any]:
    """The reveal from a saved JSON file or downloaded from the server."""
    if target.startswith(("http://", "https://")):
        r = httpx.get(reveal_address(target), timeout=30)
        r.raise_for_status()
        reveal = r.json()
    else:
        reveal = json.loads(Path(target).read_text(encoding="utf-8"))
    if not isinstance(reveal, dict):
        raise ValueError(f"{target} holds no JSON object")
    return reveal


def main(argv: Sequence[str] | None = None, prog: str = "python -m clients.verify") -> int:
    parser = argparse.ArgumentParser(
        prog=prog,
        description="Check that a finished game's draws came from its committed seed and "
        "the players' contributions, and that its log replays exactly.",
    )
    parser.add_argument("target", help="a game URL (http://host/play/<id>) or a saved JSON file")
    parser.add_argument("--save", metavar="FILE", help="also save the downloaded reveal here")
    parser.add_argument(
        "--commitment",
        metavar="HEX",
        help="the commitment you noted before the game started (else the reveal's own)",
    )
    args = parser.parse_args(argv)
    try:
        reveal = load(args.target)
    except (OSError, ValueError, httpx.HTTPError) as exc:
        print(f"could not read the game's reveal: {exc}", file=sys.stderr)
        return 2
    if args.save:
        Path(args.save).write_text(json.dumps(reveal, indent=1), encoding="utf-8")
    verdict = verify(reveal, args.commitment)
    print(verdict.report())
    return 0 if verdict.ok else 1


if __name__ == "__main__":
    sys.exit(main())
