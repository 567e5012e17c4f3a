# kiswahili-hidden128-vs-net4-2000n: a kiswahili net of 128 hidden units
# (tuning/matches/kiswahili-hidden128-trial.nnue: --hidden 128, the third round's data,
# seeds 40-44, 60-64 and 70-74, the threat inputs, 20 epochs) against the fourth net of
# 64 units (built in), the same search, 2000 nodes, random 8-ply openings both ways (seed
# 22), two games at a time. docs/strength.md "A wider net for kiswahili". Not kept.
commit: 3b1cbf9
command: build/release/kete-match --engine cmd=build/release/kete name=h128 option.EvalFile=tuning/matches/kiswahili-hidden128-trial.nnue --engine cmd=build/release/kete name=net4 --variant kiswahili --games 400 --nodes 2000 --random-plies 8 --seed 22 --concurrency 2 --quiet
load: 2 (nothing else; at fixed nodes no matter)
time: about 4 min (14:19-14:23, 2026-12-05)
