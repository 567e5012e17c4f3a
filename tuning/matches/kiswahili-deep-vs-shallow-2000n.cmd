# kiswahili-deep-vs-shallow-2000n: the net on data scored at 5000 nodes against its
# control, a net on data scored at 1000 nodes from the same openings (kete-datagen seeds
# 80 and 81 with --games 20085 and 22326, the same random rates, 1.95 M positions;
# tuning/matches/kiswahili-shallow1000-trial.nnue), the same training, the same search,
# 2000 nodes, random 8-ply openings both ways (seed 22), one game at a time.
# docs/strength.md "Data scored deeper". Neither kept.
commit: 99a9590
command: build/release/kete-match --engine cmd=build/release/kete name=deep option.EvalFile=tuning/matches/kiswahili-deep5000-trial.nnue --engine cmd=build/release/kete name=shallow option.EvalFile=tuning/matches/kiswahili-shallow1000-trial.nnue --variant kiswahili --games 400 --nodes 2000 --random-plies 8 --seed 22 --concurrency 1 --quiet
load: 3 (a clock match and the next screen beside it; at fixed nodes no matter)
time: about 2 min (02:12-02:14, 2026-12-06)
