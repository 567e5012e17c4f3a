# kiswahili-round3-vs-net4-2000n: a kiswahili net of the third data round with the threat
# inputs (tuning/matches/kiswahili-round3-trial.nnue: seeds 40-44, 60-64 and 70-74, 20
# epochs) against the fourth net (built in), the same search, 2000 nodes, random 8-ply
# openings both ways (seed 22), two games at a time. docs/strength.md "A third round of
# kiswahili data". Not kept.
commit: 79a6080
command: build/release/kete-match --engine cmd=build/release/kete name=net5 option.EvalFile=tuning/matches/kiswahili-round3-trial.nnue --engine cmd=build/release/kete name=net4 --variant kiswahili --games 400 --nodes 2000 --random-plies 8 --seed 22 --concurrency 2 --quiet
load: 3 (a 5 s + 0.05 s match beside it; at fixed nodes no matter)
time: about 2 min (12:00-12:02, 2026-12-05)
