"""SVG pictures of every game, for documents, notebooks, logs and web pages.

`render` draws a state or a view of any game of `seaview_rules.GAMES`: it finds the
game whose ``state_type`` or ``view_type`` the object is, and asks the game's own
``picture`` (`draw` asks a given game). A seat's view is drawn as that seat sees the
table, a spectator's view with every hand face down, and a full state with everything
face up, hidden cards included (for logs). Single pieces (a board, a spinner, a card, a
hand, a deck) are drawn by the game's own module, for example
`seaview_rules.leagues.svg.board` and `seaview_rules.voyage.svg.card`.

Every picture is a standalone SVG 1.1 document, the same bytes for the same input, with
a ``<title>`` for the whole and for each piece, which a screen reader names. It is drawn
from what it is given and nothing else, so a picture of a view shows nothing the view
hides. A game without a picture of its own (``picture=None``) is drawn as its text
rendering (`Game.render <seaview_rules.Game.render>`), one line of monospace text after
another.

>>> from seaview_rules import svg, voyage
>>> picture = svg.render(voyage.new_game(voyage.Rules(players=2)))
>>> picture.startswith("<?xml") and "<title>Voyage table, everything: " in picture
True
"""

from __future__ import annotations

from typing import Any

from seaview_rules._drawing.markup import document, element, text
from seaview_rules._drawing.palette import PAPER
from seaview_rules._game import Game
from seaview_rules._registry import GAMES

__all__ = ["draw", "render"]

_LINE = 16
"""From one line of a plain picture to the next, in pixels."""
_CHAR = 7.2
"""The width of a character of a plain picture's 12-pixel monospace text."""


def render(obj: object, **options: Any) -> str:
    """The picture of a state or a view of any game of `seaview_rules.GAMES`, drawn by
    `draw` for the game whose state or view ``obj`` is.

    The options are the game's (its ``picture_options``); this library's games take:

    - 20,000 Leagues: ``before``, a state or view of the same game: draw the path the
      last spin's diver took from where he stood in ``before``; ``effects`` (default
      ``True``): draw where each arrow, starfish and octopus sends a diver; ``legend``
      (default ``True``): explain the squares under the board.
    - Voyage and Ship's Wheel: ``moves`` (default ``False``): outline every card, pile
      and button that a legal move names (for a view, those of its ``legal_moves``; for
      a state, those of the seat to move) and make it a link to ``#move=`` and the
      move's notation, URL-encoded (``#move=pass%20red-star``), for a frontend to catch
      the click.
    - Every game:

      - ``width`` (default ``None``: the picture's own layout), the CSS pixels the
        picture will be shown at, from 280 to 4096: the picture is at most that wide,
        drawn at scale 1, every text at least 11 pixels high; below 600 it stacks what
        it lays side by side (a seat's label, hand and pile; the leagues spinner over
        the board).
      - ``names``, one player's name per seat: the picture says them instead of
        "seat 0" ("you" stays for the view's own seat), each on one line of at most 16
        characters, escaped like every text.
      - ``last``, the events of the last move (`Table.events_since
        <seaview_rules.Table.events_since>` gives them with their versions, or a
        game's ``events``): the picture marks what they
        did (the card played, the seat that moved, the spin) with a dashed purple
        outline and says it in words under the status; a Ship's Wheel hand that won, or
        tied, is laid open, as its event shows it to the table. The events are first
        redacted for the view's seat (`Game.redact <seaview_rules.Game.redact>`), so a
        picture never shows a card its viewer may not see, whichever events it is
        given.

    >>> from seaview_rules import leagues, svg
    >>> state = leagues.new_game(leagues.Rules(players=2))
    >>> picture = svg.render(leagues.view(state, 0), legend=False)
    >>> "seat 0's diver on the start square" in picture, "legend" in picture
    (True, False)
    >>> svg.render(state, moves=True)
    Traceback (most recent call last):
    ...
    TypeError: a leagues picture takes the options before, effects, legend, width, names, last, not moves

    Raises:
        TypeError: ``obj`` is no state or view of a game of `seaview_rules.GAMES`, or
            an option is not one of its game's, or of the wrong type.
        ValueError: ``width`` is out of its range, or ``names`` has not one name per
            seat.
    """
    for game in GAMES.values():
        if isinstance(obj, (game.state_type, game.view_type)):
            return draw(game, obj, **options)
    raise TypeError(
        f"render draws a state or a view of a game, not {type(obj).__name__}; "
        "a single piece is drawn by its game's own functions"
    )


def draw(game: Game[Any, Any, Any, Any], obj: object, /, **options: Any) -> str:
    """The picture of ``obj``, a state or a view of ``game`` (which need not be in
    `seaview_rules.GAMES`): the game's ``picture`` with the ``options``, or, for a game
    without one, its text rendering drawn as lines of monospace text (which takes no
    options).

    >>> import attrs
    >>> from seaview_rules import GAMES, svg, voyage
    >>> plain = attrs.evolve(GAMES["voyage"], picture=None, picture_options=())
    >>> picture = svg.draw(plain, voyage.new_game(voyage.Rules(players=2)))
    >>> "<title>Voyage to the Bottom of the Sea card game, as text</title>" in picture
    True
    >>> svg.draw(plain, voyage.new_game(voyage.Rules(players=2)), moves=True)
    Traceback (most recent call last):
    ...
    TypeError: a voyage picture takes no options, not moves

    Raises:
        TypeError: ``obj`` is no state or view of ``game``, or an option is not one of
            the game's ``picture_options``.
    """
    if not isinstance(obj, (game.state_type, game.view_type)):
        raise TypeError(
            f"a {game.name} picture draws a state or a view of the game, not {type(obj).__name__}"
        )
    known = game.picture_options if game.picture is not None else ()
    unknown = sorted(set(options) - set(known))
    if unknown:
        takes = f"the options {', '.join(known)}" if known else "no options"
        raise TypeError(f"a {game.name} picture takes {takes}, not {', '.join(unknown)}")
    if game.picture is None:
        return _plain(f"{game.title}, as text", game.render(obj))
    picture: str = game.picture(obj, **options)
    return picture


def _plain(name: str, words: str) -> str:
    """A picture of ``words``: each line in monospace text, its spaces kept (as
    no-break spaces, which SVG does not run together), on paper as wide as the longest
    line.

    >>> picture = _plain("two lines", "a & b\\nc")
    >>> picture.count("<text "), "<title>two lines</title>" in picture, "a\\xa0&amp;\\xa0b" in picture
    (2, True, True)
    """
    lines = words.splitlines() or [""]
    width = 16 + _CHAR * max(len(line) for line in lines)
    height = 16 + _LINE * len(lines)
    drawn = [
        text(8, 20 + _LINE * k, line.replace(" ", "\N{NO-BREAK SPACE}"), 12)
        for k, line in enumerate(lines)
    ]
    parts = [
        element("rect", width=width, height=height, fill=PAPER),
        element("g", "".join(drawn), font_family="monospace"),
    ]
    return document(width, height, name, parts)
