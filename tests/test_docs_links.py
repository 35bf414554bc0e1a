"""Every link inside the built HTML docs lands: its page exists, and so does its fragment
(a rule's section, a line of a source page, an API entry)."""

from __future__ import annotations

import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from tests.test_rule_reference import DOCUMENTED

ROOT = Path(__file__).resolve().parents[1]


class _Page(HTMLParser):
    """The ids a page defines and the links it holds."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        for name in ("id", "name"):
            if values.get(name):
                self.ids.add(str(values[name]))
        if tag == "a" and values.get("href"):
            self.links.append(str(values["href"]))


def read_pages(top: Path) -> dict[Path, _Page]:
    pages = {}
    for path in sorted(top.rglob("*.html")):
        page = _Page()
        page.feed(path.read_text(encoding="utf-8"))
        pages[path.resolve()] = page
    return pages


def broken_links(top: Path) -> list[str]:
    """Every internal link of the HTML under ``top`` whose file or fragment is missing."""
    pages = read_pages(top)
    broken = []
    for path, page in pages.items():
        for href in page.links:
            parts = urlsplit(href)
            if parts.scheme or parts.netloc:
                continue  # an external link: not ours to check offline
            target = (path.parent / unquote(parts.path)).resolve() if parts.path else path
            where = f"{path.relative_to(top)} -> {href}"
            if not target.exists():
                broken.append(f"{where}: no such file")
            elif (
                parts.fragment
                and target.suffix == ".html"
                and unquote(parts.fragment) not in pages[target].ids
            ):
                broken.append(f"{where}: no such fragment")
    return broken


@pytest.fixture(scope="module")
def html(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("html")
    build = subprocess.run(
        [sys.executable, "-m", "sphinx", "-q", "-E", "-b", "html", str(ROOT / "docs"), str(out)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert build.returncode == 0, build.stderr
    return out


def test_every_internal_link_of_the_docs_lands(html: Path) -> None:
    assert broken_links(html) == []


def test_rule_entries_link_to_the_lines_they_name(html: Path) -> None:
    page = (html / "rules" / "voyage.html").read_text(encoding="utf-8")
    assert 'id="rule-voy-3"' in page
    assert "code/src/seaview_rules/voyage/" in page
    assert "code/tests/voyage/" in page


def test_the_checker_reports_a_missing_fragment_and_a_missing_page(tmp_path: Path) -> None:
    (tmp_path / "a.html").write_text(
        '<p id="here"></p><a href="#here"></a><a href="#gone"></a><a href="b.html#x"></a>'
        '<a href="https://example.org/#nowhere"></a>',
        encoding="utf-8",
    )
    assert broken_links(tmp_path) == [
        "a.html -> #gone: no such fragment",
        "a.html -> b.html#x: no such file",
    ]


def test_every_rule_has_its_anchor_on_its_page(html: Path) -> None:
    pages = read_pages(html)
    for rule, page in DOCUMENTED.items():
        built = (html / page.relative_to(ROOT / "docs")).with_suffix(".html").resolve()
        assert f"rule-{rule.lower()}" in pages[built].ids, rule
