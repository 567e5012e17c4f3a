# kiswahili-round3-newer-vs-net4-2000n: a kiswahili net of the third data round with the
# threat inputs (tuning/matches/kiswahili-round3-newer-trial.nnue: seeds 60-64 and 70-74
# only, 20 epochs) against the fourth net (built in), the same search, 2000 nodes, random
# 8-ply openings both ways (seed 22), two games at a time. docs/strength.md "A third round
# of kiswahili data". Not kept.
commit: 79a6080
command: build/release/kete-match --engine cmd=build/release/kete name=net5n option.EvalFile=tuning/matches/kiswahili-round3-newer-trial.nnue --engine cmd=build/release/kete name=net4 --variant kiswahili --games 400 --nodes 2000 --random-plies 8 --seed 22 --concurrency 2 --quiet
load: 3 (a 5 s + 0.05 s match beside it; at fixed nodes no matter)
time: about 2 min (12:15-12:18, 2026-12-05)
