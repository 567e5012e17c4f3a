#!/usr/bin/env python3
"""Nodes per CPU second of one `go nodes N` search (docs/performance.md, "The net's cost").

usage: scripts/net_nps.py VARIANT FEN|start NODES [EVALFILE]

The CPU time is the engine process's own (/proc/<pid>/stat), so the machine's load counts
less than in a wall-clock nodes/s. Kujifunza is searched under KichwaRule follow.
"""
import os
import subprocess
import sys

KETE = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'build', 'release', 'kete')
variant, fen, nodes = sys.argv[1], sys.argv[2], sys.argv[3]
ev = sys.argv[4] if len(sys.argv) > 4 else None
p = subprocess.Popen([KETE], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
def send(s): p.stdin.write(s + '\n'); p.stdin.flush()
send(f'setoption name UCI_Variant value {variant}')
if ev: send(f'setoption name EvalFile value {ev}')
send('setoption name KichwaRule value follow') if variant == 'kujifunza' else None; send('position startpos' if fen == 'start' else f'position fen {fen}'); send('isready')
while p.stdout.readline().strip() != 'readyok': pass
def cpu():
    f = open(f'/proc/{p.pid}/stat').read().split(); return (int(f[13]) + int(f[14])) / os.sysconf('SC_CLK_TCK')
c0 = cpu(); last = ''
send(f'go nodes {nodes}')
while True:
    l = p.stdout.readline()
    if l.startswith('info depth'): last = l
    if l.startswith('bestmove'): break
c1 = cpu(); send('quit'); p.wait()
w = last.split(); d = w[w.index('depth') + 1]
n = int(nodes); print(f'{variant} eval={ev or "<default>"} depth {d} nodes {n} cpu {c1-c0:.2f}s nodes/cpu-s {n/(c1-c0)/1e6:.3f} M')
