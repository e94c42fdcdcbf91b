"""Many students on one server: rerun latency, errors and memory per session (prints tables).

A real ``streamlit run app.py`` (started here on 127.0.0.1 and a free port, or
an existing one on the loopback interface, ``--url``) gets N sessions that talk
Streamlit's own websocket protocol, as the browser does, without a browser:
binary ``BackMsg`` protobufs up ``/_stcore/stream``, ``ForwardMsg`` protobufs
down. Each session

1. loads one page of the app (the pages take turns: a mix of all of them, half
   the sessions in English, half in Chinese), then waits for every session;
2. every ``--interval`` seconds (first one at a random offset) moves a control
   to a fresh value: the page's first enabled slider (else its first number
   input), with a ``rerun_script`` that carries the new widget state, and
   reads ForwardMsgs until ``script_finished``. Fresh means no session of this
   run sent the page that combination of values before: a cache hit is not a
   drag. When the first control's grid is used up, the next control (the next
   slider, else the next number input, in page order) moves too;
3. stops after ``--duration`` seconds, finishes its rerun, and closes.

What one move costs is the time from sending ``rerun_script`` to receiving
``script_finished``. Errors are exception elements in the deltas (what a user
sees as a red box), ``page_not_found``, a script that does not compile, and
websocket failures and timeouts. Memory per session is the server's VmRSS
(``/proc/<pid>/status``) with all sessions open, minus the one before they
opened (after a warm-up session has visited every page once, so imports and
the default figures are not counted), divided by N: it includes what the
caches grow by for the fresh values (the per-point lines also give the RSS
once every page is loaded, before any move). Streamlit keeps a closed
session for ``server.disconnectedSessionTTL`` (120 s): with ``--reuse`` a
point's RSS still holds the sessions of the points before it.

    .venv/bin/python benchmarks/load.py                       # 10 sessions, 20 s
    .venv/bin/python benchmarks/load.py --sessions 10 30 100  # the curve, one server per point
    .venv/bin/python benchmarks/load.py --sessions 3 --duration 5 --pages plane dof
    .venv/bin/python benchmarks/load.py --url http://127.0.0.1:8501 --pid 1234
    .venv/bin/python benchmarks/load.py --sessions 10 30 100 200 --fleet 2   # through nginx, 2 replicas

Bounded: at most 500 sessions and 600 s of moves per point, every wait has a
deadline, and the sessions stop by themselves. Loopback only. Asserts nothing
(tests/test_load.py runs a short smoke run). The harness shares the machine
with the server: its own CPU use is printed next to the server's.
"""

from __future__ import annotations

import argparse
import asyncio
import ipaddress
import math
import os
import random
import sys
import tempfile
import time
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script: benchmarks/ is sys.path[0]
    sys.path.insert(0, str(ROOT))

from streamlit.proto.BackMsg_pb2 import BackMsg  # noqa: E402
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg  # noqa: E402
from streamlit.proto.NumberInput_pb2 import NumberInput  # noqa: E402
from streamlit.proto.Slider_pb2 import Slider  # noqa: E402
from streamlit.proto.WidgetStates_pb2 import WidgetState  # noqa: E402

from deploy.fleet import Fleet  # noqa: E402
from deploy.replica import AppServer, free_port  # noqa: E402

# app.py: st.Page("pages/overview.py", default=True) is served at "/", the others at "/<name>"; the floor app's
# (--floor) default page is p0.
DEFAULT_PAGES = ("overview", "p0")
LOCALES = {"en": "en-US", "zh": "zh-CN"}
MAX_SESSIONS, MAX_DURATION_S = 500, 600
# Streamlit's browser cache keeps a message for this many script runs (global.maxCachedMessageAge).
CACHE_AGE = 2
SUCCESS = {ForwardMsg.FINISHED_SUCCESSFULLY, ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY}


class RerunError(Exception):
    """A rerun that did not end in ``script_finished`` with success (not an exception element)."""


