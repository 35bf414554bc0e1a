"""The ``seaview`` command: seeded demos, simulations, tournaments between bots and
conformance vectors."""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TextIO

from seaview_rules import __version__
from seaview_rules._core import OMNISCIENT, InvalidDataError
from seaview_rules._game import Game
from seaview_rules._play import DEFAULT_MAX_MOVES
from seaview_rules._registry import GAMES
from seaview_rules._simulate import Engine, SimulationReport, many_games, simulate
from seaview_rules.bots import BOTS, match


def _rules(game: Game[Any, Any, Any, Any], players: int | None) -> Any:
    rules = game.rules_type()
    return rules if players is None else game.with_players(rules, players)


def demo(
    game: Game[Any, Any, Any, Any],
    players: int | None,
    seed: int,
    out: TextIO,
    max_moves: int | None = DEFAULT_MAX_MOVES,
    *,
    quiet: bool = False,
) -> None:
    """Play one seeded game between random bots and print a readable log: a header for
    each round or hand, a line per move in the game's own words (everything shown, hidden
    cards included), a picture of the table as it stood when each round or hand ended
    (just after the move that ended it, its score counted), and the result. ``quiet``
    prints the result only."""
    from seaview_rules._play import play

    rules = _rules(game, players)
    out.write(f"{game.title}: {game.players(rules)} random bots, seed {seed}\n\n")

    periods = game.periods
    header = None if periods is None else periods.name[:-1].capitalize()  # "rounds": "Round"

    def log(before: Any, move: Any, after: Any) -> None:
        text = game.narrate(before, move, seat=OMNISCIENT)
        if text:
            out.write(f"  {text}\n")
        if periods is None:
            return
        done = len(periods.winners(after))
        if done != len(periods.winners(before)) and not game.is_terminal(after):
            # The table as the move that ended the round left it: the round's score
            # counted (the engine has already gathered the cards for the next deal).
            out.write("\n" + game.render(after) + "\n")
            out.write(f"\n{header} {done + 1}\n")

    if header is not None and not quiet:
        out.write(f"{header} 1\n")
    result = play(
        game, rules, random.Random(seed), max_moves=max_moves, on_move=None if quiet else log
    )
    outcome = result.outcome
    counted = (
        f"{result.decisions} player decisions and {len(result.record.moves)} moves in all"
        if result.decisions
        else f"{len(result.record.moves)} moves, all of them chance"
    )
    if not quiet:
        out.write("\n" + game.render(result.final) + "\n\n")
    if outcome is None:
        out.write(f"Unfinished: the move cap of {max_moves:,} stopped the game; {counted}.\n")
        return
    why = outcome.termination.text
    out.write(f"Seat {outcome.winner} wins: {why}. Scores {list(outcome.scores)}; {counted}.\n")


def format_report(report: SimulationReport, seconds: float) -> str:
    """The summary table of a simulation."""
    lines = [
        f"{report.game}: {len(report.games)} games, {report.players} players, seed {report.seed}, "
        f"{seconds:.1f} s",
        f"{'':24}{'mean':>10}{'median':>10}{'p90':>10}",
    ]
    for name, (mean, median, p90) in report.figures().items():
        lines.append(f"{name:24}{mean:>10.1f}{median:>10.1f}{p90:>10.1f}")
    wins = report.wins_by_seat()
    total = max(1, sum(wins))
    lines.append(
        "wins by seat            "
        + "  ".join(f"{s}: {w} ({100 * w / total:.0f}%)" for s, w in enumerate(wins))
    )
    cap = "no move cap" if report.max_moves is None else f"cut off at {report.max_moves:,} moves"
    unfinished = f"{report.unfinished()} of {len(report.games)}"
    lines.append(f"{'unfinished games':24}{unfinished} ({cap}; left out of the figures)")
    return "\n".join(lines)


