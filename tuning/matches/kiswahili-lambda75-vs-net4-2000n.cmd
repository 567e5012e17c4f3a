# kiswahili-lambda75-vs-net4-2000n: a kiswahili net trained with a quarter of the game
# result in its target (tuning/matches/kiswahili-lambda75-trial.nnue: --lambda 0.75, the
# third round's data, seeds 40-44, 60-64 and 70-74, the threat inputs, 20 epochs) against
# the fourth net (built in), the same search, 2000 nodes, random 8-ply openings both ways
# (seed 22), one game at a time. docs/strength.md "A wider net for kiswahili". Not kept.
commit: 3b1cbf9
command: build/release/kete-match --engine cmd=build/release/kete name=lam75 option.EvalFile=tuning/matches/kiswahili-lambda75-trial.nnue --engine cmd=build/release/kete name=net4 --variant kiswahili --games 400 --nodes 2000 --random-plies 8 --seed 22 --concurrency 1 --quiet
load: 2 (kete-train on the other core; at fixed nodes no matter)
time: about 5 min (14:00-14:05, 2026-12-05)
