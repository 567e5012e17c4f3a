# kiswahili-movestogo20-2s: TimeMovesToGo 20 against the default 30 in kiswahili, the same
# binary both ways, docs/strength.md "Round 3: against kete 0.2" (time use). Rejected.
commit: a83df30
command: build/release/kete-match --engine cmd=build/release/kete name=mtg20 option.TimeMovesToGo=20 --engine cmd=build/release/kete name=base --variant kiswahili --openings tuning/books/kiswahili.txt --games 200 --tc 2+0.02 --margin 2000 --concurrency 1 --quiet
load: 0.0 at the start; 1-2.5 during (builds and tests of the solver work on the other core)
time: about 12 min (15:33-15:45)
