# /// script
# dependencies = ["nox>=2024.4.15"]
# ///
"""Sessions: tests (every supported CPython found), lint, mypy, docs, build, bench; web
(the web page in headless Chromium, and the tests under Pyodide); server (seaview serve:
protocol, load, fault and browser tests); postgres (several server processes on one
PostgreSQL); rl (the PettingZoo and OpenSpiel adapters against those projects' own
checks); rl_bench (their speed beside PettingZoo's card games, and OpenSpiel's IS-MCTS
against ours); dask (optional, never by default: simulate on a local Dask cluster); example (the game of
"Adding a game", examples/seaview-cups, installed next to the library)."""

from __future__ import annotations

import contextlib
import glob
import json
import os
import re
import shutil
import subprocess
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path

import nox

nox.needs_version = ">=2024.4.15"
nox.options.sessions = ["lint", "mypy", "tests", "docs"]
nox.options.default_venv_backend = "venv"

PYTHONS = ["3.10", "3.11", "3.12", "3.13"]


def _find_pythons() -> list[str]:
    """The supported CPythons on this machine; pyenv-installed ones are put on PATH."""
    if shutil.which("pyenv"):
        root = subprocess.run(["pyenv", "root"], capture_output=True, text=True, check=False)
        for version in PYTHONS:
            for bin_dir in Path(root.stdout.strip(), "versions").glob(f"{version}.*/bin"):
                os.environ["PATH"] = f"{bin_dir}{os.pathsep}{os.environ['PATH']}"
    found = []
    for version in PYTHONS:
        command = shutil.which(f"python{version}")
        if command and subprocess.run([command, "--version"], capture_output=True).returncode == 0:
            found.append(version)
    return found


AVAILABLE = _find_pythons()


@nox.session(python=AVAILABLE or None)
def tests(session: nox.Session) -> None:
    """Run the test suite (doctests included). ``nox -s tests -- --quick`` is the run
    of the other CPythons in CI: the Hypothesis ``quick`` profile (10 examples a
    property test), on every core, without `QUICK_LEAVES_OUT`."""
    session.install("-e", ".[test]")
    args, env = list(session.posargs), {}
    if "--quick" in args:
        args.remove("--quick")
        args += ["-q", "-n", "auto", *(f"--ignore={path}" for path in QUICK_LEAVES_OUT)]
        env["SEAVIEW_HYPOTHESIS_PROFILE"] = "quick"
    session.run("pytest", *args, env=env)


QUICK_LEAVES_OUT = (
    "tests/test_conformance.py",
    "tests/voyage/test_exhaustive.py",
    "tests/leagues/test_exhaustive.py",
    "tests/ships_wheel/test_exhaustive.py",
    "tests/test_server.py",
    "tests/test_network_example.py",
    "tests/test_docs_links.py",
)
"""The slowest modules, which the quick run leaves to the full run on CI's main CPython:
loops over thousands of states and games, servers in processes of their own, and the
Sphinx build whose links are checked, none of which tests what one CPython does
differently from another."""


@nox.session
def lint(session: nox.Session) -> None:
    """Ruff (lint and formatting) and import-linter (the contracts in pyproject.toml:
    imports run one way, no import cycle, the games independent of each other)."""
    session.install("ruff", "-e", ".", "import-linter>=2.17")
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")
    session.run("lint-imports")


@nox.session
def mypy(session: nox.Session) -> None:
    """mypy --strict over src, tests and this file."""
    session.install("-e", ".[test,rl]", "mypy", "nox", "sphinx", "types-jsonschema")
    session.run("mypy", *session.posargs)


@nox.session
def docs(session: nox.Session) -> None:
    """Build the HTML docs (warnings are errors, nitpicky) and run their doctests."""
    # autodoc imports the server and its PostgreSQL store: their extras
    session.install("-e", ".[docs,testing,postgres]")
    for builder in ("html", "doctest"):
        session.run(
            "sphinx-build",
            "-W",
            "-n",
            "--keep-going",
            "-b",
            builder,
            "docs",
            f"docs/_build/{builder}",
        )


