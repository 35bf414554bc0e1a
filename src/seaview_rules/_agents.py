"""What the PettingZoo and OpenSpiel adapters share: for each game, the player action
space and the chance outcomes apart, the fixed-size encoding of a seat's view with its
bounds, ``max_game_length`` with the truncation rule, and the rewards.

An `AgentGame` is one game under one set of rules, seen as the agents' frameworks see a
game: action ids instead of moves, a position (`Position`) that counts the decisions
made, and a game that always ends. Both adapters are thin layers over it, so that the
two ecosystems play exactly the same game. It takes every game of `seaview_rules.GAMES`
that gives an encoding (`seaview_rules.Game.encoding`, a
`seaview_rules.encoding.Encoding`); it refuses any other with a `ValueError` naming the
game and the missing encoding.

- **Player actions and chance outcomes** are two fixed, numbered lists. The player
  actions are the moves of ``every_move(rules)`` that a seat makes, in that order; the
  chance outcomes are the moves its encoding calls chance's (deals, spins), in that
  order. In a game whose table steps its chance moves (``table_chance="step"``, as in
  leagues, where no seat ever chooses), a seat's only action is ``spin``
  (`Press.SPIN`): the seat whose turn it is presses the spinner (the game's
  ``chance_seat``), then chance says what it shows, as at a `seaview_rules.Table` that
  steps its chance moves.
- **Truncation.** A game is cut off once ``max_game_length`` decisions (player actions,
  the spin presses of leagues included, chance outcomes not) have been made and it is
  not over (``max_game_length`` is the encoding's own bound unless the caller sets
  one). A truncated game has no winner: every seat's win/loss reward is 0, and its
  score reward is its total so far.
- **Rewards**, at the end only: ``"win"`` (the default) gives the winner 1 and every
  other seat ``-1 / (players - 1)``, so that they sum to 0; ``"score"`` gives every seat
  its final total (`seaview_rules.Outcome.scores`).
- **Observations**: a flat ``float32`` array in ``[0, 1]`` made from the seat's view
  only by the game's encoding, laid out in named segments
  (`seaview_rules.encoding.Segment`). Seats are counted from the observing seat: index
  0 is the seat itself, 1 the next seat clockwise, and so on.

>>> from seaview_rules import voyage
>>> game = AgentGame("voyage", voyage.Rules(players=2, target=5))
>>> len(game.actions), len(game.outcomes), game.max_game_length
(42, 39, 1750)
>>> [str(game.actions[i]) for i in (0, 38, 39, 40, 41)], str(game.outcomes[0])
(['R1', 'B13', 'draw', 'keep', 'pass'], 'deal R1')
"""

from __future__ import annotations

import enum
import random
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, Literal

import attrs
import numpy as np
import numpy.typing as npt
from attrs import frozen

from seaview_rules import CHANCE, GAMES, Game, IllegalMoveError, Player, Violation
from seaview_rules.encoding import Encoding, Segment

