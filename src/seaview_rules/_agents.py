"""What the PettingZoo and OpenSpiel adapters share: for each game, the player action
space and the chance outcomes apart, the fixed-size encoding of a seat's view with its
bounds, ``max_game_length`` with the truncation rule, and the rewards.

An `AgentGame` is one game under one set of rules, seen as the agents' frameworks see a
game: action ids instead of moves, a position (`Position`) that counts the decisions
made, and a game that always ends. Both adapters are thin layers over it, so that the
two ecosystems play exactly the same game.

- **Player actions and chance outcomes** are two fixed, numbered lists. The player
  actions are the moves of ``every_move(rules)`` that a seat makes, in that order; the
  chance outcomes are its deals (the card games) or spins (leagues), in that order. In
  leagues no seat ever chooses, so a seat's only action is ``spin`` (`Press.SPIN`): the
  seat whose turn it is presses the spinner (the game's ``chance_seat``), then chance
  says what it shows, as at a `seaview_rules.Table` that steps its chance moves.
- **Truncation.** A game is cut off once ``max_game_length`` decisions (player actions,
  the spin presses of leagues included, chance outcomes not) have been made and it is
  not over. A truncated game has no winner: every seat's win/loss reward is 0, and its
  score reward is its total so far.
- **Rewards**, at the end only: ``"win"`` (the default) gives the winner 1 and every
  other seat ``-1 / (players - 1)``, so that they sum to 0; ``"score"`` gives every seat
  its final total (`seaview_rules.Outcome.scores`).
- **Observations**: a flat ``float32`` array in ``[0, 1]`` made from the seat's view
  only, laid out in named segments (`Segment`). Seats are counted from the observing
  seat: index 0 is the seat itself, 1 the next seat clockwise, and so on.

>>> game = AgentGame("voyage", voyage.Rules(players=2, target=5))
>>> len(game.actions), len(game.outcomes), game.max_game_length
(42, 39, 1750)
>>> [str(game.actions[i]) for i in (0, 38, 39, 40, 41)], str(game.outcomes[0])
(['R1', 'B13', 'draw', 'keep', 'pass'], 'deal R1')
"""

from __future__ import annotations

import enum
import math
import random
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any, Literal

import attrs
import numpy as np
import numpy.typing as npt
from attrs import frozen

from seaview_rules import (
    CHANCE,
    GAMES,
    Game,
    IllegalMoveError,
    Player,
    Violation,
    leagues,
    ships_wheel,
    voyage,
)

__all__ = [
    "AgentGame",
    "Position",
    "Press",
    "Reward",
    "Segment",
    "default_max_game_length",
    "rules_from_parameters",
    "rules_parameters",
]

Reward = Literal["win", "score"]
"""How a finished game rewards the seats: ``"win"`` (1 for the winner, ``-1 /
(players - 1)`` for the others, 0 for all after a truncation) or ``"score"`` (each
seat's total)."""

REWARDS: tuple[Reward, ...] = ("win", "score")

Observation = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]
Offsets = Mapping[str, int]
"""Where each segment of an observation starts, by name."""


class Press(enum.Enum):
    """The action of a seat in a game where no seat chooses (leagues)."""

    SPIN = "spin"
    """Spin the spinner: what it shows is the chance outcome that follows."""

    def __str__(self) -> str:
        return self.value


@frozen
class Segment:
    """A named part of an observation: ``size`` numbers from ``start``, read as an
    array of ``shape``, each in ``[0, 1]``."""

    name: str
    shape: tuple[int, ...]
    meaning: str
    """What the numbers say, and how a count is scaled into ``[0, 1]``."""
    start: int = 0

    @property
    def size(self) -> int:
        """How many numbers the segment holds."""
        return math.prod(self.shape)


