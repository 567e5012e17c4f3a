# kigogo-rebuilt-2000n: the kigogo net rebuilt by scripts/rebuild-net.sh (2026-12-02;
# tuning/matches/kigogo-rebuilt.nnue) against the shipped tuning/nets/kigogo.nnue, same
# binary, 2000 nodes, 8 random plies both ways (seed 20, the openings of the net's own
# match in docs/strength.md "Nets that win"). docs/tuning.md, "Rebuilding a shipped net".
commit: 7c32764
command: build/release/kete-match --engine cmd=build/release/kete name=rebuilt option.EvalFile=tuning/matches/kigogo-rebuilt.nnue --engine cmd=build/release/kete name=shipped --variant kigogo --games 400 --nodes 2000 --random-plies 8 --seed 20 --concurrency 1 --quiet
load: 0.2 at the start, 2.9 at the end (the machine otherwise idle; at fixed nodes no matter)
time: 104 s
