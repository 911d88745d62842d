"""OpenML suites, tasks and data sets named by a study, expanded into data-set entries of the config.

A study (config key ``studies.<study>``) may name, instead of or beside its ``datasets``:

- ``openml_suite: 99`` — an OpenML benchmark suite by id (99 is OpenML-CC18): its tasks;
- ``openml_tasks: [3, 31]`` — OpenML tasks by id: each task's data set;
- ``openml_datasets: [61]`` — OpenML data sets by id.

:func:`expand_studies` turns them into entries under ``datasets`` (added to the config) and
appends their names to the study's ``datasets``. Each entry is::

    openml-<data id>-<OpenML name, sanitized>:
      source: {openml_id: <data id>}
      recipe: {target: <default target attribute>, missing: keep,
               drop_columns: {<row id / ignored attribute>: <reason>}}

- the target is the data set's default target attribute on OpenML; a task whose target is another
  attribute is refused (configure that data set under ``datasets`` with the task's target);
- ``missing: keep``: Weka's and OpenML's convention (a missing value is a value of no attribute),
  not the paper's ``drop_rows``;
- the attributes OpenML marks as row identifier (``row_id_attribute``) or to be ignored
  (``ignore_attribute``) are dropped, with that reason, as OpenML's own loader does;
- the raw file is fetched and checked as every ``openml_id`` source is (:mod:`aucacc.datasets.fetch`:
  the server's MD5, the SHA-256 recorded in the lock file on first download).

The lock file (config ``lock_file``, the one of :mod:`aucacc.datasets.fetch`) records what the
expansion resolved, under keys no data-set name can take (a data-set name has no ``:``):
``openml_suite:<id>`` (the suite's name and task ids), ``openml_task:<id>`` (data id, target,
task type) and ``openml_data:<id>`` (name, version, default target, MD5, dropped attributes), each with the server and the time recorded. A later expansion reads them and asks
no server: the same data, offline. With config ``openml_recheck: true`` every recorded entry is
asked again, and a suite, task or data set that changed on the server stops the run with what
changed and what to do: it is never followed silently.
A raw file fetched with another MD5 than its expansion recorded (the server replaced it in
between) stops the run too.

A configured data set with the name an expansion would give is used as it is when its
``source.openml_id`` is that data id (the researcher's own entry: a ``sha256`` pin, another
recipe); with another source it is a name collision, refused.
"""

from __future__ import annotations

import json
import logging
import re
from datetime import datetime, timezone
from typing import Any, Iterable

from aucacc.datasets.fetch import lock_file, locked, openml_client
from aucacc.exceptions import ConfigError, FetchError
from aucacc.provenance import RESERVED_NAME_SUFFIXES, atomic_write_text
from aucacc.schemas import value_or_default

log = logging.getLogger(__name__)

#: The study keys that name OpenML objects, in the order they are expanded.
STUDY_KEYS = ("openml_suite", "openml_tasks", "openml_datasets")

#: OpenML's task type id of supervised classification (the only kind a study can use).
CLASSIFICATION = 1

#: The longest OpenML name kept in a data-set name (the name becomes a path part and a table row).
MAX_NAME_CHARS = 40


def names_openml(study: Any) -> bool:
    """Whether a study's config (``studies.<study>``) names an OpenML suite, tasks or data sets."""
    return isinstance(study, dict) and any(study.get(k) is not None for k in STUDY_KEYS)


def dataset_name(data_id: int, openml_name: str) -> str:
    """The data-set name of OpenML data set ``data_id``: ``openml-<data id>-<name>``.

    The OpenML name is sanitized to the characters a data-set name may have (``[A-Za-z0-9_.+-]``,
    each run of others becomes one ``-``) and cut to :data:`MAX_NAME_CHARS`, with the dot of a final
    :data:`aucacc.provenance.RESERVED_NAME_SUFFIXES` suffix made a ``-``; the id makes the name unique (two OpenML
    data sets may share a name, e.g. two versions).

    Examples
    --------
    >>> dataset_name(31, "credit-g")
    'openml-31-credit-g'
    >>> dataset_name(1480, "ilpd (Indian Liver)")
    'openml-1480-ilpd-Indian-Liver'
    """
    clean = re.sub(r"[^A-Za-z0-9_.+-]+", "-", openml_name).strip("-.")[:MAX_NAME_CHARS].rstrip("-.")
    for end in RESERVED_NAME_SUFFIXES:  # a name ending in one would write another's files (validate_config)
        if clean.casefold().endswith(end):
            clean = clean[:-len(end)] + "-" + clean[-len(end) + 1:]
    return f"openml-{int(data_id)}" + (f"-{clean}" if clean else "")


