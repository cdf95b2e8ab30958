"""`lnf serve` for the page tests: a real server in its own process on 127.0.0.1, its page
and its event stream read over a plain socket (no client library between the test and it)."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from lnf.session import open_fight
from lnf.views.page import page_data
from lnf.views.page_hp import MonsterHp
from lnf.views.page_html import render_body

START_WAIT = 30.0  # seconds for a server to say where it listens (a loaded CI machine)


@dataclass
class Served:
    url: str
    port: int
    process: subprocess.Popen[str]

    def rss_kb(self) -> int:
        """The server's resident memory (Linux), for the load test's bound."""
        status = Path(f"/proc/{self.process.pid}/status").read_text()
        match = re.search(r"VmRSS:\s+(\d+) kB", status)
        assert match, status
        return int(match[1])


@contextmanager
def served(fight: Path, *args: str, port: int = 0) -> Iterator[Served]:
    """`lnf serve FIGHT` until the block ends; the port it chose (0: any free one)."""
    command = [sys.executable, "-m", "lnf", "serve", str(fight), "--port", str(port), *args]
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
    )
    try:
        assert process.stdout is not None
        first = process.stdout.readline()
        found = re.search(r"http://localhost:(\d+)/", first)
        if found is None:
            process.kill()
            raise AssertionError(f"lnf serve did not start: {first}{process.communicate()}")
        chosen = int(found[1])
        _wait_for_port(chosen)
        yield Served(f"http://localhost:{chosen}/", chosen, process)
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def _wait_for_port(port: int) -> None:
    deadline = time.monotonic() + START_WAIT
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def request(port: int, raw: bytes, timeout: float = 10.0) -> bytes:
    """Send `raw` as it is and read the whole answer (the server closes or the time ends)."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        sock.sendall(raw)
        chunks = []
        try:
            while chunk := sock.recv(65536):
                chunks.append(chunk)
        except TimeoutError:
            pass
        return b"".join(chunks)


def get(port: int, path: str, timeout: float = 10.0) -> tuple[int, bytes]:
    answer = request(
        port,
        f"GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n".encode(),
        timeout,
    )
    head, _, body = answer.partition(b"\r\n\r\n")
    return int(head.split()[1]), body


def events(text: str) -> list[dict[str, object]]:
    """The `page` events in a server-sent event stream, decoded."""
    return [json.loads(line[len("data: ") :]) for line in text.splitlines() if line[:6] == "data: "]


def expected_body(fight: Path, **options: object) -> str:
    """The page's changing part as a fresh read of the fight draws it."""
    with open_fight(fight, record=False) as session:
        data = page_data(
            session.fight,
            session.table.in_force,
            source=fight.stem,
            dm=bool(options.get("dm", False)),
            hp=MonsterHp(str(options.get("hp", "words"))),
        )
    return render_body(data)


def expected_cells(shown: dict[str, object]) -> dict[tuple[str, ...], str]:
    """What the page's grid must say, cell for cell, worked out from `lnf show --json`."""
    heroes = shown["heroes"]
    monsters = shown["monsters"]
    assert isinstance(heroes, list) and isinstance(monsters, list)

    def rank(c: dict[str, str]) -> str:
        return c["rank"] + (f" ({c['why']})" if c["why"] else "")

    out: dict[tuple[str, ...], str] = {}
    for m in monsters:
        out[(m["name"], "rank")] = rank(m)
        out[(m["name"], "group")] = m["group"] or ""
    for h in heroes:
        name = h["name"]
        out[(name, "name")] = name
        out[(name, "class")] = h["class"]
        out[(name, "rank")] = rank(h)
        out[(name, "light")] = "●" if h["light"] else ""
        out[(name, "C")] = {"wanted": "●", "avoided": "○", None: ""}[h["dots"]["C"]]
        out[(name, "O")] = "●" if h["dots"]["O"] else ""
        out[(name, "N")] = "●" if h["dots"]["N"] else ""
        out[(name, "group")] = h["group"] or ""
        for m in monsters:
            together = h["group"] is not None and h["group"] == m["group"]
            out[(name, "cell", m["name"])] = "X" if together else "·"
    return out
