# main-vs-0.2-bao-2s-e: main against kete 0.2 (0e4af09) in bao a fifth time, issue 30's match
# (2 s + 0.02 s, 400 games, bao's balanced book both ways, one game at a time),
# docs/strength.md "Main against kete 0.2". The engine of main is that of 6f68146 (also
# the capture targets a word at a time: 4.4% fewer instructions than d29fd7e's in bao,
# the same tree).
commit: 6f68146 (main), 0e4af09 (kete 0.2, built by scripts/build-commit.sh 0e4af09 kete)
command: build/release/kete-match --engine cmd=build/release/kete name=main --engine cmd=build/commits/0e4af0940f282245816d140c4f13f6878b3c5824/build/release/kete name=kete-0.2 --variant bao --openings tuning/books/bao.txt --games 400 --tc 2+0.02 --margin 2000 --concurrency 1 --quiet
load: 1.1-3.4 (kete-datagen at nice 10, kete-train and fixed-node screens at nice 10 on the other core)
time: about 29 min (01:48-02:17, 2026-12-06)
