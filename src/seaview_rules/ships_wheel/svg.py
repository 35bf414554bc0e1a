"""SVG pictures of the Ship's Wheel card game: the table of a state or a view, and
single cards, a hand and a deck.

`picture` is the game's ``picture`` in `seaview_rules.GAMES`, which
`seaview_rules.svg.render` asks; the pieces are drawn only from here. Every picture is
a standalone SVG 1.1 document, the same bytes for the same input, with a ``<title>``
for the whole and for each card and pile.

>>> from seaview_rules import ships_wheel
>>> state = ships_wheel.new_game(ships_wheel.Rules(players=2))
>>> "Ship's Wheel, hand 1" in ships_wheel.svg.picture(ships_wheel.view(state, 0))
True
"""

from __future__ import annotations

from seaview_rules.ships_wheel._svg import card, deck, hand, picture

__all__ = ["card", "deck", "hand", "picture"]
