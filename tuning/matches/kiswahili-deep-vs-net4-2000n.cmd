# kiswahili-deep-vs-net4-2000n: a kiswahili net on data scored at 5000 nodes
# (tuning/matches/kiswahili-deep5000-trial.nnue: kete-datagen seeds 80 and 81, 20,085 and
# 22,326 games, random rates 0.1 and 0.25, 1.95 M positions, threat inputs, 20 epochs)
# against the fourth net (built in), the same search, 2000 nodes, random 8-ply openings
# both ways (seed 22), one game at a time. docs/strength.md "Data scored deeper". Not kept.
commit: 99a9590
command: build/release/kete-match --engine cmd=build/release/kete name=deep option.EvalFile=tuning/matches/kiswahili-deep5000-trial.nnue --engine cmd=build/release/kete name=net4 --variant kiswahili --games 400 --nodes 2000 --random-plies 8 --seed 22 --concurrency 1 --quiet
load: 3 (a clock match and kete-datagen beside it; at fixed nodes no matter)
time: about 2 min (02:03-02:05, 2026-12-06)
