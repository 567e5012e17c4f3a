# kiswahili-net4-vs-net3-2s: a fourth kiswahili net against the third, the same search,
# kiswahili's book both ways, 2 s + 0.02 s, 400 games, one game at a time.
# docs/strength.md "Kiswahili's third net". Played by kete built from 1ac25f3's tree with
# copies of the net and the book.
commit: 892b888
command: build/release/kete-match --engine cmd=build/release/kete name=net4 option.EvalFile=tuning/matches/kiswahili-net4-trial.nnue --engine cmd=build/release/kete name=net3 --variant kiswahili --openings tuning/books/kiswahili.txt --games 400 --tc 2+0.02 --margin 2000 --concurrency 1 --quiet --pgn kiswahili-net4-vs-net3-2s.pgn
load: 2 (the next record's match on the other core; the match at nice 5)
time: 21 min (06:33-06:54, 2026-12-05)