@dataclass
class Control:
    """A numeric widget the harness can move: a slider (one thumb) or a number input."""

    id: str
    key: str
    kind: str  # "slider" | "number_input"
    lo: float
    hi: float
    step: float
    is_int: bool
    options: tuple[str, ...]  # a select_slider's formatted options; the value is an index
    value: float
    fragment_id: str

    @classmethod
    def from_element(cls, kind: str, el, fragment_id: str) -> Control | None:
        key = el.id.split("-", 2)[2] if el.id.startswith("$$ID-") and el.id.count("-") >= 2 else el.id
        if el.disabled:
            return None
        if kind == "slider":
            current = list(el.value) if el.set_value and len(el.value) else list(el.default)
            if len(current) != 1 or el.data_type not in (Slider.INT, Slider.FLOAT):
                return None  # a range, a date or a time
            if el.options:
                return cls(
                    el.id, key, kind, 0, len(el.options) - 1, 1, True, tuple(el.options), current[0], fragment_id
                )
            return cls(
                el.id, key, kind, el.min, el.max, el.step or 1, el.data_type == Slider.INT, (), current[0], fragment_id
            )
        current = el.value if el.HasField("value") else el.default
        step = el.step or 1
        lo = el.min if el.has_min else current - 1000 * step
        hi = el.max if el.has_max else current + 1000 * step
        return cls(el.id, key, kind, lo, hi, step, el.data_type == NumberInput.INT, (), current, fragment_id)

    @property
    def grid(self) -> int:
        """How many values the control can take."""
        return int(round((self.hi - self.lo) / self.step)) + 1 if self.hi > self.lo else 1

    def value_at(self, k: int) -> float:
        v = min(self.hi, self.lo + k * self.step)
        return int(round(v)) if self.is_int else round(v, 10)

    def random_other(self, rng: random.Random, current: float) -> float:
        """A value on the control's grid other than ``current`` (when there is one)."""
        for _ in range(20):
            v = self.value_at(rng.randrange(self.grid))
            if v != current:
                return v
        return current

    def state(self, value: float) -> WidgetState:
        """The widget state the browser sends for ``value``."""
        ws = WidgetState(id=self.id)
        if self.options:
            ws.string_array_value.data.append(self.options[int(value)])
        elif self.kind == "slider":
            ws.double_array_value.data.append(float(value))
        elif self.is_int:
            ws.int_value = int(value)
        else:
            ws.double_value = float(value)
        return ws


def choose_controls(controls: list[Control]) -> list[Control]:
    """[first, second]: what a move changes (the second only when the first's values run out).

    First: the first slider, else the first number input. Second: the next
    slider after it, else the next number input after it that does not mirror
    it (``x1_exact`` or ``plane.x1.exact`` mirrors ``x1`` / ``plane.x1``).
    """
    sliders = [c for c in controls if c.kind == "slider"]
    if not controls:
        return []
    first = sliders[0] if sliders else controls[0]
    after = controls[controls.index(first) + 1 :]
    candidates = [c for c in after if c.kind == "slider"] + [
        c for c in after if c.kind != "slider" and not c.key.startswith((first.key + "_", first.key + "."))
    ]
    return [first, *candidates[:1]]


class FreshValues:
    """The value combinations sent to each page in this run, shared by all sessions."""

    def __init__(self) -> None:
        self.used: dict[str, set[tuple]] = {}

    def move(self, page: str, chain: list[Control], rng: random.Random) -> tuple[dict[str, float], int, bool]:
        """New values for ``chain`` (the first control always moves): (values, controls moved, fresh?).

        An empty chain (a page without a numeric control) gives a plain rerun.
        """
        current = {c.id: c.value for c in chain}
        if not chain:
            return current, 0, True
        used = self.used.setdefault(page, set())
        used.add(tuple(current[c.id] for c in chain))
        values = dict(current)
        for depth in range(1, len(chain) + 1):
            for _ in range(40):
                values = dict(current)
                for c in chain[:depth]:
                    values[c.id] = c.random_other(rng, current[c.id])
                combo = tuple(values[c.id] for c in chain)
                if combo not in used:
                    used.add(combo)
                    return values, depth, True
        return values, len(chain), False


