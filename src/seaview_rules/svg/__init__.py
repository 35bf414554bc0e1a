"""SVG pictures of every game, for documents, notebooks, logs and web pages.

`render` draws a state or a view of any game: the 20,000 Leagues board with its divers,
or a card game's table. A seat's view is drawn as that seat sees the table (its own
hand face up, the other hands as backs with their counts), a spectator's view with
every hand face down, and a full state with everything face up, hidden cards included
(for logs). `board`, `spinner`, `card`, `hand` and `deck` draw single pieces.

Every picture is a standalone SVG 1.1 document, the same bytes for the same input, with
a ``<title>`` for the whole and for each piece, which a screen reader names. It is drawn
from what it is given and nothing else, so a picture of a view shows nothing the view
hides.

>>> from seaview_rules import svg, voyage
>>> picture = svg.card(voyage.Card.parse("R7"))
>>> picture.startswith("<?xml") and "<title>R7 (red 7)</title>" in picture
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from seaview_rules import Game, leagues, ships_wheel, voyage
from seaview_rules.svg import _leagues, _ships_wheel, _table, _voyage

__all__ = ["board", "card", "deck", "hand", "render", "spinner"]

_OPTIONS: dict[Game[Any, Any, Any, Any], tuple[str, ...]] = {
    leagues.GAME: ("before", "effects", "legend"),
    voyage.GAME: ("moves",),
    ships_wheel.GAME: ("moves",),
}
"""The games `render` draws, with the options each takes."""


def render(obj: object, **options: Any) -> str:
    """The picture of a state or a view of any game.

    Options, by game:

    - 20,000 Leagues: ``before``, a state or view of the same game: draw the path the
      last spin's diver took from where he stood in ``before``; ``effects`` (default
      ``True``): draw where each arrow, starfish and octopus sends a diver; ``legend``
      (default ``True``): explain the squares under the board.
    - Voyage and Ship's Wheel: ``moves`` (default ``False``): outline every card, pile
      and button that a legal move names (for a view, those of its ``legal_moves``; for
      a state, those of the seat to move) and make it a link to ``#move=`` and the
      move's notation, URL-encoded (``#move=pass%20red-star``), for a frontend to catch
      the click.

    >>> from seaview_rules import leagues, svg
    >>> state = leagues.new_game(leagues.Rules(players=2))
    >>> picture = svg.render(leagues.view(state, 0), legend=False)
    >>> "seat 0's diver on the start square" in picture, "legend" in picture
    (True, False)
    >>> svg.render(state, moves=True)
    Traceback (most recent call last):
    ...
    TypeError: a leagues picture takes the options before, effects, legend, not moves

    Raises:
        TypeError: ``obj`` is no state or view of a game, or an option is not one of
            its game's.
    """
    for game, known in _OPTIONS.items():
        if isinstance(obj, (game.state_type, game.view_type)):
            unknown = sorted(set(options) - set(known))
            if unknown:
                raise TypeError(
                    f"a {game.name} picture takes the options {', '.join(known)}, "
                    f"not {', '.join(unknown)}"
                )
            if game is leagues.GAME:
                return _leagues.draw_board(obj.rules.board, obj, **options)
            return _table.draw_table(_layout(game, obj, moves=options.get("moves", False)))
    raise TypeError(
        f"render draws a state or a view of a game, not {type(obj).__name__}; "
        "board, spinner, card, hand and deck draw single pieces"
    )


def _layout(game: Any, obj: Any, *, moves: bool) -> _table.Layout:
    """A card game's table: whose picture it is, and the legal moves it links."""
    if isinstance(obj, game.view_type):
        viewer = "a spectator's view" if obj.seat is None else f"seat {obj.seat}'s view"
        legal = obj.legal_moves
    else:
        viewer = "everything"
        legal = game.legal_moves(obj) if isinstance(game.current_player(obj), int) else ()
    layout = _voyage.layout if game is voyage.GAME else _ships_wheel.layout
    return layout(obj, legal if moves else (), viewer)


def board(board: leagues.Board, *, effects: bool = True, legend: bool = True) -> str:
    """A 20,000 Leagues board without divers: each square, the rows in leagues, where
    each arrow, starfish and octopus sends a diver (unless ``effects`` is ``False``),
    and a legend of the squares (unless ``legend`` is ``False``).

    >>> from seaview_rules import leagues
    >>> "(1, 2) arrow: down to (2, 2), spin again" in board(leagues.default_board())
    True
    """
    return _leagues.draw_board(board, effects=effects, legend=legend)


def spinner(spinner: leagues.Spinner, *, spun: leagues.Spin | None = None) -> str:
    """A 20,000 Leagues spinner: a dial of its segments, each as wide as its weight;
    ``spun`` marks the segment a spin stopped on.

    >>> from seaview_rules import leagues
    >>> picture = spinner(leagues.default_spinner(), spun=leagues.parse_move("3L"))
    >>> "<title>3L: 1 in 12</title>" in picture, "the needle shows 3L" in picture
    (True, True)

    Raises:
        ValueError: the spinner has no segment that shows ``spun``.
    """
    return _leagues.draw_spinner(spinner, spun)


def _face(card: object) -> _table.Face:
    if isinstance(card, voyage.Card):
        return _voyage.face(card)
    if isinstance(card, ships_wheel.Card):
        return _ships_wheel.face(card)
    raise TypeError(f"not a card of a card game: {card!r}")


def card(card: voyage.Card | ships_wheel.Card) -> str:
    """One card face up, of Voyage or Ship's Wheel.

    >>> from seaview_rules import ships_wheel
    >>> "<title>blue-lighthouse</title>" in card(ships_wheel.Card.parse("blue-lighthouse"))
    True
    """
    face = _face(card)
    return _table.draw_cards([face], face.name)


def hand(cards: Iterable[voyage.Card | ships_wheel.Card], *, across: int = 10) -> str:
    """Cards face up side by side, ``across`` to a line: a hand, for example (a Ship's
    Wheel state or view gives the cards of its card ids with ``cards``).

    >>> from seaview_rules import voyage
    >>> "<title>cards: R7 (red 7), B2 (blue 2)</title>" in hand(map(voyage.Card.parse, ["R7", "B2"]))
    True
    """
    faces = [_face(card) for card in cards]
    return _table.draw_cards(faces, "cards: " + ", ".join(f.name for f in faces), across)


def deck(rules: voyage.Rules | ships_wheel.Rules | ships_wheel.DeckSpec) -> str:
    """Every card of a Voyage deck (from its rules) or a Ship's Wheel deck (from its rules,
    one deck or two, or a `~seaview_rules.ships_wheel.DeckSpec`): each kind of card once,
    with its number of copies when that is not one.

    >>> from seaview_rules import ships_wheel, voyage
    >>> "39 cards" in deck(voyage.Rules()), "3 copies" in deck(ships_wheel.DeckSpec())
    (True, True)
    """
    if isinstance(rules, voyage.Rules):
        faces = [_voyage.face(card) for card in rules.deck]
        return _table.draw_cards(faces, f"the Voyage deck, {len(faces)} cards", rules.numbers)
    if isinstance(rules, ships_wheel.DeckSpec):
        spec, table = rules, ships_wheel.table_of(rules)
    else:
        spec, table = rules.deck, rules.table
    kinds = [(c, n) for c, n in zip(table.cards, table.counts, strict=True) if n]
    name = f"the Ship's Wheel deck, {len(table.full)} cards"
    faces = [_ships_wheel.face(c) for c, _ in kinds]
    return _table.draw_cards(faces, name, len(spec.shapes), [n for _, n in kinds])
