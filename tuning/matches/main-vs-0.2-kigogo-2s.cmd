# main-vs-0.2-kigogo-2s: main against kete 0.2 (0e4af09) in kigogo, issue 30's match (2 s + 0.02 s,
# 400 games, kigogo's balanced book both ways, one game at a time), docs/strength.md
# "Main against kete 0.2". The engine of main is that of 4bf6b3b (the children's table
# buckets prefetched; the search otherwise as at 8b7a2e3).
commit: 4bf6b3b (main), 0e4af09 (kete 0.2, built by scripts/build-commit.sh 0e4af09 kete)
command: build/release/kete-match --engine cmd=build/release/kete name=main --engine cmd=build/commits/0e4af0940f282245816d140c4f13f6878b3c5824/build/release/kete name=kete-0.2 --variant kigogo --openings tuning/books/kigogo.txt --games 400 --tc 2+0.02 --margin 2000 --concurrency 1 --quiet --pgn main-vs-0.2-kigogo-2s.pgn
load: 1.8-2.0 (a kete-solve run, bao's South mate 10 and 11 and North's mate 11, on the other core throughout)
time: 37 min (17:02-17:39, 2026-12-04)