@dataclass
class Stats:
    """What the sessions of one point measured."""

    moves: list[tuple[str, float]] = field(default_factory=list)  # (page, seconds)
    loads: list[float] = field(default_factory=list)
    per_session: list[int] = field(default_factory=list)
    exceptions: int = 0
    failures: int = 0  # websocket errors, closed connections, bad script_finished, page_not_found
    timeouts: int = 0
    second_control: int = 0
    repeated: int = 0
    bytes_in: int = 0
    samples: list[str] = field(default_factory=list)
    controls: dict[str, str] = field(default_factory=dict)  # page -> the keys of what its moves change
    # page -> the deltas (elements and blocks) its moves received: what a move re-sends, each a message the
    # script thread hands to the event loop
    deltas: dict[str, int] = field(default_factory=dict)

    def note(self, text: str) -> None:
        if len(self.samples) < 5 and text not in self.samples:
            self.samples.append(text)

    @property
    def errors(self) -> int:
        return self.exceptions + self.failures + self.timeouts


class Session:
    """One browser tab: a websocket, the page it shows, its widget values, its message cache."""

    def __init__(self, ws_url: str, page: str, lang: str, stats: Stats, *, route: str | None = None):
        self.ws_url, self.page, self.lang, self.stats = ws_url, page, lang, stats
        self.route = route  # behind the fleet's nginx: the browser's normviz_route cookie (its replica)
        self.ws = None
        self.query = f"lang={lang}"
        self.page_hash = ""
        self.app_pages: list[str] = []  # the url paths of the app's pages, from its navigation
        self.controls: list[Control] = []
        self.cache: dict[str, tuple[ForwardMsg, int]] = {}  # hash -> (message, run it was last seen)
        self.runs = 0

    async def connect(self, timeout: float) -> None:
        from websockets.asyncio.client import connect

        headers = {"Cookie": f"normviz_route={self.route}"} if self.route else None
        self.ws = await connect(
            self.ws_url,
            subprotocols=["streamlit"],
            max_size=None,
            additional_headers=headers,
            open_timeout=timeout,
            ping_interval=None,
            close_timeout=2,
        )

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()

    def _client_state(self, msg: BackMsg, page_name: str | None) -> None:
        cs = msg.rerun_script
        cs.query_string = self.query
        if page_name is not None:
            cs.page_name = page_name
        else:
            cs.page_script_hash = self.page_hash
        cs.widget_states.SetInParent()
        cs.cached_message_hashes.extend(self.cache)
        cs.context_info.locale = LOCALES[self.lang]
        cs.context_info.timezone = "UTC"
        cs.context_info.timezone_offset = 0

    async def load(self, timeout: float) -> float:
        """Open the page (as a browser does for ``/<page>?lang=..``); learn its controls."""
        msg = BackMsg()
        self._client_state(msg, "" if self.page in DEFAULT_PAGES else self.page)
        return await self._rerun(msg, timeout, learn=True)

    async def move(self, values: dict[str, float], timeout: float) -> float:
        msg = BackMsg()
        self._client_state(msg, None)
        moved = [c for c in self.controls if values[c.id] != c.value]
        msg.rerun_script.widget_states.widgets.extend(c.state(values[c.id]) for c in self.controls)
        fragments = {c.fragment_id for c in moved}
        if len(fragments) == 1 and "" not in fragments:
            msg.rerun_script.fragment_id = fragments.pop()  # the browser reruns only that fragment
        seconds = await self._rerun(msg, timeout, learn=False)
        for c in self.controls:
            c.value = values[c.id]
        return seconds

    async def _rerun(self, msg: BackMsg, timeout: float, *, learn: bool) -> float:
        self.runs += 1
        found: list[tuple[list[int], Control]] = []
        start = time.perf_counter()
        await self.ws.send(msg.SerializeToString())
        deadline = start + timeout
        while True:
            left = deadline - time.perf_counter()
            if left <= 0:
                raise TimeoutError
            raw = await asyncio.wait_for(self.ws.recv(), left)
            self.stats.bytes_in += len(raw)
            fwd = ForwardMsg()
            fwd.ParseFromString(raw)
            kind = fwd.WhichOneof("type")
            body = fwd
            if kind == "ref_hash":  # "you have this one": the browser takes it from its cache
                cached = self.cache.get(fwd.ref_hash)
                if cached is None:
                    raise RerunError(f"{self.page}: the server referred to a message this session does not hold")
                body, kind = cached[0], cached[0].WhichOneof("type")
                self.cache[fwd.ref_hash] = (body, self.runs)
            elif fwd.metadata.cacheable:
                self.cache[fwd.hash] = (fwd, self.runs)
            if kind == "delta":
                self._delta(body.delta, list(fwd.metadata.delta_path), found if learn else None)
                if not learn:
                    self.stats.deltas[self.page] = self.stats.deltas.get(self.page, 0) + 1
            elif kind == "page_info_changed":
                self.query = fwd.page_info_changed.query_string
            elif kind == "navigation":
                self.page_hash = fwd.navigation.page_script_hash
                self.app_pages = [p.url_pathname for p in fwd.navigation.app_pages]  # "" for the default page
                wanted = [
                    p.page_script_hash
                    for p in fwd.navigation.app_pages
                    if (p.is_default if self.page in DEFAULT_PAGES else p.url_pathname == self.page)
                ]
                if learn and wanted and self.page_hash not in wanted:
                    raise RerunError(f"{self.page}: the app showed another page")
            elif kind == "page_not_found":
                raise RerunError(f"{self.page}: page not found")
            elif kind == "script_finished":
                status = fwd.script_finished
                if status == ForwardMsg.FINISHED_EARLY_FOR_RERUN:  # st.rerun(): the real run follows
                    found.clear()
                    continue
                if status not in SUCCESS:
                    raise RerunError(f"{self.page}: script finished with status {status}")
                seconds = time.perf_counter() - start
                self.cache = {h: (m, run) for h, (m, run) in self.cache.items() if run > self.runs - CACHE_AGE}
                if learn:  # in the page's order (a nested fragment writes x's controls after the settings below them)
                    self.controls = choose_controls([c for _, c in sorted(found, key=lambda pc: pc[0])])
                return seconds

    def _delta(self, delta, path: list[int], found: list[tuple[list[int], Control]] | None) -> None:
        if delta.WhichOneof("type") != "new_element":
            return
        element = delta.new_element
        kind = element.WhichOneof("type")
        if kind == "exception":
            self.stats.exceptions += 1
            self.stats.note(f"{self.page}: {element.exception.type}: {element.exception.message[:200]}")
        elif found is not None and kind in ("slider", "number_input") and path[:1] == [0]:  # main area
            control = Control.from_element(kind, getattr(element, kind), delta.fragment_id)
            if control is not None:
                found.append((path, control))


