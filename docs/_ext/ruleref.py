"""Rule-to-code-to-test traceability.

The rule reference declares each rule with ``.. rule:: ID``. This extension renders it as
a labelled section (``:ref:`rule-ID``` links to it) followed by the places in ``src/``
that name the ID and the tests marked ``@pytest.mark.rule("ID")``. The same index is
used by ``tests/test_rule_reference.py``, which fails when a rule has no code or no test.
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


def marked_tests(root: Path = ROOT) -> dict[str, list[str]]:
    """For each rule ID, the tests (``path::Class::test``) marked with it."""
    found: dict[str, list[str]] = defaultdict(list)
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
                        found[rule].append(f"{relative}::{node.name}")
                for item in methods:
                    for rule in {*class_rules, *_marked_rules(item)}:
                        found[rule].append(f"{relative}::{node.name}::{item.name}")
            elif isinstance(node, ast.FunctionDef) and node.name.startswith("test"):
                for rule in class_rules:
                    found[rule].append(f"{relative}::{node.name}")
            elif isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
                for rule in class_rules:
                    found[rule].append(f"{relative}::{node.targets[0].id}")
    return found


def _top_level_names(path: Path) -> dict[int, str]:
    """For each line of a module, the top-level function or class that holds it."""
    names: dict[int, str] = {}
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.FunctionDef | ast.ClassDef):
            for line in range(node.lineno, (node.end_lineno or node.lineno) + 1):
                names[line] = node.name
    return names


def _module(relative: str) -> str:
    """``src/a/b/c.py`` -> ``a.b.c``; a package's ``__init__`` is the package."""
    return (
        relative.removeprefix("src/")
        .removesuffix(".py")
        .removesuffix("/__init__")
        .replace("/", ".")
    )


def setup(app: Any) -> dict[str, Any]:
    """Register the ``rule`` directive."""
    from docutils import nodes
    from docutils.parsers.rst import directives
    from sphinx.util.docutils import SphinxDirective

    index: dict[str, Any] = {}

    def lookups() -> tuple[dict[str, list[tuple[str, int]]], dict[str, list[str]]]:
        if not index:
            rules = list(documented_rules())
            index["code"] = code_references(rules)
            index["tests"] = marked_tests()
        return index["code"], index["tests"]

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
            places = []
            for file, line in code.get(rule, []):
                place = nodes.literal(text=f"{file}:{line}")
                holder = _holders(file).get(line)
                if holder:  # linked to the highlighted source once the pages are resolved
                    place["ruleref_target"] = (_module(file), holder)
                places.append(place)
            section += _listing("Implemented in", places)
            section += _listing("Tested by", [nodes.literal(text=t) for t in tests.get(rule, [])])
            return [section]

    holders: dict[str, dict[int, str]] = {}

    def _holders(file: str) -> dict[int, str]:
        if file not in holders:
            holders[file] = _top_level_names(ROOT / file)
        return holders[file]

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

    def link_sources(app: Any, doctree: Any, docname: str) -> None:
        """Turn the code places into links to the viewcode pages that exist."""
        if app.builder.format != "html":
            return
        pages = getattr(app.env, "_viewcode_modules", {})
        for place in list(doctree.findall(nodes.literal)):
            target = place.get("ruleref_target")
            if not target or not pages.get(target[0]):
                continue
            module, holder = target
            uri = app.builder.get_relative_uri(docname, "_modules/" + module.replace(".", "/"))
            link = nodes.reference("", "", internal=True, refuri=f"{uri}#{holder}")
            place.replace_self(link)
            link += place

    app.connect("doctree-resolved", link_sources)

    app.add_directive("rule", RuleDirective)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
