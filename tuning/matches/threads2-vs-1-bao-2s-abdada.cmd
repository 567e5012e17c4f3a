# threads2-vs-1-bao-2s-abdada: Threads 2 against Threads 1 at equal wall time in bao, once
# the threads share out a node's moves (c52eafa), docs/strength.md "Threads that pay".
# A clock match on two threads: scripts/rerun-match.sh refuses it.
commit: c52eafa (one binary both ways)
command: build/release/kete-match --engine cmd=build/release/kete name=threads2 option.Threads=2 --engine cmd=build/release/kete name=threads1 --variant bao --openings tuning/books/bao.txt --games 400 --tc 2+0.02 --concurrency 1 --quiet --pgn threads2-vs-1-bao-2s-abdada.pgn
load: 1.3-1.6 (nothing else running)
time: 30 min (20:11-20:41, 2026-12-04)
