"""OpenSpiel games for every game (needs the ``rl`` extra).

Importing this module registers every game of `seaview_rules.GAMES` that gives an
encoding (`seaview_rules.Game.encoding`) as an OpenSpiel Python game named
``seaview_<name>`` (``seaview_voyage``, ``seaview_leagues``, ``seaview_ships_wheel``,
...), so that ``pyspiel.load_game`` and every OpenSpiel algorithm that runs on a
registered game (MCTS, IS-MCTS, CFR on small configurations, ...) take them. A game
without an encoding is not registered, and `load_game` refuses it with a `ValueError`
naming it. The games are:

- explicit stochastic chance, each outcome with the game's exact probability (as a
  float);
- imperfect information where a seat's view hides something (the card games), perfect
  information in leagues;
- a zero-sum utility by default (the winner 1, the others ``-1 / (players - 1)``), or a
  general-sum one with ``reward=score`` (each seat's final total);
- the player action space and the chance outcomes apart, both fixed (see "Training
  agents" in the docs), with at most ``max_game_length`` player decisions;
- for each player, from that player's view only: the information state string (every
  event the seat was told, in order: perfect recall), the observation string (the
  game's text picture of the view), and one tensor, the view's fixed-size encoding,
  for both the information state and the observation.

The parameters are the ``Rules`` options that take a plain value (``players``,
``target``, ...), ``reward`` (``"win"`` or ``"score"``) and ``max_game_length`` (0 for
the game's own bound). `load_game` takes a ``Rules`` value instead, for boards and decks
no parameter describes.

>>> import pyspiel
>>> from seaview_rules import openspiel
>>> game = pyspiel.load_game("seaview_voyage", {"players": 2, "target": 3})
>>> game.num_distinct_actions(), game.max_chance_outcomes(), game.max_game_length()
(42, 39, 1250)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), state.chance_outcomes()[0]
(True, (0, 0.02564102564102564))
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

import attrs
import numpy as np
import pyspiel
from attrs import frozen

from seaview_rules import CHANCE, GAMES, Game
from seaview_rules._agents import (
    AgentGame,
    Position,
    Press,
    Reward,
    encoded,
    rules_from_parameters,
    rules_parameters,
)

__all__ = ["NAMES", "SeaviewGame", "SeaviewState", "load_game", "openspiel_name", "resampler"]


def openspiel_name(game: Game[Any, Any, Any, Any]) -> str:
    """The name OpenSpiel knows ``game`` by: ``seaview_`` and its registry name.

    >>> openspiel_name(GAMES["ships_wheel"])
    'seaview_ships_wheel'
    """
    return f"seaview_{game.name}"


NAMES = {name: openspiel_name(game) for name, game in GAMES.items() if game.encoding is not None}
"""The OpenSpiel name of each game this module registers (those that give an
encoding), by its key in `seaview_rules.GAMES`."""


def _game_type(game: Game[Any, Any, Any, Any], reward: Reward) -> pyspiel.GameType:
    parameters: dict[str, Any] = {
        **rules_parameters(game),
        "reward": "win",
        "max_game_length": 0,
    }
    information = (
        pyspiel.GameType.Information.IMPERFECT_INFORMATION
        if game.hidden_information
        else pyspiel.GameType.Information.PERFECT_INFORMATION
    )
    utility = (
        pyspiel.GameType.Utility.ZERO_SUM
        if reward == "win"
        else pyspiel.GameType.Utility.GENERAL_SUM
    )
    return pyspiel.GameType(
        short_name=openspiel_name(game),
        long_name=f"seaview_rules {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=information,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )


class SeaviewGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type information
    """One of the games, under one set of rules, as an OpenSpiel game. Load one with
    ``pyspiel.load_game`` (by parameters) or `load_game` (by ``Rules``).

    Args:
        game: the game, by its key in `seaview_rules.GAMES` or as a
            `seaview_rules.Game` (which must give an encoding).
        params: OpenSpiel parameters (see the module's docstring).
        rules: the ``Rules``, instead of the options among ``params``.

    Raises:
        ValueError: an unknown game, or one without an encoding.
    """

    def __init__(
        self,
        game: str | Game[Any, Any, Any, Any],
        params: Mapping[str, Any] | None = None,
        *,
        rules: Any = None,
    ) -> None:
        entry, _ = encoded(game)
        params = dict(params or {})
        reward = params.get("reward", "win")
        bound = params.get("max_game_length", 0)
        if rules is None:
            rules = rules_from_parameters(entry, params)
        self.agents = AgentGame(entry, rules, reward=reward, max_game_length=bound or None)
        """The game as both adapters see it (see "Training agents" in the docs)."""
        agents = self.agents
        known = rules_parameters(entry)
        given = {**known, "reward": reward, "max_game_length": bound}
        for key in known:
            value = getattr(rules, key)
            given[key] = value.value if hasattr(value, "value") else value
        info = pyspiel.GameInfo(
            num_distinct_actions=len(agents.actions),
            max_chance_outcomes=len(agents.outcomes),
            num_players=agents.players,
            min_utility=agents.min_utility,
            max_utility=agents.max_utility,
            utility_sum=0.0 if reward == "win" else None,
            max_game_length=agents.max_game_length,
        )
        super().__init__(_game_type(entry, reward), info, given)

    def new_initial_state(self) -> SeaviewState:
        """The start of a game: chance deals (or, in leagues, the first seat spins)."""
        return SeaviewState(self)

    def state_at(self, state: Any) -> SeaviewState:
        """An OpenSpiel state at ``state``, a state of this game (for example one a
        `seaview_rules.Table` holds), to search or play on from there. It has no
        history: every seat's information state starts with its view of ``state``.

        Raises:
            TypeError: ``state`` is not a state of this game.
            ValueError: its rules are not the game's.
        """
        agents = self.agents
        if not isinstance(state, agents.game.state_type):
            raise TypeError(f"not a {agents.name} state: {type(state).__name__}")
        if state.rules != agents.rules:
            raise ValueError("the state's rules are not this game's")
        begun = SeaviewState(self)
        position = Position(state)
        begun._node = _Node(
            position,
            None,
            tuple(
                _Imagined(None, _opening(agents, position, s, _TAKEN_UP))
                for s in range(agents.players)
            ),
        )
        return begun

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> _Observer:
        """The observer of information states (``perfect_recall=True``) or of
        observations (otherwise)."""
        if params:
            raise ValueError(f"the observers take no parameters, not {dict(params)}")
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return _Observer(self.agents, perfect_recall=perfect_recall)


@frozen(eq=False)
class _Step:
    """One move of a game, in a chain back to the first: what each seat was told of
    it is worked out once, when first asked (`lines`)."""

    before: Position
    move: Any
    after: Position
    parent: _Step | None
    told: dict[int, tuple[str, ...]] = attrs.field(factory=dict)

    def lines(self, game: AgentGame, seat: int) -> tuple[str, ...]:
        """What ``seat`` was told of this move, a line per event."""
        told = self.told.get(seat)
        if told is None:
            if self.move is Press.SPIN:
                spinner = game.game.chance_seat(self.before.state)
                told = (f"seat {spinner} spins" if spinner != seat else "you spin",)
            else:
                events = game.game.events(self.before.state, self.move, seat=seat)
                told = tuple(event.text(seat) for event in events)
            self.told[seat] = told
        return told


@frozen
class _Imagined:
    """Where a seat's record starts in a state taken up at a given moment (`state_at`)
    or imagined (`SeaviewState.resample_from_infostate`): after the move ``after``
    (``None``: from the start), with ``opening``, the seat's view at that moment."""

    after: _Step | None
    opening: str


@frozen(weakref_slot=False)
class _Node:
    """What an OpenSpiel state holds, and shares with its clones: the position, the
    chain of moves, and in a resampled state, for each seat whose record is imagined,
    from where (`_Imagined`; ``None`` for the seat whose information it kept)."""

    position: Position
    last: _Step | None = None
    imagined: tuple[_Imagined | None, ...] | None = None

    def __deepcopy__(self, memo: dict[int, object]) -> _Node:
        return self  # immutable: clones share it

    def __reduce__(self) -> tuple[Any, ...]:
        # A flat list of the moves, not the chain: pickle would recurse once a move.
        steps = []
        step = self.last
        while step is not None:
            steps.append(step)
            step = step.parent
        steps.reverse()
        index = {id(step): k for k, step in enumerate(steps)}
        moves = [(step.before, step.move, step.after) for step in steps]
        imagined = None
        if self.imagined is not None:
            imagined = tuple(
                None if i is None else (-1 if i.after is None else index[id(i.after)], i.opening)
                for i in self.imagined
            )
        return (_unpickled_node, (self.position, moves, imagined))


def _unpickled_node(
    position: Position,
    moves: list[tuple[Position, Any, Position]],
    imagined: tuple[tuple[int, str] | None, ...] | None,
) -> _Node:
    steps: list[_Step] = []
    for before, move, after in moves:
        steps.append(_Step(before, move, after, steps[-1] if steps else None))
    seats = None
    if imagined is not None:
        seats = tuple(
            None if i is None else _Imagined(None if i[0] < 0 else steps[i[0]], i[1])
            for i in imagined
        )
    return _Node(position, steps[-1] if steps else None, seats)


_IMAGINED = "(imagined from another seat's information; what this seat saw before is not known, it now sees:)"
_TAKEN_UP = "(a game taken up in the middle; this seat saw:)"


def _opening(agents: AgentGame, position: Position, seat: int, heading: str) -> str:
    return f"{heading}\n{agents.game.render(agents.view(position, seat))}"


class SeaviewState(pyspiel.State):  # type: ignore[misc]  # pyspiel has no type information
    """A state of a `SeaviewGame`."""

    def __init__(self, game: SeaviewGame) -> None:
        super().__init__(game)
        self._game = _Shared(game.agents)
        self._node = _Node(game.agents.new_position())

    @property
    def position(self) -> Position:
        """Where the game stands (the game's state, the decisions made, and in leagues
        whether the spinner was pressed)."""
        return self._node.position

    def current_player(self) -> int:
        """The seat to decide, ``pyspiel.PlayerId.CHANCE``, or
        ``pyspiel.PlayerId.TERMINAL`` once the game ended (truncated or not)."""
        player = self._game.agents.to_move(self._node.position)
        if player is None:
            return int(pyspiel.PlayerId.TERMINAL)
        if player is CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        return player

    def _legal_actions(self, player: int) -> list[int]:
        return self._game.agents.legal_actions(self._node.position)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The possible chance outcomes with their probabilities, ascending by id."""
        return [(i, float(p)) for i, p in self._game.agents.chance_outcomes(self._node.position)]

    def _apply_action(self, action: int) -> None:
        game, node = self._game.agents, self._node
        before = node.position
        if game.to_move(before) is CHANCE:
            after = game.apply_outcome(before, action)
            move = game.outcomes[action]
        else:
            after = game.apply_action(before, action)
            move = game.actions[action]
        step = _Step(before, move, after, node.last)
        self._node = _Node(after, step, node.imagined)

    def _action_to_string(self, player: int, action: int) -> str:
        game = self._game.agents
        if player == pyspiel.PlayerId.CHANCE:
            return game.outcome_name(action)
        return game.action_name(action)

    def is_terminal(self) -> bool:
        """Whether the game ended, by the rules or cut off after ``max_game_length``
        decisions."""
        return self._game.agents.is_over(self._node.position)

    def returns(self) -> list[float]:
        """Every seat's reward: 0 until the game ended."""
        return list(self._game.agents.returns(self._node.position))

    def __str__(self) -> str:
        game = self._game.agents
        return str(game.game.render(self._node.position.state))

    def record(self, seat: int) -> str:
        """The information state string of ``seat``: every event it was told, in
        order, one a line, after a line naming the seat. In a resampled state, the
        record of a seat whose information it did not keep starts from the moment it
        was imagined, with that seat's view then."""
        node = self._node
        imagined = None if node.imagined is None else node.imagined[seat]
        cut = None if imagined is None else imagined.after
        lines: list[tuple[str, ...]] = []
        step = node.last
        game = self._game.agents
        while step is not None and step is not cut:
            lines.append(step.lines(game, seat))
            step = step.parent
        head = [f"seat {seat}"]
        if imagined is not None:
            head.append(imagined.opening)
        return "\n".join(head + [line for told in reversed(lines) for line in told])

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> SeaviewState:
        """A state with the same information state string for ``player_id`` and the
        same view, whose cards ``player_id`` cannot see are dealt anew by the game's
        ``determinize``, from a generator seeded by ``probability_sampler()``.

        ``determinize`` draws from the view, not from the seat's memory: in Ship's Wheel
        the cards under the pile tops (each discarded in sight) are dealt anew too, so
        a later take can turn up a card the seat's record says was not there, and two
        states with one information state can offer different takes. OpenSpiel's
        IS-MCTS then needs ``allow_inconsistent_action_sets=True``. The other seats'
        records in the new state start where it was imagined, with their views then;
        its ``history()`` is this state's, which no longer replays to it.
        """
        rng = random.Random(int(probability_sampler() * 2**53))
        return self._resampled(player_id, rng)

    def _resampled(self, seat: int, rng: random.Random) -> SeaviewState:
        game = self._game.agents
        node = self._node
        position = attrs.evolve(
            node.position, state=game.game.determinize(game.view(node.position, seat), rng)
        )
        kept = None if node.imagined is None else node.imagined[seat]
        imagined = tuple(
            kept if s == seat else _Imagined(node.last, _opening(game, position, s, _IMAGINED))
            for s in range(game.players)
        )
        clone: SeaviewState = self.clone()
        clone._node = _Node(position, node.last, imagined)
        return clone


class _Shared:
    """A reference that `copy.deepcopy` (which pyspiel's ``clone`` applies to a Python
    state's attributes) leaves shared."""

    __slots__ = ("agents",)

    def __init__(self, agents: AgentGame) -> None:
        self.agents = agents

    def __deepcopy__(self, memo: dict[int, object]) -> _Shared:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_Shared, (self.agents,))


