"""What the bots of `seaview_rules.bots` know of Voyage: a rule-of-thumb bot, how the
search bot plays a round, and the rounds of a match."""

from __future__ import annotations

import random

import attrs

from seaview_rules.search import Periods, Search
from seaview_rules.voyage._model import State, View
from seaview_rules.voyage._moves import Move, Play

__all__ = ["PERIODS", "SEARCH", "VoyageHeuristicBot"]


class VoyageHeuristicBot:
    """Plays the card after which most of its other cards still match the top, so that
    it keeps playing the colour (or number) it holds most of; plays a drawn card that
    matches; draws, keeps or passes only when it must.

    >>> from seaview_rules import GAMES, RandomBot, play, voyage
    >>> result = play(GAMES["voyage"], voyage.Rules(players=2), random.Random(1),
    ...               [VoyageHeuristicBot(), RandomBot()])
    >>> result.outcome.winner in (0, 1)
    True
    """

    def choose(self, view: View, legal_moves: tuple[Move, ...], rng: random.Random) -> Move:
        """The play that leaves most cards in hand matching the new top; the first
        legal move when there is no play."""
        plays = [m for m in legal_moves if isinstance(m, Play)]
        if not plays or view.hand is None:
            return legal_moves[0]
        hand = view.hand
        return max(plays, key=lambda m: sum(c != m.card and c.matches(m.card) for c in hand))


def _last_round(state: State) -> State:
    """The same state in a match that ends with the round in play: its winner scores at
    least a point (VOY-5), so any winner reaches this target (VOY-8)."""
    rules = attrs.evolve(state.rules, target=min(state.scores) + 1)
    return attrs.evolve(state, rules=rules)


def _round_winner(start: State, end: State) -> int | None:
    """Who won, in ``end``, the round in play in ``start``: ``None`` if it has not
    ended."""
    played = len(start.results)
    return end.results[played].winner if len(end.results) > played else None


def _round_winners(state: State) -> tuple[int | None, ...]:
    return tuple(result.winner for result in state.results)


SEARCH: Search[State] = Search(
    iterations=300, horizon=20_000, start=_last_round, winner=_round_winner
)
"""The search bot plays for the round in play: 300 iterations a decision, a few
hundredths of a second of processor time on this project's 2-core machines
(benchmarks/strength.py), each playout to the end of the round (up to 20,000 moves: a
tiny deck can loop for ever, VOY-R10)."""

PERIODS: Periods[State] = Periods(name="rounds", winners=_round_winners)
"""A match is played in rounds, each won by the seat that went out (VOY-5)."""
