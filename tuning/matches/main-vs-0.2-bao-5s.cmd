# main-vs-0.2-bao-5s: main against kete 0.2 (0e4af09) in bao at a longer control (issue 30
# allows 2 s + 0.02 s or longer), 400 games, bao's balanced book both ways, one game at a
# time, docs/strength.md "Main against kete 0.2".
commit: ef8d9b6 (main, Threads 1: its search is 4bf6b3b's), 0e4af09 (kete 0.2, built by scripts/build-commit.sh 0e4af09 kete)
command: build/release/kete-match --engine cmd=build/release/kete name=main --engine cmd=build/commits/0e4af0940f282245816d140c4f13f6878b3c5824/build/release/kete name=kete-0.2 --variant bao --openings tuning/books/bao.txt --games 400 --tc 5+0.05 --margin 2000 --concurrency 1 --quiet --pgn main-vs-0.2-bao-5s.pgn
load: 1.5-2.9 (builds, callgrind and solver measurements under nice on the other core; the match at nice 5)
time: 72 min (22:40-23:52, 2026-12-04)
