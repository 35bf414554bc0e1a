"""A bot that plays through `table_server.py` over HTTP, knowing nothing but its view.

It polls its seat's view; when the view says this seat is to move, it picks one of the
view's legal moves and posts it. Run it with the server's address, then paste its seat's
token when asked (not echoed, so neither the shell's history nor the process list shows
it): ``python table_client.py voyage http://127.0.0.1:8000``.
"""

from __future__ import annotations

import getpass
import json
import random
import sys
import time
from typing import Any
from urllib.error import HTTPError
from urllib.request import Request, urlopen

from seaview_rules import GAMES


def play_seat(game: str, base: str, token: str, seed: int, *, max_polls: int = 100_000) -> Any:
    """Play the seat of ``token`` at the server at ``base`` to the end of the game (or
    ``max_polls`` polls); return the seat's last view."""
    rng, engine = random.Random(seed), GAMES[game]
    auth = {"Authorization": f"Bearer {token}"}
    for _ in range(max_polls):
        with urlopen(Request(f"{base}/view", headers=auth), timeout=10) as reply:
            view = engine.from_dict(json.load(reply), kind=engine.view_type)
        if view.to_move is None:  # the game is over
            return view
        if view.legal_moves:  # this seat is to move
            body = json.dumps({"move": str(rng.choice(view.legal_moves))}).encode()
            request = Request(f"{base}/move", body, {**auth, "Content-Type": "application/json"})
            try:
                urlopen(request, timeout=10).close()
            except HTTPError as err:  # refused: say why, and look again
                with err:
                    print(json.load(err), file=sys.stderr)
        else:
            time.sleep(0.002)
    raise TimeoutError(f"the game did not end within {max_polls} polls")


if __name__ == "__main__":
    play_seat(sys.argv[1], sys.argv[2], getpass.getpass("seat token: "), seed=1)
    print("the game is over")