@nox.session
def build(session: nox.Session) -> None:
    """Build the sdist and the wheel and check their metadata."""
    session.install("build", "twine")
    shutil.rmtree("dist", ignore_errors=True)
    session.run("python", "-m", "build")
    session.run("twine", "check", "--strict", *glob.glob("dist/*"))


@nox.session
def bench(session: nox.Session) -> None:
    """Speed and memory figures (not a test: this machine is shared and noisy).

    ``nox -s bench -- --peers`` also installs OpenSpiel and RLCard into this session's
    virtualenv and measures them with the same driver loop. Then the compiled playouts
    (the ``fast`` extra), beside the reference engines and the peers installed, in one
    run: ``benchmarks/compiled.py`` (decisions per second, ``simulate --jobs 2``, the
    search bot with and without the extra, compile times).
    """
    session.install("-e", ".[fast]")
    if "--peers" in session.posargs:
        session.install(*PEER_PACKAGES)
    session.run("python", "benchmarks/bench.py", *session.posargs)
    session.run("python", "benchmarks/compiled.py")


PEER_PACKAGES = ["open_spiel", "rlcard"]
"""The peers that ``bench -- --peers`` compares with (see benchmarks/peers.py)."""

RL_TESTS = [
    "tests/test_pettingzoo.py",
    "tests/test_openspiel.py",
    "tests/test_training_docs.py",
    "src/seaview_rules/_agents.py",
    "src/seaview_rules/pettingzoo.py",
    "src/seaview_rules/openspiel.py",
]
"""The tests of the agents' adapters and the adapters' doctests: all marked ``rl``."""


COMPILED_GAMES = ("leagues", "ships_wheel", "voyage")
"""The games with a compiled playout, which ``nox -s fast`` simulates on both engines."""


@nox.session
def fast(session: nox.Session) -> None:
    """The compiled playouts (the ``fast`` extra, numba) against the reference, bit for
    bit (``pytest -m fast``: tests/test_compiled.py): from the states and positions each
    game's test kit draws, whole matches for at least 100,000 decisions a game, and the
    many-games call of ``seaview simulate``; then ``seaview simulate`` of each game on
    both engines, whose figures must be the same."""
    session.install("-e", ".[test,fast]")
    session.run("pytest", "-q", "-p", "no:cacheprovider", "-n", "2", "-m", "fast", *session.posargs)
    for game in COMPILED_GAMES:
        reports = [
            session.run(
                "seaview", "simulate", game, "--games", "300", "--seed", "4", "--engine",
                engine, silent=True,
            )
            for engine in ("fast", "reference")
        ]  # fmt: skip
        # The figures, without the header (it has the time taken) and the note on stderr.
        figures = [
            [line for line in str(report).splitlines() if not line.startswith(("seaview:", game))]
            for report in reports
        ]
        if figures[0] != figures[1] or not figures[0]:
            session.error(f"seaview simulate {game}: the engines disagree")


@nox.session
def rl(session: nox.Session) -> None:
    """The agents' adapters (the rl extra): PettingZoo's ``api_test`` and ``seed_test``
    and OpenSpiel's ``random_sim_test`` on every game, noninterference through each
    adapter, OpenSpiel's MCTS and IS-MCTS bots playing whole games, and the examples of
    the page "Training agents" (``pytest -m rl``)."""
    session.install("-e", ".[test,rl]")
    session.run("pytest", "-q", "-p", "no:cacheprovider", "-n", "auto", "-m", "rl", *RL_TESTS)


RL_PEERS = ["pettingzoo[classic]==1.26.1", "rlcard"]
"""PettingZoo's classic card games for ``rl_bench``: gin_rummy_v4 and leduc_holdem_v4 run
on RLCard, and PettingZoo 1.27 dropped gin_rummy_v4, so the last release that has it."""


@nox.session
def rl_bench(session: nox.Session) -> None:
    """Environment steps per second of our PettingZoo Voyage and Ship's Wheel beside
    PettingZoo's gin_rummy_v4 and leduc_holdem_v4 (benchmarks/rl_speed.py), then
    OpenSpiel's IS-MCTS against our ISMCTSBot, head to head at equal iterations
    (benchmarks/openspiel_ismcts.py, which takes the posargs, for example ``-- --games
    200``). Figures, not a test."""
    session.install("-e", ".[rl]", *RL_PEERS)
    session.run("python", "benchmarks/rl_speed.py")
    session.run("python", "benchmarks/openspiel_ismcts.py", *session.posargs)


