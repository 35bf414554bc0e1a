"""A `Store` in PostgreSQL that several server processes share (psycopg 3).

PostgreSQL does two jobs here: it holds every table, and its ``LISTEN``/``NOTIFY``
tells every process of each change another one committed, so that a live channel on
one process hears of a move made through another.

A move is applied at most once whichever process receives it: `PostgresStore.append`
checks and advances the table's version in the transaction that stores the changes,
with a conditional ``UPDATE ... WHERE version = since`` (compare-and-set). The update
takes the table's row lock, so a second writer of the same version waits for the first
to commit, then finds the version moved and stores nothing: no retry loop, no
serializable isolation, and writers of different tables never wait for each other.
The primary key on (table, version) of the changes is the second guard.

The schema is created and migrated by the server itself, under an advisory lock (two
processes that start at once migrate once), in tables whose names start with
``seaview_``, so that it can share an existing database.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Callable, Iterator, Sequence
from typing import Any, TypeVar

import psycopg

from seaview_rules.server._store import (
    NO_CAPS,
    SEATS_HELD,
    TABLE_COLUMNS,
    CapError,
    Caps,
    Head,
    StaleVersionError,
    StoredChange,
    StoredTable,
    json_or_null,
    seat_rows,
    stored_table,
    table_counts,
    table_row,
)

__all__ = ["CHANNEL", "PostgresStore"]

LOG = logging.getLogger("seaview_rules.server")

CHANNEL = "seaview_tables"
"""The ``NOTIFY`` channel. Its payload is ``"<table> <version> <joined seats>
<revision>"`` for a table created, joined, left or moved, ``"<table> -1 0 0"`` for a
table deleted."""

_LOCK = 0x5EA71E11
"""The advisory lock key the migration holds."""
_COUNTS = 0x5EA71E12
"""The advisory lock key a write held to `Caps` holds while it counts and writes (with
the client's name as a second key, for a cap of one client's): another process's write
of the same count waits for its commit, so that two at once cannot both pass a cap."""

MIGRATIONS = (
    # 1: tables, their joined seats and their changes
    """
    CREATE TABLE seaview_tables (
        id text PRIMARY KEY,
        game text NOT NULL,
        rules text NOT NULL,
        chance text NOT NULL,
        seats text NOT NULL,
        admin_hash bytea NOT NULL,
        created double precision NOT NULL,
        version integer NOT NULL,
        rng text
    );
    CREATE TABLE seaview_seats (
        table_id text NOT NULL REFERENCES seaview_tables (id) ON DELETE CASCADE,
        seat smallint NOT NULL,
        token_hash bytea NOT NULL,
        PRIMARY KEY (table_id, seat)
    );
    CREATE TABLE seaview_changes (
        table_id text NOT NULL REFERENCES seaview_tables (id) ON DELETE CASCADE,
        version integer NOT NULL,
        seat smallint,
        move text,
        PRIMARY KEY (table_id, version)
    );
    """,
    # 2: players' names, a table's rematch, and the revision of its seats and rematch
    """
    ALTER TABLE seaview_tables ADD COLUMN rematch text,
        ADD COLUMN revision integer NOT NULL DEFAULT 0;
    ALTER TABLE seaview_seats ADD COLUMN name text;
    """,
    # 3: the client that created each table and that holds each seat, and whether the
    # game is over (the counts of each client's share)
    """
    ALTER TABLE seaview_tables ADD COLUMN owner text NOT NULL DEFAULT '',
        ADD COLUMN over boolean NOT NULL DEFAULT false;
    ALTER TABLE seaview_seats ADD COLUMN client text NOT NULL DEFAULT '';
    CREATE INDEX seaview_tables_owner ON seaview_tables (owner);
    CREATE INDEX seaview_seats_client ON seaview_seats (client);
    """,
)
"""The schema, one step per version: a database at version ``n`` runs the steps after
it, in one transaction, and records ``len(MIGRATIONS)`` in ``seaview_schema``."""

T = TypeVar("T")


class PostgresStore:
    """A `Store` in a PostgreSQL database, shared by every server process given the
    same ``url`` (``postgresql://user@host:port/database``, or any libpq connection
    string).

    Each process holds two connections: one for its reads and writes (the server makes
    them one at a time, on its event loop), one that listens for the others' changes.
    When the database goes away (a restart), a write in progress fails (the server
    answers 503 and reads the table again, so a client may retry with the same
    version), reads are retried once on a new connection, and the listener reconnects
    and has the server read every table it holds again, for what it missed meanwhile.

    No statement runs, or waits for a lock, longer than ``statement_timeout`` seconds
    (PostgreSQL's ``statement_timeout``, set on the connection; 5 s, as SQLite's busy
    timeout): the store's calls run one at a time, so a statement stuck on the
    database (a row another client holds locked) would hold up every table of the
    process. Past it the call raises `psycopg.errors.QueryCanceled`, its transaction
    rolled back and the connection kept, and the server answers 503 as for a lost
    database. The schema's migration at start-up is not bounded.

    Raises:
        psycopg.OperationalError: the database cannot be reached.
        ValueError: the database holds a newer schema than this server knows, or
            ``statement_timeout`` is not positive.
    """

    def __init__(
        self, url: str, *, connect_timeout: float = 5.0, statement_timeout: float = 5.0
    ) -> None:
        if not statement_timeout > 0:
            raise ValueError(f"statement_timeout must be positive, not {statement_timeout}")
        self.url = url
        self.connect_timeout = connect_timeout
        self.statement_timeout = statement_timeout
        self._db = self._connect()
        try:
            self._migrate()
        except BaseException:
            self._db.close()
            raise

    def _connect(self) -> psycopg.Connection[Any]:
        db = psycopg.connect(
            self.url, autocommit=True, connect_timeout=max(1, round(self.connect_timeout))
        )
        milliseconds = max(1, round(self.statement_timeout * 1000))
        try:
            db.execute("SELECT set_config('statement_timeout', %s, false)", (f"{milliseconds}ms",))
        except BaseException:
            db.close()
            raise
        return db

    def _migrate(self) -> None:
        with self._db.transaction():
            # Another process may be migrating: wait for it however long it takes.
            self._db.execute("SELECT set_config('statement_timeout', '0', true)")
            self._db.execute("SELECT pg_advisory_xact_lock(%s)", (_LOCK,))
            self._db.execute("CREATE TABLE IF NOT EXISTS seaview_schema (version integer NOT NULL)")
            row = self._db.execute("SELECT version FROM seaview_schema").fetchone()
            current = 0 if row is None else int(row[0])
            if current > len(MIGRATIONS):
                raise ValueError(
                    f"the database holds tables of schema version {current}; "
                    f"this server knows versions up to {len(MIGRATIONS)}"
                )
            for step in MIGRATIONS[current:]:
                self._db.execute(step)
            if row is None:
                self._db.execute("INSERT INTO seaview_schema VALUES (%s)", (len(MIGRATIONS),))
            elif current < len(MIGRATIONS):
                self._db.execute("UPDATE seaview_schema SET version = %s", (len(MIGRATIONS),))

    @property
    def schema_version(self) -> int:
        """The schema version of the database."""
        row = self._read(lambda db: db.execute("SELECT version FROM seaview_schema").fetchone())
        return int(row[0]) if row else 0

    def _write(self, work: Callable[[psycopg.Connection[Any]], T]) -> T:
        """``work(connection)`` in one transaction, which also notifies the others."""
        db = self._usable()
        try:
            with db.transaction():
                return work(db)
        except psycopg.errors.QueryCanceled:
            raise  # past statement_timeout: rolled back, and the connection is sound
        except psycopg.OperationalError:
            db.close()  # the next call connects again
            raise

    def _read(self, work: Callable[[psycopg.Connection[Any]], T]) -> T:
        """``work(connection)``, once more on a new connection if the database went
        away under the first (a read changes nothing: it can be repeated)."""
        for attempt in range(2):
            db = self._usable()
            try:
                return work(db)
            except psycopg.errors.QueryCanceled:
                raise  # past statement_timeout: the same wait again would not help
            except psycopg.OperationalError:
                db.close()
                if attempt:
                    raise
        raise AssertionError("unreachable")

    def _usable(self) -> psycopg.Connection[Any]:
        if self._db.closed or self._db.broken:
            self._db = self._connect()
        return self._db

    def create(self, table: StoredTable, caps: Caps = NO_CAPS) -> None:
        """Store a new table, with the changes it was created with, within ``caps``
        (counted under advisory locks: see `_COUNTS`)."""

        def work(db: psycopg.Connection[Any]) -> None:
            _create(db, table, caps)

        self._write(work)

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

        def work(db: psycopg.Connection[Any]) -> bool:
            if caps.client_seats is not None:
                _lock_counts(db, client)
                held = db.execute(_names(SEATS_HELD), (client,)).fetchone()
                if held is not None and held[0] >= caps.client_seats:
                    raise CapError("client_seats")
            cursor = db.execute(
                "INSERT INTO seaview_seats SELECT %s, %s, %s, %s, %s "
                "WHERE EXISTS (SELECT 1 FROM seaview_tables WHERE id = %s) "
                "ON CONFLICT DO NOTHING",
                (table, seat, token_hash, name, client, table),
            )
            return _revised(db, table, cursor.rowcount)

        return self._write(work)

    def leave(self, table: str, seat: int, token_hash: bytes) -> bool:
        """Free ``seat`` if the token of ``token_hash`` holds it; whether it did."""

        def work(db: psycopg.Connection[Any]) -> bool:
            cursor = db.execute(
                "DELETE FROM seaview_seats WHERE table_id = %s AND seat = %s AND token_hash = %s",
                (table, seat, token_hash),
            )
            return _revised(db, table, cursor.rowcount)

        return self._write(work)

    def rematch(self, table: str, new: StoredTable, caps: Caps = NO_CAPS) -> str | None:
        """Store ``new`` as the rematch of ``table`` unless it has one; the rematch's id
        (``None``: no such table). The conditional update takes the table's row lock: a
        second process asking at once waits for the first to commit, then finds the
        rematch made and stores nothing."""

        def work(db: psycopg.Connection[Any]) -> str | None:
            cursor = db.execute(
                "UPDATE seaview_tables SET rematch = %s, revision = revision + 1 "
                "WHERE id = %s AND rematch IS NULL",
                (new.id, table),
            )
            if cursor.rowcount == 1:
                _create(db, new, caps)
                _notify(db, table)
                return new.id
            row = db.execute(
                "SELECT rematch FROM seaview_tables WHERE id = %s", (table,)
            ).fetchone()
            return None if row is None else str(row[0])

        return self._write(work)

    def append(
        self,
        table: str,
        since: int,
        changes: Sequence[StoredChange],
        rng: object,
        over: bool = False,
    ) -> None:
        """Store the changes after version ``since`` (compare-and-set on the version,
        under the table's row lock).

        Raises:
            StaleVersionError: the stored table is not at version ``since``.
        """

        def work(db: psycopg.Connection[Any]) -> None:
            cursor = db.execute(
                "UPDATE seaview_tables SET version = %s, rng = %s, over = %s "
                "WHERE id = %s AND version = %s",
                (since + len(changes), json_or_null(rng), over, table, since),
            )
            if cursor.rowcount != 1:
                raise StaleVersionError(f"table {table} is not at version {since}")
            _insert(db, table, changes)
            _notify(db, table)

        self._write(work)

    def delete(self, table: str) -> None:
        """Remove ``table``, its seats and its changes."""

        def work(db: psycopg.Connection[Any]) -> None:
            db.execute("DELETE FROM seaview_tables WHERE id = %s", (table,))
            db.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{table} -1 0 0"))

        self._write(work)

    def tables(self) -> Iterator[StoredTable]:
        """Every stored table, oldest first."""
        ids = self._read(
            lambda db: db.execute("SELECT id FROM seaview_tables ORDER BY created, id").fetchall()
        )
        for (table_id,) in ids:
            stored = self.table(table_id)
            if stored is not None:  # unless another process deleted it meanwhile
                yield stored

    def table(self, table: str, since: int = 0) -> StoredTable | None:
        """The stored table ``table`` with its changes after version ``since``, or
        ``None``."""

        def work(db: psycopg.Connection[Any]) -> StoredTable | None:
            with db.transaction():  # one snapshot: the version and the changes agree
                db.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
                row = db.execute(
                    f"SELECT version, {TABLE_COLUMNS} FROM seaview_tables WHERE id = %s",
                    (table,),
                ).fetchone()
                if row is None:
                    return None
                version, *columns = row
                tokens = db.execute(
                    "SELECT seat, token_hash, name, client FROM seaview_seats WHERE table_id = %s",
                    (table,),
                )
                changes = db.execute(
                    "SELECT version, seat, move FROM seaview_changes "
                    "WHERE table_id = %s AND version > %s ORDER BY version",
                    (table, since),
                )
                stored = stored_table(table, columns, tokens, changes, since)
            if stored.version != version:
                raise ValueError(f"table {table}: version {version} but changes to {since}")
            return stored

        return self._read(work)

    def head(self, table: str) -> Head | None:
        """The version of ``table``, how many of its seats are joined and its revision,
        in one query; ``None`` if there is no such table."""
        row = self._read(
            lambda db: db.execute(
                f"SELECT {_HEAD} FROM seaview_tables WHERE id = %s", (table,)
            ).fetchone()
        )
        return None if row is None else Head(int(row[0]), int(row[1]), int(row[2]))

    def heads(self) -> dict[str, Head]:
        """`head` of every stored table, in one query."""
        rows = self._read(
            lambda db: db.execute(
                f"SELECT id, {_HEAD} FROM seaview_tables ORDER BY created, id"
            ).fetchall()
        )
        return {
            table_id: Head(int(version), int(joined), int(revision))
            for table_id, version, joined, revision in rows
        }

    async def notifications(
        self, retry: float = 0.5
    ) -> AsyncIterator[tuple[str, Head | None] | None]:
        """The id and `Head` (``None``: deleted) of each table any process changed, as
        the database tells it; ``None`` each time the listener (re)connects, when what
        it missed while away is unknown. Reconnects for ever, every ``retry`` seconds."""
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                    self.url, autocommit=True, connect_timeout=max(1, round(self.connect_timeout))
                ) as listener:
                    await listener.execute(f"LISTEN {CHANNEL}")
                    yield None
                    async for note in listener.notifies():
                        yield _notice(note.payload)
            except psycopg.OperationalError as exc:
                LOG.warning("the database listener lost its connection, retrying: %s", exc)
                await asyncio.sleep(retry)

    def close(self) -> None:
        """Close the connection."""
        self._db.close()


_HEAD = "version, (SELECT count(*) FROM seaview_seats WHERE table_id = id), revision"
"""The columns of a `Head`."""


def _create(db: psycopg.Connection[Any], table: StoredTable, caps: Caps) -> None:
    counts = table_counts(table, caps)
    if caps.tables is not None:
        _lock_counts(db, "")
    if caps.client_tables is not None or caps.client_bot_tables is not None:
        _lock_counts(db, table.owner)
    for cap, most, query, args in counts:
        row = db.execute(_names(query), args).fetchone()
        if row is not None and row[0] >= most:
            raise CapError(cap)
    db.execute(
        "INSERT INTO seaview_tables VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)",
        table_row(table),
    )
    rows = seat_rows(table)
    if rows:
        with db.cursor() as cursor:
            cursor.executemany("INSERT INTO seaview_seats VALUES (%s, %s, %s, %s, %s)", rows)
    _insert(db, table.id, table.changes)
    _notify(db, table.id)


def _lock_counts(db: psycopg.Connection[Any], client: str) -> None:
    """Hold, until the transaction ends, the advisory lock of the counts of ``client``
    (``""``: of the whole store; see `_COUNTS`)."""
    db.execute("SELECT pg_advisory_xact_lock(%s, hashtext(%s))", (_COUNTS, client))


def _names(query: str) -> str:
    """A query of every store with this store's table names."""
    return query.format(tables="seaview_tables", seats="seaview_seats")


def _revised(db: psycopg.Connection[Any], table: str, changed: int) -> bool:
    """Count a change of ``table``'s seats (``changed``: the rows it changed) in its
    revision and tell the others; whether there was one."""
    if changed:
        db.execute("UPDATE seaview_tables SET revision = revision + 1 WHERE id = %s", (table,))
        _notify(db, table)
    return changed == 1


def _insert(db: psycopg.Connection[Any], table: str, changes: Sequence[StoredChange]) -> None:
    if changes:
        with db.cursor() as cursor:
            cursor.executemany(
                "INSERT INTO seaview_changes VALUES (%s, %s, %s, %s)",
                [(table, c.version, c.seat, c.move) for c in changes],
            )


def _notify(db: psycopg.Connection[Any], table: str) -> None:
    """Tell every listening process of the change, with the table's new head, when the
    transaction commits."""
    db.execute(
        "SELECT pg_notify(%s, id || ' ' || version || ' ' || "
        "(SELECT count(*) FROM seaview_seats WHERE table_id = id) || ' ' || revision) "
        "FROM seaview_tables WHERE id = %s",
        (CHANNEL, table),
    )


def _notice(payload: str) -> tuple[str, Head | None] | None:
    """A notification's table and head; ``None`` for a payload that is not one (then
    every table is read again)."""
    table, *numbers = payload.split(" ")
    if len(numbers) != 3 or not all(n.lstrip("-").isdigit() for n in numbers):
        return None
    version, joined, revision = map(int, numbers)
    return table, (None if version < 0 else Head(version, joined, revision))
