#!/usr/bin/env python3
"""Time to depth of `go depth D` at several thread counts (docs/strength.md, "Threads").

usage: scripts/time-to-depth.py VARIANT DEPTH [POSITIONS [THREADS...]]

The first POSITIONS (default 20) openings of tuning/books/VARIANT.txt, each searched from
a new game (`ucinewgame`, a 64 MiB table) to DEPTH with each thread count (default 1 2 4),
one search at a time. Prints, per thread count, the wall time summed over the positions,
the engine's CPU time over the wall time (about the thread count when each thread had a
core of its own: less says the machine was busy), the nodes, and the speed-up against the
first count: the total time ratio and the geometric mean of the per-position ratios. Wall
time, so run it on a quiet machine; more threads than cores is an oversubscribed
simulation, not a measure of a bigger machine.
"""
import math
import os
import sys
import time

from kete_engine import ROOT, Engine


def main():
    if len(sys.argv) < 3 or sys.argv[1] in ('-h', '--help'):
        print(__doc__.strip().split('\n\n')[1])
        sys.exit(0 if len(sys.argv) > 1 else 2)
    variant, depth = sys.argv[1], int(sys.argv[2])
    count = int(sys.argv[3]) if len(sys.argv) > 3 else 20
    threads = [int(t) for t in sys.argv[4:]] or [1, 2, 4]
    book = os.path.join(ROOT, 'tuning', 'books', f'{variant}.txt')
    with open(book) as f:
        openings = [l.strip() for l in f if l.strip() and not l.startswith('#')][:count]
    engine = Engine()
    send = engine.send
    send(f'setoption name UCI_Variant value {variant}')
    if variant == 'kujifunza':
        send('setoption name KichwaRule value follow')
    send('setoption name Hash value 64')
    times = {t: [] for t in threads}
    cpu = {t: 0.0 for t in threads}
    nodes = {t: 0 for t in threads}
    for opening in openings:
        for t in threads:
            send(f'setoption name Threads value {t}')
            send('ucinewgame')
            send(f'position {opening}')
            send('isready')
            engine.until('readyok')
            start, start_cpu = time.monotonic(), engine.cpu_seconds()
            send(f'go depth {depth}')
            _, last = engine.until('bestmove', keep='info depth')
            times[t].append(time.monotonic() - start)
            cpu[t] += engine.cpu_seconds() - start_cpu
            words = last.split()
            nodes[t] += int(words[words.index('nodes') + 1]) if 'nodes' in words else 0
    engine.quit()
    base = threads[0]
    print(f'{variant}, depth {depth}, {len(openings)} book positions, Hash 64')
    print('| threads | wall time (s) | CPU / wall | nodes | speed-up (total) | '
          'speed-up (geometric mean) |')
    print('|---|---|---|---|---|---|')
    for t in threads:
        total = sum(times[t])
        ratios = [b / max(x, 1e-6) for b, x in zip(times[base], times[t])]
        geo = math.exp(sum(math.log(r) for r in ratios) / len(ratios))
        print(f'| {t} | {total:.2f} | {cpu[t] / total:.2f} | {nodes[t]:,} | '
              f'{sum(times[base]) / total:.2f} | {geo:.2f} |')


if __name__ == '__main__':
    main()
