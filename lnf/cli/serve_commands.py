"""`lnf serve`: the players' page, live. A read-only web page that follows the fight log.

Starlette and uvicorn (the `serve` extra) do the HTTP; the page is pushed with server-sent
events. One watcher polls the fight file's and the log's size and mtime a few times a second;
when either moves it reads the fight again (read-only: no lock is taken, nothing is written)
and every open page gets the new state. Only the newest state is kept, so a slow or a
thousand pages cost no more memory than one.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import signal
import socket
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Any

import click

from lnf.cli.grid_commands import page_options
from lnf.cli.options import fight_argument
from lnf.errors import LnfError, Refused

if TYPE_CHECKING:
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import Response

    from lnf.views.page_hp import MonsterHp

POLL = 0.2  # seconds between looks at the files: a page follows within a second
KEEP_ALIVE = 15.0  # seconds between comments on a quiet stream, so proxies keep it open
MAX_CLIENTS = 256  # connections served at once; more get 503 (uvicorn's limit_concurrency)
FIRST_BYTES = 5.0  # seconds a client may take to send its request's headers
MAX_HEADERS = 8192  # bytes of request line and headers; more is refused with 431
HEADERS = {  # the page fetches nothing from anywhere; nothing may frame it or sniff it
    "Content-Security-Policy": (
        "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; "
        "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}


@click.command()
@fight_argument
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True)
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="Where to listen: 127.0.0.1 is this machine only; 0.0.0.0 lets the TV and phones in.",
)
@page_options
def serve(fight_file: Path, port: int, host: str, dm: bool, monster_hp: str | None) -> None:
    """Serve the players' page of FIGHT, live: every lnf command that writes the log shows on
    every open page within a second. Read-only; Ctrl-C stops it."""
    try:
        import uvicorn
    except ImportError:
        raise Refused(
            "lnf serve needs the web server, an optional extra: pip install 'lnf[serve]' "
            "(Starlette and uvicorn); lnf show FIGHT --html -o page.html needs nothing more"
        ) from None
    from lnf.views.page_hp import MonsterHp

    watcher = Watcher(fight_file, dm=dm, hp=MonsterHp(monster_hp or "words"))
    watcher.refresh()  # a fight that does not read is said now, with its line, exit 2
    sock = _listen(host, port)
    shown = sock.getsockname()[1]
    everywhere = host in ("0.0.0.0", "::", "")
    where = f"http://{'localhost' if host == '127.0.0.1' or everywhere else host}:{shown}/"
    who = "the DM's page (everything)" if dm else "the players' page"
    click.echo(f"Serving {who} of {fight_file} at {where} (read-only; Ctrl-C stops).")
    if host == "127.0.0.1":
        click.echo("Only this machine can open it; --host 0.0.0.0 lets the table's devices in.")
    elif everywhere:
        click.echo(f"On the TV and the phones (same network): http://{_lan_address()}:{shown}/")
    config = uvicorn.Config(
        _bounded(app(watcher)),
        log_level="warning",
        access_log=False,
        limit_concurrency=MAX_CLIENTS,
        timeout_keep_alive=5,
        timeout_graceful_shutdown=1,
        http=_first_bytes_protocol(),
        lifespan="on",
    )

    class Server(uvicorn.Server):
        def handle_exit(self, sig: int, frame: FrameType | None) -> None:
            watcher.stop()  # the open streams end first, so the shutdown is clean
            super().handle_exit(sig, frame)

    server = Server(config)
    # uvicorn stops cleanly on SIGINT or SIGTERM, then passes the signal on to the handler it
    # found: SIGTERM (a service manager, `kill`) then ends lnf as Ctrl-C does, with exit 0.
    signal.signal(signal.SIGTERM, _as_ctrl_c)
    with contextlib.suppress(KeyboardInterrupt):
        server.run(sockets=[sock])
    click.echo("Stopped; nothing was written.")


def _lan_address() -> str:
    """This machine's address on its local network, as the table's devices reach it. A UDP
    socket "connected" to a private address picks the outgoing interface; nothing is sent."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("10.254.254.254", 1))
            return str(probe.getsockname()[0])
    except OSError:
        return "THIS-MACHINE'S-ADDRESS"


