"""A loopback stand-in of the OpenML API, for the real ``openml`` client (shared by the fetch and suite tests).

Real HTTP on 127.0.0.1 (``http.server`` in a thread), nothing mocked: the client sends its requests
over TCP and checks the MD5 itself. The stand-in answers the endpoints that a data-set download
and a suite expansion use:

- ``GET /api/v1/xml/data/<id>``: a data set's description (name, version, file URL, MD5, default
  target, row-id and ignored attributes);
- ``GET /data/v1/download/<id>/dataset.arff``: its file;
- ``GET /api/v1/xml/data/features/<id>``: its attributes, read from the ARFF header;
- ``GET /api/v1/xml/task/<id>``: a task (type, data id, target);
- ``GET /api/v1/xml/study/<id>``: a suite (its tasks and data ids).

An unknown id answers as OpenML does: HTTP 412 with OpenML's error code (111 unknown data set,
151 unknown task, 601 unknown study).
"""

from __future__ import annotations

import gzip
import hashlib
import re
import threading
from html import escape
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

import pytest

NS = 'xmlns:oml="http://openml.org/openml"'


def serve(handler) -> tuple[ThreadingHTTPServer, str]:
    """Start ``handler`` on a free loopback port in a daemon thread; return (server, base URL)."""
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    httpd.requests = []  # type: ignore[attr-defined]
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, f"http://127.0.0.1:{httpd.server_port}"


def arff_features(data: bytes) -> list[tuple[str, str, list[str]]]:
    """(name, OpenML data type, nominal values) of every ``@attribute`` of an ARFF header."""
    out = []
    for line in data.decode("utf-8", "replace").splitlines():
        m = re.match(r"\s*@attribute\s+('([^']*)'|\"([^\"]*)\"|(\S+))\s+(.*\S)", line, re.I)
        if not m:
            continue
        name = next(g for g in m.group(2, 3, 4) if g is not None)
        kind = m.group(5)
        if kind.startswith("{"):
            values = [v.strip().strip("'\"") for v in kind.strip("{}").split(",")]
            out.append((name, "nominal", values))
        else:
            out.append((name, "string" if kind.lower() == "string" else "numeric", []))
    return out


