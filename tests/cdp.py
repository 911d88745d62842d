"""A minimal headless-Chromium driver over the DevTools protocol (websocket-client), for the report test.

Starts Debian's ``chromium`` with a fresh profile and no network services, opens one page,
collects console errors and uncaught exceptions, evaluates JavaScript and takes screenshots.
"""

from __future__ import annotations

import base64
import json
import re
import shutil
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path

FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage", "--window-size=1400,1000", "--remote-debugging-port=0"]


def find_chromium() -> str | None:
    """Path of a Chromium executable (Debian's ``chromium`` first), or None."""
    for name in ("chromium", "chromium-browser", "google-chrome"):
        p = shutil.which(name)
        if p:
            return p
    return None


class Browser:
    """One headless Chromium with one page; use as a context manager."""

    def __init__(self, executable: str, timeout: float = 60.0):
        self.timeout = timeout
        self.profile = tempfile.mkdtemp(prefix="aucacc-chromium-")
        self.proc = subprocess.Popen([executable, *FLAGS, f"--user-data-dir={self.profile}", "about:blank"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        port = self._port()
        page = next(t for t in json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=10))
                    if t["type"] == "page")
        import websocket

        self.ws = websocket.create_connection(page["webSocketDebuggerUrl"], timeout=timeout, suppress_origin=True)
        self._id = 0
        self.console_errors: list[str] = []
        for domain in ("Page", "Runtime", "Log"):
            self.send(f"{domain}.enable")

    def _port(self) -> int:
        deadline = time.time() + self.timeout
        while time.time() < deadline:
            line = self.proc.stderr.readline()
            m = re.search(r"DevTools listening on ws://[^:]+:(\d+)/", line)
            if m:
                return int(m.group(1))
            if not line and self.proc.poll() is not None:
                break
        raise RuntimeError("chromium did not start its DevTools endpoint")

    def _event(self, msg: dict) -> None:
        method, p = msg.get("method"), msg.get("params", {})
        if method == "Runtime.consoleAPICalled" and p.get("type") in ("error", "assert"):
            self.console_errors.append(" ".join(str(a.get("value", a.get("description", ""))) for a in p["args"]))
        elif method == "Runtime.exceptionThrown":
            d = p["exceptionDetails"]
            self.console_errors.append(d.get("exception", {}).get("description") or d.get("text", "exception"))
        elif method == "Log.entryAdded" and p["entry"]["level"] == "error":
            self.console_errors.append(f"{p['entry'].get('source')}: {p['entry']['text']} {p['entry'].get('url', '')}")

    def send(self, method: str, **params) -> dict:
        """Send one command and return its result (events arriving meanwhile are recorded)."""
        self._id += 1
        self.ws.send(json.dumps({"id": self._id, "method": method, "params": params}))
        while True:
            msg = json.loads(self.ws.recv())
            if msg.get("id") == self._id:
                if "error" in msg:
                    raise RuntimeError(f"{method}: {msg['error']}")
                return msg.get("result", {})
            self._event(msg)

    def wait_event(self, method: str) -> dict:
        deadline = time.time() + self.timeout
        while time.time() < deadline:
            msg = json.loads(self.ws.recv())
            self._event(msg)
            if msg.get("method") == method:
                return msg.get("params", {})
        raise TimeoutError(method)

    def open(self, url: str) -> None:
        """Navigate and wait for the load event."""
        self.send("Page.navigate", url=url)
        self.wait_event("Page.loadEventFired")

    def eval(self, expression: str):
        """Evaluate JavaScript (promises awaited) and return its value."""
        r = self.send("Runtime.evaluate", expression=expression, awaitPromise=True, returnByValue=True)
        if "exceptionDetails" in r:
            raise RuntimeError(r["exceptionDetails"].get("exception", {}).get("description", r["exceptionDetails"]))
        return r["result"].get("value")

    def wait_for(self, expression: str, timeout: float = 20.0):
        """Poll a JavaScript expression until it is truthy; return its value."""
        deadline = time.time() + timeout
        while time.time() < deadline:
            v = self.eval(expression)
            if v:
                return v
            time.sleep(0.2)
        raise TimeoutError(expression)

    def screenshot(self, path: str | Path) -> Path:
        data = self.send("Page.captureScreenshot", format="png")["data"]
        Path(path).write_bytes(base64.b64decode(data))
        return Path(path)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        try:
            self.ws.close()
        finally:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
            shutil.rmtree(self.profile, ignore_errors=True)
