"""Why hard lost to flat Monte Carlo in Dschingis Khan (issue 42): paired, equal-time probes.

Usage: python -m benchmarks.hard_probe [--game dschingis_khan] [--players 2] [--games N]
                                       [--think-ms MS] [--variants ismcts,ismcts-end,...]
                                       [--first K] [--jobs J] [--speed]
                                       [--playouts random,inf6,inf12,inf6-w2]
                                       [--spread random,inf,inf-sync]
                                       [--predict random,inf,all] [--samples 8]
                                       [--profile]

Each variant of hard plays N games against the flat Monte Carlo player (``bots.flat``) at
the same wall-time budget per move for both (``--variant-ms`` gives the variant its own, to
match the time flat really takes); game i deals with seed i and seats the variant
at seat i mod players for every variant, so the rows are paired by deal. Printed per
variant: wins (a shared win a half), the Wilson 95% interval, each side's mean ms per move,
and the load average at the start and end of the row. ``--speed`` instead times one search
iteration of each variant (and one flat playout) on positions of random games, and
``--playouts`` one sample and playout to the end of each playout policy named like a
variant's options (below), with its ratio to a random playout's, and ``--spread`` how far
their margins vary from sample to sample, alone and as two moves' difference, and
``--predict`` how well their playouts foresee how real games of flat end (``--samples``
playouts at each position and seat; a name there starting ``seen-`` plays out from the real
state, every hidden part known, instead of from states sampled from the seat's view), and
``--profile`` where a random playout's time goes (the engine's legal lists, ``apply``,
sampling).

Variants: ``ismcts`` (hard as it was: a few random moves after the tree, medium's estimate
at the leaf), ``ismcts-end`` (the same tree, random playouts to the end of the game, scored
by who won), ``ismcts-end-wide`` (that, with every legal move at the root instead of
medium's 8 best), ``rollout`` (``PolicyRollout``, Die Dolmengötter's hard: medium-played
playouts to the end of its next turn), ``halving`` (``bots.halving``: flat's playouts, the
time split in phases that each keep the better half of the moves), ``halving-kK`` (that over
medium's K best moves only), ``halving-kK-inf`` or ``-infN`` (with the cheap playout policy
of ``bots.playouts``, looking at N moves a decision, ``bots.playouts.TOURNAMENT`` unless
given: hard in both games is ``halving-k12-inf+c``, but with every legal move in Die
Dolmengötter of more than 2 players), ``halving-kK-all`` (the cheap policy looking at every
legal move, equals drawn at random), ``-keyed`` (the same, equals broken by a key for each
move and decision, alike in every playout of a sample: ``keyed_playout``), ``-mixN`` (each
decision the cheap policy's with chance N%, a random move otherwise: ``mixed_playout``),
``halving-kK-fin`` (looking at twelve until the final phase begins, at every one from then
on), ``-wN`` after ``-infN`` (of those moves, up to N wall pieces judged by the side
changes they make, ``bots.playouts.wall_gain``), ``-win`` (scoring a playout by who won,
the margin only breaking ties), ``-mean`` (scoring it by the
margin over the rivals' mean score instead of the best rival's), ``-hN`` (the cheap policy
cut off after N decisions, ``scout_playout``'s ``plies``, and judged by the board then,
``board_margin``), ``-sync`` after ``-random`` or ``-infN`` (Dschingis Khan: each seat's
random numbers from a stream of its own, a fixed count a decision, ``synced_playout``);
``flat-`` followed by any of these options (flat's time spent evenly on every legal move,
its moves judged otherwise: ``flat-inf`` plays the cheap policy's playouts),
``turn-tree`` and ``turn-tree-inf`` (``bots.turn_tree``: a tree over the rest of the
seat's own turn) and ``hard`` (``policy_for("hard")`` as it is now, hidden parts mixed).
``+c`` after any name mixes its hidden parts as a seat in a game does
(``bots.policies.Concealed``, issue 36).
"""