@frozen(weakref_slot=False)
class Position:
    """A moment of a game as the agents' frameworks see it: the game's state, how many
    decisions have been made (to cut the game off at ``max_game_length``), and in
    leagues whether the seat to spin has pressed the spinner."""

    state: Any
    decisions: int = 0
    pressed: bool = False

    def __deepcopy__(self, memo: dict[int, object]) -> Position:
        return self  # immutable all the way down: a copy would be the same value


def default_max_game_length(name: str, rules: Any) -> int:
    """The decisions after which a game under ``rules`` is cut off, unless a caller
    sets its own bound.

    It is far above the longest game of random play seen under the default rules, and
    grows with what the game takes to win:

    - Voyage: ``500 + 250 * target`` (5,750 by default; random 2-player matches to 21
      took at most 734 decisions in 300 games).
    - Ship's Wheel: ``20,000 + 2,500 * T``, where ``T`` is the target in cards (with
      hand scoring, the target times the largest hand): 145,000 by default (random
      2-player matches to 50 took at most 63,132 decisions in 200 games, with two decks
      87,688 in 60: random discards rarely make a hand of 8 different cards).
    - leagues: ``20 * rows * players`` spins (1,600 by default; random 4-player games
      took at most 332 spins in 300 games).

    >>> default_max_game_length("voyage", voyage.Rules())
    5750
    >>> default_max_game_length("leagues", leagues.Rules(players=2))
    800
    """
    return _SPECS[name].max_game_length(rules)


def rules_parameters(name: str) -> dict[str, int | bool | str]:
    """The options of a game's ``Rules`` that take a plain value (an int, a bool or an
    enum's string), with their defaults: the parameters of the OpenSpiel games. An
    option whose default follows from other options (Ship's Wheel's ``target``) has
    the default 0, which means "the rules' own default".

    >>> rules_parameters("voyage")
    {'players': 4, 'colours': 3, 'numbers': 13, 'hand_size': 6, 'target': 21, 'first_dealer': 0, 'must_play': True}
    >>> rules_parameters("ships_wheel")["scoring"], rules_parameters("ships_wheel")["target"]
    ('cards', 0)
    """
    parameters: dict[str, int | bool | str] = {}
    for field in attrs.fields(GAMES[name].rules_type):
        default = field.default
        if not field.init:
            continue
        if isinstance(default, attrs.Factory):  # type: ignore[arg-type]  # attrs' Factory is a class at run time
            if getattr(default, "takes_self", False):
                parameters[field.name] = 0
            continue
        if isinstance(default, enum.Enum):
            parameters[field.name] = str(default.value)
        elif isinstance(default, (bool, int, str)):
            parameters[field.name] = default
    return parameters


def rules_from_parameters(name: str, parameters: Mapping[str, object]) -> Any:
    """The ``Rules`` of game ``name`` with the options `rules_parameters` names set from
    ``parameters`` (others are ignored; a 0 for a derived default leaves it out).

    >>> rules_from_parameters("ships_wheel", {"players": 2, "scoring": "hands", "target": 0}).target
    5

    Raises:
        seaview_rules.errors.InvalidDataError: an option's value is refused by the rules.
    """
    known = rules_parameters(name)
    options = {}
    for key, default in known.items():
        if key not in parameters:
            continue
        value = parameters[key]
        if value == 0 and default == 0 and not isinstance(value, bool):
            continue  # the rules' own default
        options[key] = value
    return GAMES[name].rules_type(**options)


@frozen(kw_only=True)
class _Spec:
    """What one game needs beyond the shared API: which moves are chance's, how to
    encode a view, the default bound, the largest score, and the totals so far."""

    chance_move: Callable[[Any], bool]
    segments: Callable[[Any], list[tuple[str, tuple[int, ...], str]]]
    write: Callable[[Any, Any, Observation, Offsets], None]
    """Write the encoding of a view into a zeroed array, each segment from its offset."""
    max_game_length: Callable[[Any], int]
    max_score: Callable[[Any], int]
    scores: Callable[[Any], tuple[int, ...]]


def _rel(seat: int, other: int, players: int) -> int:
    """``other`` counted from ``seat``: 0 for the seat itself, 1 for its left, ..."""
    return (other - seat) % players


