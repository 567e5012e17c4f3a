# kiswahili-deep7-vs-net4-2s: a net on all the data scored at 5000 nodes (4.98 M positions
# kept of seeds 80-85, the runs of 84 and 85 complete; tuning/matches/kiswahili-deep7-trial.nnue)
# against the fourth net (built in, 16 M positions scored at 1000 nodes), the same search,
# 2 s + 0.02 s, kiswahili's book both ways, one game at a time. docs/strength.md "Data
# scored deeper". Not kept. The engine was built from df03fb0 with the solver changes of
# 7017f9b and 8a3abed not yet committed; its search and rules are those of 53fa5f6.
commit: 53fa5f6
command: build/release/kete-match --engine cmd=build/release/kete name=deep7 option.EvalFile=tuning/matches/kiswahili-deep7-trial.nnue --engine cmd=build/release/kete name=net4 --variant kiswahili --openings tuning/books/kiswahili.txt --games 400 --tc 2+0.02 --margin 2000 --concurrency 1 --quiet
load: 1-3 (solver timings, callgrind runs and builds on the other core; no datagen)
time: about 21 min (07:15-07:36, 2026-12-06)
