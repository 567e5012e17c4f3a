# main-vs-0.2-kigogo-2s-random: main against kete 0.2 (0e4af09) in kigogo from random
# 8-ply openings of a new seed (30), issue 30's "the same at random 8-ply openings":
# 2 s + 0.02 s, 400 games (200 openings, each played both ways), one game at a time,
# docs/strength.md "Main against kete 0.2". The book's match is main-vs-0.2-kigogo-2s.
commit: 379207f (main, whose code is ef8d9b6's; Threads 1: its search is 4bf6b3b's), 0e4af09 (kete 0.2, built by scripts/build-commit.sh 0e4af09 kete)
command: build/release/kete-match --engine cmd=build/release/kete name=main --engine cmd=build/commits/0e4af0940f282245816d140c4f13f6878b3c5824/build/release/kete name=kete-0.2 --variant kigogo --random-plies 8 --seed 30 --games 400 --tc 2+0.02 --margin 2000 --concurrency 1 --quiet --pgn main-vs-0.2-kigogo-2s-random.pgn
load: 2.2-3.4 (a CI rehearsal, .ci/run under nice, throughout; the match at nice 5)
time: 36 min (00:02-00:38, 2026-12-05)
