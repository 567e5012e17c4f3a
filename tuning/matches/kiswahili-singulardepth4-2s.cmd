# kiswahili-singulardepth4-2s: the singular extension tested from depth 4 instead of 6
# (SingularDepth), the same binary both ways, kiswahili's book (docs/strength.md
# "Kiswahili from random openings: what an edge scores there"). Not kept.
commit: 4551386
command: build/release/kete-match --engine cmd=build/release/kete name=sd4 option.SingularDepth=4 --engine cmd=build/release/kete name=sd6 --variant kiswahili --openings tuning/books/kiswahili.txt --games 400 --tc 2+0.02 --margin 2000 --concurrency 1 --quiet
load: 2 (the handicap matches on the other core, then builds and tests at nice 10)
time: about 20 min (13:12-13:32, 2026-12-06)
