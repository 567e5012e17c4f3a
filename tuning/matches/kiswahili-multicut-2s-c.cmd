# kiswahili-multicut-2s-c: kiswahili-multicut-2s played a third time (docs/strength.md
# "Multi-cut in kiswahili").
commit: 0d28bfa (a working-tree build of its code)
command: build/release/kete-match --engine cmd=build/release/kete name=mc option.MultiCut=4 --engine cmd=build/release/kete name=base --variant kiswahili --openings tuning/books/kiswahili.txt --games 400 --tc 2+0.02 --margin 2000 --concurrency 1 --quiet
load: 2-3 (main-vs-0.2-kiswahili-2s-multicut on the other core; builds and the unit tests at nice for some minutes)
time: about 21 min (19:52-20:12, 2026-12-06)
