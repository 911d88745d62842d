"""Make the tiny raw files of the test configuration from the committed raw files (data/raw).

Every k-th data row of a file is kept, header and comments as they are, so the files keep the
quirks of the real ones (CRLF, ``integer [1,10]`` ranges, ``?``, a headerless ``.data`` file)
while the whole workflow runs in about a minute. Run from the repository root::

    python .test/make_data.py

It rewrites ``.test/data/raw`` (and its SHA256SUMS); ``.test/config/config.yaml`` records the
same checksums.
"""

import hashlib
from pathlib import Path

SRC = Path("data/raw")
DEST = Path(".test/data/raw")
EVERY = {"breast.w.arff": 10, "vote.arff": 4, "iris.arff": 3, "bupa.data": 6}  # file -> keep every k-th row


def subsample(text: bytes, k: int, arff: bool) -> bytes:
    lines = text.splitlines(keepends=True)
    if arff:
        at = next(i for i, ln in enumerate(lines) if ln.strip().lower() == b"@data") + 1
    else:
        at = 0
    head, rows = lines[:at], [ln for ln in lines[at:] if ln.strip()]
    return b"".join(head + rows[::k])


def main() -> None:
    DEST.mkdir(parents=True, exist_ok=True)
    sums = []
    for name, k in EVERY.items():
        data = subsample((SRC / name).read_bytes(), k, name.endswith(".arff"))
        (DEST / name).write_bytes(data)
        sums.append(f"{hashlib.sha256(data).hexdigest()}  {name}\n")
    (DEST / "SHA256SUMS").write_text("".join(sorted(sums, key=lambda s: s.split()[1])))


if __name__ == "__main__":
    main()
