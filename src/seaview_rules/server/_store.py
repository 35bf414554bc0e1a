"""Where the server keeps its tables: a small interface, and SQLite behind it.

A store holds, for each table, what it was created with (game, rules, chance mode, the
kind of every seat, the hash of the admin token), the hash of each joined seat's token,
and every change of the table in order (`seaview_rules.Change`: a move, a chance
outcome or an undo). A table is rebuilt from these with `seaview_rules.Table.from_dict`,
at the same version and state. The server commits every accepted change before it
replies, so what a client was told has happened survives a crash of the process.

Each write is a compare-and-set on the table's version: `Store.append` stores changes
only if the table is still at the version they start from. With one server process that
never fails (the process applies one change at a time); it is what lets several
processes share one database (a `SharedStore`, such as
`seaview_rules.server.PostgresStore`), where each process reads a table's `Head` before
it uses its own copy, and catches up from the changes it lacks.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import AsyncIterator, Iterable, Iterator, Sequence
from typing import IO, Any, Protocol, runtime_checkable

from attrs import frozen

__all__ = [
    "NO_CAPS",
    "CapError",
    "Caps",
    "Head",
    "SQLiteStore",
    "SharedStore",
    "StaleVersionError",
    "Store",
    "StoredChange",
    "StoredTable",
]


@frozen
class StoredChange:
    """One change of a table as stored: its version, the seat that made it (``None`` for
    chance), and the move in notation (``None``: the undo of the seat's last move)."""

    version: int
    seat: int | None
    move: str | None


@frozen
class StoredTable:
    """A table as stored: what it was created with, its joined seats and its changes."""

    id: str
    game: str
    rules: object
    """The rules' JSON data, as in the game's record documents."""
    chance: str
    seats: tuple[str, ...]
    """Each seat's kind: ``"open"`` or a bot (``"bot:random"``, ``"bot:ismcts"``)."""
    admin_hash: bytes
    created: float
    token_hashes: tuple[bytes | None, ...] = ()
    """The hash of each seat's token once a player has joined it, else ``None``."""
    names: tuple[str | None, ...] = ()
    """The name each joined seat's player gave, else ``None``."""
    rematch: str | None = None
    """The id of the table's rematch, once one was made (`Store.rematch`)."""
    revision: int = 0
    """How many times its seats or its rematch changed (joined, left, rematch made):
    with the version, what tells a process that its copy is behind (`Head`)."""
    changes: tuple[StoredChange, ...] = ()
    """The changes after version `since`, in order."""
    rng: object = None
    """The JSON data of the table's generator state (seeded servers only)."""
    since: int = 0
    """The version `changes` start after: 0 for a whole table, more for the changes a
    process lacks (`Store.table` with ``since``)."""
    owner: str = ""
    """The client that created the table (`seaview_rules.server._quota.client_of`),
    whose share it counts in."""
    clients: tuple[str, ...] = ()
    """The client that joined each seat (``""`` for a seat nobody holds), whose share
    of seats it counts in."""
    over: bool = False
    """Whether the table's game is over (its seats no longer count in their clients'
    shares)."""

    @property
    def version(self) -> int:
        """The table's version: how many changes it has seen."""
        return self.since + len(self.changes)


@frozen
class Head:
    """What a process compares with its own copy of a table: the stored version, how
    many seats are joined, and the table's `StoredTable.revision`."""

    version: int
    joined: int
    revision: int = 0


class StaleVersionError(Exception):
    """The stored table has moved on since the version a write started from."""


@frozen(kw_only=True)
class Caps:
    """The counts a write is held to, each checked and changed in one transaction, so
    that requests at once, through any process, cannot pass them (``None``: no bound)."""

    tables: int | None = None
    """The tables of the store."""
    client_tables: int | None = None
    """The tables of the new table's owner."""
    client_bot_tables: int | None = None
    """The tables with no open seat of the new table's owner (for such a table)."""
    client_seats: int | None = None
    """The seats a client holds on tables whose game is not over."""


NO_CAPS = Caps()
"""No bound at all."""


class CapError(Exception):
    """A write would pass one of its `Caps`: ``cap`` names which (a field of `Caps`)."""

    def __init__(self, cap: str) -> None:
        super().__init__(f"the write would pass the cap {cap}")
        self.cap = cap


class Store(Protocol):
    """What the server needs of a database. Every method commits before it returns."""

    def create(self, table: StoredTable, caps: Caps = NO_CAPS) -> None:
        """Store a new table, with the changes it was created with.

        Raises:
            CapError: the store, or the table's owner, holds as many tables as
                ``caps`` allows.
        """

    def join(
        self,
        table: str,
        seat: int,
        token_hash: bytes,
        name: str | None = None,
        client: str = "",
        caps: Caps = NO_CAPS,
    ) -> bool:
        """Give ``seat`` of ``table`` to the holder of the token of ``token_hash``
        (named ``name``, from ``client``) if no one holds it yet; whether it was free.

        Raises:
            CapError: ``client`` holds ``caps.client_seats`` seats already.
        """

    def leave(self, table: str, seat: int, token_hash: bytes) -> bool:
        """Free ``seat`` of ``table`` if the token of ``token_hash`` still holds it;
        whether it did."""

    def rematch(self, table: str, new: StoredTable, caps: Caps = NO_CAPS) -> str | None:
        """Store ``new`` as the rematch of ``table`` (with its seats), unless ``table``
        has one already: in one transaction, a conditional update, so that a table has
        one rematch however many processes ask at once. The id of the rematch (``new``'s,
        or the one made before), ``None`` if there is no table ``table``.

        Raises:
            CapError: as `create`, for ``new``.
        """

    def append(
        self,
        table: str,
        since: int,
        changes: Sequence[StoredChange],
        rng: object,
        over: bool = False,
    ) -> None:
        """Store the changes that take ``table`` from version ``since`` on, the
        generator state after them, and whether the game is ``over`` then.

        Raises:
            StaleVersionError: the stored table is not at version ``since``.
        """

    def delete(self, table: str) -> None:
        """Remove ``table``, its seats and its changes."""

    def tables(self) -> Iterator[StoredTable]:
        """Every stored table, with its seats and changes."""

    def table(self, table: str, since: int = 0) -> StoredTable | None:
        """The stored table ``table`` with its changes after version ``since``, or
        ``None``."""

    def close(self) -> None:
        """Release the database."""


@runtime_checkable
class SharedStore(Store, Protocol):
    """A `Store` that several server processes write at once: each reads a table's
    `Head` before it serves it, and hears of the others' changes."""

    def head(self, table: str) -> Head | None:
        """The stored version of ``table`` and its joined seats (one cheap query), or
        ``None`` if there is no such table."""

    def heads(self) -> dict[str, Head]:
        """The `Head` of every stored table, oldest first."""

    def notifications(self) -> AsyncIterator[tuple[str, Head | None] | None]:
        """The id and new `Head` (``None``: deleted) of every table that changed
        (created, joined, moved or deleted), as the changes are committed, by any
        process; ``None`` when what was missed is unknown (the listener reconnected),
        so that the process reads every table it holds again."""


_SCHEMA_VERSION = 3
_SCHEMA = """
CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    rules TEXT NOT NULL,
    chance TEXT NOT NULL,
    seats TEXT NOT NULL,
    admin_hash BLOB NOT NULL,
    created REAL NOT NULL,
    version INTEGER NOT NULL,
    rng TEXT,
    rematch TEXT,
    revision INTEGER NOT NULL DEFAULT 0,
    owner TEXT NOT NULL DEFAULT '',
    over INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables (id),
    seat INTEGER NOT NULL,
    token_hash BLOB NOT NULL,
    name TEXT,
    client TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS changes (
    table_id TEXT NOT NULL REFERENCES tables (id),
    version INTEGER NOT NULL,
    seat INTEGER,
    move TEXT,
    PRIMARY KEY (table_id, version)
);
"""
_INDEXES = (
    "CREATE INDEX IF NOT EXISTS tables_owner ON tables (owner)",
    "CREATE INDEX IF NOT EXISTS seats_client ON seats (client)",
)
_MIGRATIONS = {
    1: (
        "ALTER TABLE tables ADD COLUMN rematch TEXT",
        "ALTER TABLE tables ADD COLUMN revision INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE seats ADD COLUMN name TEXT",
    ),
    2: (
        "ALTER TABLE tables ADD COLUMN owner TEXT NOT NULL DEFAULT ''",
        "ALTER TABLE tables ADD COLUMN over INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE seats ADD COLUMN client TEXT NOT NULL DEFAULT ''",
    ),
}
"""What takes a file of each older schema version to the next (1: no names, no
rematch; 2: no owners, no clients of the seats). Tables and seats of an older file
belong to no client."""


class SQLiteStore:
    """A `Store` in one SQLite file, in WAL mode: readers never wait for the writer,
    and a commit is one append to the log.

    ``synchronous=NORMAL``: a commit reaches the operating system before it returns,
    so it survives the death of the server process (SIGKILL included); after a power
    cut the last commits before it may be lost. ``durable=True`` (``synchronous=FULL``)
    flushes every commit to the disk too, at the cost of a disk flush per move.

    One server process at a time: the store holds an exclusive lock on the file for
    its lifetime, so that a second process on the same file (whose copies of the tables
    would drift apart) fails to start. Several processes share a `SharedStore`.

    Raises:
        ValueError: the file holds a schema of another version, or another process
            has it open.
    """

    def __init__(self, path: str, *, durable: bool = False) -> None:
        self.path = path
        self._db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        try:
            self._lock = _lock_exclusively(path)
        except ValueError:
            self._db.close()
            raise
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
        self._db.execute("PRAGMA foreign_keys=ON")
        with self._transaction():
            for statement in _SCHEMA.split(";"):
                if statement.strip():
                    self._db.execute(statement)
            row = self._db.execute("SELECT version FROM schema_version").fetchone()
            if row is None:
                self._db.execute("INSERT INTO schema_version VALUES (?)", (_SCHEMA_VERSION,))
            elif row[0] in _MIGRATIONS:
                for version in range(row[0], _SCHEMA_VERSION):
                    for statement in _MIGRATIONS[version]:
                        self._db.execute(statement)
                self._db.execute("UPDATE schema_version SET version = ?", (_SCHEMA_VERSION,))
            elif row[0] != _SCHEMA_VERSION:
                raise ValueError(
                    f"{path} holds tables of schema version {row[0]}; "
                    f"this server reads version {_SCHEMA_VERSION}"
                )
            for statement in _INDEXES:
                self._db.execute(statement)

    def _transaction(self) -> _Transaction:
        return _Transaction(self._db)

    def create(self, table: StoredTable, caps: Caps = NO_CAPS) -> None:
        """Store a new table, with the changes it was created with, within ``caps``."""
        with self._transaction():
            self._create(table, caps)

    def _create(self, table: StoredTable, caps: Caps) -> None:
        for cap, most, query, args in table_counts(table, caps):
            if self._db.execute(_sqlite(query), args).fetchone()[0] >= most:
                raise CapError(cap)
        self._db.execute(
            "INSERT INTO tables VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", table_row(table)
        )
        self._db.executemany("INSERT INTO seats VALUES (?, ?, ?, ?, ?)", seat_rows(table))
        self._insert(table.id, table.changes)

    def join(
        self,
        table: str,
        seat: int,
        token_hash: bytes,
        name: str | None = None,
        client: str = "",
        caps: Caps = NO_CAPS,
    ) -> bool:
        """Give ``seat`` to the token's holder if it is free and ``client`` holds
        fewer than ``caps.client_seats`` seats; whether it was free."""
        with self._transaction():
            if caps.client_seats is not None:
                held = self._db.execute(_sqlite(SEATS_HELD), (client,)).fetchone()[0]
                if held >= caps.client_seats:
                    raise CapError("client_seats")
            cursor = self._db.execute(
                "INSERT OR IGNORE INTO seats VALUES (?, ?, ?, ?, ?)",
                (table, seat, token_hash, name, client),
            )
            self._revised(table, cursor.rowcount)
            return cursor.rowcount == 1

    def leave(self, table: str, seat: int, token_hash: bytes) -> bool:
        """Free ``seat`` if the token of ``token_hash`` holds it; whether it did."""
        with self._transaction():
            cursor = self._db.execute(
                "DELETE FROM seats WHERE table_id = ? AND seat = ? AND token_hash = ?",
                (table, seat, token_hash),
            )
            self._revised(table, cursor.rowcount)
            return cursor.rowcount == 1

    def rematch(self, table: str, new: StoredTable, caps: Caps = NO_CAPS) -> str | None:
        """Store ``new`` as the rematch of ``table`` unless it has one; the rematch's id
        (``None``: no such table)."""
        with self._transaction():
            cursor = self._db.execute(
                "UPDATE tables SET rematch = ?, revision = revision + 1 "
                "WHERE id = ? AND rematch IS NULL",
                (new.id, table),
            )
            if cursor.rowcount == 1:
                self._create(new, caps)
                return new.id
            row = self._db.execute("SELECT rematch FROM tables WHERE id = ?", (table,)).fetchone()
            return None if row is None else str(row[0])

    def _revised(self, table: str, changed: int) -> None:
        if changed:
            self._db.execute("UPDATE tables SET revision = revision + 1 WHERE id = ?", (table,))

    def append(
        self,
        table: str,
        since: int,
        changes: Sequence[StoredChange],
        rng: object,
        over: bool = False,
    ) -> None:
        """Store the changes after version ``since`` (compare-and-set on the version).

        Raises:
            StaleVersionError: the stored table is not at version ``since``.
        """
        with self._transaction():
            cursor = self._db.execute(
                "UPDATE tables SET version = ?, rng = ?, over = ? WHERE id = ? AND version = ?",
                (since + len(changes), json_or_null(rng), over, table, since),
            )
            if cursor.rowcount != 1:
                raise StaleVersionError(f"table {table} is not at version {since}")
            self._insert(table, changes)

    def delete(self, table: str) -> None:
        """Remove ``table``, its seats and its changes."""
        with self._transaction():
            for name in ("changes", "seats"):
                self._db.execute(f"DELETE FROM {name} WHERE table_id = ?", (table,))
            self._db.execute("DELETE FROM tables WHERE id = ?", (table,))

    def _insert(self, table: str, changes: Sequence[StoredChange]) -> None:
        self._db.executemany(
            "INSERT INTO changes VALUES (?, ?, ?, ?)",
            [(table, c.version, c.seat, c.move) for c in changes],
        )

    def tables(self) -> Iterator[StoredTable]:
        """Every stored table, oldest first."""
        yield from self._read("ORDER BY created, id", ())

    def table(self, table: str, since: int = 0) -> StoredTable | None:
        """The stored table ``table`` with its changes after version ``since``, or
        ``None``."""
        return next(self._read("WHERE id = ?", (table,), since), None)

    def _read(self, where: str, args: tuple[str, ...], since: int = 0) -> Iterator[StoredTable]:
        rows = self._db.execute(f"SELECT id, {TABLE_COLUMNS} FROM tables {where}", args).fetchall()
        for table_id, *row in rows:
            tokens = self._db.execute(
                "SELECT seat, token_hash, name, client FROM seats WHERE table_id = ?", (table_id,)
            )
            changes = self._db.execute(
                "SELECT version, seat, move FROM changes WHERE table_id = ? AND version > ? "
                "ORDER BY version",
                (table_id, since),
            )
            yield stored_table(table_id, row, tokens, changes, since)

    def close(self) -> None:
        """Close the database file."""
        self._db.close()
        if self._lock is not None:
            self._lock.close()


def _lock_exclusively(path: str) -> IO[bytes] | None:
    """An open file that holds an exclusive ``flock`` on ``path`` (SQLite's own locks
    are POSIX record locks, which it does not disturb); ``None`` where there is no
    ``flock`` (Windows).

    Raises:
        ValueError: another process holds the lock.
    """
    try:
        import fcntl
    except ImportError:  # pragma: no cover (Windows)
        return None
    held = open(path, "rb")  # noqa: SIM115 (held for the store's lifetime)
    try:
        fcntl.flock(held.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        held.close()
        raise ValueError(
            f"another server process has {path} open: one process serves an SQLite file "
            "(several processes share a PostgreSQL database)"
        ) from None
    return held


def _sqlite(query: str) -> str:
    """A query of every store as SQLite's: its table names, ``?`` placeholders."""
    return query.format(tables="tables", seats="seats").replace("%s", "?")


def json_or_null(value: object) -> str | None:
    """``value`` as compact JSON text, ``None`` as SQL's ``NULL``."""
    return None if value is None else json.dumps(value, separators=(",", ":"))


TABLE_COLUMNS = (
    "game, rules, chance, seats, admin_hash, created, rng, rematch, revision, owner, over"
)
"""The columns of a table `stored_table` reads, after its id."""

SEATS_HELD = (
    "SELECT count(*) FROM {seats} AS s JOIN {tables} AS t ON t.id = s.table_id "
    "WHERE s.client = %s AND NOT t.over"
)
"""The seats a client holds on tables whose game is not over (SQL of every store, its
tables' names to fill in, ``%s`` for the client)."""


def table_counts(table: StoredTable, caps: Caps) -> list[tuple[str, int, str, tuple[str, ...]]]:
    """The counts that the creation of ``table`` is held to by ``caps``: for each, the
    cap's name, its bound, and the query that counts what is held now (SQL of every
    store, its tables' names to fill in, ``%s`` for its arguments)."""
    counts: list[tuple[str, int, str, tuple[str, ...]]] = []
    if caps.tables is not None:
        counts.append(("tables", caps.tables, "SELECT count(*) FROM {tables}", ()))
    if caps.client_tables is not None:
        query = "SELECT count(*) FROM {tables} WHERE owner = %s"
        counts.append(("client_tables", caps.client_tables, query, (table.owner,)))
    if caps.client_bot_tables is not None and "open" not in table.seats:
        query = "SELECT count(*) FROM {tables} WHERE owner = %s AND seats NOT LIKE '%%\"open\"%%'"
        counts.append(("client_bot_tables", caps.client_bot_tables, query, (table.owner,)))
    return counts


def table_row(table: StoredTable) -> tuple[object, ...]:
    """The row of a new table, in the column order of every store: id, game, rules,
    chance, seats, admin hash, created, version, generator state, rematch, revision,
    owner, over."""
    return (
        table.id,
        table.game,
        json.dumps(table.rules),
        table.chance,
        json.dumps(table.seats),
        table.admin_hash,
        table.created or time.time(),
        table.version,
        json_or_null(table.rng),
        table.rematch,
        table.revision,
        table.owner,
        table.over,
    )


def seat_rows(table: StoredTable) -> list[tuple[object, ...]]:
    """The rows of the seats of a new table that are held (a rematch's): table id,
    seat, token hash, name, client."""
    seats = len(table.token_hashes)
    names = table.names or (None,) * seats
    clients = table.clients or ("",) * seats
    return [
        (table.id, seat, held, name, client)
        for seat, (held, name, client) in enumerate(
            zip(table.token_hashes, names, clients, strict=True)
        )
        if held is not None
    ]


def stored_table(
    table_id: str,
    row: Sequence[Any],
    tokens: Iterable[tuple[int, bytes, str | None, str]],
    changes: Iterable[tuple[int, int | None, str | None]],
    since: int,
) -> StoredTable:
    """The `StoredTable` read back from every store's rows: ``row`` holds the
    `TABLE_COLUMNS` of the table; ``tokens`` the seat, token hash, name and client of
    each seat joined; ``changes`` the version, seat and move of each change after
    ``since``."""
    game, rules, chance, seats, admin_hash, created, rng, rematch, revision, owner, over = row
    kinds = tuple(json.loads(seats))
    hashes: list[bytes | None] = [None] * len(kinds)
    names: list[str | None] = [None] * len(kinds)
    clients = [""] * len(kinds)
    for seat, token_hash, name, client in tokens:
        hashes[seat], names[seat], clients[seat] = bytes(token_hash), name, client
    return StoredTable(
        id=table_id,
        game=game,
        rules=json.loads(rules),
        chance=chance,
        seats=kinds,
        admin_hash=bytes(admin_hash),
        created=created,
        token_hashes=tuple(hashes),
        names=tuple(names),
        rematch=rematch,
        revision=int(revision),
        changes=tuple(StoredChange(*change) for change in changes),
        rng=None if rng is None else json.loads(rng),
        since=since,
        owner=owner,
        clients=tuple(clients),
        over=bool(over),
    )


class _Transaction:
    """``BEGIN IMMEDIATE`` ... ``COMMIT``, or ``ROLLBACK`` on an error."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def __enter__(self) -> None:
        self._db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: object, *_: object) -> None:
        self._db.execute("COMMIT" if kind is None else "ROLLBACK")
