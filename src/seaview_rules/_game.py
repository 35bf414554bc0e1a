"""`Game`: one game's static facts and its API, so that drivers and tools work for every
game."""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any, Generic, Literal, TypeVar

import attrs
from attrs import field, frozen

from seaview_rules._calls import (
    ApplyMove,
    CheckMove,
    Events,
    FromDict,
    Narrate,
    Playout,
    RulesFromData,
)
from seaview_rules._compiled import Compiled
from seaview_rules._core import Bot, Event, Outcome, Player, Viewer
from seaview_rules._schemas import GameSchemas
from seaview_rules._testkit import Kit
from seaview_rules._words import joined
from seaview_rules.encoding import Encoding
from seaview_rules.search import Periods, Search

__all__ = [
    "API",
    "ApplyMove",
    "CheckMove",
    "Events",
    "FromDict",
    "Game",
    "Narrate",
    "Playout",
    "RulesFromData",
]


R = TypeVar("R")
S = TypeVar("S")
M = TypeVar("M")
V = TypeVar("V")


def _players(rules: Any) -> int:
    return int(rules.players)


def _with_players(rules: Any, players: int) -> Any:
    return attrs.evolve(rules, players=players)


def _no_chance_seat(state: Any) -> int | None:
    return None


API = (
    "new_game", "current_player", "legal_moves", "chance_outcomes", "sample_chance",
    "check_move", "apply_move", "is_terminal", "outcome", "view", "parse_move", "dumps",
    "loads", "to_dict", "from_dict", "statistics", "render", "every_move", "rules_applied",
    "events", "redact", "narrate", "chance_seat", "playout", "determinize",
)  # fmt: skip
"""The functions every game package exposes under these names, besides its ``Rules``,
``State`` and ``View`` classes."""


