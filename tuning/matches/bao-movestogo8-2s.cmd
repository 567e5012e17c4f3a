# bao-movestogo8-2s: TimeMovesToGo 8 against bao's default 12, the same binary both ways,
# docs/strength.md "Round 3: against kete 0.2" (time use in bao). Rejected.
commit: 10d687e
command: build/release/kete-match --engine cmd=build/release/kete name=mtg8 option.TimeMovesToGo=8 --engine cmd=build/release/kete name=mtg12 --variant bao --openings tuning/books/bao.txt --games 400 --tc 2+0.02 --margin 2000 --concurrency 1 --quiet
load: 3.0-3.2 (two kete-datagen runs at nice 10 on the two cores)
time: about 31 min (10:52-11:23)
