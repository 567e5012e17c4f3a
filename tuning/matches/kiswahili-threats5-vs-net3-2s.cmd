# kiswahili-threats5-vs-net3-2s: the threats net of the third net's data against the third
# net, the same search, kiswahili's book both ways, 2 s + 0.02 s, 400 games, one game at a
# time. docs/strength.md "Threat inputs". Played by kete built from eed74fe's tree with a
# copy of the net.
commit: 5e713e7
command: build/release/kete-match --engine cmd=build/release/kete name=threats5 option.EvalFile=tuning/matches/kiswahili-threats5-trial.nnue --engine cmd=build/release/kete name=net3 --variant kiswahili --openings tuning/books/kiswahili.txt --games 400 --tc 2+0.02 --margin 2000 --concurrency 1 --quiet
load: 2-3 (the next record's match on the other core, and builds for 5 minutes; the match at nice 5)
time: 20 min (07:47-08:07, 2026-12-05)
