# main-vs-0.2-kiswahili-2s-threats5-trial: main with the threats net of the third net's data
# (not the default) against kete 0.2 (0e4af09), kiswahili's book both ways, 2 s + 0.02 s,
# 400 games, one game at a time, issue 30. docs/strength.md "Threat inputs". Played by kete
# built from eed74fe's tree with a copy of the net.
commit: 5e713e7 (main), 0e4af09 (kete 0.2, built by scripts/build-commit.sh 0e4af09 kete)
command: build/release/kete-match --engine cmd=build/release/kete name=main option.EvalFile=tuning/matches/kiswahili-threats5-trial.nnue --engine cmd=build/commits/0e4af0940f282245816d140c4f13f6878b3c5824/build/release/kete name=kete-0.2 --variant kiswahili --openings tuning/books/kiswahili.txt --games 400 --tc 2+0.02 --margin 2000 --concurrency 1 --quiet
load: 2-3 (the previous record's match on the other core, and builds for 5 minutes; the match at nice 5)
time: 20 min (07:47-08:07, 2026-12-05)
