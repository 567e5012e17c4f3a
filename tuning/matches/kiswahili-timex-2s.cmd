# kiswahili-timex-2s: more time when the best move changed or the score fell (TimeBestChangePct
# 50, TimeScoreDropPct 50) against the defaults (0, 0), the same binary both ways,
# docs/strength.md "Round 3: against kete 0.2" (time use). Rejected.
commit: f789900
command: build/release/kete-match --engine cmd=build/release/kete name=timex option.TimeBestChangePct=50 option.TimeScoreDropPct=50 --engine cmd=build/release/kete name=base --variant kiswahili --openings tuning/books/kiswahili.txt --games 400 --tc 2+0.02 --margin 2000 --concurrency 1 --quiet
load: 3.0-4.2 (two kete-datagen runs at nice 10, callgrind at nice 19 and a ctest at nice 5 on the two cores)
time: about 25 min (01:21-01:46)
