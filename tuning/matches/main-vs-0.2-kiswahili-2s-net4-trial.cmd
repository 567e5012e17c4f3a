# main-vs-0.2-kiswahili-2s-net4-trial: main with a fourth kiswahili net (not the default)
# against kete 0.2 (0e4af09), kiswahili's book both ways, 2 s + 0.02 s, 400 games, one game
# at a time, issue 30. docs/strength.md "Kiswahili's third net". Played by kete built from
# 1ac25f3's tree with copies of the net and the book.
commit: 892b888 (main), 0e4af09 (kete 0.2, built by scripts/build-commit.sh 0e4af09 kete)
command: build/release/kete-match --engine cmd=build/release/kete name=main option.EvalFile=tuning/matches/kiswahili-net4-trial.nnue --engine cmd=build/commits/0e4af0940f282245816d140c4f13f6878b3c5824/build/release/kete name=kete-0.2 --variant kiswahili --openings tuning/books/kiswahili.txt --games 400 --tc 2+0.02 --margin 2000 --concurrency 1 --quiet --pgn main-vs-0.2-kiswahili-2s-net4-trial.pgn
load: 2 (the previous record's match on the other core; the match at nice 5)
time: 21 min (06:33-06:54, 2026-12-05)