class OpenMLStandIn:
    """Data sets, tasks and suites served as the OpenML API serves them (see the module docstring)."""

    def __init__(self):
        self.files: dict[int, bytes] = {}
        self.md5: dict[int, str] = {}
        self.meta: dict[int, dict] = {}
        self.tasks: dict[int, dict] = {}
        self.suites: dict[int, dict] = {}
        self.requests: list[str] = []
        stand_in = self

        class Handler(SimpleHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_GET(self):
                stand_in.requests.append(self.path)
                self._send(*stand_in.answer(self.path))

            def _send(self, status, body):
                self.send_response(status)
                if status == 200:  # gzip, as OpenML serves (the client warns of an uncompressed answer)
                    body = gzip.compress(body, mtime=0)
                    self.send_header("Content-Encoding", "gzip")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        self.httpd, self.base = serve(Handler)
        self.server = f"{self.base}/api/v1/xml"

    # -- what is served ------------------------------------------------------------------------------

    def add(self, oid: int, data: bytes, md5: str | None = None, name: str | None = None, target: str | None = "class",
            row_id: str | None = None, ignore: list[str] | None = None, version: int = 1):
        """Serve data set ``oid`` with file ``data`` (its MD5 unless ``md5`` is given)."""
        self.files[oid] = data
        self.md5[oid] = md5 or hashlib.md5(data).hexdigest()
        self.meta[oid] = {"name": name or f"standin-{oid}", "target": target, "row_id": row_id,
                          "ignore": ignore or [], "version": version}

    def add_task(self, tid: int, did: int, target: str | None = None, type_id: int = 1):
        """Serve task ``tid`` on data set ``did`` (target: the data set's default unless given)."""
        self.tasks[tid] = {"did": did, "target": target or self.meta[did]["target"], "type_id": type_id}

    def add_suite(self, sid: int, tasks: list[int], name: str = "stand-in suite", entity: str = "task"):
        """Serve suite ``sid`` of ``tasks`` (``entity="run"``: a study of runs instead)."""
        self.suites[sid] = {"tasks": list(tasks), "name": name, "entity": entity}

    # -- the API -------------------------------------------------------------------------------------

    def answer(self, path: str) -> tuple[int, bytes]:
        api = "/api/v1/xml/"
        routes = [(r"data/features/(\d+)", self.features, self.files, 111, "Unknown dataset"),
                  (r"data/(\d+)", self.description, self.files, 111, "Unknown dataset"),
                  (r"task/(\d+)", self.task_xml, self.tasks, 151, "Unknown task"),
                  (r"study/(\d+)", self.suite_xml, self.suites, 601, "Unknown study")]
        if path.startswith(api):
            for pattern, render, known, code, message in routes:
                m = re.fullmatch(pattern, path[len(api):])
                if m and int(m.group(1)) in known:
                    return 200, render(int(m.group(1))).encode()
                if m:
                    return 412, (f"<oml:error {NS}><oml:code>{code}</oml:code><oml:message>{message}</oml:message>"
                                 f"</oml:error>").encode()
        f = re.fullmatch(r"/data/v1/download/(\d+)/dataset\.arff", path)
        if f and int(f.group(1)) in self.files:
            return 200, self.files[int(f.group(1))]
        return 404, b"not found"

    def description(self, oid: int) -> str:
        meta = self.meta[oid]
        extra = "".join(
            [f"<oml:default_target_attribute>{escape(meta['target'])}</oml:default_target_attribute>"
             if meta["target"] else "",
             f"<oml:row_id_attribute>{escape(meta['row_id'])}</oml:row_id_attribute>" if meta["row_id"] else "",
             *(f"<oml:ignore_attribute>{escape(a)}</oml:ignore_attribute>" for a in meta["ignore"])])
        return f"""<oml:data_set_description {NS}>
  <oml:id>{oid}</oml:id><oml:name>{escape(meta['name'])}</oml:name><oml:version>{meta['version']}</oml:version>
  <oml:description>loopback stand-in</oml:description><oml:format>ARFF</oml:format>
  <oml:upload_date>2014-04-06T23:23:12</oml:upload_date><oml:licence>Public</oml:licence>
  <oml:url>{self.base}/data/v1/download/{oid}/dataset.arff</oml:url><oml:file_id>{oid}</oml:file_id>
  {extra}<oml:visibility>public</oml:visibility>
  <oml:status>active</oml:status><oml:md5_checksum>{self.md5[oid]}</oml:md5_checksum>
</oml:data_set_description>"""

    def features(self, oid: int) -> str:
        items = []
        for i, (name, kind, values) in enumerate(arff_features(self.files[oid])):
            nominal = "".join(f"<oml:nominal_value>{escape(v)}</oml:nominal_value>" for v in values)
            target = "true" if name == self.meta[oid]["target"] else "false"
            items.append(f"<oml:feature><oml:index>{i}</oml:index><oml:name>{escape(name)}</oml:name>"
                         f"<oml:data_type>{kind}</oml:data_type>{nominal}<oml:is_target>{target}</oml:is_target>"
                         f"<oml:is_ignore>false</oml:is_ignore><oml:is_row_identifier>false</oml:is_row_identifier>"
                         f"<oml:number_of_missing_values>0</oml:number_of_missing_values></oml:feature>")
        return f"<oml:data_features {NS}>{''.join(items)}</oml:data_features>"

    def task_xml(self, tid: int) -> str:
        t = self.tasks[tid]
        kind = {1: "Supervised Classification", 2: "Supervised Regression"}[t["type_id"]]
        return f"""<oml:task {NS}>
  <oml:task_id>{tid}</oml:task_id><oml:task_name>Task {tid}</oml:task_name>
  <oml:task_type_id>{t['type_id']}</oml:task_type_id><oml:task_type>{kind}</oml:task_type>
  <oml:input name="source_data"><oml:data_set><oml:data_set_id>{t['did']}</oml:data_set_id>
    <oml:target_feature>{escape(t['target'])}</oml:target_feature></oml:data_set></oml:input>
  <oml:input name="estimation_procedure"><oml:estimation_procedure><oml:id>1</oml:id>
    <oml:type>crossvalidation</oml:type>
    <oml:data_splits_url>{self.base}/api_splits/get/{tid}/Task_{tid}_splits.arff</oml:data_splits_url>
    <oml:parameter name="number_repeats">1</oml:parameter><oml:parameter name="number_folds">10</oml:parameter>
    <oml:parameter name="percentage"></oml:parameter><oml:parameter name="stratified_sampling">true</oml:parameter>
  </oml:estimation_procedure></oml:input>
</oml:task>"""

    def suite_xml(self, sid: int) -> str:
        s = self.suites[sid]
        dids = "".join(f"<oml:data_id>{self.tasks[t]['did']}</oml:data_id>" for t in s["tasks"] if t in self.tasks)
        tids = "".join(f"<oml:task_id>{t}</oml:task_id>" for t in s["tasks"])
        return f"""<oml:study {NS}>
  <oml:id>{sid}</oml:id><oml:alias>standin-{sid}</oml:alias><oml:main_entity_type>{s['entity']}</oml:main_entity_type>
  <oml:name>{escape(s['name'])}</oml:name><oml:description>loopback stand-in</oml:description>
  <oml:visibility>public</oml:visibility><oml:status>active</oml:status>
  <oml:creation_date>2019-02-21T18:47:13</oml:creation_date><oml:creator>1</oml:creator>
  <oml:data>{dids}</oml:data><oml:tasks>{tids}</oml:tasks>
</oml:study>"""

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def openml_server(monkeypatch):
    """A running :class:`OpenMLStandIn` (the openml client's retries cut to one; AUCACC_MIRROR unset)."""
    pytest.importorskip("openml")
    import openml

    monkeypatch.setattr(openml.config, "connection_n_retries", 1)  # a hash failure is not retried with sleeps
    monkeypatch.delenv("AUCACC_MIRROR", raising=False)
    s = OpenMLStandIn()
    yield s
    s.close()
