"""Pictures drawn by the library itself when the docs are built: ``.. picture::``.

The directive's content is Python whose last line is an expression giving an SVG
document, most often a call of `seaview_rules.svg` or of a game's ``svg`` module. The
picture is put into the HTML page as it is (inline SVG keeps the titles a screen reader
reads), so a picture in the docs is always what the engine draws. The pictures of one
page run in one namespace, from the top of the page down, like a doctest group::

    .. picture::
       :caption: The default board.
       :width: 30em

       from seaview_rules import leagues
       leagues.svg.board(leagues.default_board())

A change of the library changes the pictures without changing a page, so every page
with a picture is read again on every build. Code that fails, or gives something that
is not an SVG document, is an error of the build.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable
from typing import Any, ClassVar

_NAMESPACE = "pictures_namespace"
"""The key of a page's namespace in ``env.temp_data``, which Sphinx clears after each page."""


def evaluate(code: str, namespace: dict[str, Any]) -> object:
    """Run ``code`` in ``namespace`` and return the value of its last line, an expression.

    >>> evaluate("x = 2\\nx * 3", {})
    6
    """
    tree = ast.parse(code)
    last = tree.body.pop() if tree.body else None
    if not isinstance(last, ast.Expr):
        raise ValueError("the last line must be an expression whose value is the picture")
    exec(compile(tree, "<picture>", "exec"), namespace)
    return eval(compile(ast.Expression(last.value), "<picture>", "eval"), namespace)


def inline(picture: str, width: str = "") -> str:
    """An SVG document as HTML: without its XML declaration, as wide as it is drawn (or
    ``width``, a CSS length) but no wider than the page, a phone's included.

    >>> inline('<?xml version="1.0"?>\\n<svg width="9"/>', "20em")
    '<svg style="max-width: 100%; height: auto; width: 20em" width="9"/>'
    """
    body = picture.split("?>", 1)[1].lstrip() if picture.startswith("<?xml") else picture
    if not body.startswith("<svg "):
        raise ValueError("the picture is not an SVG document")
    style = "max-width: 100%; height: auto" + (f"; width: {width}" if width else "")
    return body.replace("<svg ", f'<svg style="{style}" ', 1)


def _pages(env: Any) -> set[str]:
    """The pages with a picture, kept in the build environment (pickled with it)."""
    if not hasattr(env, "picture_pages"):
        env.picture_pages = set()
    pages: set[str] = env.picture_pages
    return pages


def setup(app: Any) -> dict[str, Any]:
    """Register the ``picture`` directive, and read its pages again on every build."""
    from docutils import nodes
    from docutils.parsers.rst import directives
    from sphinx.util.docutils import SphinxDirective

    class PictureDirective(SphinxDirective):
        has_content = True
        option_spec: ClassVar[dict[str, Any]] = {
            "caption": directives.unchanged,
            "width": directives.length_or_percentage_or_unitless,
        }

        def run(self) -> list[Any]:
            namespace = self.env.temp_data.setdefault(_NAMESPACE, {})
            try:
                picture = evaluate("\n".join(self.content), namespace)
                if not isinstance(picture, str):
                    raise ValueError(f"the picture is a {type(picture).__name__}, not SVG text")
                html = inline(picture, self.options.get("width", ""))
            except Exception as exc:  # any failure of the code is the page's error
                raise self.error(f"picture: {type(exc).__name__}: {exc}") from exc
            _pages(self.env).add(self.env.docname)
            figure = nodes.figure(classes=["picture"])
            figure += nodes.raw("", f'<div class="picture">{html}</div>', format="html")
            if "caption" in self.options:
                words, messages = self.state.inline_text(self.options["caption"], self.lineno)
                figure += nodes.caption(self.options["caption"], "", *words)
                figure += messages
            return [figure]

    def outdated(
        app: Any, env: Any, added: set[str], changed: set[str], removed: set[str]
    ) -> Iterable[str]:
        return sorted(_pages(env) - removed)

    def purge(app: Any, env: Any, docname: str) -> None:
        _pages(env).discard(docname)

    def merge(app: Any, env: Any, docnames: set[str], other: Any) -> None:
        _pages(env).update(_pages(other))

    app.add_directive("picture", PictureDirective)
    app.connect("env-get-outdated", outdated)
    app.connect("env-purge-doc", purge)
    app.connect("env-merge-info", merge)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