@nox.session
def dask(session: nox.Session) -> None:
    """`simulate` on a local Dask cluster (2 worker processes, loopback) equals the
    serial run. Optional: it installs ``distributed``; not part of CI."""
    session.install("-e", ".", "distributed")
    session.run("python", "benchmarks/dask_check.py", *session.posargs)


WEB_BUILD = Path("build", "web")
"""Where ``web`` builds the wheels and the page, and writes what it saw."""
PYODIDE_LACKS = {
    "tests/test_network_example.py": "threads and sockets",
    "tests/test_server.py": "a server process, sockets, and the server extra",
    "tests/test_server_attacks.py": "a server process, sockets, and the server extra",
    "tests/test_server_players.py": "a server process, sockets, and the server extra",
    "tests/test_server_quota.py": "the server extra and sqlite3",
    "tests/test_server_proxy.py": "nginx, a server process, sockets and ssl",
    "tests/serving.py": "a server process, sockets and sqlite3 (the server tests' helpers)",
    "tests/test_cli.py::test_python_dash_m_runs_the_seaview_command": "a subprocess",
    "tests/test_contract.py": "a server process, sockets, and jsonschema",
    "tests/test_testing_kit.py::test_a_games_testing_module_imports_first_in_a_fresh_process": "a subprocess",
    "tests/test_postgres.py": "PostgreSQL, server processes, and psycopg",
    "tests/test_schema.py": "jsonschema (its rpds-py has no Pyodide wheel to install)",
    "tests/test_fuzz.py::test_every_mutated_document_loads_accepts_validates_against_its_schema": "jsonschema",
    "tests/test_fuzz.py::test_a_mutation_the_schema_refuses_is_refused_by_loads": "jsonschema",
    "tests/test_conformance.py::test_every_document_of_the_export_validates_against_its_json_schema": "jsonschema",
    "tests/test_docs_links.py": "a subprocess (it builds the docs)",
    "tests/test_table.py::test_concurrent_submits_of_one_turn_apply_once": "threads",
    "tests/test_table.py::test_an_update_is_never_torn_by_a_concurrent_move": "threads",
    "tests/test_table.py::test_wait_returns_when_the_version_changes_or_the_time_runs_out": "threads",
    "tests/test_table.py::test_subscribers_hear_of_every_change_after_the_lock_is_released": "threads",
    "tests/test_bots.py::test_a_tournament_is_the_same_with_workers_and_seats_every_bot_everywhere": "threads",
    "tests/test_pettingzoo.py": "numpy, PettingZoo and OpenSpiel (the rl extra)",
    "tests/test_openspiel.py": "numpy, PettingZoo and OpenSpiel (the rl extra)",
    "tests/test_training_docs.py": "numpy, PettingZoo and OpenSpiel (the rl extra)",
}
"""The tests that need what Pyodide has not, and what (the process-pool tests skip
themselves there)."""
PYODIDE_SLOWEST = (
    "tests/test_conformance.py",
    "tests/test_api.py::test_every_game_meets_the_contract",
    "tests/voyage/test_exhaustive.py",
    "tests/ships_wheel/test_exhaustive.py",
    "tests/voyage/test_events.py::test_what_a_seat_is_told_of_a_move_is_the_same_in_every_state_it_cannot_tell_apart",
    "tests/ships_wheel/test_events.py::test_what_a_seat_is_told_of_a_move_is_the_same_in_every_state_it_cannot_tell_apart",
    "tests/ships_wheel/test_properties.py::test_random_play",
)
"""The slowest tests, left out of the quick run under Pyodide: loops over thousands of
states that take minutes there, and run on CPython in every CI run."""


