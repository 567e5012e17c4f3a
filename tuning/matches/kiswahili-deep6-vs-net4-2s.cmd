# kiswahili-deep6-vs-net4-2s: a net on data scored at 5000 nodes (3.10 M positions kept
# of seeds 80-85; tuning/matches/kiswahili-deep6-trial.nnue) against the fourth net
# (built in, 16 M positions scored at 1000 nodes), the same search, 2 s + 0.02 s,
# kiswahili's book both ways, one game at a time. docs/strength.md "Data scored deeper".
# Not kept.
commit: 6fde6a6
command: build/release/kete-match --engine cmd=build/release/kete name=deep6 option.EvalFile=tuning/matches/kiswahili-deep6-trial.nnue --engine cmd=build/release/kete name=net4 --variant kiswahili --openings tuning/books/kiswahili.txt --games 400 --tc 2+0.02 --margin 2000 --concurrency 1 --quiet
load: 2-4 (the bao match against kete 0.2 on the other core, two kete-datagen runs at nice 19)
time: about 21 min (04:54-05:15, 2026-12-06)
