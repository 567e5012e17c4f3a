# kiswahili-timesoft70-2s: no new iteration started past 70% of the optimum time instead
# of 50% (TimeSoftPct), so more of the clock is used (median move 53 against 44 ms), the
# same binary both ways, kiswahili's book (docs/strength.md "Kiswahili from random
# openings: what an edge scores there"). Not kept.
commit: 4551386
command: build/release/kete-match --engine cmd=build/release/kete name=soft70 option.TimeSoftPct=70 --engine cmd=build/release/kete name=soft50 --variant kiswahili --openings tuning/books/kiswahili.txt --games 400 --tc 2+0.02 --margin 2000 --concurrency 1 --quiet
load: 2-3.5 (a CI rehearsal, builds, callgrind and tests on the other core)
time: about 23 min (14:07-14:29, 2026-12-06)