def _clipped(value: int, bound: int) -> float:
    return min(value, bound) / bound if bound > 0 else 0.0


# Voyage ------------------------------------------------------------------------------

_VOYAGE_PHASES = tuple(voyage.Phase)


def _voyage_segments(rules: voyage.Rules) -> list[tuple[str, tuple[int, ...], str]]:
    d, p = rules.deck_size, rules.players
    return [
        ("hand", (d,), "1 for each card of the deck (in `every_move` order) in the seat's hand"),
        ("discard_top", (d,), "1 for the top card of the discard pile"),
        ("discard_under", (d,), "1 for each card under the top, in sight (VOY-R9)"),
        ("drawn", (d,), "1 for the card the seat has just drawn (phase DRAWN)"),
        (
            "phase",
            (len(_VOYAGE_PHASES),),
            "the phase, one-hot: deal, lead, turn, draw, drawn, over",
        ),
        ("player", (p,), "the seat to act (or to receive a card), one-hot by relative seat"),
        ("dealer", (p,), "the dealer, one-hot by relative seat"),
        ("hand_sizes", (p,), "cards in each hand by relative seat, over the deck size"),
        ("draw_pile", (1,), "cards in the draw pile, over the deck size"),
        ("scores", (p,), "each total by relative seat, over the target (capped at 1)"),
        ("reshuffles", (1,), "draw piles rebuilt this round (VOY-6), over 8 (capped at 1)"),
    ]


def _voyage_write(view: voyage.View, rules: voyage.Rules, out: Observation, at: Offsets) -> None:
    seat = view.seat
    assert seat is not None
    p = rules.players
    place = _voyage_places(rules)
    hand = at["hand"]
    for card in view.hand or ():
        out[hand + place[card.index]] = 1
    if view.discard_top is not None:
        out[at["discard_top"] + place[view.discard_top.index]] = 1
    under = at["discard_under"]
    for card in view.discard_under:
        out[under + place[card.index]] = 1
    if view.drawn is not None:
        out[at["drawn"] + place[view.drawn.index]] = 1
    out[at["phase"] + _VOYAGE_PHASES.index(view.phase)] = 1
    out[at["player"] + _rel(seat, view.player, p)] = 1
    out[at["dealer"] + _rel(seat, view.dealer, p)] = 1
    deck, sizes, scores = rules.deck_size, at["hand_sizes"], at["scores"]
    for s in range(p):
        r = _rel(seat, s, p)
        out[sizes + r] = view.hand_sizes[s] / deck
        out[scores + r] = _clipped(view.scores[s], rules.target)
    out[at["draw_pile"]] = view.draw_pile_size / deck
    out[at["reshuffles"]] = _clipped(view.reshuffles, 8)


_PLACES: dict[voyage.Rules, tuple[int, ...]] = {}


def _voyage_places(rules: voyage.Rules) -> tuple[int, ...]:
    """For each card index of the full deck, its place among the cards of ``rules``'s
    deck (-1 if the deck lacks it)."""
    places = _PLACES.get(rules)
    if places is None:
        order = {card.index: k for k, card in enumerate(rules.deck)}
        places = _PLACES[rules] = tuple(order.get(i, -1) for i in range(len(voyage.CARDS)))
    return places


# Ship's Wheel ------------------------------------------------------------------------

_SW_PHASES = tuple(ships_wheel.Phase)
_SW_MOST_CARDS = 9
"""The most cards a hand holds: 8 dealt and 1 drawn before the discard (SW-2, SW-6)."""


