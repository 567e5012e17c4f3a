# kiswahili-deep-vs-shallow-2s: the net on data scored at 5000 nodes against its control on
# data scored at 1000 nodes from the same openings (tuning/matches/kiswahili-deep5000-trial.nnue
# and kiswahili-shallow1000-trial.nnue), the same search, 2 s + 0.02 s, kiswahili's book
# both ways, one game at a time. docs/strength.md "Data scored deeper". Neither kept.
commit: 99a9590
command: build/release/kete-match --engine cmd=build/release/kete name=deep option.EvalFile=tuning/matches/kiswahili-deep5000-trial.nnue --engine cmd=build/release/kete name=shallow option.EvalFile=tuning/matches/kiswahili-shallow1000-trial.nnue --variant kiswahili --openings tuning/books/kiswahili.txt --games 400 --tc 2+0.02 --margin 2000 --concurrency 1 --quiet
load: 2-4.3 (the next match on the other core, then a CI rehearsal under nice beside both)
time: about 22 min (02:17-02:39, 2026-12-06)
