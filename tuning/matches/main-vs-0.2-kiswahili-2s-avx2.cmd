# main-vs-0.2-kiswahili-2s-avx2: main against kete 0.2 (0e4af09) in kiswahili, issue 30's match
# (2 s + 0.02 s, 400 games, kiswahili's book both ways, one game at a time),
# docs/strength.md "Kiswahili with the nets' sums in AVX2". The engine of main is that of
# 0019d3b (the fourth net as in main-vs-0.2-kiswahili-2s-threats; since then the ring's seeds
# counted a word at a time and the net's sums in AVX2 copies: 10% fewer instructions, the
# same tree).
commit: 0019d3b (main), 0e4af09 (kete 0.2, built by scripts/build-commit.sh 0e4af09 kete)
command: build/release/kete-match --engine cmd=build/release/kete name=main --engine cmd=build/commits/0e4af0940f282245816d140c4f13f6878b3c5824/build/release/kete name=kete-0.2 --variant kiswahili --openings tuning/books/kiswahili.txt --games 400 --tc 2+0.02 --margin 2000 --concurrency 1 --quiet
load: 3.0-4.1 (a CI rehearsal, .ci/run in a fresh clone under nice, on the other core)
time: 20 min (23:04-23:24, 2026-12-05)
