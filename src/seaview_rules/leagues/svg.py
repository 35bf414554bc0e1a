"""SVG pictures of 20,000 Leagues: the board of a state or a view with its divers, a
board without divers, and a spinner.

`picture` is the game's ``picture`` in `seaview_rules.GAMES`, which
`seaview_rules.svg.render` asks; the pieces are drawn only from here. Every picture is
a standalone SVG 1.1 document, the same bytes for the same input, with a ``<title>``
for the whole and for each square and diver.

>>> from seaview_rules import leagues
>>> state = leagues.new_game(leagues.Rules(players=2))
>>> "seat 0's diver on the start square" in leagues.svg.picture(state, legend=False)
True
"""

from __future__ import annotations

from seaview_rules.leagues._svg import board, picture, spinner

__all__ = ["board", "picture", "spinner"]
