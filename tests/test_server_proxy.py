"""The reverse proxy of the docs page "Deploying" (docs/examples/nginx.conf), tested:
Debian's nginx started in front of a real ``seaview serve --trusted-proxy 127.0.0.1``,
with a self-signed certificate, on private ports of 127.0.0.1. ``nox -s server`` runs
these (``pytest -m proxy``); they need nginx (``apt-get install nginx``) and openssl.
"""

from __future__ import annotations

import http.client
import json
import shutil
import socket
import ssl
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import connect
from websockets.typing import Origin

from tests.serving import Server, running_server, wait_until

pytestmark = pytest.mark.proxy

CONFIG = Path(__file__).parent.parent / "docs" / "examples" / "nginx.conf"
BODY = {"game": "voyage", "seats": ["open", "open"]}


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _certificate(folder: Path) -> tuple[Path, Path]:
    """A self-signed certificate for 127.0.0.1, and its key."""
    cert, key = folder / "cert.pem", folder / "key.pem"
    command = [
        *("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"),
        *("-keyout", str(key), "-out", str(cert), "-subj", "/CN=127.0.0.1"),
        *("-addext", "subjectAltName=IP:127.0.0.1"),
    ]
    subprocess.run(command, check=True, capture_output=True)
    return cert, key


def nginx_config(folder: Path, upstream: int, plain: int, tls: int) -> str:
    """The docs' configuration, for this test: its ports, name and certificate, inside
    a whole nginx.conf whose files are all in ``folder``."""
    cert, key = _certificate(folder)
    site = CONFIG.read_text()
    for old, new in (
        ("server 127.0.0.1:8000;", f"server 127.0.0.1:{upstream};"),
        ("listen 80;", f"listen 127.0.0.1:{plain};"),
        ("listen 443 ssl http2;", f"listen 127.0.0.1:{tls} ssl http2;"),
        ("tables.example.org;", "127.0.0.1;"),
        ("/etc/letsencrypt/live/tables.example.org/fullchain.pem", str(cert)),
        ("/etc/letsencrypt/live/tables.example.org/privkey.pem", str(key)),
    ):
        assert old in site, f"the docs' configuration has no {old!r}"
        site = site.replace(old, new)
    temp = " ".join(
        f"{kind}_temp_path {folder / kind};" for kind in ("client_body", "proxy", "fastcgi")
    )
    return (
        f"daemon off;\nworker_processes 1;\npid {folder / 'nginx.pid'};\n"
        f"error_log {folder / 'error.log'} warn;\nevents {{ worker_connections 256; }}\n"
        f"http {{\n{temp}\nuwsgi_temp_path {folder / 'uwsgi'}; scgi_temp_path {folder / 'scgi'};\n"
        f"access_log {folder / 'access.log'};\n{site}\n}}\n"
    )


class Proxied:
    """nginx in front of a server: HTTPS requests to it, from a loopback address."""

    def __init__(self, server: Server, tls: int, plain: int, cert: Path) -> None:
        self.server = server
        self.tls = tls
        self.plain = plain
        self.context = ssl.create_default_context(cafile=str(cert))

    def request(
        self, method: str, path: str, body: object = None, *, source: str = "127.0.0.1",
        headers: dict[str, str] | None = None,
    ) -> tuple[int, Any]:  # fmt: skip
        connection = http.client.HTTPSConnection(
            "127.0.0.1", self.tls, context=self.context, timeout=30, source_address=(source, 0)
        )
        try:
            data = None if body is None else json.dumps(body).encode()
            sent = {"Content-Type": "application/json", **(headers or {})}
            connection.request(method, path, body=data, headers=sent)
            response = connection.getresponse()
            text = response.read()
            kind = response.headers.get("Content-Type", "")
            return response.status, json.loads(text) if "json" in kind else text.decode()
        finally:
            connection.close()


@pytest.fixture
def proxied(tmp_path: Path) -> Iterator[Proxied]:
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    if not Path(nginx).exists():
        pytest.fail("no nginx: apt-get install nginx (nox -s server needs it)")
    options = ("--trusted-proxy", "127.0.0.1", "--tables-per-minute", "2")
    with running_server(tmp_path / "proxied.sqlite", *options) as server:
        upstream = int(server.url.rsplit(":", 1)[1])
        plain, tls = _free_port(), _free_port()
        (tmp_path / "nginx.conf").write_text(nginx_config(tmp_path, upstream, plain, tls))
        process = subprocess.Popen(
            [nginx, "-p", str(tmp_path), "-c", str(tmp_path / "nginx.conf")],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,  # its error_log is in tmp_path
        )
        try:

            def listening() -> bool:
                assert process.poll() is None, (tmp_path / "error.log").read_text()
                try:
                    socket.create_connection(("127.0.0.1", tls), timeout=1).close()
                except OSError:
                    return False
                return True

            wait_until(listening, 10)
            yield Proxied(server, tls, plain, tmp_path / "cert.pem")
        finally:
            process.terminate()
            process.wait(10)


def test_through_the_proxy_x_forwarded_for_names_the_client_and_no_client_can_forge_it(
    proxied: Proxied,
) -> None:
    """The proxy replaces whatever X-Forwarded-For a client sends with its address: one
    client is one client however it fills the header (2 tables a minute here), and a
    second client, on another address, is another."""
    assert proxied.request("GET", "/api/games")[0] == 200
    for n in range(2):
        forged = {"X-Forwarded-For": f"198.51.100.{n}"}
        status, made = proxied.request("POST", "/api/tables", BODY, headers=forged)
        assert status == 201, made
    status, refused = proxied.request(
        "POST", "/api/tables", BODY, headers={"X-Forwarded-For": "198.51.100.7"}
    )
    assert (status, refused["error"]) == (429, "slow_down")
    status, made = proxied.request("POST", "/api/tables", BODY, source="127.0.0.2")
    assert status == 201, made


def test_through_the_proxy_the_live_channel_works_over_tls_and_http_is_sent_to_https(
    proxied: Proxied,
) -> None:
    """The page's live channel through the proxy: a WebSocket over TLS from the page's
    own origin (the server reads the scheme and host the proxy passes on); plain HTTP
    is redirected to HTTPS."""
    table = proxied.request("POST", "/api/tables", BODY)[1]["table"]
    token = proxied.request("POST", f"/api/tables/{table}/seats/0")[1]["token"]
    origin = f"https://127.0.0.1:{proxied.tls}"
    url = f"wss://127.0.0.1:{proxied.tls}/api/tables/{table}/live"
    with connect(url, ssl=proxied.context, origin=Origin(origin), open_timeout=10) as channel:
        channel.send(json.dumps({"token": token, "since": 0}))
        first = json.loads(channel.recv(timeout=10))
    assert first["view"]["data"]["seat"] == 0, first
    redirect = http.client.HTTPConnection("127.0.0.1", proxied.plain, timeout=10)
    try:
        redirect.request("GET", "/")
        answer = redirect.getresponse()
        assert answer.status == 301
        assert answer.headers["Location"].startswith("https://")
    finally:
        redirect.close()
