"""End-to-end test of `duo-kb serve`'s MCP endpoint (Streamable HTTP) with the official MCP
Python SDK's Streamable HTTP client, and of its token.

Starts `duo-kb serve --port 0 --token TOKEN` with the repository as its home, reads the port
from its first line on stderr, runs every check of mcp_client_test.py over HTTP (current and
initialize clients), checks that a client without the token is refused, then stops the server
with SIGTERM and checks that it exits 0.

Usage: python mcp_http_client_test.py BINARY HOME
Prints one line per check and a last line `N passed, M failed`; exits 1 on any failure.
"""

import asyncio
import os
import re
import signal
import subprocess
import sys
import traceback

import httpx2
from mcp.client.streamable_http import streamable_http_client

from mcp_client_test import check, exercise_server

TOKEN = "e2e-" + os.urandom(12).hex()


def start(binary, home):
    process = subprocess.Popen(
        [binary, "serve", "--home", home, "--port", "0", "--token", TOKEN],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    for line in process.stderr:
        found = re.search(r"at http://127\.0\.0\.1:(\d+)/", line)
        if found:
            return process, int(found.group(1))
    raise AssertionError(f"duo-kb serve did not say where it listens (exit {process.wait()})")


def transport(url, token):
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return streamable_http_client(url, http_client=httpx2.AsyncClient(headers=headers, timeout=60))


async def refused_without_token(url):
    async with httpx2.AsyncClient() as plain:
        response = await plain.post(url, json={"jsonrpc": "2.0", "id": 1, "method": "ping"},
                                    headers={"Accept": "application/json, text/event-stream"})
    check(response.status_code == 401, f"without the token: {response.status_code} {response.text}")


async def main(binary, home):
    process, port = start(binary, home)
    url = f"http://127.0.0.1:{port}/mcp"
    cases = [
        ("current client over HTTP (2026-07-28)", lambda: exercise_server(transport(url, TOKEN), "auto", "2026-07-28")),
        ("initialize handshake over HTTP (2025-11-25)",
         lambda: exercise_server(transport(url, TOKEN), "legacy", "2025-11-25")),
        ("a client without the token is refused", lambda: refused_without_token(url)),
    ]
    passed = failed = 0
    try:
        for name, run in cases:
            try:
                await asyncio.wait_for(run(), timeout=120)
                passed += 1
                print(f"ok: {name}")
            except Exception as error:  # noqa: BLE001 - every failure is reported the same way
                failed += 1
                print(f"FAILED: {name}: {error!r}")
                traceback.print_exc()
    finally:
        process.send_signal(signal.SIGTERM)
        status = process.wait(timeout=60)
    if status == 0:
        passed += 1
        print("ok: SIGTERM stops the server, exit 0")
    else:
        failed += 1
        print(f"FAILED: the server exited {status} on SIGTERM")
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    if len(sys.argv) != 3:
        print("usage: mcp_http_client_test.py BINARY HOME", file=sys.stderr)
        sys.exit(2)
    sys.exit(asyncio.run(main(sys.argv[1], sys.argv[2])))
