"""Rule-to-code-to-test traceability.

The rule reference declares each rule with ``.. rule:: ID``. This extension renders it as
a labelled section followed by the places in ``src/`` that name the ID and the tests
marked ``@pytest.mark.rule("ID")``, each linked to its line on a highlighted source page
of its own (`SOURCE_PAGES`). A rule's section has the anchor ``rule-`` and the ID in
lower case (``rules/voyage.html#rule-voy-3``), and ``:ref:`rule-voy-3``` links to it.
The same index is used by ``tests/test_rule_reference.py``, which fails when a rule has
no code or no test.
"""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

ROOT = Path(__file__).resolve().parents[2]
RULE_ID = r"[A-Z]{2,4}(?:-[A-Z0-9]+)+"
_DIRECTIVE = re.compile(rf"^\.\. rule:: ({RULE_ID})\s*$", re.MULTILINE)


def documented_rules(root: Path = ROOT) -> dict[str, Path]:
    """Every rule ID declared in ``docs/**/*.rst``, with its page."""
    found: dict[str, Path] = {}
    for page in sorted((root / "docs").rglob("*.rst")):
        for match in _DIRECTIVE.finditer(page.read_text(encoding="utf-8")):
            found[match.group(1)] = page
    return found


def _mentions(rule: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![\w-]){re.escape(rule)}(?![\w-])")


def _docstring_lines(tree: ast.Module) -> set[int]:
    """The lines of every string that stands alone as a statement (docstrings)."""
    lines: set[int] = set()
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Expr)
            and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)
        ):
            lines.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    return lines


def code_references(rules: list[str], root: Path = ROOT) -> dict[str, list[tuple[str, int]]]:
    """For each rule, the (file, line) places of the engines that name it: code and
    comments in ``src/``, not docstrings and not the test kit (``testing/``)."""
    found: dict[str, list[tuple[str, int]]] = defaultdict(list)
    patterns = {rule: _mentions(rule) for rule in rules}
    for path in sorted((root / "src").rglob("*.py")):
        relative = path.relative_to(root).as_posix()
        if "/testing/" in relative:
            continue
        text = path.read_text(encoding="utf-8")
        skip = _docstring_lines(ast.parse(text))
        for number, line in enumerate(text.splitlines(), 1):
            if number in skip:
                continue
            for rule, pattern in patterns.items():
                if pattern.search(line):
                    found[rule].append((relative, number))
    return found


def _marked_rules(node: ast.AST) -> Iterator[str]:
    marks = list(getattr(node, "decorator_list", []))
    if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call):
        marks.append(node.value.func)  # test_x = pytest.mark.rule("ID")(Machine.TestCase)
    for decorator in marks:
        if (
            isinstance(decorator, ast.Call)
            and isinstance(decorator.func, ast.Attribute)
            and decorator.func.attr == "rule"
        ):
            for arg in decorator.args:
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    yield arg.value


def _first_line(node: ast.AST) -> int:
    """The line where a definition starts to read, its first decorator included."""
    lines: list[int] = [d.lineno for d in getattr(node, "decorator_list", [])]
    return min([*lines, int(getattr(node, "lineno", 1))])


