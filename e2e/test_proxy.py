"""`jokeren serve` behind a reverse proxy with HTTPS, as docs/deploy.md sets it up: Debian's
Caddy with ``tls internal`` on 127.0.0.1 in front of ``jokeren serve --public-url
https://127.0.0.1:PORT``. A browser makes a room and another joins over HTTPS, their tables
talk over wss:// through the proxy, the invite links name the public address, and a
WebSocket from another origin is refused."""

from __future__ import annotations

import os
import shutil
import ssl
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import expect
from serving import free_port, running_server
from websockets.sync.client import connect
from websockets.typing import Origin

from conftest import _Patient

CADDY = shutil.which("caddy") or "/usr/bin/caddy"


@pytest.fixture(scope="module")
def proxied(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The public address: Caddy on 127.0.0.1 with its own certificate authority, in
    front of a server told its public URL."""
    if not Path(CADDY).exists():
        pytest.fail("this test needs Debian's caddy (apt-get install caddy)")
    folder = tmp_path_factory.mktemp("proxy")
    public_port = free_port()
    public = f"https://127.0.0.1:{public_port}"
    with running_server(folder, "--public-url", public) as backend:
        caddyfile = folder / "Caddyfile"
        caddyfile.write_text(f"""{{
\tadmin off
\tauto_https disable_redirects
\tskip_install_trust
\tstorage file_system {folder / 'caddy'}
}}
{public} {{
\ttls internal
\treverse_proxy {backend.removeprefix('http://')}
}}
""", encoding="utf-8")
        log = (folder / "caddy.log").open("w")
        env = {**os.environ, "HOME": str(folder), "XDG_DATA_HOME": str(folder / "data"),
               "XDG_CONFIG_HOME": str(folder / "config")}
        proc = subprocess.Popen([CADDY, "run", "--config", str(caddyfile), "--adapter",
                                 "caddyfile"], stdout=log, stderr=subprocess.STDOUT, env=env)
        try:
            unchecked = ssl.create_default_context()
            unchecked.check_hostname, unchecked.verify_mode = False, ssl.CERT_NONE

            for _ in range(150):
                assert proc.poll() is None, (folder / "caddy.log").read_text()
                try:
                    with urllib.request.urlopen(f"{public}/api/messages", timeout=2,
                                                context=unchecked) as answer:
                        if answer.status == 200:
                            break
                except OSError:
                    time.sleep(0.2)
            else:
                raise AssertionError("caddy did not answer: "
                                     + (folder / "caddy.log").read_text()[-2000:])
            yield public
        finally:
            proc.terminate()
            proc.wait(20)
            log.close()


def test_a_table_through_the_proxy(proxied: str, chromium: _Patient) -> None:
    host_ctx = chromium.new_context(locale="en-GB", ignore_https_errors=True)
    guest_ctx = chromium.new_context(locale="en-GB", ignore_https_errors=True)
    host, guest = host_ctx.new_page(), guest_ctx.new_page()
    sockets: list[str] = []
    host.on("websocket", lambda ws: sockets.append(ws.url))
    host.goto(f"{proxied}/new")
    host.get_by_label("Seat 3", exact=True).select_option("computer")
    host.get_by_label("Turn timer").select_option("60")
    host.get_by_role("button", name="Make a room").click()
    link = host.locator("#invite-link").input_value()
    made = link.split("/join/")[1].split("#")[0]
    options = host.evaluate("""(id) => fetch(`/api/rooms/${id}`, {headers: {authorization:
        `Bearer ${JSON.parse(localStorage.getItem(`jokeren-host-${id}`)).host_token}`}})
        .then((r) => r.json()).then((info) => info.options)""", made)
    assert options["turn_timer"] == 60 and options["buying_window"] == 0
    assert link.startswith(f"{proxied}/join/"), link  # the public address, not the backend's
    host.get_by_role("button", name="Take a seat yourself").click()
    host.get_by_label("Your name").fill("Ann")
    host.get_by_role("button", name="Join a table").click()
    guest.goto(link)
    guest.get_by_label("Your name").fill("Bea")
    guest.get_by_role("button", name="Join a table").click()
    expect(host.locator(".lobby li.joined .name")).to_have_count(2)
    host.get_by_role("button", name="Start the match").click()
    for page in (host, guest):
        expect(page.locator(".tp .status")).not_to_be_empty()
        expect(page.locator(".hand button").first).to_be_visible()
    assert any(url.startswith(f"wss://127.0.0.1:{proxied.rsplit(':', 1)[1]}/ws/")
               for url in sockets), sockets
    room = link.split("/join/")[1].split("#")[0]
    unchecked = ssl.create_default_context()
    unchecked.check_hostname, unchecked.verify_mode = False, ssl.CERT_NONE
    wss = f"wss://127.0.0.1:{proxied.rsplit(':', 1)[1]}/ws/{room}"
    elsewhere = Origin("https://elsewhere.example")
    # the refused handshake asked plainly: websockets' client, refused over TLS, could wait
    # for ever joining its receive thread (it hung a CI run once)
    refused = httpx.get(f"{proxied}/ws/{room}", verify=False, timeout=20, headers={
        "Origin": elsewhere, "Upgrade": "websocket", "Connection": "Upgrade",
        "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version": "13"})
    assert refused.status_code == 403, refused.text
    with connect(wss, ssl=unchecked, origin=Origin(proxied), open_timeout=20):
        pass  # the page's own origin is let in
    host_ctx.close()
    guest_ctx.close()