@nox.session
def web(session: nox.Session) -> None:
    """The web page in a real browser: build the wheel and the page (Pyodide from the
    pinned npm packages), play a whole game of every game by clicking in headless
    Chromium, and check each result shown against a replay in CPython; meanwhile, run
    the test suite under Pyodide in Node, but for `PYODIDE_LACKS` (quickly: 10 examples
    a property test, and without `PYODIDE_SLOWEST`; ``nox -s web -- --all-tests``
    runs those too, with the CI profile).

    Needs Node.js and Debian's chromium (or ``CHROMIUM=path``).
    """
    chromium = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    if not Path(chromium).exists():
        session.error(f"no browser at {chromium}: apt-get install chromium")
    shutil.rmtree(WEB_BUILD, ignore_errors=True)
    wheels, tools = WEB_BUILD / "wheels", WEB_BUILD / "test-wheels"
    session.install("-e", ".")
    session.run("python", "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(wheels), ".")
    session.run("python", "-m", "pip", "download", "-q", *PURE, "-d", str(wheels), "attrs")
    session.run("npm", "ci", "--prefix", "web", "--ignore-scripts", "--no-fund", external=True)
    python = json.loads(Path("web/node_modules/pyodide/pyodide-lock.json").read_text())
    session.run(
        *("python", "-m", "pip", "download", "-q", *PURE, "--python-version"),
        *(python["info"]["python"], "-d", str(tools), "pytest", "hypothesis"),
    )
    for wheel in wheels.glob("*.whl"):
        shutil.copy2(wheel, tools)
    with _pyodide_tests(session, tools) as tests:
        site, results = WEB_BUILD / "site", WEB_BUILD / "results"
        session.run("python", "web/build.py", str(site), *map(str, sorted(wheels.glob("*.whl"))))
        session.run(
            *("node", "web/tests/play.mjs", str(site), str(results)),
            external=True,
            env={"CHROMIUM": chromium},
        )
    if tests.returncode:
        session.error("the test suite failed under Pyodide")
    # Once the other core is free again: the replays, and CPython's speed beside the page's.
    session.run("python", "web/tests/check_results.py", str(results))


RL_MODULES = ("_agents", "pettingzoo", "openspiel")
"""The modules of the agents' adapters, which import the rl extra."""

PURE = ("--only-binary=:all:", "--implementation", "py", "--platform", "any")
"""``pip download`` options for pure-Python wheels, the only ones Pyodide can unpack."""


@contextlib.contextmanager
def _pyodide_tests(session: nox.Session, wheels: Path) -> Iterator[subprocess.Popen[bytes]]:
    """The test suite under Pyodide in Node, run on the other core while the body of the
    ``with`` runs, its output shown once both are done."""
    leave_out = [*PYODIDE_LACKS]
    profile = "ci" if "--all-tests" in session.posargs else "quick"
    if profile == "quick":
        leave_out += PYODIDE_SLOWEST
    command = [
        *("node", "web/tests/pytest_pyodide.mjs", str(wheels), "-q", "-p", "no:cacheprovider"),
        *("--pyargs", "seaview_rules", "tests"),
        # the server (its extra), the schema module's doctests (jsonschema) and the
        # agents' adapters (the rl extra); pytest makes a glob absolute from the working
        # folder, so these start at the root
        *("--ignore-glob=/*/seaview_rules/server/*", "--ignore-glob=/*/seaview_rules/schema.py"),
        *(f"--ignore-glob=/*/seaview_rules/{name}.py" for name in RL_MODULES),
        # the compiled playouts' modules import numba and numpy (the fast extra)
        *("--ignore-glob=/*/seaview_rules/_mt.py", "--ignore-glob=/*/seaview_rules/*/_compiled.py"),
        # a whole module is not even imported (it may need what Pyodide lacks to import)
        *(f"--{'deselect' if '::' in test else 'ignore'}={test}" for test in leave_out),
    ]
    session.log(" ".join(command))
    env = {**os.environ, "SEAVIEW_HYPOTHESIS_PROFILE": profile}
    with tempfile.TemporaryFile() as log:
        process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=env)
        try:
            yield process
        except BaseException:
            process.kill()  # the browser test failed: no need to wait for this one
            raise
        finally:
            process.wait()
            log.seek(0)
            print(log.read().decode(errors="replace"), flush=True)


