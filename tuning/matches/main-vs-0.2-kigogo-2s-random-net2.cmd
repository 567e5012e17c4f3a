# main-vs-0.2-kigogo-2s-random-net2: main with kigogo's second net against kete 0.2
# (0e4af09), kigogo from random 8-ply openings of seed 30 (those of
# main-vs-0.2-kigogo-2s-random, where the first net scored -1.7), 2 s + 0.02 s, 400 games,
# one game at a time, issue 30. docs/strength.md "Kigogo's second net".
# Played by kete at 6437034 (main's search) with option.EvalFile=kig40.nnue, the net that
# 6e7d3da built in as tuning/nets/kigogo.nnue; the command below is its equivalent.
commit: 6e7d3da (main), 0e4af09 (kete 0.2, built by scripts/build-commit.sh 0e4af09 kete)
command: build/release/kete-match --engine cmd=build/release/kete name=main --engine cmd=build/commits/0e4af0940f282245816d140c4f13f6878b3c5824/build/release/kete name=kete-0.2 --variant kigogo --random-plies 8 --seed 30 --games 400 --tc 2+0.02 --margin 2000 --concurrency 1 --quiet --pgn main-vs-0.2-kigogo-2s-random-net2.pgn
load: 2.0-2.6 (kete-datagen, kete-train and a 2000-node match on the other core; the match at nice 5)
time: 36 min (01:30-02:06, 2026-12-05)
