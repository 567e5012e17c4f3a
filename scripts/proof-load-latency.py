#!/usr/bin/env python3
"""Issue 29, item 1: isready and stop while kete loads the largest proof it accepts.

  scripts/proof-load-latency.py [POSITIONS] [FILE]   (defaults 3600000, /tmp/huge.proof)

Writes the kujifunza `follow` proof followed by POSITIONS distinct random kujifunza
positions with South to move, each with its first legal move (asked of kete: `query
moves`); the checker parses every line before it finds the first one unreached from the
root. Then, with Hash 4096, sets ProofFile to it and times `isready` and `stop` during
the load, and the load's end. Uses build/release/kete.
"""
import os, random, subprocess, sys, time

from kete_engine import KETE as kete, ROOT as root, Engine
count = int(sys.argv[1]) if len(sys.argv) > 1 else 3600000
path = sys.argv[2] if len(sys.argv) > 2 else "/tmp/huge.proof"

random.seed(7)
positions = set()
while len(positions) < count:
    pits = [0] * 32
    for _ in range(64):
        pits[random.randrange(32)] += 1
    positions.add("/".join(",".join(map(str, pits[i * 8:(i + 1) * 8])) for i in range(4)) + " S")
positions = sorted(positions)
commands = ["setoption name UCI_Variant value kujifunza", "setoption name KichwaRule value follow"]
for p in positions:
    commands += ["position fen " + p, "query gameover", "query moves"]
answers = subprocess.run([kete], input="\n".join(commands) + "\n", capture_output=True,
                         text=True, check=True).stdout.splitlines()
with open(path, "w") as out:
    out.write(open(os.path.join(root, "tuning", "proofs", "kujifunza-follow.proof")).read())
    for i, p in enumerate(positions):
        over, moves = answers[2 * i], answers[2 * i + 1].split()
        if over == "response false" and len(moves) > 1:
            out.write(f"{p}\t{moves[1]}\n")
print(f"{path}: {os.path.getsize(path)} bytes")

engine = Engine()
send, until = engine.send, engine.until
for c in ["setoption name UCI_Variant value kujifunza", "setoption name KichwaRule value follow",
          "setoption name Hash value 4096", "isready"]:
    send(c)
until("readyok")
start = time.time()
send("setoption name ProofFile value " + path)
send("isready")
_, end = until("readyok", keep="info string")  # a small proof's load may end at once
print(f"isready during the load: {(time.time() - start) * 1000:.1f} ms")
send("position startpos moves A6L")
send("go infinite")
time.sleep(0.2)
asked = time.time()
send("stop")
_, later = until("bestmove", keep="info string")
print(f"stop during the load: {(time.time() - asked) * 1000:.1f} ms")
end = later or end or until("info string")
print(f"the load ended after {time.time() - start:.1f} s: {end.strip()[:120]}")
engine.quit()
