# kiswahili-shallow-vs-net4-2000n: the control net (data scored at 1000 nodes, seeds 80
# and 81, 1.95 M positions; tuning/matches/kiswahili-shallow1000-trial.nnue) against the
# fourth net (built in, 16 M positions), the same search, 2000 nodes, random 8-ply openings
# both ways (seed 22), one game at a time. docs/strength.md "Data scored deeper". Not kept.
commit: 99a9590
command: build/release/kete-match --engine cmd=build/release/kete name=shallow option.EvalFile=tuning/matches/kiswahili-shallow1000-trial.nnue --engine cmd=build/release/kete name=net4 --variant kiswahili --games 400 --nodes 2000 --random-plies 8 --seed 22 --concurrency 1 --quiet
load: 3 (a clock match and the other screen beside it; at fixed nodes no matter)
time: about 2 min (02:12-02:14, 2026-12-06)