def dataset_entry(record: dict[str, Any]) -> dict[str, Any]:
    """The ``datasets`` entry of one OpenML data set, from its lock record (``openml_data:<id>``).

    ``source: {openml_id}``; ``recipe``: the default target, ``missing: keep``, and the row-id and
    ignored attributes as ``drop_columns`` with OpenML's reason.
    """
    recipe: dict[str, Any] = {"target": record["target"], "missing": "keep"}
    if record.get("drop"):
        recipe["drop_columns"] = dict(record["drop"])
    return {"source": {"openml_id": int(record["data_id"])}, "recipe": recipe}


def expand_studies(config: dict[str, Any], recheck: bool | None = None) -> dict[str, list[str]]:
    """Expand every study's OpenML suite, tasks and data sets into data-set entries, in place.

    For each study naming :data:`STUDY_KEYS`: the suite's tasks, then ``openml_tasks``, give data
    ids (in that order), then ``openml_datasets``; each data id once. Each becomes the entry
    :func:`dataset_entry` under ``datasets`` named :func:`dataset_name` (kept as configured when
    the config has that name with the same ``openml_id``), and its name is appended to the study's
    ``datasets`` (created if absent) unless already there. A config with no study naming OpenML is
    left as it is and no server is asked (the default config runs with no internet).

    What the servers said is read from the lock file when recorded there for the same server
    (config ``openml_server``), else asked with the ``openml`` client (config ``openml`` must be
    true) and recorded. With config ``openml_recheck`` true, recorded entries are asked again.

    Parameters
    ----------
    config : dict
        The config as read, before :func:`aucacc.config.validate_config` (which then checks the
        added entries and the studies' data-set names). Uses ``studies``, ``datasets``,
        ``openml``, ``openml_server``, ``openml_recheck`` and ``lock_file``.
    recheck : bool, optional
        Overrides config ``openml_recheck`` (the workflow's jobs pass ``False``: only the main
        process asks the servers again).

    Returns
    -------
    dict
        Study name -> the data-set names its OpenML keys expanded to, in order.

    Raises
    ------
    ConfigError
        A key of the wrong type; an id the server does not know (or a suite that is a study of
        runs, a task that is not a classification task); a data set without a single default
        target, or a task whose target is another attribute; a name collision with a configured
        data set; OpenML needed while config ``openml`` is false. Each message names the config
        key (``studies.<study>.openml_suite`` …) and what to do.
    FetchError
        The server cannot be reached (no internet) for something not in the lock file; or, with
        ``openml_recheck``, a recorded suite, task or data set changed on the server.
    """
    studies = config.get("studies")
    if not isinstance(studies, dict) or not any(names_openml(s) for s in studies.values()):
        return {}
    resolver = _Resolver(config, recheck)
    expanded: dict[str, list[str]] = {}
    try:
        for study, spec in studies.items():
            if names_openml(spec):
                expanded[study] = _expand_study(study, spec, config, resolver)
    finally:
        resolver.save()
    return expanded


def _ids(value: Any, key: str, many: bool) -> list[int]:
    """The OpenML id(s) of study key ``key``: a positive integer, or (``many``) a list of them."""
    items = value if many and isinstance(value, list) else [value]
    if (many and not isinstance(value, list)) or not all(
            isinstance(i, int) and not isinstance(i, bool) and i >= 1 for i in items):
        want = "a list of OpenML ids (positive integers), e.g. [3, 31]" if many else \
            "one OpenML suite id (a positive integer), e.g. 99 for OpenML-CC18"
        raise ConfigError(f"config key '{key}': {value!r} is not {want}")
    return list(items)