def _sw_segments(rules: ships_wheel.Rules) -> list[tuple[str, tuple[int, ...], str]]:
    k, p = len(rules.table.cards), rules.players
    return [
        (
            "hand",
            (k,),
            "copies of each card kind (in `every_move` order) in the seat's hand, over the copies the deck holds",
        ),
        ("passing", (k,), "1 for the card the seat chose to pass left (phase pass)"),
        ("pile_tops", (p, k), "the top card of each discard pile, one-hot, by relative seat"),
        (
            "pile_sizes",
            (p,),
            "cards in each discard pile by relative seat, over the cards of the deck(s)",
        ),
        ("hand_sizes", (p,), f"cards in each hand by relative seat, over {_SW_MOST_CARDS}"),
        ("deck_size", (1,), "cards in the deck, over the cards of the deck(s)"),
        (
            "phase",
            (len(_SW_PHASES),),
            "the phase, one-hot: size, deal, draw, deck, discard, pass, over",
        ),
        (
            "player",
            (p,),
            "the seat to act (or to receive a card; the winner at the end), one-hot by relative seat",
        ),
        ("dealer", (p,), "the dealer, one-hot by relative seat"),
        (
            "anchor",
            (p,),
            "the seat that discarded the Anchor (phase pass), one-hot by relative seat",
        ),
        ("hand_size", (9,), "the hand size of this hand, one-hot from 0 (not chosen yet) to 8"),
        ("scores", (p,), "each total by relative seat, over the target (capped at 1)"),
        (
            "reshuffles",
            (1,),
            "times the discards became the deck this hand, over Rules.max_reshuffles (0 if that is 0)",
        ),
    ]


def _sw_write(
    view: ships_wheel.View, rules: ships_wheel.Rules, out: Observation, at: Offsets
) -> None:
    seat = view.seat
    assert seat is not None
    table = rules.table
    counts = table.counts
    kinds = len(counts)
    p = rules.players
    hand = at["hand"]
    for i in view.hand or ():
        out[hand + i] += 1 / counts[i]
    if view.passing is not None:
        out[at["passing"] + view.passing] = 1
    tops, piles, sizes = at["pile_tops"], at["pile_sizes"], at["hand_sizes"]
    scores = at["scores"]
    total = len(table.full)
    for s in range(p):
        r = _rel(seat, s, p)
        top = view.pile_tops[s]
        if top is not None:
            out[tops + r * kinds + top] = 1
        out[piles + r] = view.pile_sizes[s] / total
        out[sizes + r] = view.hand_sizes[s] / _SW_MOST_CARDS
        out[scores + r] = _clipped(view.scores[s], rules.target)
    out[at["deck_size"]] = view.deck_size / total
    out[at["phase"] + _SW_PHASES.index(view.phase)] = 1
    out[at["player"] + _rel(seat, view.player, p)] = 1
    out[at["dealer"] + _rel(seat, view.dealer, p)] = 1
    if view.anchor is not None:
        out[at["anchor"] + _rel(seat, view.anchor, p)] = 1
    out[at["hand_size"] + view.hand_size] = 1
    out[at["reshuffles"]] = _clipped(view.reshuffles, rules.max_reshuffles)


def _sw_target_cards(rules: ships_wheel.Rules) -> int:
    """The target in cards: a hand won scores at most the largest hand's cards."""
    if rules.scoring is ships_wheel.Scoring.CARDS:
        return rules.target
    return rules.target * max(rules.hand_sizes)


def _sw_max_score(rules: ships_wheel.Rules) -> int:
    per_hand = max(rules.hand_sizes) if rules.scoring is ships_wheel.Scoring.CARDS else 1
    return rules.target - 1 + per_hand


# leagues -----------------------------------------------------------------------------

_LEAGUES_PHASES = tuple(leagues.Phase)


def _leagues_segments(rules: leagues.Rules) -> list[tuple[str, tuple[int, ...], str]]:
    squares = rules.board.rows * rules.board.columns
    p = rules.players
    spins = len(leagues.every_move(rules))
    return [
        (
            "positions",
            (p, squares),
            "each diver's square (row by row, from the top left), one-hot, by relative seat",
        ),
        (
            "placed",
            (p,),
            "1 for each diver (by relative seat) put on his square rather than walking there (LEA-R9, LEA-R11)",
        ),
        ("phase", (len(_LEAGUES_PHASES),), "the phase, one-hot: order, spin, over"),
        ("player", (p,), "the seat to spin (the winner at the end), one-hot by relative seat"),
        (
            "order",
            (p, p),
            "each seat's place in the order of play (by relative seat), one-hot; 0 until it is settled (LEA-2)",
        ),
        ("last_spin", (spins,), "the last spin (in chance outcome order), one-hot; 0 at the start"),
    ]