@nox.session
def server(session: nox.Session) -> None:
    """``seaview serve`` for real, on 127.0.0.1: the protocol tests; the load benchmark
    (50 tables, four client bots each, over HTTP and the live channel, every record
    replayed) with its ratio to the docs' standard-library server; the same load with a
    SIGKILL of the server a third of the way in and a restart on its database (what
    became of every request in flight); the isolation benchmark (the p99 of a cheap
    request while four clients read a 200,000-change table, and while a bot-only table
    plays, held to a bound; and while four clients read the lobby of 10,000 tables page
    after page, held to 20 ms); the reverse proxy of the docs page "Deploying" (Debian's
    nginx in front of the server, over TLS: X-Forwarded-For set by the proxy, the live
    channel through it); and the client page in headless Chromium (two
    seats play a Voyage match by clicks in the picture and a leagues game by its spin
    button, a spectator watches, the server is stopped and restarted under them, and
    the pages at 390 px wide must not overflow) and the page's cases at 1280 x 800 and
    390 x 844 (`web/tests/page.mjs`: the spin button on screen with the board, leaving a
    seat asked first, an outage said in words, an unknown table, the creator seated, the
    admin token hidden, the rules' inputs from their schema, the log in words a line a
    move with a break after each round, the lobby newest first, the tab's title); then the contract (`_check_contract`:
    openapi-typescript, tsc --strict, the TypeScript client playing every game, and
    Schemathesis). Prints the figures; fails if a move is lost, doubled or leaked.

    Needs Node.js, Debian's chromium (or ``CHROMIUM=path``) and nginx.
    """
    chromium = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    if not Path(chromium).exists():
        session.error(f"no browser at {chromium}: apt-get install chromium")
    if not shutil.which("nginx") and not Path("/usr/sbin/nginx").exists():
        session.error("no nginx: apt-get install nginx")
    session.install("-e", ".[test]")
    session.run("pytest", "-q", "-p", "no:cacheprovider", "tests/test_server.py")
    session.run(
        "pytest", "-q", "-p", "no:cacheprovider", "-m", "proxy", "tests/test_server_proxy.py"
    )
    session.run(
        *("pytest", "-q", "-p", "no:cacheprovider", "-m", "browser", "tests/test_svg_browser.py"),
        env={"CHROMIUM": chromium},
    )
    tables = session.posargs[0] if session.posargs else "50"
    session.run("python", "benchmarks/server_load.py", "--tables", tables, "--example")
    session.run("python", "benchmarks/server_load.py", "--tables", tables, "--kill")
    session.run("python", "benchmarks/server_isolation.py")
    session.run("python", "benchmarks/server_isolation.py", "--lobby")
    session.run("npm", "ci", "--prefix", "web", "--ignore-scripts", "--no-fund", external=True)
    python = str(Path(session.bin, "python"))
    session.run(
        *("node", "web/tests/server.mjs", str(WEB_BUILD / "server")),
        external=True,
        env={"CHROMIUM": chromium, "PYTHON": python},
    )
    session.run(
        *("node", "web/tests/page.mjs", str(WEB_BUILD / "page")),
        external=True,
        env={"CHROMIUM": chromium, "PYTHON": python},
    )
    session.install(SCHEMATHESIS)
    _check_contract(session)


SCHEMATHESIS = "schemathesis==4.32.5"
"""The API fuzzer of ``nox -s server`` (pinned: its checks change between releases)."""
CLIENT = Path("web", "client")
"""The TypeScript client typed from the server's /openapi.json, and Schemathesis's
configuration (the server's documented choices)."""


