"""A small writer of SVG 1.1 text: elements as strings, numbers rounded, text escaped.

Every picture is built from these functions and nothing else, so that the same input
always gives the same bytes: attributes keep the order they are given in, and every
number is written with at most two decimals. No element has an ``id``, so any number of
pictures can share one HTML page.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from xml.sax.saxutils import escape, quoteattr

from seaview_rules._drawing.palette import INK

Attr = str | float | None
"""An attribute value; ``None`` leaves the attribute out."""


def num(value: float) -> str:
    """A number as SVG text: at most two decimals, no trailing zeros, no ``-0``.

    >>> num(3), num(2.5), num(1 / 3), num(-0.001)
    ('3', '2.5', '0.33', '0')
    """
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def points(*xy: tuple[float, float]) -> str:
    """Points as a ``points`` or path value: ``x,y`` pairs separated by spaces.

    >>> points((1, 2.5), (0.333, 4))
    '1,2.5 0.33,4'
    """
    return " ".join(f"{num(x)},{num(y)}" for x, y in xy)


def star(x: float, y: float, outer: float, inner: float) -> str:
    """The points of a five-pointed star centred on (x, y), a point upwards: a starfish
    on the board and on the cards.

    >>> star(0, 0, 2, 1).split()[:2]
    ['0,-2', '0.59,-0.81']
    """
    corners = [outer, inner] * 5
    return points(
        *(
            (x + r * math.sin(k * math.pi / 5), y - r * math.cos(k * math.pi / 5))
            for k, r in enumerate(corners)
        )
    )


def element(tag: str, content: str = "", /, **attrs: Attr) -> str:
    """One element; ``content`` is markup (`text` escapes words). Attribute names are
    written as in Python, ``_`` for ``-``: ``font_size`` is ``font-size``, and
    ``xlink_href`` is ``xlink:href``.

    >>> element("rect", width=2.0, height=1, fill_opacity=0.5, stroke=None)
    '<rect width="2" height="1" fill-opacity="0.5"/>'
    """
    written = "".join(
        f" {name.replace('xlink_', 'xlink:').replace('_', '-')}="
        + quoteattr(value if isinstance(value, str) else num(value))
        for name, value in attrs.items()
        if value is not None
    )
    return f"<{tag}{written}>{content}</{tag}>" if content else f"<{tag}{written}/>"


def text(x: float, y: float, words: str, size: float = 11, **attrs: Attr) -> str:
    """The ``words``, escaped, from (x, y), ``size`` pixels high, in ink unless ``fill``
    says otherwise.

    >>> text(1, 2, "R & L", 9, text_anchor="middle")
    '<text x="1" y="2" font-size="9" text-anchor="middle" fill="#1c2833">R &amp; L</text>'
    """
    attrs.setdefault("fill", INK)
    return element("text", escape(words), x=x, y=y, font_size=size, **attrs)


def wrap(words: str, room: float, size: float) -> list[str]:
    """``words`` in lines that fit ``room`` pixels of ``size`` pixel text (estimated
    generously: a character is 0.6 of the size), broken at spaces, and a word too long
    for a line cut into pieces that fit.

    >>> wrap("a bb ccc", 30, 10), wrap("abcdefg", 20, 10)
    (['a bb', 'ccc'], ['abc', 'def', 'g'])
    """
    most = max(int(room / (0.6 * size)), 1)
    lines: list[str] = []
    for whole in words.split(" "):
        for start in range(0, max(len(whole), 1), most):
            word = whole[start : start + most]
            if lines and len(lines[-1]) + 1 + len(word) <= most:
                lines[-1] += " " + word
            else:
                lines.append(word)
    return lines


def squeeze(words: str, size: float, room: float) -> dict[str, Attr]:
    """The attributes that fit ``words`` of ``size`` pixel text into ``room`` pixels,
    narrowing its letters rather than making them smaller: none if it fits (a character
    estimated at 0.55 of the size, an average of sans-serif letters; a ``textLength``
    also stretches a word shorter than it, so it is given only to a longer one).

    >>> squeeze("circle", 11, 38), squeeze("lighthouse", 11, 38)
    ({}, {'textLength': 38, 'lengthAdjust': 'spacingAndGlyphs'})
    """
    if len(words) * 0.55 * size <= room:
        return {}
    return {"textLength": room, "lengthAdjust": "spacingAndGlyphs"}


def title(words: str) -> str:
    """A ``<title>``: the name a screen reader gives the element that holds it."""
    return f"<title>{escape(words)}</title>"


def group(parts: Iterable[str], name: str | None = None, **attrs: Attr) -> str:
    """A ``<g>`` of ``parts``, named by a `title` when ``name`` is given."""
    return element("g", (title(name) if name else "") + "".join(parts), **attrs)


def translate(x: float, y: float, scale: float = 1) -> str:
    """A ``transform`` that moves the origin to (x, y), then scales."""
    move = f"translate({num(x)},{num(y)})"
    return move if scale == 1 else f"{move} scale({num(scale)})"


def link(parts: Sequence[str], href: str) -> str:
    """An ``<a>`` around ``parts`` pointing at ``href``."""
    return element("a", "".join(parts), xlink_href=href)


def document(width: float, height: float, name: str, parts: Iterable[str]) -> str:
    """A whole SVG 1.1 document of ``width`` x ``height`` pixels, named ``name``.

    >>> print(document(10, 5, "a dot", [element("circle", r=1)]))
    <?xml version="1.0" encoding="UTF-8"?>
    <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1" width="10" height="5" viewBox="0 0 10 5" font-family="sans-serif"><title>a dot</title><circle r="1"/></svg>
    """
    w, h = num(width), num(height)
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        f'version="1.1" width="{w}" height="{h}" viewBox="0 0 {w} {h}" '
        f'font-family="sans-serif">{title(name)}{"".join(parts)}</svg>'
    )