async def user(
    i: int,
    ws_url: str,
    page: str,
    lang: str,
    args,
    ramp: float,
    fresh: FreshValues,
    stats: Stats,
    loaded: asyncio.Event,
    go: asyncio.Event,
    end: list[float],
) -> None:
    """One session's life: connect, load, wait for the others, move every interval until ``end[0]``, close."""
    rng = random.Random(i)
    session = Session(ws_url, page, lang, stats)
    moves = 0
    try:
        await asyncio.sleep(rng.uniform(0, ramp))  # students do not arrive in the same millisecond
        await session.connect(args.timeout)
        stats.loads.append(await session.load(args.timeout))
        stats.controls.setdefault(page, " then ".join(c.key for c in session.controls) or "none: plain rerun")
        loaded.set()
        await go.wait()
        next_at = time.perf_counter() + rng.uniform(0, args.interval)
        while True:
            await asyncio.sleep(max(0.0, next_at - time.perf_counter()))
            if time.perf_counter() >= end[0]:
                break
            values, depth, ok = fresh.move(page, session.controls, rng)
            stats.second_control += depth > 1
            stats.repeated += not ok
            stats.moves.append((page, await session.move(values, args.timeout)))
            moves += 1
            # The next move one interval later, or at once after a slower rerun (no catching up).
            next_at = max(next_at + args.interval, time.perf_counter())
    except TimeoutError:
        stats.timeouts += 1
        stats.note(f"{page}: no script_finished within {args.timeout:g} s")
    except RerunError as exc:
        stats.failures += 1
        stats.note(str(exc))
    except Exception as exc:  # websocket failures: refused, closed, protocol errors
        stats.failures += 1
        stats.note(f"{page}: {type(exc).__name__}: {exc}"[:240])
    finally:
        loaded.set()
        stats.per_session.append(moves)
        try:
            await asyncio.wait_for(session.close(), 5)
        except Exception:  # closing a broken connection: nothing left to measure
            pass