@frozen(kw_only=True, eq=False, repr=False)
class Game(Generic[R, S, M, V]):
    """One game's static facts and its API, so that drivers and tools work for every game.

    Every function of `API` is also a module-level function of the game's package,
    for example ``seaview_rules.voyage.legal_moves``. The fields after ``table_chance``
    are what the shared layers (pictures, agents adapters, bots, test kit, schemas) need
    of a game beyond its rules: each is optional, and its docstring says what the
    library does without it.
    """

    name: str
    """Registry key, for example ``"voyage"``."""
    title: str
    """The game's printed name."""
    min_players: int
    max_players: int
    chance: bool
    """Whether the game has chance moves."""
    hidden_information: bool
    """Whether a seat's view hides part of the state."""
    rules_type: type[R]
    state_type: type[S]
    view_type: type[V]
    new_game: Callable[[R], S]
    current_player: Callable[[S], Player | None]
    """The seat to move, `CHANCE`, or ``None`` once the game is over."""
    legal_moves: Callable[[S], tuple[M, ...]]
    chance_outcomes: Callable[[S], tuple[tuple[M, Fraction], ...]]
    sample_chance: Callable[[S, random.Random], M]
    check_move: CheckMove[S, M]
    apply_move: ApplyMove[S, M]
    is_terminal: Callable[[S], bool]
    outcome: Callable[[S], Outcome | None]
    view: Callable[[S, int | None], V]
    parse_move: Callable[[str], M]
    dumps: Callable[[Any], str]
    loads: Callable[[str], Any]
    to_dict: Callable[[Any], dict[str, Any]]
    """The document `dumps` writes, as a dict (to embed in a larger JSON response)."""
    from_dict: FromDict
    """The object of a document read as a dict, checked as `loads` checks it."""
    rules_to_data: Callable[[R], object] = field(repr=False)
    """The JSON data of a `Rules` value, as a game record or a table document holds it
    (the ``rules`` of ``GET /api/games``)."""
    rules_from_data: RulesFromData[R] = field(repr=False)
    """The `Rules` value of untrusted JSON data, checked as `loads` checks a record's
    rules (`~seaview_rules.InvalidDataError` names the path, from ``rules``)."""
    events: Events[S, M] = field(repr=False)
    """What a legal move does, as typed events for one viewer (a seat, ``None`` for a
    spectator, `OMNISCIENT` for the server's log): the events its transition records in
    a `Trace` (`apply_move` with ``trace``), each as `redact` gives it to the viewer."""
    redact: Callable[[Event, Viewer], Event] = field(repr=False)
    """An event as the transition recorded it (every card named), as one viewer may see
    it: what a server that keeps a move's trace once tells each viewer."""
    players: Callable[[R], int] = field(default=_players, repr=False)
    """The number of seats a `Rules` value sets up (its ``players`` option)."""
    with_players: Callable[[R, int], R] = field(default=_with_players, repr=False)
    """The same rules for another number of players."""
    statistics: Callable[[S], Mapping[str, int]] = field(repr=False)
    """Game-specific counters of a game so far (rounds, reshuffles, ...)."""
    render: Callable[[S | V], str] = field(repr=False)
    """A plain-text picture for terminals and logs, of a state (everything, hidden cards
    included) or of a view (what its seat sees)."""
    every_move: Callable[[R], tuple[M, ...]] = field(repr=False)
    """Every move the game can have under these rules, legal or not, in a fixed order
    (an action space for learning agents, and the candidates of conformance checks)."""
    rules_applied: Callable[[S, M], tuple[str, ...]] = field(repr=False)
    """The IDs of the rules and rulings a legal move exercises in a state, sorted, each
    once (used to label the conformance vectors)."""
    narrate: Narrate[S, M] = field(repr=False)
    """Words for a log line saying what a legal move does in a state, for one viewer as
    in `events` (empty for moves not worth a line, such as each card of a deal)."""
    words: Callable[[Sequence[Event], Viewer], str] = field(default=joined, repr=False)
    """The words `narrate` says of a move, from the move's events as one viewer was
    told them (`redact`): the log line of a server that keeps each move's events, such
    as ``seaview serve``. The default joins the events' texts with "; "."""
    chance_seat: Callable[[S], int | None] = field(default=_no_chance_seat, repr=False)
    """The seat whose spin, deal or draw the pending chance move is (who presses the
    "spin" or "deal" button of a frontend), or ``None`` when chance is not to move.
    `seaview_rules.Table.step` refuses any other seat (API-SEAT). The default, for a
    game without chance, names no seat."""
    playout: Playout[S] = field(repr=False)
    """Where random play from a state ends (the end of the game, or ``max_moves`` moves
    later): the reference loop of random play, on the engine's own transitions without
    their checks, for search bots."""
    determinize: Callable[[V, random.Random], S] = field(repr=False)
    """A state whose view for the view's seat is the given view, drawn uniformly from
    the states that agree with it (the unseen cards dealt anew), for search bots."""
    table_chance: Literal["auto", "step"] = field(default="auto", repr=False)
    """How a `seaview_rules.Table` of this game resolves chance unless told otherwise:
    ``"auto"`` at once (the card games), ``"step"`` one move per
    `seaview_rules.Table.step` call (leagues, where every move is a spin)."""
    picture: Callable[..., str] | None = field(default=None, repr=False)
    """The SVG picture of a state (everything, hidden parts included) or of a view (what
    its seat sees), as a standalone SVG 1.1 document, the same bytes for the same input:
    called with the state or view, then keyword options named in `picture_options`
    (`seaview_rules.svg.render` checks them first). Without it (``None``, the default)
    `seaview_rules.svg.render` draws the game's text rendering (`render`) as lines of
    monospace text, which takes no options."""
    picture_options: tuple[str, ...] = field(default=(), repr=False)
    """The keyword options `picture` takes, for example ``("moves",)``. An option named
    ``moves`` (outline every legal move and link it to ``#move=`` and its notation) is
    asked for by the table server's page. This library's games also take ``width``,
    ``names`` and ``last`` (a picture for a display width, the players' names, the last
    move marked: see `seaview_rules.svg.render`); a game of another package may take
    them too. Without them (``()``, the default) the picture takes no options."""
    encoding: Encoding[R, S, M, V] | None = field(default=None, repr=False)
    """What the agents' adapters (`seaview_rules.pettingzoo`, `seaview_rules.openspiel`)
    need beyond the API: which moves are chance's, the encoding of a seat's view, the
    bounds of a game and of its scores. Without it (``None``, the default) the adapters
    refuse the game with a `ValueError` naming it, and `seaview_rules.openspiel` does
    not register it; everything else of the library plays it as usual."""
    heuristic_bot: Callable[[], Bot[V, M]] | None = field(default=None, repr=False)
    """A new rule-of-thumb bot of the game (its class), the ``"heuristic"`` of
    `seaview_rules.bots.make_bot` and ``seaview match``. Without it (``None``, the
    default) they refuse ``"heuristic"`` for the game with a `ValueError` naming it."""
    search: Search[S] | None = field(default=None, repr=False)
    """How `seaview_rules.bots.ISMCTSBot` searches the game (`seaview_rules.search.Search`).
    Without it (``None``, the default) the bot refuses to choose a move of the game with a
    `ValueError` naming it, and a ``bot:ismcts`` seat of the table server plays at random
    (as in leagues, where no seat ever chooses)."""
    periods: Periods[S] | None = field(default=None, repr=False)
    """The rounds (hands, ...) a match is played in (`seaview_rules.search.Periods`), for
    the columns of `seaview_rules.bots.match` and the headers of ``seaview demo``.
    Without it (``None``, the default) the game has no rounds, and they have neither."""
    test_kit: Callable[[], Kit[R, S, V]] | None = field(default=None, repr=False)
    """The function that returns the game's test kit (`seaview_rules.testing.Kit`): the
    strategies and the hidden-twin generator the shared properties of
    `seaview_rules.testing` draw from; a function, since the kit imports Hypothesis (the
    ``testing`` extra) and the game must not. Without it (``None``, the default),
    `seaview_rules.testing.check_game` and the conformance vectors work as for any game,
    and `seaview_rules.testing.kit_of` (so `seaview_rules.testing.check_properties` and
    ``st.from_type`` of the game's types) refuses the game with a `LookupError` naming
    it."""
    conformance_rules: tuple[R, ...] | Callable[[], tuple[R, ...]] = field(default=(), repr=False)
    """The rules of the seeded games that `seaview_rules.conformance.build_vectors` takes
    the game's vectors from (variants that reach every rule and ruling), or a function
    that returns them when the vectors are built (for rules that read data, such as a
    default board, which a game reads on first use, never when it is imported). Without
    them (``()``, the default) the vectors come from games under the default rules
    (``rules_type()``)."""
    compiled: Compiled[R, S] | None = field(default=None, repr=False)
    """The game's compiled playout (numba kernels in a module of its own package, the
    ``fast`` extra), which its `playout` and `seaview_rules.simulate` take where numba
    imports and the rules are ones it covers: the same states and the same random
    numbers as the reference loop, many times faster. Without it (``None``, the default)
    the reference loop always plays."""
    schemas: GameSchemas | None = field(default=None, repr=False)
    """The makings of the JSON Schemas of the game's documents (`seaview_rules.schema`),
    as the game's codec gives them (``Codec.schemas``). Without it (``None``, the default)
    `seaview_rules.schema.schema` refuses the game with a `ValueError` naming it; the
    envelope schema still lists the game."""

    def __repr__(self) -> str:
        """A short form naming the game: ``<Game 'voyage'>``."""
        return f"<Game {self.name!r}>"

    def __str__(self) -> str:
        """The game's registry name, as messages name it."""
        return self.name

    def __reduce__(self) -> tuple[Callable[[str], Game[Any, Any, Any, Any]], tuple[str]]:
        """A game pickles as its registry name, for worker processes, which look it up
        in their own `seaview_rules.GAMES`: its functions need not pickle."""
        return (_registered, (self.name,))


def _registered(name: str) -> Game[Any, Any, Any, Any]:
    """The entry of ``seaview_rules.GAMES`` named ``name`` (the registry is built above
    this module, so it is looked up by name when a pickle is read)."""
    games: Mapping[str, Game[Any, Any, Any, Any]] = importlib.import_module("seaview_rules").GAMES
    return games[name]