def _check_contract(session: nox.Session) -> None:
    """The contract, by the ecosystem's tools, against a live ``seaview serve``:
    openapi-typescript types the served /openapi.json, ``tsc --strict`` compiles the
    client of `CLIENT` against it, the client plays a table of every game to its end
    over HTTP and the live channel, validating every reply with Ajv; then Schemathesis
    (``--checks all``, every phase, stateful included, at most 60 seconds)."""
    with tempfile.TemporaryDirectory() as folder:
        command = [str(Path(session.bin, "python")), "-m", "seaview_rules.cli", "serve"]
        command += ["--port", "0", "--db", str(Path(folder, "contract.sqlite"))]
        # One client, the fuzzer, creates thousands of tables, of bots only too: the
        # per-client quotas (tested in tests/test_server_attacks.py) would leave the rest
        # of the API untested.
        command += ["--tables-per-minute", "1000000", "--tables-per-client", "1000000"]
        command += ["--bot-tables-per-client", "1000000", "--moves-per-second", "1000000"]
        command += ["--seats-per-client", "1000000", "--joins-per-minute", "1000000"]
        command += ["--connections-per-client", "1000000", "--changes-per-second", "1000000"]
        server = subprocess.Popen(
            command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
        )
        try:
            url = _listening(server)
            tools = Path("web", "node_modules", ".bin")
            session.run(
                str(tools / "openapi-typescript"),
                f"{url}/openapi.json",
                *("-o", str(CLIENT / "build" / "api.d.ts")),
                external=True,
            )
            session.run(str(tools / "tsc"), "--project", str(CLIENT), external=True)
            session.run(
                *("node", "--experimental-websocket", str(CLIENT / "build" / "play.js"), url),
                external=True,
            )
            session.run(
                *("st", "--config-file", str(CLIENT / "schemathesis.toml"), "run"),
                f"{url}/openapi.json",
                *("--checks", "all", "--exclude-checks", "missing_required_header"),
                *("--max-examples", "20", "--max-time", "60", "--workers", "1"),
                *("--request-timeout", "10", "--no-color"),
            )
        finally:
            server.terminate()
            server.wait(10)


def _listening(server: subprocess.Popen[str]) -> str:
    """The URL a ``seaview serve`` started on port 0 prints once it listens."""
    assert server.stdout is not None
    for _ in range(1000):  # a few log lines come before it
        line = server.stdout.readline()
        found = re.search(r"listening on (http://127\.0\.0\.1:\d+)/", line)
        if found:
            threading.Thread(target=server.stdout.read, daemon=True).start()  # keep it drained
            return found.group(1)
        if not line:
            break
    raise RuntimeError("the server did not start")


@nox.session
def postgres(session: nox.Session) -> None:
    """Several ``seaview serve`` processes on one real PostgreSQL, which the tests start
    themselves (``initdb`` in a temporary folder, a private port on 127.0.0.1): the
    store's compare-and-set and catch-up, live channels fed across processes, races for
    one version, a database restart (``pytest -m postgres``); then the load benchmark on
    one, two and three processes beside SQLite, a process SIGKILLed mid-load and
    PostgreSQL restarted mid-load, with the time a change takes to reach a client of
    another process. Fails if a move is lost or applied twice.

    Needs PostgreSQL's server programs (Debian's ``postgresql``, or ``SEAVIEW_PG_BIN``).
    """
    session.install("-e", ".[test]")
    session.run(
        "pytest", "-q", "-p", "no:cacheprovider", "-m", "postgres", "tests/test_postgres.py"
    )
    tables = session.posargs[0] if session.posargs else "50"
    session.run("python", "benchmarks/server_load.py", "--tables", tables, "--postgres")


EXAMPLE = Path("examples", "seaview-cups")
"""The example game of the page "Adding a game": a distribution of its own."""


@nox.session
def example(session: nox.Session) -> None:
    """The example game (`EXAMPLE`, Dice under Cups) installed next to the library, as a
    game of another distribution: its own tests (its rules by ID; the shared contract
    check `seaview_rules.testing.check_game` with view noninterference; the shared
    properties of `seaview_rules.testing.properties.check_properties` on the states its
    test kit draws; what each seat is told; its encoding; its JSON), which also run it
    through the library: ``seaview demo``, ``seaview match`` of random bots, PettingZoo's
    ``api_test`` and ``seed_test`` and OpenSpiel's ``random_sim_test`` through the
    agents' adapters, and a whole game through ``seaview serve`` over HTTP; then a longer
    match of random bots."""
    session.install("-e", ".[test,rl]", "-e", f"{EXAMPLE}[test]")
    with session.chdir(EXAMPLE):
        session.run("pytest", "-q", "-rs", "-p", "no:cacheprovider")
    session.run("seaview", "match", "cups", "--bots", "random,random,random", "--games", "300")