def _leagues_write(view: leagues.View, rules: leagues.Rules, out: Observation, at: Offsets) -> None:
    seat = view.seat
    assert seat is not None
    p = rules.players
    squares = rules.board.rows * rules.board.columns
    positions, placed = at["positions"], at["placed"]
    for s in range(p):
        r = _rel(seat, s, p)
        out[positions + r * squares + view.positions[s]] = 1
        out[placed + r] = view.placed[s]
    out[at["phase"] + _LEAGUES_PHASES.index(view.phase)] = 1
    out[at["player"] + _rel(seat, view.player, p)] = 1
    order = at["order"]
    for place, s in enumerate(view.order):
        out[order + _rel(seat, s, p) * p + place] = 1
    spin = view.last_spin
    if spin is not None:  # every_move's order: by number, then right before left
        out[
            at["last_spin"] + (spin.number - 1) * 2 + (spin.direction is leagues.Direction.LEFT)
        ] = 1


_SPECS: dict[str, _Spec] = {
    "voyage": _Spec(
        chance_move=lambda move: isinstance(move, voyage.Deal),
        segments=_voyage_segments,
        write=_voyage_write,
        max_game_length=lambda rules: 500 + 250 * rules.target,
        max_score=lambda rules: rules.target - 1 + rules.deck_size,
        scores=lambda state: tuple(state.scores),
    ),
    "ships_wheel": _Spec(
        chance_move=lambda move: isinstance(move, ships_wheel.Deal),
        segments=_sw_segments,
        write=_sw_write,
        max_game_length=lambda rules: 20_000 + 2_500 * _sw_target_cards(rules),
        max_score=_sw_max_score,
        scores=lambda state: tuple(state.scores),
    ),
    "leagues": _Spec(
        chance_move=lambda move: isinstance(move, leagues.Spin),
        segments=_leagues_segments,
        write=_leagues_write,
        max_game_length=lambda rules: 20 * rules.board.rows * rules.players,
        max_score=lambda rules: 1,
        scores=lambda state: (0,) * state.rules.players,
    ),
}
"""Every game the adapters offer, with what they need of it."""