from __future__ import annotations

import argparse
import functools
import os
import random
import statistics
import sys
import time
import zlib
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor

_HERE = os.path.dirname(os.path.abspath(__file__))
_REPO = os.path.dirname(_HERE)
sys.path[:] = [_REPO] + [p for p in sys.path if os.path.abspath(p or ".") != _HERE]

import engines  # noqa: E402
from benchmarks.bots import legal_json, play_out, wilson  # noqa: E402
from bots import Ismcts, Policy, PolicyRollout, policy_for  # noqa: E402
from bots.evaluation import best_on_estimate, margin  # noqa: E402
from bots.flat import (  # noqa: E402
    FlatMonteCarlo,
    Playout,
    PlayoutValue,
    final_margin,
    random_playout,
    sampled_margins,
)
from bots.halving import SequentialHalving  # noqa: E402
from bots.playouts import (  # noqa: E402
    _MAX_PLIES,
    TOURNAMENT,
    _gain,
    informed_playout,
    scout_choice,
    scout_playout,
)
from bots.policies import Concealed  # noqa: E402
from bots.turn_tree import TurnTree  # noqa: E402
from engines.core import Action, Rng, State  # noqa: E402
from engines.dschingis_khan import DschingisKhanState  # noqa: E402
from engines.dschingis_khan.scoring import totals  # noqa: E402


def won_then_margin(state: State, seat: int) -> float:
    """1 for a win, 0 for a loss, a half for a tie at the top, plus a hundredth of the
    margin: the playout's outcome rather than its points."""
    margin = final_margin(state, seat)
    return (margin > 0) + 0.5 * (margin == 0) + margin / 100


def mean_margin(state: State, seat: int) -> float:
    """The seat's score minus the mean of the other seats' (in 2 players the final margin):
    with more rivals steadier than the margin over the best one, whose seat changes from
    playout to playout."""
    scores = state.scores()
    others = [s for i, s in enumerate(scores) if i != seat]
    return scores[seat] - sum(others) / len(others)


def finishing_playout(state: State, rng: random.Random) -> None:
    """Dschingis Khan's cheap playout, but looking at every legal move from the moment the
    final phase begins (DK-16): the last turns decide which villages change hands, and a
    rival's last turn takes the best village it can reach."""
    assert isinstance(state, DschingisKhanState)
    while not state.is_over and state.final_trigger is None:
        actor = state.to_act()[0]
        state.apply(actor, scout_choice(state, actor, rng))
    scout_playout(state, rng, tournament=None)


_HELD_TILE = 1.5
"""What a tile in a seat's active supply adds to ``board_margin``: a village to come
(DK-9), counted at about half what placing one scores (DK-17)."""


def board_margin(state: State, seat: int) -> float:
    """What a playout cut off by ``-hN`` is worth to ``seat``: the final margin once the
    game is over; before, the points each seat's villages would score now (DK-17, the
    sample's faces) plus ``_HELD_TILE`` for each tile in its active supply, ``seat``'s over
    the best rival's."""
    if state.is_over:
        return final_margin(state, seat)
    assert isinstance(state, DschingisKhanState)
    points = totals(state.village_scores(), state.num_players)
    return margin(
        [p + _HELD_TILE * len(t) for p, t in zip(points, state.active_tiles, strict=True)], seat
    )


class _Drawn:
    """``scout_choice``'s random numbers for one decision: always ``draws`` of them from
    ``stream``, however many legal moves there are, so the next decision's are the same."""

    def __init__(self, stream: random.Random, draws: int) -> None:
        self.u = [stream.random() for _ in range(draws)]

    def randrange(self, n: int) -> int:
        return int(self.u.pop() * n)


