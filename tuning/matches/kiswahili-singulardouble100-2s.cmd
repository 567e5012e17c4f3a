# kiswahili-singulardouble100-2s: a double singular extension (Stockfish's): the table
# move searched two plies deeper, outside the principal variation, when the other moves
# fail low against the singular bound by 100 centi-seeds more (SingularDouble 100), the
# same binary both ways, kiswahili's book (docs/strength.md "Multi-cut in kiswahili").
# Not kept: the code is gone; kiswahili-singulardouble100-2s.patch puts it back on 0d28bfa.
commit: ee68f52 with the patch and the multi-cut of 0d28bfa (off), a working-tree build
command: build/release/kete-match --engine cmd=build/release/kete name=sd100 option.SingularDouble=100 --engine cmd=build/release/kete name=base --variant kiswahili --openings tuning/books/kiswahili.txt --games 400 --tc 2+0.02 --margin 2000 --concurrency 1 --quiet
load: 2-3 (the multi-cut match on the other core, builds at nice for some minutes)
time: about 22 min (19:10-19:32, 2026-12-06)
