# kiswahili-net3-vs-net2-2000n: kiswahili's third net (tuning/nets/kiswahili.nnue since
# 46ae793) against the second (built into a84dfcb), the same search, 2000 nodes, random
# 8-ply openings both ways (seed 21), one game at a time. docs/strength.md "Kiswahili's
# third net". Played by kete at a84dfcb with the third net loaded by option.EvalFile
# (net3) and without it (net2); the command below is its equivalent with the two nets
# built in.
commit: 46ae793
worktree: ../prev a84dfcb
command: build/release/kete-match --engine cmd=build/release/kete name=net3 --engine cmd=../prev/build/release/kete name=net2 --variant kiswahili --games 400 --nodes 2000 --random-plies 8 --seed 21 --concurrency 1 --quiet
load: 2 (the next record's match on the other core; at fixed nodes no matter)
time: 2 min (04:35-04:37, 2026-12-05)