def rss_kib(pid: int | tuple[int, ...] | None) -> int | None:
    """VmRSS of ``pid``, or the sum over a fleet's processes."""
    if isinstance(pid, tuple):
        parts = [rss_kib(p) for p in pid]
        return None if None in parts else sum(parts)
    if pid is None:
        return None
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        return None
    return None


def cpu_seconds(pid: int | tuple[int, ...] | None) -> float | None:
    """User + system CPU time of ``pid`` (from /proc/<pid>/stat), or the sum over a fleet's processes."""
    if isinstance(pid, tuple):
        parts = [cpu_seconds(p) for p in pid]
        return None if None in parts else sum(parts)
    if pid is None:
        return None
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def listening_pid(port: int) -> int | None:
    """The process that listens on 127.0.0.1:``port`` (for --url without --pid), if this user can see it."""
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            cols = line.split()
            if cols[3] == "0A" and int(cols[1].rsplit(":", 1)[1], 16) == port:  # 0A: LISTEN
                inodes.add(f"socket:[{cols[9]}]")
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            if any(os.readlink(fd) in inodes for fd in (proc / "fd").iterdir()):
                return int(proc.name)
        except OSError:
            continue
    return None


async def warm_up(ws_url: str, pages: list[str], fresh: FreshValues, timeout: float) -> None:
    """One session per page loads it and moves once: imports and default figures happen here.

    What goes wrong is printed, not raised: the sessions will meet it again and count it.
    """
    rng = random.Random(-1)
    for page in pages:
        stats = Stats()
        session = Session(ws_url, page, "en", stats)
        try:
            await session.connect(timeout)
            await session.load(timeout)
            await session.move(fresh.move(page, session.controls, rng)[0], timeout)
        except Exception as exc:  # a page that fails, a timeout, a closed websocket
            stats.note(f"{page}: {type(exc).__name__}: {exc}"[:240])
        finally:
            await session.close()
        for sample in stats.samples:
            print(f"  warm-up: {sample}", file=sys.stderr)