def _decide_to_end(
    state: DschingisKhanState, choose: Callable[[DschingisKhanState, int], Action]
) -> None:
    """``state`` played to the end (or ``_MAX_PLIES`` decisions, as every playout), each
    decision ``choose(state, actor)``."""
    for _ in range(_MAX_PLIES):
        if state.is_over:
            return
        actor = state.to_act()[0]
        state.apply(actor, choose(state, actor))


def synced_playout(state: State, rng: random.Random, tournament: int | None = 1) -> None:
    """A playout whose seats each draw from a stream of their own a fixed count of numbers a
    decision: the cheap policy looking at ``tournament`` moves, or a random move with
    ``None``. The playouts of two moves on one sample then choose alike wherever their
    positions offer the same legal list, where one stream falls out of step for good at the
    first list of another length."""
    assert isinstance(state, DschingisKhanState)
    base = rng.getrandbits(64)
    streams = [random.Random(base + seat) for seat in range(state.num_players)]

    def choose(state: DschingisKhanState, actor: int) -> Action:
        drawn = _Drawn(streams[actor], tournament or 1)
        if tournament is None:
            legal = state.legal_actions(actor)
            return legal[drawn.randrange(len(legal))]
        return scout_choice(state, actor, drawn, tournament)  # type: ignore[arg-type]

    _decide_to_end(state, choose)


def keyed_playout(state: State, rng: random.Random) -> None:
    """The cheap policy looking at every legal move, equals broken by a key drawn for each
    move at each of the seat's decisions (the same key in every playout of a sample): two
    moves' playouts then choose the same wherever the best of their lists is the same move,
    however the lists differ otherwise. The key counts the seat's decisions, so that a seat
    does not repeat one pointless move for ever."""
    assert isinstance(state, DschingisKhanState)
    base = rng.getrandbits(32)
    decisions = [0] * state.num_players

    def choose(state: DschingisKhanState, actor: int) -> Action:
        decisions[actor] += 1
        tag = f"{base}:{actor}:{decisions[actor]}:"
        gains: dict[tuple[int, str], float] = {}
        return max(
            state.legal_actions(actor),
            key=lambda a: (_gain(state, actor, a, gains), zlib.crc32(f"{tag}{a!r}".encode())),
        )

    _decide_to_end(state, choose)


def mixed_playout(state: State, rng: random.Random, share: float) -> None:
    """Each decision the cheap policy's (``scout_choice``, ``TOURNAMENT`` moves) with
    chance ``share``, a uniformly random legal move otherwise: between flat's playouts and
    hard's, as players who see some of what a step gains and miss the rest."""
    assert isinstance(state, DschingisKhanState)

    def choose(state: DschingisKhanState, actor: int) -> Action:
        if rng.random() < share:
            return scout_choice(state, actor, rng)
        return rng.choice(state.legal_actions(actor))  # as random_playout chooses

    _decide_to_end(state, choose)


def playout_of(name: str, options: list[str]) -> tuple[Playout, PlayoutValue]:
    """The playout policy and its value that a variant's options (``infN``, ``mixN``,
    ``all``, ``keyed``, ``fin``, ``wN``, ``hN``, ``win``, ``mean``, ``sync``) name; random
    playouts scored by the final margin without any."""
    playout: Playout = random_playout
    value: PlayoutValue = final_margin
    for k, option in enumerate(options):
        previous = options[k - 1] if k else None
        if option.startswith("inf"):  # "infN": the cheap policy looking at N moves
            tournament = int(option[3:] or TOURNAMENT)
            playout = functools.partial(informed_playout, tournament=tournament)
        elif option.startswith("mix") and option[3:].isdigit():  # "mixN": N% cheap moves
            playout = functools.partial(mixed_playout, share=int(option[3:]) / 100)
        elif option == "all":  # the cheap policy looking at every legal move
            playout = functools.partial(informed_playout, tournament=None)
        elif option == "keyed":  # ... every legal move, equals broken alike in each playout
            playout = keyed_playout
        elif option == "fin":  # ... at every one once the final phase has begun
            playout = finishing_playout
        elif option.startswith("w") and option[1:].isdigit():  # "wN": N walls judged
            if not isinstance(playout, functools.partial):
                raise ValueError(f"{name!r}: -wN judges the moves of -infN, so it follows it")
            playout = functools.partial(playout, walls=int(option[1:]))
        elif option.startswith("h") and option[1:].isdigit():  # "hN": cut off after N
            playout = functools.partial(scout_playout, plies=int(option[1:]))
            value = board_margin
        elif option == "win":
            value = won_then_margin
        elif option == "mean":
            value = mean_margin
        elif option == "sync":  # right after random or infN: the random numbers by seat
            if previous == "random":
                playout = functools.partial(synced_playout, tournament=None)
            elif previous is not None and previous.startswith("inf"):
                playout = functools.partial(synced_playout, tournament=tournament)
            else:
                raise ValueError(f"{name!r}: -sync follows -random or -infN")
        elif option != "random":
            raise ValueError(f"unknown option {option!r} of {name!r}")
    return playout, value


