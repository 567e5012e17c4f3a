# main-vs-0.2-bao-2s-d: main against kete 0.2 (0e4af09) in bao a fourth time, issue 30's match
# (2 s + 0.02 s, 400 games, bao's balanced book both ways, one game at a time),
# docs/strength.md "Main against kete 0.2". The engine of main is that of d29fd7e (also
# the weights' ring counts a word at a time and the horizon evaluating before it
# generates: 15-20% fewer instructions than 83be3df's in bao, the same tree).
commit: d29fd7e (main), 0e4af09 (kete 0.2, built by scripts/build-commit.sh 0e4af09 kete)
command: build/release/kete-match --engine cmd=build/release/kete name=main --engine cmd=build/commits/0e4af0940f282245816d140c4f13f6878b3c5824/build/release/kete name=kete-0.2 --variant bao --openings tuning/books/bao.txt --games 400 --tc 2+0.02 --margin 2000 --concurrency 1 --quiet
load: 2.6-4.1 (a CI rehearsal, .ci/run in a fresh clone under nice, and callgrind and timing runs under nice)
time: 30 min (22:27-22:57, 2026-12-05)
