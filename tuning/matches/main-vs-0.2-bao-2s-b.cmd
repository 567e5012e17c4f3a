# main-vs-0.2-bao-2s-b: main against kete 0.2 (0e4af09) in bao again, issue 30's match (2 s + 0.02 s,
# 400 games, bao's balanced book both ways, one game at a time), docs/strength.md "Main
# against kete 0.2". The engine of main is that of 4bf6b3b (the children's table buckets
# prefetched); the first match, main-vs-0.2-bao-2s, was 5596b78's.
commit: 4bf6b3b (main), 0e4af09 (kete 0.2, built by scripts/build-commit.sh 0e4af09 kete)
command: build/release/kete-match --engine cmd=build/release/kete name=main --engine cmd=build/commits/0e4af0940f282245816d140c4f13f6878b3c5824/build/release/kete name=kete-0.2 --variant bao --openings tuning/books/bao.txt --games 400 --tc 2+0.02 --margin 2000 --concurrency 1 --quiet --pgn main-vs-0.2-bao-2s-b.pgn
load: 3.4-4.1 (a kete-solve run until 18:14, a CI rehearsal, .ci/run under nice, throughout)
time: 30 min (18:01-18:31, 2026-12-04)