def variant(name: str, think_ms: float | None, iterations: int | None = None) -> Policy:
    if name.endswith("+c"):  # as a seat in a game plays it: hidden parts mixed (issue 36)
        return Concealed(variant(name[: -len("+c")], think_ms, iterations))
    if name == "ismcts":
        return Ismcts(think_ms, iterations)
    if name == "ismcts-end":
        return Ismcts(think_ms, iterations, rollout_depth=10_000)
    if name == "ismcts-end-wide":
        return Ismcts(think_ms, iterations, rollout_depth=10_000, candidates=10_000)
    if name == "rollout":
        return PolicyRollout(think_ms, iterations)
    if name == "hard":
        return policy_for("hard", think_ms, iterations)
    if name == "flat":
        return FlatMonteCarlo(think_ms, iterations)
    if name.startswith("flat-"):
        playout, value = playout_of(name, name[len("flat-") :].split("-"))
        return FlatMonteCarlo(think_ms, iterations, playout=playout, value=value)
    if name == "halving":
        return SequentialHalving(think_ms, iterations)
    if name == "turn-tree":
        return TurnTree(think_ms, iterations)
    if name == "turn-tree-all":
        return TurnTree(think_ms, iterations, candidates=None)
    if name == "turn-tree-inf":
        return TurnTree(think_ms, iterations, playout=informed_playout)
    if name.startswith("halving-k"):
        k, *options = name[len("halving-k") :].split("-")
        playout, value = playout_of(name, options)
        return SequentialHalving(
            think_ms, iterations, candidates=int(k), playout=playout, value=value
        )
    raise ValueError(f"unknown variant {name!r}")


def play(
    game_id: str, players: int, name: str, index: int, think_ms: float, variant_ms: float
) -> tuple:
    """Game ``index``: variant ``name`` at seat ``index % players`` with ``variant_ms`` a
    move, flat elsewhere with ``think_ms``."""
    state = engines.get(game_id).new(players, index, {})
    subject = index % players
    policies = [
        variant(name, variant_ms) if s == subject else variant("flat", think_ms)
        for s in range(players)
    ]
    rng = random.Random(f"probe:{game_id}:{players}:{index}")
    ms: dict[str, list[float]] = {"variant": [], "flat": []}
    for seat, times in enumerate(play_out(state, policies, rng)):
        ms["variant" if seat == subject else "flat"].extend(times)
    winners = state.winners()
    won = 1 / len(winners) if subject in winners else 0.0
    return won, ms


def positions(game_id: str, players: int) -> list[tuple[dict, list, State, int]]:
    """Every 15th position (from the 5th) of three random games where the seat to act has a
    choice: its view, legal list, the full state and the seat."""
    game = engines.get(game_id)
    found = []
    for seed in range(3):
        state, rng = game.new(players, seed, {}), random.Random(seed)
        ply = 0
        while not state.is_over:
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            if ply % 15 == 5 and len(legal) > 1:
                found.append((state.view(seat), legal_json(state, seat), state.clone(), seat))
            state.apply(seat, rng.choice(legal))
            ply += 1
    return found


