# kiswahili-deep-vs-net4-2s: the net on data scored at 5000 nodes (1.95 M positions;
# tuning/matches/kiswahili-deep5000-trial.nnue) against the fourth net (built in, 16 M
# positions scored at 1000 nodes), the same search, 2 s + 0.02 s, kiswahili's book both
# ways, one game at a time. docs/strength.md "Data scored deeper". Not kept.
commit: 99a9590
command: build/release/kete-match --engine cmd=build/release/kete name=deep option.EvalFile=tuning/matches/kiswahili-deep5000-trial.nnue --engine cmd=build/release/kete name=net4 --variant kiswahili --openings tuning/books/kiswahili.txt --games 400 --tc 2+0.02 --margin 2000 --concurrency 1 --quiet
load: 2-4.3 (the deep-against-shallow match on the other core, then a CI rehearsal under nice beside it)
time: about 21 min (02:23-02:44, 2026-12-06)