async def run_point(ws_url: str, pid: int | tuple[int, ...] | None, n: int, args, fresh: FreshValues) -> dict:
    """N sessions against the server at ``ws_url``: what they measured, as a dict."""
    stats = Stats()
    langs = ["en", "zh"] if args.lang == "mix" else [args.lang]
    ramp = args.ramp if args.ramp is not None else min(n / 50, 5.0)
    rss_before = rss_kib(pid)
    loaded = [asyncio.Event() for _ in range(n)]
    go, end = asyncio.Event(), [float("inf")]
    tasks = [
        asyncio.create_task(
            user(
                i,
                ws_url,
                args.pages[i % len(args.pages)],
                langs[i % len(langs)],
                args,
                ramp,
                fresh,
                stats,
                loaded[i],
                go,
                end,
            )
        )
        for i in range(n)
    ]
    load_start = time.perf_counter()
    # Every load has its own deadlines (connect, rerun); this one only guards against a bug here.
    await asyncio.wait([asyncio.create_task(e.wait()) for e in loaded], timeout=ramp + 3 * args.timeout)
    load_s = time.perf_counter() - load_start
    rss_loaded = rss_kib(pid)  # every session has its page, none has moved yet
    cpu0, proc0, t0 = cpu_seconds(pid), time.process_time(), time.perf_counter()
    end[0] = t0 + args.duration
    go.set()
    peak = rss_kib(pid) or 0
    while not all(t.done() for t in tasks) and time.perf_counter() < end[0]:
        await asyncio.sleep(min(1.0, max(0.0, end[0] - time.perf_counter())))
        peak = max(peak, rss_kib(pid) or 0)
    rss_open = rss_kib(pid)  # at the end of the moves, with every session still open
    _, pending = await asyncio.wait(tasks, timeout=args.timeout + 10)
    for t in pending:  # each rerun has a deadline, so none should be left; never leave one behind
        t.cancel()
    wall = time.perf_counter() - t0
    cpu1 = cpu_seconds(pid)
    return {
        "sessions": n,
        "stats": stats,
        "wall": wall,
        "load_s": load_s,
        "lat": sorted(s for _, s in stats.moves),
        "by_page": {page: sorted(s for p, s in stats.moves if p == page) for page in args.pages},
        "rss_before": rss_before,
        "rss_loaded": rss_loaded,
        "rss_open": rss_open,
        "rss_peak": peak or None,
        "per_mib": (rss_open - rss_before) / 1024 / n if rss_before and rss_open else None,
        "server_cpu": (cpu1 - cpu0) / wall if cpu0 is not None and cpu1 is not None else None,
        # the server's CPU seconds per move: the script's work and Streamlit's (messages, websockets) together
        "cpu_per_move": (cpu1 - cpu0) / len(stats.moves)
        if cpu0 is not None and cpu1 is not None and stats.moves
        else None,
        "client_cpu": (time.process_time() - proc0) / wall,
    }


def quantile(sorted_values: list[float], q: float) -> float:
    """The nearest-rank quantile (q in 0..1) of sorted values; NaN for none."""
    if not sorted_values:
        return float("nan")
    return sorted_values[max(0, math.ceil(q * len(sorted_values)) - 1)]


def ms(seconds: float) -> str:
    return "-" if seconds != seconds else f"{seconds * 1e3:.0f}"


def mib(kib: int | None) -> str:
    return "n/a" if kib is None else f"{kib / 1024:.0f} MiB"


def pct(x: float | None) -> str:
    return "n/a" if x is None else f"{x * 100:.0f}%"


# The curve table: (column, width). tests/test_load.py reads a row back as dict(zip(names, row.split())).
SUMMARY_COLUMNS = (
    ("sessions", 8),
    ("moves", 6),
    ("p50 ms", 7),
    ("p95 ms", 7),
    ("max ms", 7),
    ("reruns/s", 8),
    ("errors", 6),
    ("min/sess", 8),
    ("MiB/sess", 8),
    ("load p95 ms", 11),
    ("server CPU", 10),
    ("CPU ms/move", 11),
    ("harness CPU", 11),
)


def summary_header() -> str:
    return " ".join(f"{name:>{width}}" for name, width in SUMMARY_COLUMNS)


def summary_row(r: dict) -> str:
    s: Stats = r["stats"]
    lat = r["lat"]
    cells = (
        r["sessions"],
        len(lat),
        ms(quantile(lat, 0.5)),
        ms(quantile(lat, 0.95)),
        ms(quantile(lat, 1)),
        f"{len(lat) / r['wall']:.1f}",
        s.errors,
        min(s.per_session, default=0),
        "n/a" if r["per_mib"] is None else f"{r['per_mib']:.2f}",
        ms(quantile(sorted(s.loads), 0.95)),
        pct(r["server_cpu"]),
        "n/a" if r["cpu_per_move"] is None else f"{r['cpu_per_move'] * 1e3:.1f}",
        pct(r["client_cpu"]),
    )
    return " ".join(f"{cell:>{width}}" for cell, (_, width) in zip(cells, SUMMARY_COLUMNS))