@nox.session
def playouts(session: nox.Session) -> None:
    """Decisions per second of every game's ``playout`` against the per-move loop and the
    peers (installed as for ``bench -- --peers``) in the same run;
    ``nox -s playouts -- --instructions`` also counts instructions per decision."""
    session.install("-e", ".", *PEER_PACKAGES)
    session.run("python", "benchmarks/playout.py", *session.posargs)


@nox.session
def strength(session: nox.Session) -> None:
    """How often the bots win against random ones (benchmarks/strength.py; not a test, and
    about an hour on two cores)."""
    session.install("-e", ".")
    session.run("python", "benchmarks/strength.py", *session.posargs)


MUTATION_TESTS = {
    "voyage": ["tests/voyage"],
    "leagues": ["tests/leagues"],
    "ships_wheel": ["tests/ships_wheel"],
}
"""The tests run against each game's mutants, with the shared ones of `MUTATION_SHARED`."""
MUTATION_SHARED = [
    "tests/test_api.py",
    "tests/test_moves.py",
    "tests/test_golden.py",
    "tests/test_table.py::test_the_chance_seat_is_the_dealer_the_drawer_or_the_spinner",
]


@nox.session
def mutation(session: nox.Session) -> None:
    """Mutation testing of each game's rules with mutmut (``nox -s mutation -- leagues``
    for one game): every mutant of ``<game>/_rules.py`` and of its rulebook
    ``<game>/_rulebook.py`` is run against the
    game's tests and its cases of the shared API, move and golden tests, with the "mutation"
    Hypothesis profile (15 examples a test, derandomized); prints the share caught
    (killed, or timed out). Slow: about an hour a game on two cores. A test that runs
    over two minutes fails (pytest-timeout), so a mutant that makes a Voyage round loop
    for ever (VOY-R10) is caught."""
    session.install("-e", ".[test]", "mutmut==3.8.1", "pytest-timeout==2.4.0")
    games = session.posargs or list(MUTATION_TESTS)
    files = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
        capture_output=True,
        text=True,
        check=True,
    )
    scores = {}
    for game in games:
        with tempfile.TemporaryDirectory() as tmp:
            for name in files.stdout.splitlines():
                if name.startswith(("src/", "tests/", "docs/", "pyproject.toml")):
                    Path(tmp, name).parent.mkdir(parents=True, exist_ok=True)
                    shutil.copy2(name, Path(tmp, name))
            tests = [*MUTATION_TESTS[game], *MUTATION_SHARED]
            lines = "".join(f"\n    {test}" for test in tests)  # one per line: a list
            # The shared tests' cases of the other games touch no mutant: left out.
            others = " and ".join(f"not {other}" for other in MUTATION_TESTS if other != game)
            Path(tmp, "setup.cfg").write_text(
                "[mutmut]\nsource_paths = src/\nalso_copy = docs/\n"
                f"only_mutate =\n    src/seaview_rules/{game}/_rules.py\n"
                f"    src/seaview_rules/{game}/_rulebook.py\n"
                f"pytest_add_cli_args_test_selection ={lines}\n"
                "pytest_add_cli_args =\n    -p\n    no:cacheprovider\n    --timeout=120\n"
                f"    -k\n    {others}\n"
            )
            with session.chdir(tmp):
                env = {"SEAVIEW_HYPOTHESIS_PROFILE": "mutation"}
                session.run("mutmut", "run", "--max-children", str(os.cpu_count() or 2), env=env)
                session.run("mutmut", "export-cicd-stats", env=env)
                stats = json.loads(Path("mutants/mutmut-cicd-stats.json").read_text())
                survivors = session.run("mutmut", "results", env=env, silent=True) or ""
                for line in str(survivors).splitlines():  # each survivor's change, to judge
                    name, _, status = line.strip().rpartition(": ")
                    if status == "survived":
                        session.run("mutmut", "show", name, env=env)
            scores[game] = stats
    for game, stats in scores.items():
        # A mutant that makes a test run past its timeout (a loop that never ends) is
        # caught by that test, as a killed one is.
        caught, total = stats["killed"] + stats["timeout"], stats["total"]
        print(
            f"{game}/_rules.py and _rulebook.py: {caught} of {total} mutants killed or timed out "
            f"({caught / total:.1%}); {stats}"
        )
