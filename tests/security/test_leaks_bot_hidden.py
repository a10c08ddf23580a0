"""What a bot lays face down cannot be read off its pattern (issue 36, finding 6).

Medium and hard laid their largest dolmen every time, so anyone who knew that predicted
every face-down value (53 of 53 for medium, 21 of 21 for hard). Here the attacker has the
policy's own code and, at every bot decision that hides something, the bot's whole view and
legal list (more than any opponent has: it includes the bot's hand); only the bot's secret
randomness is kept from it. It guesses what the same policy would lay without mixing.
Chance is 1/k for a choice among k hidden variants; the hits must stay within the upper tail
of that (a Poisson binomial) that a fair bot exceeds once in 10^4 runs. The games are dealt
and the bots keyed from fixed seeds, so the test is deterministic; the bound is what makes
it meaningful.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import engines
from app.bots.randomness import bot_rng
from bots import policy_for
from bots.concealment import close_variants, hidden_variants
from bots.policies import Hard, greedy_policy

HARD = {"think_ms": None, "iterations": 3}
SECRET_SEED = 0x5EC2E7_1D_B07
ALPHA = 1e-4


def chance_bound(chances: list[float], alpha: float = ALPHA) -> int:
    """The least ``t`` with P(X > t) < ``alpha`` for X the hits of independent guesses
    that hit with the given probabilities (a Poisson binomial, computed exactly)."""
    dist = [1.0]
    for p in chances:
        nxt = [0.0] * (len(dist) + 1)
        for hits, q in enumerate(dist):
            nxt[hits] += q * (1 - p)
            nxt[hits + 1] += q * p
        dist = nxt
    tail = 1.0
    for t, q in enumerate(dist):
        tail -= q
        if tail < alpha:
            return t
    return len(chances)


def _legal(state: Any, seat: int) -> list[dict[str, Any]]:
    return [{"action": a.model_dump(mode="json"), "label": ""} for a in state.legal_actions(seat)]


def attack(
    kind: str, players: int, levels: list[str], games: int
) -> tuple[list[bool], list[float]]:
    """Play ``games`` games of bots at ``levels`` (by seat); at each of their choices among
    two or more close hidden variants (``concealment.CLOSE``; a clearly best one is laid
    for sure, and the attacker knows that), the attacker guesses the hidden part. Returns
    the hits and each guess's chance 1/k, k the number of close variants."""
    game = engines.get(kind)
    hits: list[bool] = []
    chances: list[float] = []
    for index in range(games):
        state = game.new(players, 4000 + index, {})
        game_id = f"attacked-{kind}-{index}"
        bots = [policy_for(level, **HARD) for level in levels]
        # The attacker's copy: the same code without the mixing, randomness of its own.
        guessers = [greedy_policy if level == "medium" else Hard(**HARD) for level in levels]
        guess_rng = random.Random(index)
        while not state.is_over:
            seat = state.to_act()[0]
            view, legal = state.view(seat), _legal(state, seat)
            secret = bot_rng(SECRET_SEED, game_id, seat, state.ply)
            action = bots[seat](view, legal, secret)
            assert action in [item["action"] for item in legal], "a bot played an illegal action"
            variants = hidden_variants(kind, action, legal)
            # The worth of a variant is read from the seat's view (its own values and faces
            # are in it), so any rng gives the same close variants.
            k = len(close_variants(view, legal, variants, random.Random(0)))
            if k >= 2:
                guess = guessers[seat](view, legal, guess_rng)
                if guess not in [legal[i]["action"] for i in variants]:
                    guess = legal[variants[0]]["action"]
                hits.append(guess == action)
                chances.append(1 / k)
            state.apply(seat, action)
    return hits, chances


@pytest.mark.parametrize(
    ("levels", "games", "least"),
    [(["medium", "medium"], 8, 25), (["hard", "medium"], 5, 18)],
    ids=["medium", "hard"],
)
def test_an_opponent_cannot_predict_the_dolmen_values_a_bot_laid(levels, games, least):
    """Among the dolmen values of close worth a bot held, the one it laid is guessed no
    better than by chance, even by an attacker who knows the bot's hand."""
    hits, chances = attack("dolmengoetter", 2, levels, games)
    assert len(hits) >= least  # enough mixed choices for the bound to mean something
    bound = chance_bound(chances)
    print(f"face-down dolmens predicted: {sum(hits)} of {len(hits)} (chance bound {bound})")
    assert bound < len(hits)  # the unmixed bots, predicted every time, fail
    assert sum(hits) <= bound, f"{sum(hits)} of {len(hits)} face-down dolmens predicted"


@pytest.mark.parametrize(
    ("levels", "games", "least"),
    [(["medium", "medium"], 5, 25), (["hard", "medium"], 3, 15)],
    ids=["medium", "hard"],
)
def test_an_opponent_cannot_predict_the_faces_a_bot_laid_in_dschingis_khan(levels, games, least):
    """Tile faces go into villages face down (DK-10, DK-15): among faces of equal worth the
    bot's choice is no better predicted than by chance."""
    hits, chances = attack("dschingis_khan", 2, levels, games)
    assert len(hits) >= least  # faces of equal worth do come up
    bound = chance_bound(chances)
    assert bound < len(hits)
    print(f"face-down tiles predicted: {sum(hits)} of {len(hits)} (chance bound {bound})")
    assert sum(hits) <= bound