def _expand_study(study: str, spec: dict[str, Any], config: dict[str, Any], resolver: "_Resolver") -> list[str]:
    """Expand one study's OpenML keys (see :func:`expand_studies`); return the names added."""
    prefix = f"studies.{study}"
    data_ids: dict[int, str] = {}  # data id -> where the config asks for it (first time), for messages
    tasks: list[tuple[int, str]] = []
    if spec.get("openml_suite") is not None:
        key = f"{prefix}.openml_suite"
        (suite_id,) = _ids(spec["openml_suite"], key, many=False)
        tasks += [(t, f"config key '{key}' (suite {suite_id}, task {t})")
                  for t in resolver.suite(suite_id, f"config key '{key}'")["tasks"]]
    if spec.get("openml_tasks") is not None:
        key = f"{prefix}.openml_tasks"
        tasks += [(t, f"config key '{key}' (task {t})") for t in _ids(spec["openml_tasks"], key, many=True)]
    for task_id, key in tasks:
        task = resolver.task(task_id, key)
        data = resolver.data(task["data_id"], key)
        if task["target"] != data["target"]:
            raise ConfigError(
                f"{key}: OpenML task {task_id} predicts {task['target']!r}, but the default target "
                f"attribute of its data set {data['data_id']} ({data['name']!r}) is {data['target']!r}, and a study "
                f"takes the default target. Add the data set under 'datasets' yourself, with source "
                f"{{openml_id: {data['data_id']}}} and recipe.target {task['target']!r}, and name it in "
                f"'{prefix}.datasets' instead.")
        data_ids.setdefault(task["data_id"], key)
    if spec.get("openml_datasets") is not None:
        key = f"{prefix}.openml_datasets"
        for did in _ids(spec["openml_datasets"], key, many=True):
            resolver.data(did, f"config key '{key}' (data set {did})")
            data_ids.setdefault(did, f"config key '{key}' (data set {did})")
    datasets = config.setdefault("datasets", {})
    names = []
    for did, key in data_ids.items():
        record = resolver.data(did, key)
        name = dataset_name(did, record["name"])
        have = datasets.get(name)
        if have is None:
            datasets[name] = dataset_entry(record)
            resolver.added.add(name)
        elif name in resolver.added:
            pass  # another study's expansion of the same data set
        elif not (isinstance(have, dict) and isinstance(have.get("source"), dict)
                  and have["source"].get("openml_id") == did):
            raise ConfigError(
                f"{key}: OpenML data set {did} ({record['name']!r}) becomes data set {name!r}, but "
                f"'datasets.{name}' is configured with another source ({have.get('source') if isinstance(have, dict) else have!r}). "
                f"Rename the configured data set (names 'openml-<id>-…' are taken by OpenML expansions), or give it "
                f"source {{openml_id: {did}}} to use it as this data set's entry.")
        else:
            log.info("%s: OpenML data set %d is the configured 'datasets.%s' (its own recipe and pin)", key, did, name)
        _check_fetched(name, record, resolver, key)
        names.append(name)
    listed = spec.get("datasets")
    if listed is None:
        listed = spec["datasets"] = []
    elif not isinstance(listed, list):
        raise ConfigError(f"config key '{prefix}.datasets': {listed!r} is not a list of data-set names")
    listed.extend(n for n in names if n not in listed)
    return names


def _check_fetched(name: str, record: dict[str, Any], resolver: "_Resolver", key: str) -> None:
    """The raw file fetched for ``name`` (its lock entry) must have the MD5 the expansion recorded.

    The fetch checks a download against the description the server serves then; a file replaced
    on the server between the expansion and the fetch would otherwise pass unnoticed.
    """
    fetched = resolver.entries.get(name)
    if not (isinstance(fetched, dict) and fetched.get("openml_id") == record["data_id"]
            and fetched.get("server") == resolver.server and fetched.get("md5") and record.get("md5")):
        return
    if fetched["md5"] != record["md5"]:
        raise FetchError(
            f"{key}: the raw file of data set {name!r} was downloaded with MD5 {fetched['md5']} (lock file "
            f"{resolver.path}, entry {name!r}), but the expansion recorded OpenML data set {record['data_id']} with "
            f"MD5 {record['md5']} (entry 'openml_data:{record['data_id']}'): the server replaced the file in between. "
            f"Delete both entries (and the cached file under the cache folder's {name}/) to take the new file, "
            f"or restore the old one.")


