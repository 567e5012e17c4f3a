# kiswahili-movestogo20-2s-net4: TimeMovesToGo 20 against kiswahili's default 30 again,
# now with the fourth net and 400 games, the same binary both ways, the book, one game at
# a time. docs/strength.md "Time use in kiswahili: TimeMovesToGo 20, rejected". Rejected.
commit: 1fecea6
command: build/release/kete-match --engine cmd=build/release/kete name=mtg20 option.TimeMovesToGo=20 --engine cmd=build/release/kete name=base --variant kiswahili --openings tuning/books/kiswahili.txt --games 400 --tc 2+0.02 --margin 2000 --concurrency 1 --quiet
load: 1.0-2.0 (kete-datagen at nice 10 on the other core)
time: about 22 min (14:29-14:51, 2026-12-05)
