# threads2-vs-1-kiswahili-1s: Threads 2 against Threads 1 at equal wall time, after the
# table moved to huge pages (e27aaf7), docs/strength.md "Threads: time to depth".
# A clock match on two threads: scripts/rerun-match.sh refuses it.
commit: 86a6cc2
command: build/release/kete-match --engine cmd=build/release/kete name=threads2 option.Threads=2 --engine cmd=build/release/kete name=threads1 --variant kiswahili --openings tuning/books/kiswahili.txt --games 200 --tc 1+0.02 --concurrency 1 --quiet
load: 1.6 at the start, 2.2 at the end (nothing else running; a solver run held stopped by SIGSTOP)
time: 6 min 17 s