__all__ = [
    "AgentGame",
    "Position",
    "Press",
    "Reward",
    "encoded",
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


class Press(enum.Enum):
    """The action of a seat in a game whose table steps its chance moves, where no
    seat chooses (leagues)."""

    SPIN = "spin"
    """Spin the spinner: what it shows is the chance outcome that follows."""

    def __str__(self) -> str:
        return self.value


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


def encoded(
    game: str | Game[Any, Any, Any, Any],
) -> tuple[Game[Any, Any, Any, Any], Encoding[Any, Any, Any, Any]]:
    """A game, given by its key in `seaview_rules.GAMES` or as a `seaview_rules.Game`,
    with its encoding for the adapters.

    >>> game, encoding = encoded("voyage")
    >>> game is GAMES["voyage"], encoding is game.encoding
    (True, True)

    Raises:
        ValueError: an unknown game name, or a game without an encoding
            (``Game.encoding`` is ``None``): the adapters have no observations to give.
    """
    if isinstance(game, str):
        if game not in GAMES:
            raise ValueError(
                f"unknown game {game!r}; choose from {', '.join(sorted(_encoded_names()))}"
            )
        game = GAMES[game]
    if game.encoding is None:
        raise ValueError(
            f"the game {game.name!r} has no encoding for learning agents: its Game gives no"
            " encoding= (a seaview_rules.encoding.Encoding), which the PettingZoo and"
            " OpenSpiel adapters need"
        )
    return game, game.encoding


def _encoded_names() -> list[str]:
    return [name for name, game in GAMES.items() if game.encoding is not None]


def rules_parameters(game: Game[Any, Any, Any, Any]) -> dict[str, int | bool | str]:
    """The options of a game's ``Rules`` that take a plain value (an int, a bool or an
    enum's string), with their defaults: the parameters of the OpenSpiel games. An
    option whose default follows from other options (Ship's Wheel's ``target``) has
    the default 0, which means "the rules' own default".

    >>> rules_parameters(GAMES["voyage"])
    {'players': 4, 'colours': 3, 'numbers': 13, 'hand_size': 6, 'target': 21, 'first_dealer': 0, 'must_play': True}
    >>> parameters = rules_parameters(GAMES["ships_wheel"])
    >>> parameters["scoring"], parameters["target"]
    ('cards', 0)
    """
    parameters: dict[str, int | bool | str] = {}
    for field in attrs.fields(game.rules_type):
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


def rules_from_parameters(game: Game[Any, Any, Any, Any], parameters: Mapping[str, object]) -> Any:
    """The ``Rules`` of ``game`` with the options `rules_parameters` names set from
    ``parameters`` (others are ignored; a 0 for a derived default leaves it out).

    >>> parameters = {"players": 2, "scoring": "hands", "target": 0}
    >>> rules_from_parameters(GAMES["ships_wheel"], parameters).target
    5

    Raises:
        seaview_rules.errors.InvalidDataError: an option's value is refused by the rules.
    """
    known = rules_parameters(game)
    options = {}
    for key, default in known.items():
        if key not in parameters:
            continue
        value = parameters[key]
        if value == 0 and default == 0 and not isinstance(value, bool):
            continue  # the rules' own default
        options[key] = value
    return game.rules_type(**options)


class AgentGame:
    """One game under one set of rules, as the agents' frameworks see it.

    Args:
        game: the game, by its key in `seaview_rules.GAMES` or as a `seaview_rules.Game`
            (which must give an encoding).
        rules: its rules (default: the game's defaults).
        reward: ``"win"`` or ``"score"`` (see the module's docstring).
        max_game_length: the decisions after which a game is cut off (default: the
            encoding's own bound, `seaview_rules.encoding.Encoding.max_game_length`).

    Raises:
        ValueError: an unknown game, a game without an encoding, an unknown reward, or
            a bound below 1.
        TypeError: ``rules`` is not the game's ``Rules``.

    >>> from seaview_rules import GAMES
    >>> import attrs
    >>> AgentGame(attrs.evolve(GAMES["leagues"], encoding=None))
    Traceback (most recent call last):
    ...
    ValueError: the game 'leagues' has no encoding for learning agents: its Game gives no encoding= (a seaview_rules.encoding.Encoding), which the PettingZoo and OpenSpiel adapters need
    """

    def __init__(
        self,
        game: str | Game[Any, Any, Any, Any],
        rules: Any = None,
        *,
        reward: Reward = "win",
        max_game_length: int | None = None,
    ) -> None:
        game, encoding = encoded(game)
        if reward not in REWARDS:
            raise ValueError(f"reward must be 'win' or 'score', not {reward!r}")
        if rules is None:
            rules = game.rules_type()
        if not isinstance(rules, game.rules_type):
            raise TypeError(f"rules must be {game.name}'s Rules, not {type(rules).__name__}")
        bound = encoding.max_game_length(rules) if max_game_length is None else max_game_length
        if not isinstance(bound, int) or isinstance(bound, bool) or bound < 1:
            raise ValueError(f"max_game_length must be a positive int, not {max_game_length!r}")
        self.name = game.name
        self.game = game
        self.encoding = encoding
        self.rules = rules
        self.reward: Reward = reward
        self.max_game_length = bound
        self.players = game.players(rules)
        self._press = game.table_chance == "step"
        every = game.every_move(rules)
        chance = encoding.chance_move
        self.outcomes: tuple[Any, ...] = tuple(m for m in every if chance(m))
        """The chance outcomes, numbered by their place here."""
        self.actions: tuple[Any, ...] = (
            (Press.SPIN,) if self._press else tuple(m for m in every if not chance(m))
        )
        """The moves of the player action ids, numbered by their place here."""
        self._action_ids = {move: i for i, move in enumerate(self.actions)}
        self._outcome_ids = {move: i for i, move in enumerate(self.outcomes)}
        self.segments: tuple[Segment, ...] = encoding.layout(rules)
        """The parts of an observation, in order."""
        self.observation_size = sum(segment.size for segment in self.segments)
        self._offsets = {segment.name: segment.start for segment in self.segments}
        if reward == "win":
            loss = -1 / (self.players - 1)
            self.min_utility, self.max_utility = loss, 1.0
            self._win = tuple(
                tuple(1.0 if s == w else loss for s in range(self.players))
                for w in range(self.players)
            )
        else:
            self.min_utility = float(encoding.min_score(rules))
            self.max_utility = float(encoding.max_score(rules))
        self._draw = (0.0,) * self.players

    def __deepcopy__(self, memo: dict[int, object]) -> AgentGame:
        return self  # never changed once made: copies share it

    def __reduce__(self) -> tuple[Any, ...]:
        return (_agent_game, (self.game, self.rules, self.reward, self.max_game_length))

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
                return tuple(float(s) for s in self.encoding.scores(state))
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
        self.encoding.write(view, self.rules, out, self._offsets)

    def action_name(self, action: int) -> str:
        """The notation of a player action (``"R7"``, ``"draw"``, ``"spin"``)."""
        return str(self._move(self.actions, action))

    def outcome_name(self, outcome: int) -> str:
        """The notation of a chance outcome (``"deal R7"``, ``"3R"``)."""
        return str(self._move(self.outcomes, outcome))


def _agent_game(
    game: Game[Any, Any, Any, Any], rules: Any, reward: Reward, max_game_length: int
) -> AgentGame:
    """Unpickle an `AgentGame` (its game pickles as its name in `seaview_rules.GAMES`)."""
    return AgentGame(game, rules, reward=reward, max_game_length=max_game_length)