class _Observer:
    """The PyObserver of OpenSpiel for one game: the tensor is the encoding of the
    seat's view (in named parts, `dict`); the string is the seat's record (perfect
    recall) or the text picture of its view."""

    def __init__(self, agents: AgentGame, *, perfect_recall: bool) -> None:
        self._agents = agents
        self._perfect_recall = perfect_recall
        self.tensor = np.zeros(agents.observation_size, np.float32)
        self.dict = {
            segment.name: self.tensor[segment.start : segment.start + segment.size].reshape(
                segment.shape
            )
            for segment in agents.segments
        }

    def set_from(self, state: SeaviewState, player: int) -> None:
        """Write ``player``'s view of ``state`` into `tensor`."""
        self.tensor.fill(0)
        agents = self._agents
        view = agents.view(state.position, player)
        agents.encode(view, self.tensor)

    def string_from(self, state: SeaviewState, player: int) -> str:
        """``player``'s record (perfect recall) or the picture of its view."""
        if self._perfect_recall:
            return state.record(player)
        agents = self._agents
        return str(agents.game.render(agents.view(state.position, player)))


def load_game(
    game: str | Game[Any, Any, Any, Any],
    rules: Any = None,
    *,
    reward: Reward = "win",
    max_game_length: int | None = None,
) -> SeaviewGame:
    """The OpenSpiel game of ``game`` (its key in `seaview_rules.GAMES`, or a
    `seaview_rules.Game` that gives an encoding) under ``rules`` (any ``Rules`` value,
    custom boards and decks included). Its parameters name the plain options of the
    rules; a board, spinner or deck is not among them, so
    ``pyspiel.load_game(str(game))`` makes the game with the default ones.

    >>> from seaview_rules import leagues
    >>> game = load_game("leagues", leagues.Rules(players=2))
    >>> game.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION
    True
    >>> state = game.new_initial_state()
    >>> state.current_player(), state.legal_actions(), state.action_to_string(0, 0)
    (0, [0], 'spin')

    A game without an encoding is refused:

    >>> import attrs
    >>> load_game(attrs.evolve(GAMES["voyage"], encoding=None))
    Traceback (most recent call last):
    ...
    ValueError: the game 'voyage' has no encoding for learning agents: its Game gives no encoding= (a seaview_rules.encoding.Encoding), which the PettingZoo and OpenSpiel adapters need

    Raises:
        ValueError: an unknown game, a game without an encoding, an unknown reward, or a
            bound below 1.
    """
    entry, _ = encoded(game)
    params: dict[str, Any] = {"reward": reward, "max_game_length": max_game_length or 0}
    return SeaviewGame(entry, params, rules=entry.rules_type() if rules is None else rules)


