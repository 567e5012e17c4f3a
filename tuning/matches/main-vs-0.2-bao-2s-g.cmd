# main-vs-0.2-bao-2s-g: main against kete 0.2 (0e4af09) in bao a seventh time, issue 30's
# match (2 s + 0.02 s, 400 games, bao's balanced book both ways, one game at a time),
# docs/strength.md "Main against kete 0.2". The engine of main is that of b528111 (this
# session's speed commits: bao's search 2.6% fewer instructions than 43e57e9's, and bao's
# time to depth 12 1.19-1.33 s against 1.28-1.41 s before b841277; the same tree).
commit: b528111 (main), 0e4af09 (kete 0.2, built by scripts/build-commit.sh 0e4af09 kete)
command: build/release/kete-match --engine cmd=build/release/kete name=main --engine cmd=build/commits/0e4af0940f282245816d140c4f13f6878b3c5824/build/release/kete name=kete-0.2 --variant bao --openings tuning/books/bao.txt --games 400 --tc 2+0.02 --margin 2000 --concurrency 1 --quiet
load: 1.5-4 (for the first 5 minutes a commit's checks; then a CI rehearsal from a fresh clone on both cores)
time: about 30 min (07:52-08:22, 2026-12-06)