def _as_ctrl_c(sig: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt


def _listen(host: str, port: int) -> socket.socket:
    """The listening socket, opened here so a port in use is said plainly (exit 2)."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
        family, kind, proto, _, address = infos[0]
        sock = socket.socket(family, kind, proto)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(128)
    except OSError as exc:
        raise Refused(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    sock.set_inheritable(True)
    return sock


class Watcher:
    """The fight as the page shows it, read again whenever its files change."""

    def __init__(self, fight_file: Path, *, dm: bool, hp: MonsterHp) -> None:
        self.fight_file, self.dm, self.hp = fight_file, dm, hp
        self.version = 0
        self.page = ""  # the whole page, for GET /
        self.event = ""  # the newest state as one server-sent event
        self.trouble = ""  # why the files did not read last time ("" when they did)
        self._stamp: tuple[tuple[int, int] | None, ...] = ()
        self._changed: asyncio.Event | None = None
        self._said: dict[str, Any] = {}  # the newest state, to push only what changed
        self._loop: asyncio.AbstractEventLoop | None = None
        self.stopped = False

    def stop(self) -> None:
        """The server is stopping (Ctrl-C): every open stream ends. Called from a signal
        handler, so the streams are woken through the event loop."""
        self.stopped = True
        changed, loop = self._changed, self._loop
        if changed is not None and loop is not None:
            loop.call_soon_threadsafe(changed.set)

    def refresh(self) -> bool:
        """Read the fight again if its files moved and publish the page if it changed; True
        when it did. Called once before serving; the watch reads in a worker thread and
        publishes on the event loop, so a stream never sees a version without its page."""
        state = self.read()
        if state is None:
            return False
        self.publish(*state)
        return True

    def read(self) -> tuple[str, dict[str, Any]] | None:
        """The new page and its state, if the fight's files moved and the page changed."""
        from lnf.cli.table_commands import awaited
        from lnf.formats.files import fight_stamp
        from lnf.session import open_fight
        from lnf.views.page import page_data
        from lnf.views.page_html import render_body, render_page

        stamp = fight_stamp(self.fight_file)
        if stamp == self._stamp:
            return None
        with open_fight(self.fight_file, record=False) as session:
            fight, records = session.fight, list(session.table.in_force)
            data = page_data(
                fight,
                records,
                dm=self.dm,
                hp=self.hp,
                source=self.fight_file.stem,
                waits=awaited(session),  # B3, B7: after the state is read (it plays on)
            )
        self._stamp = stamp
        state = {
            "title": data["title"],
            "phase": data["phase"],
            "turn": data["turn"],
            "body": render_body(data),
        }
        if state == self._said:
            return None
        self._said = state
        return render_page(data, live=True), state

    def publish(self, page: str, state: dict[str, Any]) -> None:
        self.version += 1
        self.page = page
        payload = json.dumps({"version": self.version, **state}, ensure_ascii=False)
        self.event = f"event: page\nid: {self.version}\ndata: {payload}\n\n"

    async def watch(self) -> None:
        """Look at the files every POLL seconds; wake every open stream on a change."""
        self._changed = asyncio.Event()
        self._loop = asyncio.get_running_loop()
        while not self.stopped:
            await asyncio.sleep(POLL)
            try:
                state = await asyncio.to_thread(self.read)
            except Exception as err:  # kept quiet after the first time: the DM is at work
                said = str(err) if isinstance(err, LnfError) else f"{type(err).__name__}: {err}"
                if said != self.trouble:
                    click.echo(
                        f"lnf serve: the page waits, the fight does not read: {said}", err=True
                    )
                self.trouble = said
                continue
            if self.trouble:
                click.echo("lnf serve: the fight reads again; the page follows it.", err=True)
            self.trouble = ""
            if state is not None:
                self.publish(*state)
                changed, self._changed = self._changed, asyncio.Event()
                changed.set()

    async def changes(self, seen: int) -> int:
        """Wait until the page is newer than `seen` (or KEEP_ALIVE passes); its version."""
        if self.version == seen and self._changed is not None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), KEEP_ALIVE)
        return self.version


