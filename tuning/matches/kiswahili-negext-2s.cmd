# kiswahili-negext-2s: a negative extension from the singular test (NegativeExtension,
# kiswahili's bit 4): a table move that beats beta but is not singular is searched a ply
# shallower; on top of multi-cut, against the same binary without it, kiswahili's book
# (docs/strength.md "Multi-cut in kiswahili"); played again as kiswahili-negext-2s-b. Not
# kept: the code is gone; kiswahili-negext-2s.patch puts it back on the commit that removed it.
commit: 0d28bfa (a working-tree build of its code), MultiCut 4 on both sides as a0e6741's default
command: build/release/kete-match --engine cmd=build/release/kete name=ne option.MultiCut=4 option.NegativeExtension=4 --engine cmd=build/release/kete name=mc option.MultiCut=4 --variant kiswahili --openings tuning/books/kiswahili.txt --games 400 --tc 2+0.02 --margin 2000 --concurrency 1 --quiet
load: 3-4 (main-vs-0.2-kiswahili-2s-random-79 on the other core, and a CI rehearsal at nice 10)
time: about 20 min (20:13-20:33, 2026-12-06)
