# threads2-vs-1-kigogo-2s-abdada: Threads 2 against Threads 1 at equal wall time in kigogo,
# once the threads share out a node's moves (c52eafa), docs/strength.md "Threads that pay".
# A clock match on two threads: scripts/rerun-match.sh refuses it.
commit: c52eafa (one binary both ways)
command: build/release/kete-match --engine cmd=build/release/kete name=threads2 option.Threads=2 --engine cmd=build/release/kete name=threads1 --variant kigogo --openings tuning/books/kigogo.txt --games 400 --tc 2+0.02 --concurrency 1 --quiet --pgn threads2-vs-1-kigogo-2s-abdada.pgn
load: 0.9-2.0 (nothing else running)
time: 38 min (21:27-22:05, 2026-12-04)
