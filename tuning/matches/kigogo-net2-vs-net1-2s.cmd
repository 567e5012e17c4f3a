# kigogo-net2-vs-net1-2s: kigogo's second net (tuning/nets/kigogo.nnue since 6e7d3da)
# against the first (built into 59fa740), the same search, 2 s + 0.02 s, kigogo's book
# both ways, 400 games, one game at a time. docs/strength.md "Kigogo's second net".
# Played by kete at 6437034 with the second net loaded by option.EvalFile (net2) and
# without it (net1), and a copy of tuning/books/kigogo.txt; the command below is its
# equivalent with the two nets built in.
commit: 6e7d3da
worktree: ../prev 59fa740
command: build/release/kete-match --engine cmd=build/release/kete name=net2 --engine cmd=../prev/build/release/kete name=net1 --variant kigogo --openings tuning/books/kigogo.txt --games 400 --tc 2+0.02 --margin 2000 --concurrency 1 --quiet --pgn kigogo-net2-vs-net1-2s.pgn
load: 2.0-2.3 (the match against kete 0.2 from the book, then the kigogo strength calibration, on the other core; the match at nice 5)
time: 38 min (02:15-02:53, 2026-12-05)
