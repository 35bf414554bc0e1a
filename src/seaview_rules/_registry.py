"""The registry of games: every `Game` that an installed distribution declares under the
entry point group ``seaview_rules.games``.

This library declares its own three games that way in its ``pyproject.toml``; a game of
another distribution joins them by declaring its own entry, named after its `Game.name`::

    [project.entry-points."seaview_rules.games"]
    dice = "seaview_dice:GAME"

The registry is read on first use (not when ``seaview_rules`` is imported), so a game's
package may import ``seaview_rules`` freely. Its order is stable: this library's games
first, then every other game, each by name.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Iterator, Mapping
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from seaview_rules._game import Game

__all__ = ["DISTRIBUTION", "GAMES", "GROUP", "GameEntryError", "games_of"]

GROUP = "seaview_rules.games"
"""The entry point group a distribution declares its games in."""

DISTRIBUTION = "seaview-rules"
"""This library's distribution, whose games come first in `GAMES`."""


class GameEntryError(Exception):
    """An entry point of `GROUP` is not a game the registry can hold: it fails to load,
    it is not a `Game`, its name is not the game's name, or another entry has that name.
    The message names the distribution and the entry."""


def _normalized(distribution: str) -> str:
    return re.sub(r"[-_.]+", "-", distribution).lower()


def _where(distribution: str, entry: EntryPoint) -> str:
    return f"entry point {entry.name!r} ({entry.value}) of distribution {distribution!r}"


def games_of(entries: Iterable[tuple[str, EntryPoint]]) -> dict[str, Game[Any, Any, Any, Any]]:
    """The games of entry points, each given with the name of its distribution, in the
    order of `GAMES`: those of `DISTRIBUTION` first, then the others, each by name.

    >>> entry = EntryPoint("nothing", "seaview_rules:__version__", GROUP)
    >>> games_of([("seaview-nothing", entry)])
    Traceback (most recent call last):
    ...
    seaview_rules._registry.GameEntryError: entry point 'nothing' (seaview_rules:__version__) \
of distribution 'seaview-nothing' is a str, not a seaview_rules.Game

    Raises:
        GameEntryError: an entry fails to load, is not a `Game`, has another name than its
            game's, or two entries have the same name.
    """
    found: dict[str, tuple[str, EntryPoint, Game[Any, Any, Any, Any]]] = {}
    for distribution, entry in entries:
        where = _where(distribution, entry)
        try:
            game = entry.load()
        except Exception as exc:
            raise GameEntryError(f"{where} fails to load: {exc!r}") from exc
        if not isinstance(game, Game):
            raise GameEntryError(f"{where} is a {type(game).__name__}, not a seaview_rules.Game")
        if game.name != entry.name:
            raise GameEntryError(f"{where} is the game {game.name!r}: the names must agree")
        if entry.name in found:
            first, earlier, _ = found[entry.name]
            raise GameEntryError(
                f"two games named {entry.name!r}: {_where(first, earlier)} and {where}"
            )
        found[entry.name] = (distribution, entry, game)

    def order(name: str) -> tuple[bool, str]:
        return (_normalized(found[name][0]) != DISTRIBUTION, name)

    return {name: found[name][2] for name in sorted(found, key=order)}


def installed_entries() -> list[tuple[str, EntryPoint]]:
    """The entry points of `GROUP` of the installed distributions, each with the name of
    its distribution."""
    return [
        (entry.dist.name if entry.dist is not None else "(unknown)", entry)
        for entry in entry_points(group=GROUP)
    ]


@functools.cache
def _installed() -> Mapping[str, Game[Any, Any, Any, Any]]:
    return games_of(installed_entries())


class _Registry(Mapping[str, Game[Any, Any, Any, Any]]):
    """A read-only mapping of the installed games, read from the entry points on first
    use (and then kept for the life of the process)."""

    def __getitem__(self, name: str) -> Game[Any, Any, Any, Any]:
        return _installed()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(_installed())

    def __len__(self) -> int:
        return len(_installed())

    def __repr__(self) -> str:
        return f"<seaview_rules.GAMES: {', '.join(self)}>"


GAMES: Mapping[str, Game[Any, Any, Any, Any]] = _Registry()
"""Every installed game by registry name, with its static facts and its API: the
entries of the group ``seaview_rules.games`` (this library's three games, then those of
other distributions by name), read on first use.

Raises:
    GameEntryError: on first use, when an entry is not a game the registry can hold (the
        message names the distribution and the entry).
"""