def print_point(r: dict, args) -> None:
    s: Stats = r["stats"]
    print(
        f"\n{r['sessions']} sessions, a move every {args.interval:g} s each for {args.duration:g} s "
        f"(offered {r['sessions'] / args.interval:.1f} reruns/s); all pages loaded in {r['load_s']:.1f} s"
    )
    print(f"  {'page':<12} {'moves':>6} {'p50 ms':>7} {'p95 ms':>7} {'max ms':>7} {'deltas/move':>11}  control moved")
    for page, lat in r["by_page"].items():
        if page not in s.controls:  # no session had this page
            continue
        print(
            f"  {page:<12} {len(lat):>6} {ms(quantile(lat, 0.5)):>7} {ms(quantile(lat, 0.95)):>7} "
            f"{ms(lat[-1] if lat else float('nan')):>7} {s.deltas.get(page, 0) / max(1, len(lat)):>11.1f}  "
            f"{s.controls.get(page, '-')}"
        )
    print(
        f"  errors: {s.exceptions} exception elements, {s.failures} failures, {s.timeouts} timeouts; "
        f"moves that also moved a second control: {s.second_control}, not fresh: {s.repeated}"
    )
    print(
        f"  server RSS: {mib(r['rss_before'])} before, {mib(r['rss_loaded'])} with every page loaded, "
        f"{mib(r['rss_open'])} after the moves with all sessions open (peak {mib(r['rss_peak'])}); "
        f"the harness received {s.bytes_in / 2**20:.1f} MiB"
    )
    for sample in s.samples:
        print(f"  error: {sample}")
    sys.stdout.flush()


def loopback_url(url: str) -> tuple[str, int]:
    """ws URL and port of an http(s) URL on the loopback interface (anything else is refused)."""
    parts = urllib.parse.urlsplit(url)
    host = parts.hostname or ""
    try:
        loop = host == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:
        loop = False
    if not loop or not parts.port:
        raise SystemExit(f"--url must be http://127.0.0.1:<port> (loopback only), not {url!r}")
    return f"ws://{host}:{parts.port}{parts.path.rstrip('/')}/_stcore/stream", parts.port


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    all_pages = sorted(p.stem for p in (ROOT / "pages").glob("*.py"))
    parser.add_argument(
        "--sessions", type=int, nargs="+", default=[10], help="concurrent sessions; several print a curve (default 10)"
    )
    parser.add_argument("--interval", type=float, default=2.0, help="seconds between one session's moves (default 2)")
    parser.add_argument("--duration", type=float, default=20.0, help="seconds of moves per point (default 20)")
    parser.add_argument(
        "--pages",
        nargs="+",
        default=all_pages,
        choices=all_pages,
        metavar="PAGE",
        help=f"pages to mix (default all: {' '.join(all_pages)})",
    )
    parser.add_argument("--lang", choices=("mix", "en", "zh"), default="mix", help="session languages (default mix)")
    parser.add_argument(
        "--timeout", type=float, default=60.0, help="seconds one rerun or connect may take (default 60)"
    )
    parser.add_argument("--ramp", type=float, default=None, help="seconds over which sessions connect (default N/50)")
    parser.add_argument("--reuse", action="store_true", help="one server for all points (default: one per point)")
    parser.add_argument(
        "--fleet",
        type=int,
        metavar="N",
        help="serve through nginx and N replicas (deploy/fleet.py, `make serve`) instead of one process",
    )
    parser.add_argument("--url", help="an already running app on the loopback interface, e.g. http://127.0.0.1:8501")
    parser.add_argument(
        "--pid", type=int, help="with --url: the server's process id (for RSS; found by port if omitted)"
    )
    parser.add_argument(
        "--floor",
        type=Path,
        metavar="APP",
        help="then the same points on Streamlit's floor (../shared/tools/floor_app.py), one process each, and "
        "normviz over the floor",
    )
    args = parser.parse_args(argv)
    if args.floor is not None and not args.floor.is_file():
        parser.error(f"--floor: no such file {args.floor}")
    if args.fleet is not None and (args.url or args.fleet < 1):
        parser.error("--fleet takes 1 or more replicas, and not with --url")
    if any(not 1 <= n <= MAX_SESSIONS for n in args.sessions):
        parser.error(f"--sessions takes 1 to {MAX_SESSIONS}")
    if not 0 < args.duration <= MAX_DURATION_S or args.interval <= 0 or args.timeout <= 0:
        parser.error(f"--duration takes (0, {MAX_DURATION_S}] s; --interval and --timeout must be positive")
    return args


