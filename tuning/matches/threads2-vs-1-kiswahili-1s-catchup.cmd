# threads2-vs-1-kiswahili-1s-catchup: Threads 2 against Threads 1 at equal wall time, with
# the deepest thread's move played and each helper catching up with the main thread's
# iteration (the odd helpers a ply beyond it), docs/strength.md "Threads: time to depth".
# Tried and dropped: the code is not in the repository; the .patch beside this file
# applies to the commit below and rebuilds the engine that played.
# A clock match on two threads: scripts/rerun-match.sh refuses it.
commit: 7a01f6e with threads2-vs-1-kiswahili-1s-catchup.patch applied
command: build/release/kete-match --engine cmd=build/release/kete name=threads2 option.Threads=2 --engine cmd=build/release/kete name=threads1 --variant kiswahili --openings tuning/books/kiswahili.txt --games 200 --tc 1+0.02 --concurrency 1 --quiet
load: 1.7 at the start, 1.9 at the end (nothing else running)
time: 6 min 26 s
