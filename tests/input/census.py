"""Every case of tests/input/cases.py through the real ``companion`` command, each in a
subprocess in a fresh folder, counted by outcome and family:

    .venv/bin/python -m tests.input.census [-j 2] [--family NAME] [--json FILE] [--show]
                                           [--root CHECKOUT]

(--root: run another checkout's code, e.g. an export of the commit before a change.)

A dashboard counts as accepted as soon as it draws; a process that neither ends nor draws
within --timeout seconds is a hang.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path

from tests.input.cases import Case, all_cases, prepare

OUTCOMES = ("refused", "accepted", "traceback", "hang", "lost")
DRAWN = b"\x1b["   # a dashboard's first screen


@dataclass(frozen=True)
class Result:
    case: str
    family: str
    outcome: str
    one_line: bool
    said: str        # the last lines of stderr


class _Run:
    """One process, its output read as it comes."""

    def __init__(self, case: Case, folder: Path, root: Path):
        limit = case.fsize

        def limited() -> None:
            if limit is not None:
                resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

        self.out = bytearray()
        self.err = bytearray()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "companion", *case.words(folder)], cwd=folder,
            env={**os.environ, "COLUMNS": "80", "LINES": "24",
                 "PYTHONPATH": str(root),
                 **case.environment(folder)},
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            start_new_session=True, preexec_fn=limited)
        self.readers = [threading.Thread(target=self._read, args=(s, b), daemon=True)
                        for s, b in ((self.process.stdout, self.out),
                                     (self.process.stderr, self.err))]
        for reader in self.readers:
            reader.start()

    @staticmethod
    def _read(stream, into: bytearray) -> None:
        for chunk in iter(lambda: stream.read1(65536), b""):
            into.extend(chunk)

    def wait(self, timeout: float) -> str:
        """"ended", "drawn" (a dashboard, left running), "busy" (still at work after
        ``timeout`` seconds, and saying so: a recording replayed) or "hang" (silent)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                for reader in self.readers:
                    reader.join(5)
                return "ended"
            if DRAWN in self.out or DRAWN in self.err:   # (Textual draws on either)
                return "drawn"
            time.sleep(0.05)
        return "busy" if self.out or self.err else "hang"

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()


ROOT = Path(__file__).resolve().parents[2]


def run_case(case: Case, timeout: float, root: Path = ROOT) -> Result:
    with tempfile.TemporaryDirectory(prefix="census-") as tmp:
        folder = Path(tmp)
        prepare(folder)
        kept = {name: (folder / name).read_bytes() for name in case.keep}
        first = _Run(case, folder, root)
        runs = [first]
        try:
            state = first.wait(timeout)
            if case.twice and state == "drawn":
                runs.append(_Run(case, folder, root))
                state = runs[-1].wait(timeout)
            run = runs[-1]
        finally:
            for each in runs:
                each.stop()
        err = run.err.decode("utf-8", "replace")
        lines = [line for line in err.splitlines() if line.strip()]
        status = run.process.returncode
        if "Traceback (most recent call last)" in err or (state == "ended" and (
                status is None or status < 0 or status not in (0, 1, 2, 130))):
            outcome = "traceback"
        elif any((folder / name).read_bytes() != data if (folder / name).is_file() else True
                 for name, data in kept.items()) or (case.twice and state == "drawn"):
            outcome = "lost"
        elif state == "hang":
            outcome = "hang"
        elif state in ("drawn", "busy") or status == 0:
            outcome = "accepted"
        else:
            outcome = "refused"
        return Result(case.label, case.family, outcome, len(lines) == 1,
                      "\n".join(lines[-3:])[-400:])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-j", "--jobs", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=40.0)
    parser.add_argument("--root", type=Path, default=ROOT)
    parser.add_argument("--family")
    parser.add_argument("--json", type=Path, help="keep every result in this file")
    parser.add_argument("--show", action="store_true",
                        help="list every case that is not a one-line refusal or acceptance")
    args = parser.parse_args()
    cases = [c for c in all_cases() if args.family in (None, c.family)]
    started = time.monotonic()
    with ThreadPoolExecutor(args.jobs) as pool:
        results = list(pool.map(lambda case: run_case(case, args.timeout, args.root), cases))
    if args.json:
        args.json.write_text(json.dumps([asdict(r) for r in results], ensure_ascii=False,
                                        indent=1), encoding="utf-8")
    families = sorted({r.family for r in results})
    counts = Counter((r.family, r.outcome) for r in results)
    print(f"{len(results)} inputs in {time.monotonic() - started:.0f} s")
    print(f"{'family':10}" + "".join(f"{o:>10}" for o in OUTCOMES) + f"{'several lines':>15}")
    for family in families + [None]:
        def n(outcome):
            return sum(v for (f, o), v in counts.items() if o == outcome and family in (None, f))
        several = sum(1 for r in results if r.outcome == "refused" and not r.one_line
                      and family in (None, r.family))
        print(f"{family or 'all':10}" + "".join(f"{n(o):>10}" for o in OUTCOMES)
              + f"{several:>15}")
    if args.show:
        for r in results:
            if r.outcome in ("traceback", "hang", "lost") or (
                    r.outcome == "refused" and not r.one_line):
                print(f"\n[{r.outcome}{'' if r.one_line else ', several lines'}] {r.case}\n"
                      f"    " + r.said.replace("\n", "\n    "))
    return 0


if __name__ == "__main__":
    sys.exit(main())
