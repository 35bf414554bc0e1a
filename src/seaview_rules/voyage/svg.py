"""SVG pictures of the Voyage card game: the table of a state or a view, and single
cards, a hand and the deck.

`picture` is the game's ``picture`` in `seaview_rules.GAMES`, which
`seaview_rules.svg.render` asks; the pieces are drawn only from here. Every picture is
a standalone SVG 1.1 document, the same bytes for the same input, with a ``<title>``
for the whole and for each card and pile.

>>> from seaview_rules import voyage
>>> state = voyage.new_game(voyage.Rules(players=2))
>>> "Voyage, round 1" in voyage.svg.picture(voyage.view(state, 0))
True
"""

from __future__ import annotations

from seaview_rules.voyage._svg import card, deck, hand, picture

__all__ = ["card", "deck", "hand", "picture"]
