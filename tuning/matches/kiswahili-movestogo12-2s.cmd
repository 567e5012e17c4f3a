# kiswahili-movestogo12-2s: the clock planned for 12 own moves instead of 30 in kiswahili
# (bao gained +52.5 from 12; kiswahili's games left half the clock unused), the same
# binary both ways, kiswahili's book (docs/strength.md "Time use in kiswahili").
commit: 2d2ff4b
command: build/release/kete-match --engine cmd=build/release/kete name=mtg12 option.TimeMovesToGo=12 --engine cmd=build/release/kete name=mtg30 option.TimeMovesToGo=30 --variant kiswahili --openings tuning/books/kiswahili.txt --games 400 --tc 2+0.02 --margin 2000 --concurrency 1 --quiet
load: 2 (another match on the other core)
time: about 25 min (16:39-17:03, 2026-12-06)
