# main-vs-0.2-bao-2s-f: main against kete 0.2 (0e4af09) in bao a sixth time, issue 30's match
# (2 s + 0.02 s, 400 games, bao's balanced book both ways, one game at a time),
# docs/strength.md "Main against kete 0.2". The engine of main is that of 43e57e9 (bao's
# laps in a 128-bit ring word: 20.7% fewer instructions than 6f68146's in bao, the same
# tree).
commit: 43e57e9 (main), 0e4af09 (kete 0.2, built by scripts/build-commit.sh 0e4af09 kete)
command: build/release/kete-match --engine cmd=build/release/kete name=main --engine cmd=build/commits/0e4af0940f282245816d140c4f13f6878b3c5824/build/release/kete name=kete-0.2 --variant bao --openings tuning/books/bao.txt --games 400 --tc 2+0.02 --margin 2000 --concurrency 1 --quiet
load: 2-4 (two kete-datagen runs at nice 19; from game 100 the deep6-against-net4 kiswahili match on the other core)
time: about 31 min (04:43-05:14, 2026-12-06)