def speed(game_id: str, players: int, names: list[str]) -> None:
    """Mean ms of one iteration of each variant (and of one flat playout to the end)."""
    game = engines.get(game_id)
    views = positions(game_id, players)
    for name in names:
        n = 40 if name != "flat" else 1
        start = time.perf_counter()
        per = []
        for view, legal, _state, _seat in views:
            t = time.perf_counter()
            variant(name, None, n)(view, legal, random.Random(0))
            per.append(
                (time.perf_counter() - t) * 1e3 / (n * (len(legal) if name == "flat" else 1))
            )
        unit = "playout" if name == "flat" else "iteration"
        print(
            f"{name:16} {statistics.mean(per):7.2f} ms per {unit} "
            f"({len(views)} positions, {time.perf_counter() - start:.0f} s)",
            flush=True,
        )
    t = time.perf_counter()
    k = 0
    for _view, _legal, state, seat in views:
        for i in range(10):
            s = game.sample(state.view(seat), seat, Rng(i))
            random_playout(s, random.Random(i))
            k += 1
    print(f"sample + random playout to the end: {(time.perf_counter() - t) * 1e3 / k:.2f} ms")


def playout_speed(game_id: str, players: int, specs: list[str]) -> None:
    """Mean ms of one playout to the end of each policy named like a variant's options
    (``random``, ``inf6``, ``inf12-w2``), from full states sampled from the seat's view, the
    same samples and random numbers for every policy; and its ratio to ``random``'s."""
    game = engines.get(game_id)
    views = positions(game_id, players)
    rounds = 10
    base = None
    for spec in ["random"] + [s for s in specs if s != "random"]:
        playout, _value = playout_of(spec, spec.split("-"))
        t = time.perf_counter()
        for _view, _legal, state, seat in views:
            for i in range(rounds):
                playout(game.sample(state.view(seat), seat, Rng(i)), random.Random(i))
        ms = (time.perf_counter() - t) * 1e3 / (len(views) * rounds)
        base = base or ms
        print(
            f"{spec:16} {ms:7.2f} ms per sample + playout, {ms / base:.2f}x random "
            f"({len(views)} positions x {rounds}; load {os.getloadavg()[0]:.1f})",
            flush=True,
        )


def profile(game_id: str, players: int, rounds: int = 10) -> None:
    """Where a random playout's time goes: its µs a decision, and how much of that the
    engine's legal lists, its ``apply`` and the sampling of the start state take (each call
    timed on its own; the rest is the loop and the random choice)."""
    game = engines.get(game_id)
    views = positions(game_id, players)
    clock = time.perf_counter
    spent = {"legal lists": 0.0, "apply": 0.0, "sampling": 0.0}
    decisions = 0
    start = clock()
    for _view, _legal, state, seat in views:
        for i in range(rounds):
            t = clock()
            sampled, rng = game.sample(state.view(seat), seat, Rng(i)), random.Random(i)
            spent["sampling"] += clock() - t
            while not sampled.is_over:
                actor = sampled.to_act()[0]
                t = clock()
                legal = sampled.legal_actions(actor)
                t2 = clock()
                sampled.apply(actor, rng.choice(legal))
                spent["apply"] += clock() - t2
                spent["legal lists"] += t2 - t
                decisions += 1
    took = clock() - start
    playouts = len(views) * rounds
    print(
        f"{playouts} samples + random playouts, {decisions / playouts:.0f} decisions each: "
        f"{took * 1e6 / decisions:.1f} µs a decision (load {os.getloadavg()[0]:.1f})",
        flush=True,
    )
    for part, seconds in spent.items():
        print(
            f"  {part:12} {seconds * 1e6 / decisions:5.1f} µs a decision, {seconds / took:4.0%}",
            flush=True,
        )


