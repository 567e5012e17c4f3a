# main-vs-0.2-bao-2s-lmr-b: main with late move reductions in bao (a231b44) against kete
# 0.2 (0e4af09) a second time, issue 30's match (2 s + 0.02 s, 400 games, bao's balanced
# book both ways, one game at a time), docs/strength.md "Late move reductions in bao".
commit: a231b44 (main), 0e4af09 (kete 0.2, built by scripts/build-commit.sh 0e4af09 kete)
command: build/release/kete-match --engine cmd=build/release/kete name=main --engine cmd=build/commits/0e4af0940f282245816d140c4f13f6878b3c5824/build/release/kete name=kete-0.2 --variant bao --openings tuning/books/bao.txt --games 400 --tc 2+0.02 --margin 2000 --concurrency 1 --quiet
load: 1-3 (a CI rehearsal from a fresh clone for its first 8 minutes, then nothing else)
time: about 28 min (11:37-12:05, 2026-12-06)
