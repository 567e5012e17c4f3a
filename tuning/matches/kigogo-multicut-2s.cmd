# kigogo-multicut-2s: multi-cut from the singular test in kigogo too (MultiCut 6: kigogo's
# bit 2 and kiswahili's 4) against the default (4, kiswahili only), the same binary both
# ways, kigogo's book (docs/strength.md "Multi-cut in kiswahili"). A candidate: kigogo's
# default is not changed yet.
commit: 09ff27d
command: build/release/kete-match --engine cmd=build/release/kete name=mc option.MultiCut=6 --engine cmd=build/release/kete name=base --variant kigogo --openings tuning/books/kigogo.txt --games 400 --tc 2+0.02 --margin 2000 --concurrency 1 --quiet
load: 2-3 (a CI rehearsal on the other core)
time: about 38 min (20:55-21:33, 2026-12-06)
