# kiswahili-threats10-vs-net3-2s-random: kiswahili's fourth net (the threat inputs) against
# the third, the same search, random 8-ply openings of a new seed (52) both ways,
# 2 s + 0.02 s, 400 games, one game at a time. docs/strength.md "Threat inputs". Played by
# kete built from eed74fe's tree with the fourth net loaded by option.EvalFile; the command
# below is its equivalent with the two nets built in.
commit: c4b8b08
worktree: ../prev eed74fe
command: build/release/kete-match --engine cmd=build/release/kete name=threats10 --engine cmd=../prev/build/release/kete name=net3 --variant kiswahili --random-plies 8 --seed 52 --games 400 --tc 2+0.02 --margin 2000 --concurrency 1 --quiet
load: 3 (the next record's match and the net's rebuild under nice 19 beside it, then the calibration; the match at nice 5)
time: 20 min (08:46-09:06, 2026-12-05)
