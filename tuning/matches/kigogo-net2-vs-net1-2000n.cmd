# kigogo-net2-vs-net1-2000n: kigogo's second net (tuning/nets/kigogo.nnue since 6e7d3da)
# against the first (built into 59fa740), the same search, 2000 nodes, random 8-ply
# openings both ways (seed 21), one game at a time. docs/strength.md "Kigogo's second net".
# Played by kete at 6437034 with the second net loaded by option.EvalFile (net2) and
# without it (net1); the command below is its equivalent with the two nets built in.
commit: 6e7d3da
worktree: ../prev 59fa740
command: build/release/kete-match --engine cmd=build/release/kete name=net2 --engine cmd=../prev/build/release/kete name=net1 --variant kigogo --games 400 --nodes 2000 --random-plies 8 --seed 21 --concurrency 1 --quiet
load: 2 (a timed match on the other core; at fixed nodes no matter)
time: 1 min (02:07, 2026-12-05)
