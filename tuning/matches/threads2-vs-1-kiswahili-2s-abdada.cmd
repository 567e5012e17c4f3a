# threads2-vs-1-kiswahili-2s-abdada: Threads 2 against Threads 1 at equal wall time once
# the threads share out a node's moves (simplified ABDADA, search/threads.h InFlight; no
# helper depth skew), issue 30's "Threads that pay", docs/strength.md "Threads that pay".
# A clock match on two threads: scripts/rerun-match.sh refuses it.
commit: c52eafa (one binary both ways)
command: build/release/kete-match --engine cmd=build/release/kete name=threads2 option.Threads=2 --engine cmd=build/release/kete name=threads1 --variant kiswahili --openings tuning/books/kiswahili.txt --games 400 --tc 2+0.02 --concurrency 1 --quiet --pgn threads2-vs-1-kiswahili-2s-abdada.pgn
load: 1.5-1.8 (nothing else running)
time: 20 min (19:45-20:05, 2026-12-04)
