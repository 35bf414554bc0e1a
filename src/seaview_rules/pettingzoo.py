"""PettingZoo environments for every game (needs the ``rl`` extra).

`env` makes an AEC environment of any game of `seaview_rules.GAMES` that gives an
encoding (`seaview_rules.Game.encoding`; it refuses any other with a `ValueError`
naming the game), following PettingZoo's classic games: agents
``player_0`` to ``player_<n-1>`` (seat numbers), each observing its own seat's view only,
as a dict of a fixed-size ``observation`` (a ``float32`` array in ``[0, 1]``) and an
``action_mask`` over the player action space; rewards at the end (win/loss by default,
the score as an option); chance resolved inside the environment from the generator that
``reset(seed=...)`` seeds, with the game's exact probabilities; a game cut off after
``max_game_length`` decisions reports ``truncations``. The page "Training agents" of the
docs gives the action spaces, the encodings and their bounds, and the rulings.

>>> from seaview_rules import voyage
>>> from seaview_rules.pettingzoo import env
>>> table = env("voyage", rules=voyage.Rules(players=2, target=3))
>>> table.reset(seed=7)
>>> table.possible_agents, table.agent_selection
(['player_0', 'player_1'], 'player_1')
>>> observation, reward, termination, truncation, info = table.last()
>>> observation["observation"].shape, int(observation["action_mask"].sum())
((172,), 6)
>>> for agent in table.agent_iter():
...     observation, reward, termination, truncation, info = table.last()
...     action = None if termination or truncation else int(observation["action_mask"].argmax())
...     table.step(action)
>>> sorted(table.unwrapped.returns().values())
[-1.0, 1.0]
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from seaview_rules import CHANCE, Game, svg
from seaview_rules._agents import AgentGame, Position, Reward

__all__ = ["RENDER_MODES", "SeaviewEnv", "env", "raw_env"]

RENDER_MODES = ("ansi", "human", "svg")
"""What `SeaviewEnv.render` can return: ``"ansi"`` the game's plain-text picture of the
whole table (hidden cards included: it is for a person watching), ``"human"`` the same
printed (at every step too), ``"svg"`` the SVG picture of the table
(`seaview_rules.svg.render`)."""

ENV_VERSION = 0
"""The version in the environments' names (``seaview_voyage_v0``), raised when a change
alters what an agent observes or receives."""


def env(
    game: str | Game[Any, Any, Any, Any],
    *,
    rules: Any = None,
    reward: Reward = "win",
    max_game_length: int | None = None,
    render_mode: str | None = None,
) -> AECEnv:
    """The AEC environment of ``game``, wrapped as PettingZoo wraps its classic games:
    an illegal action ends the game with a reward of -1 for the agent that took it and 0
    for the others (``TerminateIllegalWrapper``), an action outside the action space is
    refused, and the calls must come in order (``reset`` first).

    Args:
        game: the game, by its key in `seaview_rules.GAMES` (``"voyage"``,
            ``"leagues"``, ``"ships_wheel"``, ...) or as a `seaview_rules.Game`; it must
            give an encoding.
        rules: the game's ``Rules`` (default: the game's defaults).
        reward: ``"win"`` (1 for the winner, ``-1 / (players - 1)`` for the others) or
            ``"score"`` (each seat's final total).
        max_game_length: the decisions after which a game is cut off (truncated); by
            default the game's own bound (see "Training agents").
        render_mode: one of `RENDER_MODES`, or ``None``.

    Raises:
        ValueError: an unknown game, a game without an encoding, an unknown reward or
            render mode, or a bound below 1.
        TypeError: ``rules`` is not the game's ``Rules``.
    """
    wrapped: AECEnv = raw_env(
        game,
        rules=rules,
        reward=reward,
        max_game_length=max_game_length,
        render_mode=render_mode,
    )
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


def raw_env(
    game: str | Game[Any, Any, Any, Any],
    *,
    rules: Any = None,
    reward: Reward = "win",
    max_game_length: int | None = None,
    render_mode: str | None = None,
) -> SeaviewEnv:
    """The environment of `env` without PettingZoo's wrappers: an illegal action raises
    `seaview_rules.IllegalMoveError` and leaves the game as it was."""
    return SeaviewEnv(
        AgentGame(game, rules, reward=reward, max_game_length=max_game_length),
        render_mode=render_mode,
    )


class SeaviewEnv(AECEnv):  # type: ignore[misc]  # PettingZoo is untyped
    """The AEC environment of one game under one set of rules; make one with `env` or
    `raw_env`.

    Besides PettingZoo's API it offers `view` (an agent's typed view, for the library's
    own bots), `state_of_game` (the whole state, for logs), `actions` and `outcomes`
    (the moves of the action and chance outcome ids) and `returns`.
    """

    def __init__(self, game: AgentGame, render_mode: str | None = None) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(
                f"render_mode must be one of {RENDER_MODES} or None, not {render_mode!r}"
            )
        self.metadata = {
            "render_modes": list(RENDER_MODES),
            "name": f"seaview_{game.name}_v{ENV_VERSION}",
            "is_parallelizable": False,
        }
        self.render_mode = render_mode
        self.game = game
        """The game as the adapters see it (see the page "Training agents")."""
        self.possible_agents = [f"player_{seat}" for seat in range(game.players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._action_space = spaces.Discrete(len(game.actions))
        self._observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (game.observation_size,), np.float32),
                "action_mask": spaces.Box(0, 1, (len(game.actions),), np.int8),
            }
        )
        self.action_spaces = dict.fromkeys(self.possible_agents, self._action_space)
        self.observation_spaces = dict.fromkeys(self.possible_agents, self._observation_space)
        self._rng: random.Random | None = None
        self._position: Position = game.new_position()
        self.agents: list[str] = []

    @property
    def actions(self) -> tuple[Any, ...]:
        """The move of each action id (the leagues ``spin`` is `Press.SPIN`)."""
        return self.game.actions

    @property
    def outcomes(self) -> tuple[Any, ...]:
        """The move of each chance outcome id, which the environment draws itself."""
        return self.game.outcomes

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The same `gymnasium.spaces.Dict` for every agent: ``observation`` and
        ``action_mask``."""
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The same `gymnasium.spaces.Discrete` for every agent: the player actions."""
        return self._action_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game: a ``seed`` seeds the generator that draws every chance
        outcome (deals, draws, spins) from then on; without one the generator goes on,
        or is seeded from the system the first time.

        ``options={"state": state}`` starts from ``state``, a state of the game under
        the environment's rules (a position to train from, or a game a
        `seaview_rules.Table` holds), with no decision made yet; other options are
        ignored.

        Raises:
            TypeError: the state is not one of the game's.
            ValueError: its rules are not the environment's.
        """
        start = None if options is None else options.get("state")
        if start is not None:
            if not isinstance(start, self.game.game.state_type):
                raise TypeError(f"not a {self.game.name} state: {type(start).__name__}")
            if start.rules != self.game.rules:
                raise ValueError("the state's rules are not the environment's")
        if seed is not None:
            self._rng = random.Random(seed)
        elif self._rng is None:
            self._rng = random.Random()
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._position = self.game.new_position() if start is None else Position(start)
        self._settle()

    def step(self, action: int | None) -> None:
        """The agent selected takes ``action`` (an action id); chance then moves until
        a seat is to decide or the game ends, and the agent to decide is selected. A
        terminated or truncated agent steps with ``None``, which takes it out.

        Raises:
            seaview_rules.errors.IllegalMoveError: the action is not legal (the unwrapped
                environment only: `env` ends the game instead).
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to act: None is only for an agent whose game ended")
        self._position = self.game.apply_action(self._position, int(action))
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self._settle()
        if self.render_mode == "human":
            self.render()

    def _settle(self) -> None:
        """Resolve chance, then select the seat to decide, or end the game."""
        game, rng = self.game, self._rng
        assert rng is not None
        position = self._position
        player = game.to_move(position)
        while player is CHANCE:
            position = game.apply_outcome(position, game.sample_outcome(position, rng))
            player = game.to_move(position)
        self._position = position
        if player is None:
            ended = self.truncations if game.is_truncated(position) else self.terminations
            for agent in self.agents:
                ended[agent] = True
            for agent, value in zip(self.possible_agents, game.returns(position), strict=True):
                self.rewards[agent] = value
            self._accumulate_rewards()
        else:
            self.agent_selection = self.possible_agents[player]

    def observe(self, agent: str) -> dict[str, Any]:
        """What ``agent`` sees, from its seat's view only: ``observation``, the view's
        encoding, and ``action_mask``, 1 for each legal action (all 0 unless it is the
        agent to decide)."""
        seat = self._seats[agent]
        return {
            "observation": self.game.observation(self._position, seat),
            "action_mask": self.game.action_mask(self._position, seat),
        }

    def view(self, agent: str) -> Any:
        """``agent``'s view of the game, the game's typed ``View`` (for example to ask
        `seaview_rules.bots.ISMCTSBot` for a move)."""
        return self.game.view(self._position, self._seats[agent])

    def state_of_game(self) -> Any:
        """The whole state of the game, hidden cards included (for logs, never for an
        agent)."""
        return self._position.state

    def returns(self) -> dict[str, float]:
        """Each agent's reward for the game so far: 0 until it ended."""
        returns = self.game.returns(self._position)
        return dict(zip(self.possible_agents, returns, strict=True))

    def render(self) -> str | None:
        """The picture of the whole table: text (``"ansi"``, printed for
        ``"human"``), or an SVG document (``"svg"``); ``None`` without a render mode."""
        if self.render_mode is None:
            return None
        state = self._position.state
        if self.render_mode == "svg":
            return svg.render(state)
        text = self.game.game.render(state)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release: the pictures are strings."""