def spread(game_id: str, players: int, specs: list[str], rounds: int = 30) -> None:
    """How far one move's playout margin varies, and the difference between two moves'
    on the same samples and random numbers (what tells moves apart), for each playout
    policy named like a variant's options: medium's 8 best moves at each position, every
    pair; and the correlation the common random numbers leave between two moves."""
    game = engines.get(game_id)
    views = positions(game_id, players)
    for spec in specs:
        playout, value = playout_of(spec, spec.split("-"))
        single, paired = [], []
        for view, legal, _state, seat in views:
            actions = [game.parse_action(item["action"]) for item in legal]
            moves = best_on_estimate(game.sample(view, seat, Rng(1)), seat, actions, 8)
            rng = random.Random(7)
            margins: list[list[float]] = [[] for _ in moves]
            for _ in range(rounds):
                values = sampled_margins(
                    game, view, actions, moves, rng, lambda: False, playout, value
                )
                for i, move in enumerate(moves):
                    margins[i].append(values[move])
            single += [statistics.pvariance(m) for m in margins]
            paired += [
                statistics.pvariance([x - y for x, y in zip(a, b, strict=True)])
                for i, a in enumerate(margins)
                for b in margins[i + 1 :]
            ]
        one, two = statistics.mean(single), statistics.mean(paired)
        print(
            f"{spec:16} sd of a move's margin {one**0.5:5.1f}, of two moves' difference "
            f"{two**0.5:5.1f}, correlation {1 - two / (2 * one):.2f} ({len(views)} positions "
            f"x {rounds} samples; load {os.getloadavg()[0]:.1f})",
            flush=True,
        )


def flat_game(game_id: str, players: int, index: int, think_ms: float) -> list[State]:
    """Game ``index`` (seed 1000 + index) with flat Monte Carlo at every seat: a copy of
    every 16th position, the last one the finished game."""
    state = engines.get(game_id).new(players, 1000 + index, {})
    policies = [FlatMonteCarlo(think_ms, None) for _ in range(players)]
    kept: list[State] = []

    def keep(position: State) -> None:
        if position.ply % 16 == 8:
            kept.append(position.clone())

    play_out(state, policies, random.Random(f"predict:{game_id}:{players}:{index}"), keep)
    return [*kept, state]


def foresee(
    game_id: str, spec: str, samples: int, played: list[State]
) -> list[tuple[float, float]]:
    """For each kept position of one played game and each seat: the mean value of
    ``samples`` playouts of ``spec`` from states sampled from the seat's view (from the real
    state for ``seen-``), and the final margin the seat really had."""
    game = engines.get(game_id)
    # "seen-" is an upper bound on what a better guess at the rivals' tiles could foresee.
    seen = spec.startswith("seen-")
    playout, value = playout_of(spec, spec.removeprefix("seen-").split("-"))
    *kept, end = played
    pairs: list[tuple[float, float]] = []
    for state in kept:
        for seat in range(state.num_players):
            view = state.view(seat)
            values = []
            for i in range(samples):
                sampled = state.clone() if seen else game.sample(view, seat, Rng(i))
                playout(sampled, random.Random(i))
                values.append(value(sampled, seat))
            pairs.append((statistics.mean(values), final_margin(end, seat)))
    return pairs


