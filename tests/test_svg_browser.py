"""Every game's pictures as headless Chromium renders them (``nox -s server`` runs
these: ``pytest -m browser``): shown in a box as wide as a small phone (320 CSS
pixels), a phone (390) or a laptop (1280) the way a page shows them (``max-width:
100%``), a picture drawn for that width is no wider than the box, none of its texts is
smaller than 11 pixels or reaches past its edges, and the leagues board with its
spinner fits one screen."""

from __future__ import annotations

import html
import json
import os
import random
import subprocess
from pathlib import Path
from typing import Any

import pytest

from seaview_rules import GAMES, svg
from tests.helpers import told_play

pytestmark = pytest.mark.browser

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
NAMES = ("<b>Ann</b> & co", "Bo the second", "Cyrano de Bergerac", "Di")
"""Players' names as users type them: markup, more than a picture draws."""

MEASURE = """<script>
const out = [];
for (const box of document.querySelectorAll('.box')) {
  const picture = box.querySelector('svg').getBoundingClientRect();
  let least = Infinity;
  const past = [];
  for (const t of box.querySelectorAll('text')) {
    least = Math.min(least, parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a);
    const r = t.getBoundingClientRect();
    if (r.right > picture.right + 0.5 || r.left < picture.left - 0.5) past.push(t.textContent);
  }
  out.push({width: picture.width, height: picture.height, least, past});
}
document.body.innerHTML = '<pre id="out">' + JSON.stringify(out) + '</pre>';
</script>"""
"""What the page measures of each picture once drawn: its size as shown, its smallest
text as rendered (font size times the scale from the text to the screen), and the
texts whose boxes reach past the picture's edges."""


def _pictures() -> list[tuple[str, int, str]]:
    """Each game's pictures of a few seeded positions, from two seats, with the players'
    names and the last move's events: the game, the box width, the picture."""
    pictures = []
    for name, game in sorted(GAMES.items()):
        players = 4 if name == "leagues" else 3
        start = game.new_game(game.rules_type(players=players))
        played = told_play(game, start, random.Random(47), 400)
        for step, (state, told) in enumerate(played):
            if step % 50 != 7:
                continue
            for seat in (0, None):
                view = game.view(state, seat)
                moves = {"moves": True} if "moves" in game.picture_options else {}
                for width in (320, 390, 1280):
                    drawn = svg.render(view, width=width, names=NAMES[:players], last=told, **moves)
                    pictures.append((name, width, drawn))
                pictures.append((name, 1280, svg.render(view, **moves)))
    return pictures


def _measure(pictures: list[tuple[str, int, str]], folder: Path) -> list[dict[str, Any]]:
    boxes = "".join(
        f'<div class="box" style="width: {width}px">{picture.split(chr(10), 1)[1]}</div>'
        for _, width, picture in pictures
    )
    page = folder / "pictures.html"
    page.write_text(
        "<!doctype html><style>body { margin: 0 } .box svg { display: block; "
        f"max-width: 100%; height: auto }}</style>{boxes}{MEASURE}",
        encoding="utf-8",
    )
    done = subprocess.run(
        [
            CHROMIUM,
            "--headless",
            "--no-sandbox",
            "--window-size=1400,900",
            "--dump-dom",
            page.as_uri(),
        ],
        capture_output=True,
        text=True,
        timeout=180,
        check=True,
    )
    found = done.stdout.split('<pre id="out">', 1)[1].split("</pre>", 1)[0]
    measured: list[dict[str, Any]] = json.loads(html.unescape(found))
    return measured


def test_pictures_fit_their_width_and_every_text_is_at_least_11_px_as_rendered(
    tmp_path: Path,
) -> None:
    pictures = _pictures()
    measured = _measure(pictures, tmp_path)
    assert len(measured) == len(pictures)
    for (name, width, picture), seen in zip(pictures, measured, strict=True):
        assert seen["width"] <= width, (name, width)
        # Chromium multiplies in single precision: 11 comes back as 10.9998
        assert seen["least"] >= 11 - 0.001, (name, width, seen["least"])
        assert seen["past"] == [], (name, width, seen["past"])
        if name == "leagues" and "<title>spinner with " in picture:  # drawn for a width
            assert seen["height"] <= (640 if width < 600 else 600), (width, seen)
    assert {name for name, _, _ in pictures} == set(GAMES)
