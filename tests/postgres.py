"""A real PostgreSQL for the tests and the benchmarks: ``initdb`` in a temporary folder,
the server on a private port on 127.0.0.1 (and a Unix socket in that folder), stopped
at the end. Run as the ``postgres`` user when the tests run as root (PostgreSQL refuses
to run as root). Nothing is mocked."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

DATABASE = "seaview"


def binaries() -> Path | None:
    """The folder of PostgreSQL's server programs (``initdb``, ``postgres``,
    ``pg_ctl``): ``$SEAVIEW_PG_BIN``, else ``pg_config --bindir``, else the newest of
    Debian's ``/usr/lib/postgresql/*/bin``; ``None`` if there is none."""
    given = os.environ.get("SEAVIEW_PG_BIN")
    if given:
        return Path(given)
    candidates = sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=lambda p: int(p.parent.name))
    if candidates:
        return candidates[-1]
    if shutil.which("pg_config"):
        found = subprocess.run(["pg_config", "--bindir"], capture_output=True, text=True)
        if found.returncode == 0 and Path(found.stdout.strip(), "initdb").exists():
            return Path(found.stdout.strip())
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Postgres:
    """A PostgreSQL server of its own, in ``folder``."""

    def __init__(self, folder: Path, bin_folder: Path) -> None:
        self.folder = folder
        self.bin = bin_folder
        self.data = folder / "data"
        self.port = _free_port()
        self.process: subprocess.Popen[bytes] | None = None
        self._user: str | None = None
        if os.geteuid() == 0:  # PostgreSQL will not run as root
            self._user = "postgres"
            shutil.chown(folder, "postgres")
        self._run("initdb", "-D", str(self.data), "-U", "seaview", "--auth=trust", "-E", "UTF8")
        self.start()
        self.new_database(DATABASE)

    @property
    def url(self) -> str:
        """The database's libpq URL."""
        return self.database_url(DATABASE)

    def database_url(self, name: str) -> str:
        """The libpq URL of the database ``name``."""
        return f"postgresql://seaview@127.0.0.1:{self.port}/{name}"

    def new_database(self, name: str) -> str:
        """Create the empty database ``name``; its URL."""
        self._run("createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", "seaview", name)
        return self.database_url(name)

    def _run(self, program: str, *args: str) -> None:
        subprocess.run(
            [str(self.bin / program), *args],
            user=self._user,
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )

    def start(self) -> None:
        """Start the server (again) on its data folder, and wait until it answers."""
        log = open(self.folder / "postgres.log", "ab")  # noqa: SIM115 (the server's own)
        self.process = subprocess.Popen(
            [
                str(self.bin / "postgres"),
                *("-D", str(self.data), "-p", str(self.port), "-k", str(self.folder)),
                *("-c", "listen_addresses=127.0.0.1", "-c", "max_connections=200"),
            ],
            stdout=log,
            stderr=subprocess.STDOUT,
            user=self._user,
        )
        log.close()
        deadline = time.monotonic() + 60
        while True:
            ready = subprocess.run(
                [str(self.bin / "pg_isready"), "-q", "-h", "127.0.0.1", "-p", str(self.port)]
            )
            if ready.returncode == 0:
                return
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(
                    "PostgreSQL did not start: " + (self.folder / "postgres.log").read_text()
                )
            time.sleep(0.05)

    def stop(self, *, crash: bool = False) -> None:
        """Stop the server: a fast shutdown (clients cut off, what was committed
        written out), or with ``crash=True`` an immediate one (SIGQUIT: every process
        quits at once, nothing written out; the next start recovers from the log, as
        after a crash)."""
        if self.process is None or self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGQUIT if crash else signal.SIGINT)
        try:
            self.process.wait(30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(10)

    def restart(self, *, crash: bool = False) -> None:
        """Stop the server (see `stop`) and start it again on the same data."""
        self.stop(crash=crash)
        self.start()


@contextmanager
def running_postgres() -> Iterator[Postgres]:
    """A PostgreSQL of its own for the length of the ``with`` block.

    Raises:
        RuntimeError: PostgreSQL's server programs are not installed.
    """
    bin_folder = binaries()
    if bin_folder is None:
        raise RuntimeError("PostgreSQL is not installed: apt-get install postgresql")
    with tempfile.TemporaryDirectory(prefix="seaview-pg-") as name:
        server = Postgres(Path(name), bin_folder)
        try:
            yield server
        finally:
            server.stop()
