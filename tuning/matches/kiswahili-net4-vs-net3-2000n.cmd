# kiswahili-net4-vs-net3-2000n: a fourth kiswahili net (tuning/matches/kiswahili-net4-trial.nnue,
# data played by the third net) against the third (built in), the same search, 2000 nodes,
# random 8-ply openings both ways (seed 21), one game at a time. docs/strength.md "Kiswahili's
# third net". Played by kete built from 1ac25f3's tree with a copy of the net.
commit: 892b888
command: build/release/kete-match --engine cmd=build/release/kete name=net4 option.EvalFile=tuning/matches/kiswahili-net4-trial.nnue --engine cmd=build/release/kete name=net3 --variant kiswahili --games 400 --nodes 2000 --random-plies 8 --seed 21 --concurrency 1 --quiet
load: 2-3 (a CI rehearsal under nice finishing on the other core; at fixed nodes no matter)
time: 3 min (06:29-06:32, 2026-12-05)
