# main-vs-0.2-bao-2s-c: main against kete 0.2 (0e4af09) in bao a third time, issue 30's match
# (2 s + 0.02 s, 400 games, bao's balanced book both ways, one game at a time),
# docs/strength.md "Main against kete 0.2". The engine of main is that of 83be3df (the
# table's move searched before the other moves are generated, the ring's seeds counted a
# word at a time: 11% less time to depth in bao, the same tree as 4bf6b3b's).
commit: 83be3df (main), 0e4af09 (kete 0.2, built by scripts/build-commit.sh 0e4af09 kete)
command: build/release/kete-match --engine cmd=build/release/kete name=main --engine cmd=build/commits/0e4af0940f282245816d140c4f13f6878b3c5824/build/release/kete name=kete-0.2 --variant bao --openings tuning/books/bao.txt --games 400 --tc 2+0.02 --margin 2000 --concurrency 1 --quiet
load: 1.0-2.5 (callgrind and time-to-depth measurements under nice on the other core)
time: 30 min (21:56-22:26, 2026-12-05)