def _progress(stream: TextIO) -> Any:
    def show(done: int, total: int) -> None:
        stream.write(f"\r{done}/{total} games ({100 * done // max(1, total)}%)")
        if done == total:
            stream.write("\n")
        stream.flush()

    return show


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def _seconds(text: str) -> float:
    """A duration in seconds: 0 or more, finite (0: never)."""
    value = float(text)
    if not 0 <= value < float("inf"):
        raise argparse.ArgumentTypeError(f"must be a number of seconds, 0 or more, not {text}")
    return value


def _timeout(text: str) -> float:
    """A timeout in seconds: more than 0, finite."""
    value = float(text)
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"must be a number of seconds above 0, not {text}")
    return value


def _prefix(text: str) -> int:
    """An IPv6 prefix length: 1 to 128 bits."""
    value = int(text)
    if not 1 <= value <= 128:
        raise argparse.ArgumentTypeError(f"must be 1 to 128 bits, not {value}")
    return value


class _Defaults(argparse.ArgumentDefaultsHelpFormatter):
    """Adds "(default: ...)" to a help text that does not speak of its default itself."""

    def _get_help_string(self, action: argparse.Action) -> str:
        text = action.help or ""
        if "default" in text or action.default in (None, argparse.SUPPRESS):
            return text
        return super()._get_help_string(action) or text


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``seaview``; Ctrl-C ends any command with one line."""
    try:
        return _main(argv)
    except KeyboardInterrupt:
        print("seaview: interrupted", file=sys.stderr)
        return 130


def _main(argv: Sequence[str] | None) -> int:
    parser = argparse.ArgumentParser(
        prog="seaview",
        description="Seeded demos, simulations and conformance vectors of the seaview_rules games.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", required=True)
    defaults = _Defaults
    demo_parser = commands.add_parser(
        "demo", help="play one seeded game between random bots", formatter_class=defaults
    )
    demo_parser.add_argument(
        "game",
        nargs="?",
        default=next(iter(GAMES)),
        choices=sorted(GAMES),
        help="the game (default: the first of the registry, %(default)s)",
    )
    demo_parser.add_argument("--players", type=int, help="seats (default: the game's own)")
    demo_parser.add_argument("--seed", type=int, default=1, help="the game's seed")
    demo_parser.add_argument("--quiet", action="store_true", help="print the result only")
    sim = commands.add_parser(
        "simulate", help="play many seeded games and summarise them", formatter_class=defaults
    )
    sim.add_argument("game", choices=sorted(GAMES))
    sim.add_argument("--players", type=int, help="seats (default: the game's own)")
    sim.add_argument("--games", type=_positive, default=100, help="how many games")
    sim.add_argument("--seed", type=int, default=0, help="game i is seeded with 'SEED/i'")
    sim.add_argument("--jobs", type=_positive, default=1, help="worker processes")
    sim.add_argument(
        "--engine",
        choices=("auto", "fast", "reference"),
        default="auto",
        help="fast: the compiled playout (the fast extra); reference: the reference engine; "
        "auto: fast where it is available (the figures are the same on every engine)",
    )
    sim.add_argument(
        "--max-moves",
        type=_positive,
        default=DEFAULT_MAX_MOVES,
        help="cut a game off, unfinished, after this many moves (chance included)",
    )
    tour = commands.add_parser(
        "match",
        help="a seeded tournament between bots, with win rates",
        description="A seeded tournament between bots: one bot per seat, every bot playing "
        "every seat in turn, then each bot's share of the games and of the rounds (hands) "
        "won, with 95 % intervals.",
        formatter_class=defaults,
    )
    tour.add_argument("game", choices=sorted(GAMES))
    tour.add_argument(
        "--bots",
        type=_line_up,
        required=True,
        help=f"one bot per seat, comma-separated, from {', '.join(BOTS)}; e.g. ismcts,random",
    )
    tour.add_argument("--games", type=_positive, default=100, help="how many games (matches)")
    tour.add_argument("--seed", type=int, default=0, help="the tournament's seed")
    tour.add_argument("--jobs", type=_positive, default=1, help="worker processes")
    tour.add_argument(
        "--iterations",
        type=_positive,
        help="search iterations per decision of the ismcts bots (default: the bot's own)",
    )
    tour.add_argument(
        "--max-moves",
        type=_positive,
        default=DEFAULT_MAX_MOVES,
        help="cut a game off, unfinished, after this many moves (chance included)",
    )
    conformance = commands.add_parser(
        "conformance",
        help="language-neutral conformance vectors",
        description="Language-neutral conformance vectors. Its one action is 'export DIR'.",
    )
    conformance_commands = conformance.add_subparsers(dest="action")
    export = conformance_commands.add_parser(
        "export", help="write DIR/<game>.json for each game and DIR/schema.json"
    )
    export.add_argument("directory", metavar="DIR")
    export.add_argument("games", nargs="*", metavar="GAME", help="default: every game")
    schema_parser = commands.add_parser(
        "schema",
        help="print the JSON Schema of a kind of document of a game",
        description="Print the JSON Schema (draft 2020-12) of documents of KIND of GAME, "
        "or, without KIND, list the kinds.",
    )
    schema_parser.add_argument("game", choices=sorted(GAMES))
    schema_parser.add_argument("kind", nargs="?", help="the kind of document")
    serve_parser = commands.add_parser(
        "serve",
        help="the table server: a lobby, seats, live updates (needs seaview-rules[server])",
        description="The table server: HTTP API, live channel and a client page at /. "
        "Tables are kept in an SQLite file and survive a restart.",
        formatter_class=defaults,
    )
    serve_parser.add_argument("--host", default="127.0.0.1", help="the address to listen on")
    serve_parser.add_argument("--port", type=int, default=8000, help="the port (0: any free one)")
    serve_parser.add_argument(
        "--db",
        default="tables.sqlite",
        help="the SQLite file of the tables, or a postgresql:// URL that several processes share",
    )
    serve_parser.add_argument(
        "--seeded",
        type=int,
        metavar="SEED",
        help="seed every table's chance from SEED (tests and replays only: a seat could "
        "predict the cards); by default chance comes from the operating system",
    )
    serve_parser.add_argument(
        "--cors-origin",
        action="append",
        default=[],
        metavar="ORIGIN",
        help="an origin whose pages may call the API (repeatable; default: none)",
    )
    serve_parser.add_argument("--max-tables", type=_positive, default=10_000, help="429 beyond")
    serve_parser.add_argument(
        "--max-live", type=_positive, default=2_000, help="live channels; 503 beyond"
    )
    serve_parser.add_argument(
        "--max-changes", type=_positive, default=200_000, help="per table; 409 beyond"
    )
    serve_parser.add_argument(
        "--max-connections", type=_positive, default=4_096, help="at once; 503 beyond"
    )
    serve_parser.add_argument(
        "--tables-per-minute", type=_positive, default=60, help="per client; 429 beyond"
    )
    serve_parser.add_argument(
        "--tables-per-client", type=_positive, default=200, help="open at once; 429 beyond"
    )
    serve_parser.add_argument(
        "--live-per-client", type=_positive, default=64, help="live channels; 429 beyond"
    )
    serve_parser.add_argument(
        "--bot-table-max-changes",
        type=_positive,
        default=20_000,
        help="per table with no open seat; 409 beyond",
    )
    serve_parser.add_argument(
        "--bot-tables-per-client",
        type=_positive,
        default=4,
        help="tables with no open seat one client holds; 429 beyond",
    )
    serve_parser.add_argument(
        "--max-held-changes",
        type=_positive,
        default=1_000_000,
        help="of all tables held together; beyond, new tables and bot-only play get 503",
    )
    serve_parser.add_argument(
        "--unjoined-table-ttl",
        type=_seconds,
        default=3_600.0,
        metavar="SECONDS",
        help="delete a table no player joined after this long (0: never)",
    )
    serve_parser.add_argument(
        "--idle-table-ttl",
        type=_seconds,
        default=7 * 24 * 3_600.0,
        metavar="SECONDS",
        help="delete a table that has not changed for this long (0: never)",
    )
    serve_parser.add_argument(
        "--changes-per-client",
        type=_positive,
        default=100_000,
        help="of the tables one client created, together; 429 beyond",
    )
    serve_parser.add_argument(
        "--changes-per-second",
        type=_positive,
        default=20,
        help="of the tables one client created (bots wait; players get 429)",
    )
    serve_parser.add_argument(
        "--moves-per-second", type=_positive, default=10, help="per client; 429 beyond"
    )
    serve_parser.add_argument(
        "--seats-per-client",
        type=_positive,
        default=16,
        help="held at once on games not over; 429 beyond",
    )
    serve_parser.add_argument(
        "--joins-per-minute", type=_positive, default=30, help="per client; 429 beyond"
    )
    serve_parser.add_argument(
        "--connections-per-client",
        type=_positive,
        default=64,
        help="open at once (a trusted proxy's are not counted); closed beyond",
    )
    serve_parser.add_argument(
        "--header-timeout",
        type=_timeout,
        default=10.0,
        metavar="SECONDS",
        help="for a request's headers, and then its body",
    )
    serve_parser.add_argument(
        "--idle-timeout",
        type=_timeout,
        default=5.0,
        metavar="SECONDS",
        help="for a kept-alive connection with no request",
    )
    serve_parser.add_argument(
        "--trusted-proxy",
        action="append",
        default=[],
        metavar="ADDRESS",
        help="a reverse proxy (address or network) whose X-Forwarded-For names the client "
        "(repeatable; default: none, the client is the connection's address)",
    )
    serve_parser.add_argument(
        "--ipv6-prefix",
        type=_prefix,
        default=56,
        metavar="BITS",
        help="the IPv6 network one client stands for",
    )
    serve_parser.add_argument("--access-log", action="store_true", help="log every request line")
    args = parser.parse_args(argv)

    if args.command == "schema":
        return _schema(schema_parser, args.game, args.kind)
    if args.command == "conformance":
        if args.action is None:
            conformance.print_help(sys.stderr)
            return 2
        return _export(export, args.directory, args.games)
    if args.command == "serve":
        return _serve(serve_parser, args)
    game = GAMES[args.game]
    if args.command == "match":
        return _match(tour, game, args)
    command = demo_parser if args.command == "demo" else sim
    try:
        if args.command == "demo":
            demo(game, args.players, args.seed, sys.stdout, quiet=args.quiet)
            return 0
        rules = _rules(game, args.players)
        show = _progress(sys.stderr) if sys.stderr.isatty() else None
        _prepare(game, rules, args.engine, sys.stderr)
        start = time.perf_counter()
        if args.jobs > 1:
            with ProcessPoolExecutor(args.jobs) as pool:
                report = simulate(
                    game,
                    rules,
                    args.games,
                    seed=args.seed,
                    executor=pool,
                    progress=show,
                    max_moves=args.max_moves,
                    engine=args.engine,
                )
        else:
            report = simulate(
                game, rules, args.games, seed=args.seed, progress=show,
                max_moves=args.max_moves, engine=args.engine,
            )  # fmt: skip
        print(format_report(report, time.perf_counter() - start))
    except InvalidDataError as exc:
        command.error(f"--{exc.where}: {exc.problem}" if exc.where == "players" else str(exc))
    except ValueError as exc:  # an engine that cannot play
        command.error(str(exc))
    except BrokenPipeError:  # e.g. `seaview demo | head`: the reader has all it wants
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - silences the flush at exit
    return 0


def _prepare(game: Game[Any, Any, Any, Any], rules: Any, engine: Engine, err: TextIO) -> None:
    """Load (compile, on first use) the compiled playout ``engine`` asks for, saying so
    on ``err``: numba compiles a game's kernels once, in seconds, then reads them from
    its cache.

    Raises:
        ValueError: ``engine`` is ``"fast"`` and there is no compiled playout to play.
    """
    many = many_games(game, rules, engine)
    if many is None:
        return
    err.write(f"seaview: {game}'s compiled playout (numba compiles it on first use)... ")
    err.flush()
    start = time.perf_counter()
    many(game.new_game(rules), ["0"], 1)
    err.write(f"ready in {time.perf_counter() - start:.1f} s\n")


def _serve(parser: argparse.ArgumentParser, args: Any) -> int:
    try:
        from seaview_rules.server import Limits, serve
    except ImportError as exc:
        parser.error(f"{exc.name} is missing: pip install 'seaview-rules[server]'")
    limits = Limits(
        max_tables=args.max_tables,
        max_changes=args.max_changes,
        max_live=args.max_live,
        max_connections=args.max_connections,
        tables_per_minute=args.tables_per_minute,
        tables_per_client=args.tables_per_client,
        max_live_per_client=args.live_per_client,
        bot_table_max_changes=args.bot_table_max_changes,
        bot_tables_per_client=args.bot_tables_per_client,
        max_held_changes=args.max_held_changes,
        changes_per_client=args.changes_per_client,
        changes_per_second=args.changes_per_second,
        moves_per_second=args.moves_per_second,
        seats_per_client=args.seats_per_client,
        joins_per_minute=args.joins_per_minute,
        connections_per_client=args.connections_per_client,
        header_seconds=args.header_timeout,
        idle_seconds=args.idle_timeout,
        trusted_proxies=tuple(args.trusted_proxy),
        ipv6_prefix=args.ipv6_prefix,
        unjoined_table_seconds=args.unjoined_table_ttl,
        idle_table_seconds=args.idle_table_ttl,
    )
    try:
        serve(
            host=args.host,
            port=args.port,
            db=args.db,
            seed=args.seeded,
            limits=limits,
            cors_origins=tuple(args.cors_origin),
            access_log=args.access_log,
        )
    except (OSError, ValueError) as exc:  # a port taken, a proxy that is no address
        parser.error(str(exc))
    return 0


def _line_up(text: str) -> list[str]:
    names = [name.strip() for name in text.split(",")]
    unknown = [name for name in names if name not in BOTS]
    if unknown:
        raise argparse.ArgumentTypeError(
            f"unknown bot {unknown[0]!r}; choose from {', '.join(BOTS)}"
        )
    return names


def _match(parser: argparse.ArgumentParser, game: Game[Any, Any, Any, Any], args: Any) -> int:
    show = _progress(sys.stderr) if sys.stderr.isatty() else None
    start = time.perf_counter()
    options = {
        "seed": args.seed, "iterations": args.iterations, "progress": show,
        "max_moves": args.max_moves,
    }  # fmt: skip
    try:
        if args.jobs > 1:
            with ProcessPoolExecutor(args.jobs) as pool:
                report = match(game, args.bots, args.games, executor=pool, **options)
        else:
            report = match(game, args.bots, args.games, **options)
    except (ValueError, InvalidDataError) as exc:
        parser.error(str(exc))
    seconds = time.perf_counter() - start
    print(
        f"{game.name}: {args.games} games, bots {','.join(args.bots)}, seed {args.seed}, "
        f"{seconds:.1f} s"
    )
    print(report.table())
    if report.unfinished:
        print(f"{report.unfinished} games cut off at {args.max_moves:,} moves, won by nobody")
    return 0


def _export(parser: argparse.ArgumentParser, directory: str, names: list[str]) -> int:
    from seaview_rules.conformance import export

    unknown = sorted(set(names) - set(GAMES))
    if unknown:
        parser.error(f"unknown game {unknown[0]!r}; choose from {sorted(GAMES)}")
    try:
        for path in export(directory, names or None):
            print(f"wrote {path}")
    except OSError as exc:
        parser.error(f"cannot write into {directory}: {exc.strerror or exc}")
    return 0


if __name__ == "__main__":
    sys.exit(main())


def _schema(parser: argparse.ArgumentParser, game: str, kind: str | None) -> int:
    """``seaview schema GAME [KIND]``: the schema as indented JSON, or the kinds."""
    import json

    from seaview_rules.schema import KINDS, schema

    if kind is None:
        print("\n".join(KINDS))
        return 0
    if kind not in KINDS:
        parser.error(f"unknown kind {kind!r}; the kinds are {', '.join(KINDS)}")
    print(json.dumps(schema(game, kind), indent=2))
    return 0