class _Resolver:
    """What OpenML says about suites, tasks and data sets: from the lock file, else from the server.

    New records are kept in memory and written to the lock file by :meth:`save` (one write,
    under the lock file's lock, merged with what other processes wrote meanwhile).
    """

    def __init__(self, config: dict[str, Any], recheck: bool | None = None):
        self.path = lock_file(config)
        self.server = config.get("openml_server")
        self.online = bool(value_or_default(config, "openml", "openml"))
        self.recheck = bool(value_or_default(config, "openml_recheck", "openml_recheck") if recheck is None
                            else recheck)
        try:
            self.entries = json.loads(self.path.read_text()) if self.path.is_file() else {}
        except ValueError as exc:
            raise ConfigError(f"config key 'lock_file': {self.path} is not valid JSON ({exc}). Restore it from a "
                              f"copy, or delete it to resolve every OpenML suite and download again.") from None
        self.new: dict[str, dict[str, Any]] = {}
        self.checked: set[str] = set()
        self.added: set[str] = set()  # data-set names this expansion added to the config

    # -- the three kinds of record -------------------------------------------------------------------

    def suite(self, suite_id: int, key: str) -> dict[str, Any]:
        return self._record(f"openml_suite:{suite_id}", key, lambda oml: _ask_suite(oml, suite_id),
                            ("tasks",), f"OpenML suite {suite_id}")

    def task(self, task_id: int, key: str) -> dict[str, Any]:
        return self._record(f"openml_task:{task_id}", key, lambda oml: _ask_task(oml, task_id),
                            ("data_id", "target", "task_type_id"), f"OpenML task {task_id}")

    def data(self, data_id: int, key: str) -> dict[str, Any]:
        return self._record(f"openml_data:{data_id}", key, lambda oml: _ask_data(oml, data_id),
                            ("name", "version", "target", "md5", "drop"), f"OpenML data set {data_id}")

    # -- lock file or server ---------------------------------------------------------------------------

    def _record(self, lock_key: str, key: str, ask, compared: Iterable[str], what: str) -> dict[str, Any]:
        """The lock file's record ``lock_key`` (rechecked with ``openml_recheck``), else ``ask``'s answer, recorded.

        ``key`` is where the config asks for it (``config key '…' (suite 99, task 3)``), for messages.
        """
        if lock_key in self.new:
            return self.new[lock_key]
        old = self.entries.get(lock_key)
        if isinstance(old, dict) and old.get("server") == self.server:
            if self.recheck and lock_key not in self.checked:
                fresh = self._ask(ask, key, what)
                changed = [f"{k}: recorded {old.get(k)!r}, now {fresh.get(k)!r}" for k in compared
                           if _comparable(old.get(k)) != _comparable(fresh.get(k))]
                if changed:
                    raise FetchError(
                        f"{key}: {what} on {self.server or 'the OpenML server'} changed since the lock "
                        f"file {self.path} recorded it on {old.get('recorded_utc', '?')} ({'; '.join(changed)}). The "
                        f"run stops rather than follow it. To follow the new {what}, delete the entry {lock_key!r} "
                        f"from {self.path} and run again; to keep the recorded one, run without openml_recheck.")
                self.checked.add(lock_key)
                log.info("%s: %s unchanged on the server since %s", key, what, old.get("recorded_utc", "?"))
            return old
        if isinstance(old, dict):
            log.warning("%s: the lock file's entry %r was recorded for server %s, not %s: asking again", key,
                        lock_key, old.get("server"), self.server)
        record = {**self._ask(ask, key, what), "server": self.server,
                  "recorded_utc": datetime.now(timezone.utc).isoformat(timespec="seconds")}
        self.new[lock_key] = record
        return record

    def _ask(self, ask, key: str, what: str) -> dict[str, Any]:
        where = self.server or "the OpenML server"
        if not self.online:
            raise ConfigError(
                f"{key}: {what} is not in the lock file {self.path}, and config key 'openml' is false, "
                f"so no server is asked. Set openml: true (needs internet once; the lock file then resolves it "
                f"offline), or copy a lock file made where there is internet.")
        try:
            with openml_client(self.server) as oml:
                return ask(oml)
        except ImportError:
            raise ConfigError(f"{key}: the 'openml' package is needed to expand {what}: "
                              f"pip install openml") from None
        except ConfigError as exc:  # what the server said does not fit a study (raised by the _ask_* below)
            raise ConfigError(f"{key}: {exc}") from None
        except Exception as exc:  # the client raises many types (server answers, network, XML)
            from openml.exceptions import OpenMLServerException

            if isinstance(exc, OpenMLServerException):
                raise ConfigError(
                    f"{key}: {where} does not have {what} (it answered: {exc}). Check the id on "
                    f"openml.org (it is in the page address, e.g. https://www.openml.org/search?type=study&id=99 "
                    f"for suite 99).") from None
            raise FetchError(
                f"{key}: cannot ask {where} about {what} ({type(exc).__name__}: {exc}). A study naming "
                f"OpenML needs internet the first time; afterwards the lock file {self.path} resolves it offline. "
                f"Check the network (or config key 'openml_server'), or list the data sets under 'datasets' with "
                f"their files in data/raw.") from None

    def save(self) -> None:
        """Write the new records into the lock file (merged with its current content, under its lock)."""
        if not self.new:
            return
        with locked(self.path):
            try:
                entries = json.loads(self.path.read_text()) if self.path.is_file() else {}
            except ValueError:
                entries = {}
            entries.update(self.new)
            atomic_write_text(self.path, json.dumps(entries, indent=2, sort_keys=True) + "\n")
        log.info("recorded %d OpenML entries in %s", len(self.new), self.path)
        self.entries.update(self.new)
        self.new = {}


