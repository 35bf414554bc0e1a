"""The JSON Schemas of the library, rendered when the docs are built: ``.. json-schema::``.

``.. json-schema:: voyage view`` puts ``seaview_rules.schema.schema("voyage", "view")``
on the page as a collapsible JSON code block, so the schemas in the docs are always
the ones the library generates. Like pictures, a page with a schema is read again on
every build, since a change of the library changes it without changing the page.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from html import escape
from typing import Any


def _pages(env: Any) -> set[str]:
    """The pages with a schema, kept in the build environment (pickled with it)."""
    if not hasattr(env, "json_schema_pages"):
        env.json_schema_pages = set()
    pages: set[str] = env.json_schema_pages
    return pages


def setup(app: Any) -> dict[str, Any]:
    """Register the ``json-schema`` directive, and read its pages again on every build."""
    from docutils import nodes
    from sphinx.util.docutils import SphinxDirective

    class SchemaDirective(SphinxDirective):
        required_arguments = 2  # the game and the kind

        def run(self) -> list[Any]:
            from seaview_rules.schema import schema

            game, kind = self.arguments
            try:
                text = json.dumps(schema(game, kind), indent=2)
            except ValueError as exc:
                raise self.error(f"json-schema: {exc}") from exc
            _pages(self.env).add(self.env.docname)
            summary = f"<code>{escape(game)}</code> <code>{escape(kind)}</code> schema"
            block = nodes.literal_block(text, text, language="json")
            return [
                nodes.raw("", f"<details><summary>{summary}</summary>", format="html"),
                block,
                nodes.raw("", "</details>", format="html"),
            ]

    def outdated(
        app: Any, env: Any, added: set[str], changed: set[str], removed: set[str]
    ) -> Iterable[str]:
        return sorted(_pages(env) - removed)

    def purge(app: Any, env: Any, docname: str) -> None:
        _pages(env).discard(docname)

    def merge(app: Any, env: Any, docnames: set[str], other: Any) -> None:
        _pages(env).update(_pages(other))

    app.add_directive("json-schema", SchemaDirective)
    app.connect("env-get-outdated", outdated)
    app.connect("env-purge-doc", purge)
    app.connect("env-merge-info", merge)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
