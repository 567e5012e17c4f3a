# kiswahili-threats10-vs-net3-2s: kiswahili's fourth net (the threat inputs) against the
# third, the same search, kiswahili's book both ways, 2 s + 0.02 s, 400 games, one game at
# a time. docs/strength.md "Threat inputs". Played by kete built from eed74fe's tree with
# the fourth net loaded by option.EvalFile; the command below is its equivalent with the
# two nets built in.
commit: c4b8b08
worktree: ../prev eed74fe
command: build/release/kete-match --engine cmd=build/release/kete name=threats10 --engine cmd=../prev/build/release/kete name=net3 --variant kiswahili --openings tuning/books/kiswahili.txt --games 400 --tc 2+0.02 --margin 2000 --concurrency 1 --quiet
load: 2-3 (the bao clock match, then a build and the net's rebuild under nice 19, on the other core; the match at nice 5)
time: 21 min (08:25-08:46, 2026-12-05)
