# kiswahili-multicut-2s: multi-cut from the singular test (MultiCut, kiswahili's bit 4)
# against the same binary without it, kiswahili's book (docs/strength.md "Multi-cut in
# kiswahili"); played again as kiswahili-multicut-2s-b and -c.
commit: 0d28bfa (a working-tree build of its code, which also had the SingularDouble option of kiswahili-singulardouble100-2s.patch, off)
command: build/release/kete-match --engine cmd=build/release/kete name=mc option.MultiCut=4 --engine cmd=build/release/kete name=base --variant kiswahili --openings tuning/books/kiswahili.txt --games 400 --tc 2+0.02 --margin 2000 --concurrency 1 --quiet
load: 2-3 (the SingularDouble match on the other core, a build at nice for some minutes)
time: about 20 min (19:10-19:30, 2026-12-06)
