# bao-razor-2s: razoring in bao (a node at depth 2 or less whose evaluation is 200
# centi-seeds a ply below alpha asks the horizon search, and fails low when it stays below)
# on top of late move reductions, against late move reductions alone, the same binary both
# ways, bao's book, docs/strength.md "Late move reductions in bao". Rejected; its code is
# bao-razor-2s.patch, which applies to a231b44 (option Razor, default off: set
# option.Razor=1 on the first engine of the command below to play the match again).
commit: 3f7fc75 with a231b44's search and the razoring of bao-razor-2s.patch as trial options; both engines option.LMR=1
command: build/release/kete-match --engine cmd=build/release/kete name=razor option.LMR=1 option.Razor=1 --engine cmd=build/release/kete name=lmr option.LMR=1 --variant bao --openings tuning/books/bao.txt --games 400 --tc 2+0.02 --margin 2000 --concurrency 1 --quiet
load: 2-3.5 (the match against kete 0.2, then bao from random openings, on the other core; the release ctest at nice 19)
time: about 28 min (10:30-10:58, 2026-12-06)
