# kiswahili-threats5-vs-net3-2000n: a kiswahili net with the threat inputs
# (tuning/matches/kiswahili-threats5-trial.nnue, the third net's data: seeds 40-44) against
# the third net (built in), the same search, 2000 nodes, random 8-ply openings both ways
# (seed 21), one game at a time. docs/strength.md "Threat inputs". Played by kete built
# from eed74fe's tree (before its bias bound, which these nets are far inside) with a copy
# of the net.
commit: 5e713e7
command: build/release/kete-match --engine cmd=build/release/kete name=threats5 option.EvalFile=tuning/matches/kiswahili-threats5-trial.nnue --engine cmd=build/release/kete name=net3 --variant kiswahili --games 400 --nodes 2000 --random-plies 8 --seed 21 --concurrency 1 --quiet
load: 1-2 (a net's training ending on the other core; at fixed nodes no matter)
time: under 1 min (07:46-07:47, 2026-12-05)