class AgentGame:
    """One game under one set of rules, as the agents' frameworks see it.

    Args:
        name: the game's key in `seaview_rules.GAMES`.
        rules: its rules (default: the game's defaults).
        reward: ``"win"`` or ``"score"`` (see the module's docstring).
        max_game_length: the decisions after which a game is cut off (default:
            `default_max_game_length`).

    Raises:
        ValueError: an unknown game or reward, or a bound below 1.
        TypeError: ``rules`` is not the game's ``Rules``.
    """

    def __init__(
        self,
        name: str,
        rules: Any = None,
        *,
        reward: Reward = "win",
        max_game_length: int | None = None,
    ) -> None:
        if name not in _SPECS:
            raise ValueError(f"unknown game {name!r}; choose from {', '.join(sorted(_SPECS))}")
        if reward not in REWARDS:
            raise ValueError(f"reward must be 'win' or 'score', not {reward!r}")
        game: Game[Any, Any, Any, Any] = GAMES[name]
        if rules is None:
            rules = game.rules_type()
        if not isinstance(rules, game.rules_type):
            raise TypeError(f"rules must be {name}'s Rules, not {type(rules).__name__}")
        spec = _SPECS[name]
        bound = spec.max_game_length(rules) if max_game_length is None else max_game_length
        if not isinstance(bound, int) or isinstance(bound, bool) or bound < 1:
            raise ValueError(f"max_game_length must be a positive int, not {max_game_length!r}")
        self.name = name
        self.game = game
        self.rules = rules
        self.reward: Reward = reward
        self.max_game_length = bound
        self.players = game.players(rules)
        self._spec = spec
        self._press = game.table_chance == "step"
        every = game.every_move(rules)
        self.outcomes: tuple[Any, ...] = tuple(m for m in every if spec.chance_move(m))
        """The chance outcomes, numbered by their place here."""
        self.actions: tuple[Any, ...] = (
            (Press.SPIN,) if self._press else tuple(m for m in every if not spec.chance_move(m))
        )
        """The moves of the player action ids, numbered by their place here."""
        self._action_ids = {move: i for i, move in enumerate(self.actions)}
        self._outcome_ids = {move: i for i, move in enumerate(self.outcomes)}
        layout = []
        start = 0
        for segment_name, shape, meaning in spec.segments(rules):
            segment = Segment(segment_name, shape, meaning, start)
            layout.append(segment)
            start += segment.size
        self.segments: tuple[Segment, ...] = tuple(layout)
        """The parts of an observation, in order."""
        self.observation_size = start
        self._offsets = {segment.name: segment.start for segment in layout}
        if reward == "win":
            loss = -1 / (self.players - 1)
            self.min_utility, self.max_utility = loss, 1.0
            self._win = tuple(
                tuple(1.0 if s == w else loss for s in range(self.players))
                for w in range(self.players)
            )
        else:
            self.min_utility, self.max_utility = 0.0, float(spec.max_score(rules))
        self._draw = (0.0,) * self.players

    def __deepcopy__(self, memo: dict[int, object]) -> AgentGame:
        return self  # never changed once made: copies share it

    def __reduce__(self) -> tuple[Any, ...]:
        return (_agent_game, (self.name, self.rules, self.reward, self.max_game_length))

    def __repr__(self) -> str:
        return f"AgentGame({self.name!r}, {self.rules!r}, reward={self.reward!r}, max_game_length={self.max_game_length})"

    # Positions ---------------------------------------------------------------------

    def new_position(self) -> Position:
        """The start of a game."""
        return Position(self.game.new_game(self.rules))

    def is_over(self, position: Position) -> bool:
        """Whether the game ended, by the rules or by truncation."""
        return self.game.is_terminal(position.state) or self.is_truncated(position)

    def is_truncated(self, position: Position) -> bool:
        """Whether the game was cut off: ``max_game_length`` decisions were made and
        it is not over."""
        return position.decisions >= self.max_game_length and not self.game.is_terminal(
            position.state
        )

    def to_move(self, position: Position) -> Player | None:
        """The seat to decide, `CHANCE` for an outcome, or ``None`` once the game ended
        (truncated or not)."""
        if position.decisions >= self.max_game_length:
            return None
        player = self.game.current_player(position.state)
        if player is CHANCE and self._press and not position.pressed:
            return self.game.chance_seat(position.state)
        return player

    def legal_actions(self, position: Position) -> list[int]:
        """The ids of the legal player actions, ascending; none unless a seat decides."""
        player = self.to_move(position)
        if player is None or player is CHANCE:
            return []
        if self._press:
            return [0]
        ids = self._action_ids
        return sorted(ids[m] for m in self.game.legal_moves(position.state))

    def action_mask(self, position: Position, seat: int) -> Mask:
        """1 for each legal action of ``seat`` (all 0 unless it is to decide)."""
        mask = np.zeros(len(self.actions), np.int8)
        if self.to_move(position) == seat:
            mask[self.legal_actions(position)] = 1
        return mask

    def chance_outcomes(self, position: Position) -> list[tuple[int, Fraction]]:
        """The ids of the possible chance outcomes with their exact probabilities,
        ascending; none unless chance is to move."""
        if self.to_move(position) is not CHANCE:
            return []
        ids = self._outcome_ids
        return sorted((ids[m], p) for m, p in self.game.chance_outcomes(position.state))

    def sample_outcome(self, position: Position, rng: random.Random) -> int:
        """A chance outcome's id drawn from ``rng`` with the exact probabilities."""
        return self._outcome_ids[self.game.sample_chance(position.state, rng)]

    def apply_action(self, position: Position, action: int) -> Position:
        """The position after the seat to decide takes ``action``.

        Raises:
            seaview_rules.errors.IllegalMoveError: no seat is to decide (API-OVER, API-TURN),
                or the action is not legal: its ``rule`` names the rule it breaks
                (API-MOVE for an id outside the action space).
        """
        player = self.to_move(position)
        if player is None:
            ended = (
                "cut off after max_game_length decisions" if self.is_truncated(position) else "over"
            )
            raise IllegalMoveError(Violation("API-OVER", f"the game is {ended}"))
        if player is CHANCE:
            raise IllegalMoveError(Violation("API-TURN", "the next move is a chance outcome"))
        move = self._move(self.actions, action)
        if self._press:
            return Position(position.state, position.decisions + 1, True)
        state = self.game.apply_move(position.state, move)
        return Position(state, position.decisions + 1)

    def apply_outcome(self, position: Position, outcome: int) -> Position:
        """The position after the chance outcome ``outcome``.

        Raises:
            seaview_rules.errors.IllegalMoveError: chance is not to move, or the outcome is not
                possible.
        """
        player = self.to_move(position)
        if player is None:
            raise IllegalMoveError(Violation("API-OVER", "the game is over"))
        if player is not CHANCE:
            raise IllegalMoveError(Violation("API-TURN", f"seat {player} is to move, not chance"))
        state = self.game.apply_move(position.state, self._move(self.outcomes, outcome))
        return Position(state, position.decisions)

    @staticmethod
    def _move(space: Sequence[Any], index: int) -> Any:
        if not 0 <= index < len(space):
            raise IllegalMoveError(
                Violation("API-MOVE", f"{index} is not an id from 0 to {len(space) - 1}")
            )
        return space[index]

    def returns(self, position: Position) -> tuple[float, ...]:
        """Each seat's reward: 0 until the game ended, then as `reward` says."""
        state = position.state
        outcome = self.game.outcome(state)
        if outcome is None:
            if self.reward == "score" and self.is_truncated(position):
                return tuple(float(s) for s in self._spec.scores(state))
            return self._draw
        if self.reward == "score":
            return tuple(float(s) for s in outcome.scores)
        return self._draw if outcome.winner is None else self._win[outcome.winner]

    # What a seat sees ----------------------------------------------------------------

    def view(self, position: Position, seat: int) -> Any:
        """``seat``'s view of the game (the game's ``View``)."""
        return self.game.view(position.state, seat)

    def observation(
        self, position: Position, seat: int, out: Observation | None = None
    ) -> Observation:
        """The encoding of ``seat``'s view, written into ``out`` if given (its
        `observation_size` numbers are overwritten)."""
        if out is None:
            out = np.zeros(self.observation_size, np.float32)
        else:
            out.fill(0)
        self.encode(self.view(position, seat), out)
        return out

    def encode(self, view: Any, out: Observation) -> None:
        """Write the encoding of a seat's ``view`` into the zeroed array ``out``."""
        self._spec.write(view, self.rules, out, self._offsets)

    def action_name(self, action: int) -> str:
        """The notation of a player action (``"R7"``, ``"draw"``, ``"spin"``)."""
        return str(self._move(self.actions, action))

    def outcome_name(self, outcome: int) -> str:
        """The notation of a chance outcome (``"deal R7"``, ``"3R"``)."""
        return str(self._move(self.outcomes, outcome))


def _agent_game(name: str, rules: Any, reward: Reward, max_game_length: int) -> AgentGame:
    """Unpickle an `AgentGame`."""
    return AgentGame(name, rules, reward=reward, max_game_length=max_game_length)
