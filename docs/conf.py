"""Sphinx configuration for the seaview_rules docs."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent / "_ext"))

project = "seaview_rules"
author = "The seaview_rules developers"
copyright = "2026, The seaview_rules developers"

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.doctest",
    "sphinx.ext.viewcode",
    "ruleref",
    "pictures",
    "jsonschemas",
]

exclude_patterns = ["_build"]
# Furo: kept up to date, readable on a phone (the rule pages and their pictures), with a
# dark mode and a search box; the pictures bring their own light background.
html_theme = "furo"
html_title = "seaview_rules"
html_static_path = ["_static"]
html_css_files = ["ruleref.css"]

# Docstring examples are run by pytest (--doctest-modules over src) with their module's names;
# the doctest builder runs the examples written on the pages, in ``.. doctest::``.
doctest_test_doctest_blocks = ""

# The agents' adapters import the rl extra, which a docs build need not have: autodoc
# reads them against stand-ins of those packages, the same with or without the extra.
autodoc_mock_imports = ["numpy", "gymnasium", "pettingzoo", "pyspiel", "open_spiel"]

autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_typehints_format = "short"
autodoc_default_options = {"members": True, "show-inheritance": True}
napoleon_google_docstring = True
napoleon_numpy_docstring = False
default_role = "code"

# Without network access there is no intersphinx: names from the standard library and
# the libraries we build on are not link targets here.
nitpick_ignore_regex = [
    (
        r"py:.*",
        r"(random|fractions|collections|concurrent|enum|typing|types|hypothesis|attrs?|pathlib|os|psycopg)\..*",
    ),
    (
        r"py:.*",
        r"(Random|Fraction|Mapping|Sequence|Callable|Iterable|Iterator|Executor|Path|SearchStrategy|TextIO|Any|NoReturn|Enum|DrawFn|DataObject)",
    ),
    (
        r"py:.*",
        r"(int|str|bool|float|bytes|bytearray|tuple|list|dict|set|frozenset|object|type|None|ValueError|AssertionError|Exception)",
    ),
    (r"py:.*", r"(seaview_rules\.)?(\w+\.)*[RSMV](_contra|_in|_out)?"),  # type variables
    # aliases of private modules, as autodoc names them
    (
        r"py:.*",
        r"(GameSchemas|Player|Twin|SchemaHooks|Attribute)",
    ),
    (r"py:.*", r"seaview_rules\.(\w+\.)*_\w+.*"),  # private modules behind public re-exports
    (r"py:.*", r"(numpy|npt|gymnasium|pettingzoo|pyspiel|open_spiel)\b.*"),  # the rl extra
    (r"py:.*", r"(AgentGame|Position|Press|Reward|AECEnv|Space)"),  # its stand-ins and _agents
]