def _comparable(value: Any) -> Any:
    """A lock-file value and a fresh one compared alike (JSON turns tuples into lists)."""
    return json.loads(json.dumps(value))


# --- asking the server (the openml client) ----------------------------------------------------------------

def _ask_suite(oml: Any, suite_id: int) -> dict[str, Any]:
    """Suite ``suite_id``: its name, alias and task ids (in the server's order)."""
    try:
        suite = oml.study.get_suite(suite_id)
    except ValueError as exc:  # the client: "Unexpected entity type 'run' ..." (a study of runs)
        raise ConfigError(f"OpenML id {suite_id} is not a benchmark suite of tasks ({exc}); give a suite id "
                          f"(e.g. 99, OpenML-CC18)") from None
    return {"suite_id": suite_id, "name": suite.name, "alias": suite.alias, "tasks": [int(t) for t in suite.tasks or []]}


def _ask_task(oml: Any, task_id: int) -> dict[str, Any]:
    """Task ``task_id``: its data id, target and type; only supervised classification is accepted."""
    task = oml.tasks.get_task(task_id, download_splits=False, download_data=False, download_qualities=False,
                              download_features_meta_data=False)
    type_id = int(getattr(task.task_type_id, "value", task.task_type_id))
    if type_id != CLASSIFICATION:
        raise ConfigError(f"OpenML task {task_id} is a {task.task_type!r} task, not supervised classification: "
                          f"remove it (a study compares classifiers)")
    return {"task_id": task_id, "data_id": int(task.dataset_id), "target": task.target_name,
            "task_type_id": type_id}


def _ask_data(oml: Any, data_id: int) -> dict[str, Any]:
    """Data set ``data_id``'s description: name, version, default target, MD5, attributes to drop."""
    ds = oml.datasets.get_dataset(data_id, download_data=False, download_qualities=False,
                                  download_features_meta_data=False)
    target = ds.default_target_attribute
    if not target or "," in target:
        raise ConfigError(
            f"OpenML data set {data_id} ({ds.name!r}) has {'no default target attribute' if not target else f'several default target attributes ({target})'}, "
            f"so a study cannot tell its class. Add it under 'datasets' yourself with source {{openml_id: {data_id}}} "
            f"and a recipe.target, and name it in the study's 'datasets' instead.")
    drop = {}
    if ds.row_id_attribute:
        drop[ds.row_id_attribute] = "OpenML row_id_attribute (an identifier, not an attribute)"
    ignore = ds.ignore_attribute or []
    for a in [ignore] if isinstance(ignore, str) else ignore:
        drop.setdefault(a, "OpenML ignore_attribute")
    return {"data_id": data_id, "name": ds.name, "version": int(ds.version), "target": target,
            "md5": ds.md5_checksum, "drop": drop}