def marked_tests(root: Path = ROOT) -> dict[str, list[tuple[str, int]]]:
    """For each rule ID, the tests (``path::Class::test``) marked with it, each with the
    line of the file where its definition starts."""
    found: dict[str, list[tuple[str, int]]] = defaultdict(list)
    for path in sorted((root / "tests").rglob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        relative = path.relative_to(root).as_posix()
        for node in tree.body:
            class_rules = list(_marked_rules(node))
            if isinstance(node, ast.ClassDef):
                methods = [
                    item
                    for item in node.body
                    if isinstance(item, ast.FunctionDef) and item.name.startswith("test")
                ]
                if not methods:  # e.g. a Hypothesis state machine's TestCase
                    for rule in class_rules:
                        found[rule].append((f"{relative}::{node.name}", _first_line(node)))
                for item in methods:
                    for rule in {*class_rules, *_marked_rules(item)}:
                        test = f"{relative}::{node.name}::{item.name}"
                        found[rule].append((test, _first_line(item)))
            elif isinstance(node, ast.FunctionDef) and node.name.startswith("test"):
                for rule in class_rules:
                    found[rule].append((f"{relative}::{node.name}", _first_line(node)))
            elif isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
                for rule in class_rules:
                    found[rule].append((f"{relative}::{node.targets[0].id}", node.lineno))
    return found


SOURCE_PAGES = "code"
"""The HTML pages of the cited files live under ``code/``, one per file, named after its
path (``code/src/seaview_rules/voyage/_rules.py.html``); line ``n`` is the element
``#L-n``, highlighted when it is the link's target (``_static/ruleref.css``)."""


def source_page(relative: str) -> str:
    """The Sphinx page name of the highlighted source of ``relative`` (a path from the
    repository root)."""
    return f"{SOURCE_PAGES}/{relative}"


def line_anchor(line: int) -> str:
    """The fragment of line ``line`` on a source page."""
    return f"L-{line}"


def setup(app: Any) -> dict[str, Any]:
    """Register the ``rule`` directive and the source pages its entries link to."""
    from docutils import nodes
    from docutils.parsers.rst import directives
    from pygments import highlight
    from pygments.formatters import HtmlFormatter
    from pygments.lexers import PythonLexer
    from sphinx.addnodes import pending_xref
    from sphinx.util.docutils import SphinxDirective

    index: dict[str, Any] = {}

    def lookups() -> tuple[dict[str, list[tuple[str, int]]], dict[str, list[tuple[str, int]]]]:
        if not index:
            rules = list(documented_rules())
            index["code"] = code_references(rules)
            index["tests"] = marked_tests()
        return index["code"], index["tests"]

    def place(text: str, file: str, line: int) -> Any:
        """``text`` in code style, linked to ``line`` of the source page of ``file``."""
        ref = pending_xref(
            "", refdomain="std", reftype="doc", reftarget="/" + source_page(file),
            refexplicit=True, ruleref_fragment=line_anchor(line),
        )  # fmt: skip
        ref += nodes.literal(text=text)
        return ref

    class RuleDirective(SphinxDirective):
        required_arguments = 1
        has_content = True
        option_spec: ClassVar[dict[str, Any]] = {
            "title": directives.unchanged_required,
            "source": directives.unchanged,
        }

        def run(self) -> list[Any]:
            rule = self.arguments[0]
            title = self.options.get("title", "")
            section = nodes.section(ids=[f"rule-{rule.lower()}"], names=[f"rule-{rule.lower()}"])
            section += nodes.title(text=f"{rule} · {title}" if title else rule)
            self.state.document.note_explicit_target(section)
            if "source" in self.options:
                section += nodes.paragraph(text=f"Source: {self.options['source']}.")
            self.state.nested_parse(self.content, self.content_offset, section)
            code, tests = lookups()
            section += _listing(
                "Implemented in", [place(f"{f}:{n}", f, n) for f, n in code.get(rule, [])]
            )
            section += _listing(
                "Tested by", [place(t, t.partition("::")[0], n) for t, n in tests.get(rule, [])]
            )
            return [section]

    def _listing(label: str, items: list[Any]) -> Any:
        para = nodes.paragraph()
        para += nodes.strong(text=f"{label}: ")
        if not items:
            para += nodes.emphasis(text="nothing yet")
        for number, item in enumerate(items):
            if number:
                para += nodes.Text(", ")
            para += item
        return para

    def resolve(app: Any, env: Any, node: Any, contnode: Any) -> Any:
        """Links to source pages: the page exists whenever the HTML is built."""
        fragment = node.get("ruleref_fragment")
        if fragment is None:
            return None
        uri = app.builder.get_relative_uri(node["refdoc"], node["reftarget"].lstrip("/"))
        link = nodes.reference("", "", internal=True, refuri=f"{uri}#{fragment}")
        link += contnode
        return link

    def source_pages(app: Any) -> Iterator[tuple[str, dict[str, Any], str]]:
        """One page per cited file: highlighted, each line numbered and anchored."""
        if app.builder.format != "html":
            return
        code, tests = lookups()
        files = {f for places in code.values() for f, _ in places}
        files |= {t.partition("::")[0] for places in tests.values() for t, _ in places}
        formatter = HtmlFormatter(linenos="inline", linespans="L", cssclass="highlight")
        for file in sorted(files):
            text = (ROOT / file).read_text(encoding="utf-8")
            body = f"<h1>{file}</h1>\n" + highlight(text, PythonLexer(), formatter)
            yield source_page(file), {"title": file, "body": body, "parents": []}, "page.html"

    app.add_directive("rule", RuleDirective)
    app.connect("missing-reference", resolve)
    app.connect("html-collect-pages", source_pages)
    return {"version": "2", "parallel_read_safe": True, "parallel_write_safe": True}