async def floor_pages(ws_url: str, timeout: float) -> list[str]:
    """The floor app's pages, from the navigation its default page sends (its default is ``p0``)."""
    session = Session(ws_url, DEFAULT_PAGES[1], "en", Stats())
    try:
        await session.connect(timeout)
        await session.load(timeout)
    finally:
        await session.close()
    return [path or DEFAULT_PAGES[1] for path in session.app_pages]


async def serve_points(args, log_dir: Path, app: Path = ROOT / "app.py") -> list[dict]:
    """Every point of ``--sessions``: one fresh server each (or one for all with --reuse, or --url's), running
    ``app`` (the floor's pages are found when it starts)."""
    results: list[dict] = []
    server: AppServer | None = None
    fresh = FreshValues()
    try:
        for n in args.sessions:
            if args.url:
                ws_url, port = loopback_url(args.url)
                pid = args.pid or listening_pid(port)
                if not results:
                    await warm_up(ws_url, args.pages, fresh, args.timeout)
            else:
                if server is None or not args.reuse:
                    if server is not None:
                        server.stop()
                    if args.fleet:
                        server = Fleet(args.fleet, free_port(), log_dir / f"fleet-{n}")
                    else:
                        server = AppServer(app, free_port(), log_dir / f"server-{n}.log")
                    await asyncio.to_thread(server.start)
                    if app != ROOT / "app.py":
                        args.pages = await floor_pages(server.ws_url, args.timeout)
                    fresh = FreshValues()  # a new server has empty caches
                    for replica in getattr(server, "replicas", [server]):  # each replica imports on its own
                        await warm_up(replica.ws_url, args.pages, fresh, args.timeout)
                    await asyncio.sleep(1)  # let the warm-up sessions go
                ws_url = server.ws_url
                if args.fleet:
                    pid = (server.nginx.pid, *(r.process.pid for r in server.replicas))
                else:
                    pid = server.process.pid
            r = await run_point(ws_url, pid, n, args, fresh)
            results.append(r)
            print_point(r, args)
            if isinstance(server, AppServer) and not server.alive():
                print(f"  {server.death_note()}:\n{server.log_text()[-2000:]}", file=sys.stderr)
                server = None
    finally:
        if server is not None:
            server.stop()
    return results


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    where = args.url or (
        f"nginx + {args.fleet} replicas (deploy/fleet.py) on 127.0.0.1 (started here)"
        if args.fleet
        else "streamlit run app.py on 127.0.0.1 (started here)"
    )
    print(
        f"load: {where}; pages {' '.join(args.pages)}; languages {args.lang}; {os.cpu_count()} CPU(s), "
        f"shared by the server and this harness"
    )
    with tempfile.TemporaryDirectory(prefix="normviz-load-") as tmp:
        results = asyncio.run(serve_points(args, Path(tmp)))
        floor = []
        if args.floor is not None:
            print(f"\nthe floor: {args.floor} (streamlit run, one process), the same points")
            floor_args = argparse.Namespace(**{**vars(args), "fleet": None, "url": None, "reuse": False})
            floor = asyncio.run(serve_points(floor_args, Path(tmp), app=args.floor.resolve()))
    print("\nrerun latency per move (rerun_script sent -> script_finished received)")
    print(summary_header())
    for r in results:
        print(summary_row(r))
    if floor:
        print("the floor:")
        for r in floor:
            print(summary_row(r))
        print("normviz over the floor (CPU per move; p95):")
        for r, f in zip(results, floor):
            cpu = r["cpu_per_move"] / f["cpu_per_move"] if r["cpu_per_move"] and f["cpu_per_move"] else float("nan")
            p95 = quantile(r["lat"], 0.95) / quantile(f["lat"], 0.95) if f["lat"] else float("nan")
            print(f"{r['sessions']:>8} sessions: CPU per move {cpu:.1f}x, p95 {p95:.1f}x")


if __name__ == "__main__":
    main()
