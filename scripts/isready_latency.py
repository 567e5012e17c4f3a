#!/usr/bin/env python3
"""Times `isready` -> `readyok` after `setoption name Hash value N` (and after `ucinewgame`)."""
import subprocess, sys, time
exe, mb = sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else "4096"
p = subprocess.Popen([exe], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
def ready(cmd):
    t = time.monotonic()
    p.stdin.write(cmd + "\nisready\n"); p.stdin.flush()
    while p.stdout.readline().strip() != "readyok": pass
    return time.monotonic() - t
ready("uci")
print(f"setoption Hash {mb} -> readyok: {ready(f'setoption name Hash value {mb}'):.3f} s")
print(f"ucinewgame        -> readyok: {ready('ucinewgame'):.3f} s")
t = time.monotonic(); p.stdin.write("quit\n"); p.stdin.flush(); p.wait()
print(f"quit              -> exit:    {time.monotonic() - t:.3f} s")
