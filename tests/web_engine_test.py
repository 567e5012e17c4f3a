#!/usr/bin/env python3
"""The WebAssembly engine under Node answers as the native one (scripts/web-test.sh).

  tests/web_engine_test.py [ROOT]

1. `node web/node.mjs bench` prints the signature of tests/data/bench.txt, per variant;
2. the perft counts of tests/data/perft (every position, the depths up to MAX_LEAVES
   leaves) through the protocol's `perft`, in one session, every variant and kichwa rule;
3. `isready` is answered during a `go infinite` of two threads, and `stop` ends it with
   a bestmove;
4. bad input (a command that does not exist, a bad position, a huge Hash) is an error
   line, never the end of the engine.
Exit status 0, or 1 with a line per difference.
"""
import os
import subprocess
import sys
import time

MAX_LEAVES = 200_000
VARIANTS = {  # perft file: the options that select its rules
    "bao.txt": ["setoption name UCI_Variant value bao"],
    "kigogo.txt": ["setoption name UCI_Variant value kigogo"],
    "kiswahili.txt": ["setoption name UCI_Variant value kiswahili"],
    "kujifunza-choose.txt": ["setoption name UCI_Variant value kujifunza",
                             "setoption name KichwaRule value choose"],
    "kujifunza-follow.txt": ["setoption name UCI_Variant value kujifunza",
                             "setoption name KichwaRule value follow"],
}


def node(root, *args, stdin=None, timeout=600):
    return subprocess.run(["node", os.path.join(root, "web", "node.mjs"), *args], input=stdin,
                          capture_output=True, text=True, timeout=timeout, check=False)


def bench(root):
    expected = {}
    with open(os.path.join(root, "tests", "data", "bench.txt"), encoding="utf-8") as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                variant, nodes = line.split()
                expected[variant] = int(nodes)
    run = node(root, "bench")
    if run.returncode != 0:
        return [f"bench: exit status {run.returncode}: {run.stderr.strip()}"]
    actual = {}
    for line in run.stdout.splitlines():
        if not line.strip():
            break
        variant, nodes = line.split()[:2]
        actual[variant] = actual.get(variant, 0) + int(nodes)
    if actual != expected:
        return [f"bench: {actual}, tests/data/bench.txt says {expected}"]
    print(f"web_engine_test: bench {sum(actual.values())} nodes, as native")
    return []


def perft(root):
    commands, expected = [], []
    for name, options in VARIANTS.items():
        commands += options
        with open(os.path.join(root, "tests", "data", "perft", name), encoding="utf-8") as f:
            for line in f:
                if not line.strip() or line.startswith("#"):
                    continue
                position, counts = line.split(";")
                commands.append(f"position fen {position.strip()}")
                for depth, count in enumerate(counts.split(), 1):
                    if int(count) > MAX_LEAVES:
                        break
                    commands.append(f"perft {depth}")
                    expected.append((name, position.strip(), depth, int(count)))
    commands.append("quit")
    run = node(root, stdin="\n".join(commands) + "\n")
    totals = [int(line.split(":")[1]) for line in run.stdout.splitlines()
              if line.startswith("Nodes searched:")]
    problems = []
    if run.returncode != 0 or len(totals) != len(expected):
        problems.append(f"perft: exit status {run.returncode}, {len(totals)} totals for "
                        f"{len(expected)} perfts: {run.stderr.strip()[-500:]}")
    for (name, position, depth, count), total in zip(expected, totals):
        if total != count:
            problems.append(f"perft: {name} {position} depth {depth}: {total}, expected {count}")
    if not problems:
        print(f"web_engine_test: {len(expected)} perft counts of tests/data/perft, as native")
    return problems


def during_search(root):
    """isready and stop while `go infinite` runs on its own threads (two: a helper)."""
    proc = subprocess.Popen(["node", os.path.join(root, "web", "node.mjs")],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def send(line):
        proc.stdin.write(line + "\n")
        proc.stdin.flush()

    def until(word):
        start = time.monotonic()
        for line in proc.stdout:
            if line.split()[:1] == [word]:
                return time.monotonic() - start, line.strip()
        return None, None

    problems = []
    try:
        send("uci")
        until("uciok")
        send("setoption name Threads value 2")
        send("position startpos")
        send("go infinite")
        time.sleep(1.0)
        send("isready")
        ready, _ = until("readyok")
        send("stop")
        stopped, best = until("bestmove")
        if ready is None or stopped is None:
            problems.append("go infinite: no readyok or no bestmove")
        else:
            print(f"web_engine_test: during a search, readyok in {ready * 1000:.0f} ms, "
                  f"stop to '{best}' in {stopped * 1000:.0f} ms")
        send("quit")
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    return problems


def bad_input(root):
    lines = ["nonsense", "position fen 1,2,3", "go depth x", "setoption name Hash value 1000000",
             "perft 99", "\x01\x02", "é" * 1000, "isready", "quit"]
    run = node(root, stdin="\n".join(lines) + "\n", timeout=60)
    if run.returncode != 0 or "readyok" not in run.stdout:
        return [f"bad input: exit status {run.returncode}, no readyok: {run.stdout[-500:]}"
                f" {run.stderr[-500:]}"]
    errors = sum(1 for line in run.stdout.splitlines() if line.startswith("info string error"))
    print(f"web_engine_test: bad input: {errors} error lines, then readyok")
    return []


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..")
    problems = bench(root) + perft(root) + during_search(root) + bad_input(root)
    for p in problems:
        print(f"web_engine_test: {p}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
