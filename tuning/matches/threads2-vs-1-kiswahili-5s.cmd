# threads2-vs-1-kiswahili-5s: Threads 2 against Threads 1 at equal wall time, after the
# table moved to huge pages (e27aaf7), docs/strength.md "Threads: time to depth".
# A clock match on two threads: scripts/rerun-match.sh refuses it.
commit: 86a6cc2
command: build/release/kete-match --engine cmd=build/release/kete name=threads2 option.Threads=2 --engine cmd=build/release/kete name=threads1 --variant kiswahili --openings tuning/books/kiswahili.txt --games 200 --tc 5+0.05 --concurrency 1 --quiet
load: 1.3 at the start, 1.5 at the end (nothing else running; a solver run held stopped by SIGSTOP)
time: 23 min 15 s
