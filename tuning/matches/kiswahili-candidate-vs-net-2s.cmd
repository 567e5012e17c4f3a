# kiswahili-candidate-vs-net-2s: a candidate kiswahili net (the second data round, seeds
# 40-43; tuning/matches/kiswahili-candidate.nnue) against the shipped net
# (tuning/nets/kiswahili.nnue), the same search, kiswahili's book both ways, 2 s + 0.02 s,
# 400 games, one game at a time. docs/strength.md "Kiswahili's second round". Played by
# kete at 6437034 with copies of the net and the book.
commit: 8f65dd8
command: build/release/kete-match --engine cmd=build/release/kete name=candidate option.EvalFile=tuning/matches/kiswahili-candidate.nnue --engine cmd=build/release/kete name=shipped --variant kiswahili --openings tuning/books/kiswahili.txt --games 400 --tc 2+0.02 --margin 2000 --concurrency 1 --quiet --pgn kiswahili-candidate-vs-net-2s.pgn
load: 2 until 03:47 (the candidate's match against kete 0.2 on the other core), then about 1; the match at nice 5
time: 20 min (03:36-03:56, 2026-12-05)