def predict(
    game_id: str,
    players: int,
    specs: list[str],
    games: int,
    think_ms: float,
    jobs: int,
    samples: int = 8,
) -> None:
    """How well each playout policy foresees real games: ``games`` games of flat against
    flat at ``think_ms`` a move; at every 16th position, for each seat, the mean value of
    ``samples`` playouts from states sampled from its view (``foresee``), against the final
    margin the seat really had. Printed: their correlation and the root mean square of the
    difference."""
    with ProcessPoolExecutor(jobs) as pool:
        played = list(
            pool.map(
                functools.partial(flat_game, game_id, players, think_ms=think_ms), range(games)
            )
        )
        for spec in specs:
            load = os.getloadavg()[0]
            judged = pool.map(functools.partial(foresee, game_id, spec, samples), played)
            foreseen, real = zip(*(pair for pairs in judged for pair in pairs), strict=True)
            error = statistics.mean((f - r) ** 2 for f, r in zip(foreseen, real, strict=True))
            print(
                f"{spec:16} correlation with the real final margin "
                f"{statistics.correlation(foreseen, real):.2f}, root mean square error "
                f"{error**0.5:5.1f} ({len(real)} seats at positions of {games} games of flat "
                f"at {think_ms:g} ms, {samples} playouts each; "
                f"load {load:.1f}->{os.getloadavg()[0]:.1f})",
                flush=True,
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="dschingis_khan", choices=engines.game_ids())
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--think-ms", type=float, default=1000)
    parser.add_argument(
        "--variant-ms",
        type=float,
        help="the variant's budget, if not --think-ms: flat's first round always completes, "
        "so on wide turns or a loaded machine it takes more than its budget",
    )
    parser.add_argument("--variants", default="ismcts,ismcts-end,rollout")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--speed", action="store_true")
    parser.add_argument(
        "--playouts",
        help="time playout policies instead, e.g. inf6,inf12,inf6-w2 (with random as the unit)",
    )
    parser.add_argument(
        "--spread",
        help="how far playout margins vary, and two moves' differences, e.g. random,inf",
    )
    parser.add_argument(
        "--predict",
        help="how well playout policies foresee real games of flat (--games of them, "
        "--think-ms a move), e.g. random,inf,all; seen-NAME plays out from the real state",
    )
    parser.add_argument(
        "--profile",
        action="store_true",
        help="where a random playout's time goes: µs a decision, legal lists, apply, sampling",
    )
    parser.add_argument(
        "--samples", type=int, default=8, help="--predict's playouts at each position and seat"
    )
    args = parser.parse_args()
    names = args.variants.split(",")
    variant_ms = args.variant_ms or args.think_ms
    print(
        f"{args.game} {args.players}p, flat {args.think_ms:g} ms a move, variants {variant_ms:g}; "
        f"load average {os.getloadavg()[0]:.1f}",
        flush=True,
    )
    if args.speed:
        speed(args.game, args.players, names)
        return
    if args.playouts:
        playout_speed(args.game, args.players, args.playouts.split(","))
        return
    if args.predict:
        predict(
            args.game,
            args.players,
            args.predict.split(","),
            args.games,
            args.think_ms,
            args.jobs,
            args.samples,
        )
        return
    if args.spread:
        spread(args.game, args.players, args.spread.split(","))
        return
    if args.profile:
        profile(args.game, args.players)
        return
    with ProcessPoolExecutor(args.jobs) as pool:
        for name in names:
            load = os.getloadavg()[0]
            games = range(args.first, args.first + args.games)
            futures = [
                pool.submit(play, args.game, args.players, name, i, args.think_ms, variant_ms)
                for i in games
            ]
            results = [f.result() for f in futures]
            wins = sum(w for w, _ in results)
            per_game = " ".join(f"{w:g}" for w, _ in results)
            low, high = wilson(wins, len(results))
            ms_v = statistics.mean(m for _, ms in results for m in ms["variant"])
            ms_f = statistics.mean(m for _, ms in results for m in ms["flat"])
            print(
                f"{name:16} v flat: {wins:g}/{len(results)} [{low:.0%}, {high:.0%}]  "
                f"ms/move {ms_v:.0f} v {ms_f:.0f}  load {load:.1f}->{os.getloadavg()[0]:.1f}  "
                f"games {per_game}",
                flush=True,
            )


if __name__ == "__main__":
    main()