def resampler(seed: int) -> Callable[[SeaviewState, int], SeaviewState]:
    """A seeded resampler for OpenSpiel's IS-MCTS (``bot.set_resampler(resampler(1))``),
    so that its searches repeat: ``resample_from_infostate`` draws from the time of day,
    as OpenSpiel's own sampler does.

    >>> from open_spiel.python.algorithms import ismcts, mcts
    >>> game = pyspiel.load_game("seaview_voyage", {"players": 2, "target": 1})
    >>> evaluator = mcts.RandomRolloutEvaluator(random_state=np.random.RandomState(1))
    >>> bot = ismcts.ISMCTSBot(game, evaluator, 1.0, 50, random_state=np.random.RandomState(1))
    >>> bot.set_resampler(resampler(1))
    >>> state = game.new_initial_state()
    >>> while state.is_chance_node():
    ...     state.apply_action(state.chance_outcomes()[0][0])
    >>> state.action_to_string(state.current_player(), bot.step(state))
    'R7'
    """
    rng = random.Random(seed)

    def resample(state: SeaviewState, player: int) -> SeaviewState:
        return state._resampled(player, rng)

    return resample


class _RegisteredGame(SeaviewGame):
    """The class OpenSpiel makes a registered game with, from its parameters alone: a
    subclass of its own per game names the game (`registry_name`)."""

    registry_name: ClassVar[str]
    """The game's key in `seaview_rules.GAMES`."""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(self.registry_name, params)


def _register() -> None:
    """Register every game of `NAMES` with OpenSpiel, each under its default, zero-sum
    type (a game loaded with ``reward=score`` reports its general-sum type itself).

    Each is registered as a class of its own, as OpenSpiel's Python games are: OpenSpiel
    keeps what it is given until the process exits, after Python has shut down, and a
    plain function freed then aborts the process (a class is never freed then).
    """
    registered = set(pyspiel.registered_names())
    for name, short_name in NAMES.items():
        if short_name not in registered:
            title = "".join(part.title() for part in name.split("_"))
            game_class = type(f"{title}Game", (_RegisteredGame,), {"registry_name": name})
            pyspiel.register_game(_game_type(GAMES[name], "win"), game_class)


_register()