def app(watcher: Watcher) -> Starlette:
    """The web application: GET / (the page) and GET /events (the stream); nothing else."""
    from contextlib import asynccontextmanager

    from starlette.applications import Starlette
    from starlette.exceptions import HTTPException
    from starlette.responses import HTMLResponse, PlainTextResponse, StreamingResponse
    from starlette.routing import Route

    async def page(request: Request) -> Response:
        return HTMLResponse(watcher.page, headers=HEADERS)

    async def events(request: Request) -> Response:
        async def stream() -> AsyncIterator[str]:
            yield "retry: 1000\n\n"  # the browser comes back within a second after a restart
            seen = 0
            while not watcher.stopped and not await request.is_disconnected():
                if watcher.version != seen:
                    seen = watcher.version
                    yield watcher.event
                elif await watcher.changes(seen) == seen and not watcher.stopped:
                    yield ": still here\n\n"

        return StreamingResponse(
            stream(),
            media_type="text/event-stream",
            headers={**HEADERS, "X-Accel-Buffering": "no"},
        )

    async def refused(request: Request, exc: Exception) -> Response:
        code = exc.status_code if isinstance(exc, HTTPException) else 500
        words = {404: "Not found: this page has only / and /events.", 405: "Read-only."}
        text = words.get(code, "The request was refused.")
        return PlainTextResponse(text, status_code=code, headers=HEADERS)

    @asynccontextmanager
    async def lifespan(_: Starlette) -> AsyncIterator[None]:
        task = asyncio.create_task(watcher.watch())
        try:
            yield
        finally:
            task.cancel()

    handlers: dict[Any, Callable[..., Any]] = {HTTPException: refused, Exception: refused}
    return Starlette(
        routes=[
            Route("/", page, methods=["GET"]),
            Route("/events", events, methods=["GET"]),
        ],
        exception_handlers=handlers,
        lifespan=lifespan,
    )


def _bounded(inner: Any) -> Any:
    """The application behind a size check: a request whose path and headers pass
    MAX_HEADERS bytes gets 431 before anything reads it."""

    async def guarded(scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            size = len(scope.get("raw_path") or b"") + len(scope.get("query_string") or b"")
            size += sum(len(k) + len(v) for k, v in scope["headers"])
            if size > MAX_HEADERS:
                text = b"Request headers too large."
                await send(
                    {
                        "type": "http.response.start",
                        "status": 431,
                        "headers": [
                            (b"content-type", b"text/plain; charset=utf-8"),
                            (b"content-length", str(len(text)).encode()),
                            (b"connection", b"close"),
                        ],
                    }
                )
                await send({"type": "http.response.body", "body": text})
                return
        await inner(scope, receive, send)

    return guarded


def _first_bytes_protocol() -> Any:
    """uvicorn's HTTP protocol, with a deadline for a request's headers: a client that opens a
    connection and dribbles (or sends nothing) is cut off with 408 instead of held forever."""
    from uvicorn.protocols.http.h11_impl import H11Protocol

    class FirstBytes(H11Protocol):
        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._deadline = self.loop.call_later(FIRST_BYTES, self._too_slow)

        def handle_events(self) -> None:
            super().handle_events()
            if self.cycle is not None:  # the request's headers are in: the app has it
                self._deadline.cancel()

        def _too_slow(self) -> None:
            if self.cycle is None and not self.transport.is_closing():
                self.transport.write(
                    b"HTTP/1.1 408 Request Timeout\r\ncontent-length: 0\r\n"
                    b"connection: close\r\n\r\n"
                )
                self.transport.close()

        def connection_lost(self, exc: Exception | None) -> None:
            self._deadline.cancel()
            super().connection_lost(exc)

    return FirstBytes
