"""`lnf serve` over real sockets on 127.0.0.1: the page and its event stream follow the log,
nothing can change the fight, bad requests get an error status, and a crowd of pages with a
burst of log appends all end on the same state with the server's memory bounded."""

from __future__ import annotations

import asyncio
import json
import re
import shutil
import signal
import socket
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from lnf.engine.table import Table
from lnf.formats.fight_log import log_path
from lnf.model import Dot
from lnf.model.events import Recorded
from lnf.model.steps import Damaged, Healed, Marked
from lnf.session import open_fight
from tests.cli import run
from tests.page_server import events, expected_body, get, request, served

ROOT = Path(__file__).resolve().parent.parent
GHOULS = ROOT / "examples" / "ghouls-in-the-crypt.yaml"
PAGES = 50  # pages open at once in the load test
BURST = 200  # log appends in one burst
MEMORY_GROWTH_KB = 40_000  # what 50 pages and 200 changes may add to the server's memory
SETTLE = 20.0  # seconds the load test waits for every page to catch up (bounded in time)


@pytest.fixture
def fight(tmp_path: Path) -> Path:
    path = tmp_path / "ghouls.yaml"
    shutil.copy(GHOULS, path)
    return path


async def _stream(port: int, seconds: float, until: Callable[[str], bool] | None = None) -> str:
    """GET /events for `seconds`, or until what came satisfies `until`: what came."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(b"GET /events HTTP/1.1\r\nHost: localhost\r\n\r\n")
    await writer.drain()
    got = b""
    deadline = time.monotonic() + seconds
    while (left := deadline - time.monotonic()) > 0:
        try:
            chunk = await asyncio.wait_for(reader.read(65536), min(left, 0.5))
        except TimeoutError:
            chunk = b""
        else:
            if not chunk:
                break
        got += chunk
        if until is not None and until(got.decode(errors="replace")):
            break
    writer.close()
    return got.decode()


def test_bad_requests_get_an_error_status_and_no_file(fight: Path) -> None:
    with served(fight) as server:
        port = server.port
        assert get(port, "/")[0] == 200
        for path in ("/nope", "/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/page.css"):
            status, body = get(port, path)
            assert status == 404, path
            assert b"root:" not in body and b"Traceback" not in body
        post = b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}"
        assert request(port, post).split()[1] == b"405"
        huge = b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 100_000 + b"\r\n\r\n"
        assert request(port, huge).split()[1] == b"431"
        assert request(port, b"NONSENSE\r\n\r\n").split()[1] == b"400"
        with socket.create_connection(("127.0.0.1", port), timeout=30) as slow:
            slow.sendall(b"GET / HT")  # …and nothing more: cut off, not held forever
            assert slow.recv(100).split()[1] == b"408"
        assert get(port, "/")[0] == 200  # still serving
        server.process.terminate()
        _, err = server.process.communicate(timeout=10)
    assert "Traceback" not in err
    assert not log_path(fight).exists()  # nothing was written, not even an empty log


def test_the_stream_follows_the_log_and_never_tells_monsters_hp(fight: Path) -> None:
    with served(fight) as server:

        async def watch() -> str:
            listening = asyncio.ensure_future(_stream(server.port, 6.0))
            await asyncio.sleep(1.0)
            code, out = await asyncio.to_thread(run, "damage", str(fight), "ghoul 3", "9")
            assert code == 0, out
            await asyncio.sleep(0.5)
            code, out = await asyncio.to_thread(run, "damage", str(fight), "ghoul 3", "6")
            assert code == 0, out
            return await listening

        said = asyncio.run(watch())
        status, page = get(server.port, "/")
    pushed = events(said)
    assert [p["body"] for p in pushed][-1] == expected_body(fight)
    assert len(pushed) >= 2
    assert "Ghoul 3 takes damage; Ghoul 3 is bloodied." in pushed[-1]["body"]  # 7 of 22 left
    assert "Ghoul 3 takes damage; Ghoul 3 is hurt." in pushed[-1]["body"]
    for text in (said, page.decode()):
        assert not re.search(r"\b\d+/22\b", text), "a ghoul's hit points"
        assert not re.search(r"\d+ damage", text)
    assert status == 200 and "<script>" in page.decode()  # the live page follows the stream


def test_the_dm_stream_has_everything(fight: Path) -> None:
    assert run("damage", str(fight), "ghoul 3", "9")[0] == 0
    with served(fight, "--dm") as server:
        said = asyncio.run(_stream(server.port, 2.0))
    assert "13/22 (9 damage)" in events(said)[-1]["body"]


def test_a_fight_that_stops_reading_keeps_the_last_page(fight: Path) -> None:
    with served(fight) as server:
        good = get(server.port, "/")[1]
        text = fight.read_text()
        fight.write_text(text.replace("hp: 22", "hp: lots"))
        time.sleep(1.0)
        assert get(server.port, "/")[1] == good  # the DM is editing: the page waits
        fight.write_text(text.replace("Ghouls in the chapel crypt", "The crypt, edited"))
        deadline = time.monotonic() + 10
        while b"The crypt, edited" not in get(server.port, "/")[1]:
            assert time.monotonic() < deadline, "the page never caught up"
            time.sleep(0.1)
        server.process.terminate()
        _, err = server.process.communicate(timeout=10)
    assert "the fight does not read" in err and "Traceback" not in err


def test_a_port_in_use_and_a_broken_fight_are_said_plainly(fight: Path, tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        code, out = run("serve", str(fight), "--port", str(taken.getsockname()[1]))
    assert code == 2 and "cannot listen on 127.0.0.1" in out
    broken = tmp_path / "broken.yaml"
    broken.write_text("heroes: [\n")
    code, out = run("serve", str(broken))
    assert code == 2 and "broken.yaml" in out and "Traceback" not in out


def test_fifty_pages_and_a_burst_of_appends_end_on_one_state(fight: Path) -> None:
    with served(fight) as server:
        asyncio.run(_stream(server.port, 0.5))  # warm: the first page drawn
        before = server.rss_kb()

        def burst() -> None:
            with open_fight(fight) as session:
                table: Table = session.table
                for i in range(BURST):
                    step = Damaged("Ghoul 2", 1) if i % 2 else Healed("Ghoul 2", 1)
                    table.add(Recorded((step,)))
                table.add(Recorded((Marked("Brenna", Dot.O),)))

        final: list[str] = []  # the last state, once the burst is over

        def caught_up(text: str) -> bool:
            if not final or "\n\n" not in text:
                return False
            done = text[: text.rindex("\n\n")]  # whole events only
            pushed = events(done)
            return bool(pushed) and pushed[-1]["body"] == final[0]

        async def crowd() -> list[str]:
            pages = [
                asyncio.ensure_future(_stream(server.port, SETTLE, caught_up)) for _ in range(PAGES)
            ]
            await asyncio.sleep(1.0)
            await asyncio.to_thread(burst)
            final.append(expected_body(fight))
            return await asyncio.gather(*pages)

        said = asyncio.run(crowd())
        after = server.rss_kb()
    assert "Brenna gains an O dot." in final[0]
    last = [events(s)[-1] for s in said]
    assert len(last) == PAGES
    assert all(e["body"] == final[0] for e in last), "a page did not end on the last state"
    assert len({json.dumps(e, sort_keys=True) for e in last}) == 1  # the same version too
    print(f"server memory: {before} kB before {PAGES} pages and {BURST} appends, {after} kB after")
    assert after - before < MEMORY_GROWTH_KB, (before, after)


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "term"])
def test_stopping_with_pages_open_is_clean(fight: Path, sig: signal.Signals) -> None:
    with served(fight) as server:
        page = socket.create_connection(("127.0.0.1", server.port), timeout=10)
        page.sendall(b"GET /events HTTP/1.1\r\nHost: localhost\r\n\r\n")
        assert page.recv(100).startswith(b"HTTP/1.1 200")
        server.process.send_signal(sig)
        out, err = server.process.communicate(timeout=15)
        page.close()
    assert server.process.returncode == 0, err
    assert "Stopped; nothing was written." in out
    assert "Traceback" not in err and "ERROR" not in err
