# main-vs-0.2-kiswahili-2s-candidate: main with a candidate kiswahili net (the second data
# round, seeds 40-43; tuning/matches/kiswahili-candidate.nnue, not the default) against
# kete 0.2 (0e4af09), kiswahili's book both ways, 2 s + 0.02 s, 400 games, one game at a
# time, issue 30. docs/strength.md "Kiswahili's second round". Played by kete at 6437034
# (main's search) with a copy of the net and of tuning/books/kiswahili.txt.
commit: 8f65dd8 (main), 0e4af09 (kete 0.2, built by scripts/build-commit.sh 0e4af09 kete)
command: build/release/kete-match --engine cmd=build/release/kete name=main option.EvalFile=tuning/matches/kiswahili-candidate.nnue --engine cmd=build/commits/0e4af0940f282245816d140c4f13f6878b3c5824/build/release/kete name=kete-0.2 --variant kiswahili --openings tuning/books/kiswahili.txt --games 400 --tc 2+0.02 --margin 2000 --concurrency 1 --quiet --pgn main-vs-0.2-kiswahili-2s-candidate.pgn
load: 2 (a CI rehearsal under nice, then the candidate's match against the shipped net, on the other core; the match at nice 5)
time: 20 min (03:27-03:47, 2026-12-05)
