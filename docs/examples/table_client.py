"""A bot that plays through `table_server.py` over HTTP, knowing nothing but its view.

It polls its seat's view; when the view says this seat is to move, it picks one of the
view's legal moves and posts it. Run it with the URL the server printed for a seat:
``python table_client.py voyage http://127.0.0.1:8000/view?token=...``.
"""

from __future__ import annotations

import json
import random
import sys
import time
from typing import Any
from urllib.error import HTTPError
from urllib.request import Request, urlopen

from seaview_rules import GAMES


def play_seat(game: str, url: str, seed: int, *, max_polls: int = 100_000) -> Any:
    """Play one seat to the end of the game (or ``max_polls`` polls); return the
    seat's last view."""
    rng, engine = random.Random(seed), GAMES[game]
    base, _, token = url.partition("/view?token=")
    for _ in range(max_polls):
        with urlopen(f"{base}/view?token={token}") as reply:
            view = engine.from_dict(json.load(reply), kind=engine.view_type)
        if view.to_move is None:  # the game is over
            return view
        if view.legal_moves:  # this seat is to move
            move = rng.choice(view.legal_moves)
            request = Request(f"{base}/move?token={token}", data=str(move).encode())
            try:
                urlopen(request).close()
            except HTTPError as err:  # refused: say why, and look again
                with err:
                    print(json.load(err)["reason"], file=sys.stderr)
        else:
            time.sleep(0.002)
    raise TimeoutError(f"the game did not end within {max_polls} polls")


if __name__ == "__main__":
    play_seat(sys.argv[1], sys.argv[2], seed=1)
    print("the game is over")
