# kiswahili-threats10-vs-net3-2000n: kiswahili's fourth net (tuning/nets/kiswahili.nnue
# since c4b8b08: the threat inputs, both rounds' data, seeds 40-44 and 60-64) against the
# third (built into eed74fe), the same search, 2000 nodes, random 8-ply openings both ways
# (seed 21), one game at a time. docs/strength.md "Threat inputs". Played by kete built
# from eed74fe's tree with the fourth net loaded by option.EvalFile (threats10) and
# without it (net3); the command below is its equivalent with the two nets built in.
commit: c4b8b08
worktree: ../prev eed74fe
command: build/release/kete-match --engine cmd=build/release/kete name=threats10 --engine cmd=../prev/build/release/kete name=net3 --variant kiswahili --games 400 --nodes 2000 --random-plies 8 --seed 21 --concurrency 1 --quiet
load: 2 (the bao clock match on the other core; at fixed nodes no matter)
time: under 1 min (08:24, 2026-12-05)
