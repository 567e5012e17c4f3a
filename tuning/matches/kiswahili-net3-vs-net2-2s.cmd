# kiswahili-net3-vs-net2-2s: kiswahili's third net against the second, the same search,
# kiswahili's book both ways, 2 s + 0.02 s, 400 games, one game at a time.
# docs/strength.md "Kiswahili's third net". Played by kete at a84dfcb (main's search)
# with the third net loaded by option.EvalFile (named ksw5 and shipped then, renamed in
# the record); the command below is its equivalent with the two nets built in.
commit: 46ae793
worktree: ../prev a84dfcb
command: build/release/kete-match --engine cmd=build/release/kete name=net3 --engine cmd=../prev/build/release/kete name=net2 --variant kiswahili --openings tuning/books/kiswahili.txt --games 400 --tc 2+0.02 --margin 2000 --concurrency 1 --quiet
load: 2-3 (the next record's match on the other core, and a bao kete-datagen at nice 19 for the last 16 minutes; the match at nice 5)
time: 21 min (04:37-04:58, 2026-12-05)
