# kiswahili-singularmargin4-2s: the singular extension with a margin of 4 centi-seeds a
# ply instead of 8 (SingularMargin: more table moves count as singular), the same binary
# both ways, kiswahili's book (docs/strength.md "Kiswahili from random openings: what an
# edge scores there"). Not kept.
commit: 4551386
command: build/release/kete-match --engine cmd=build/release/kete name=sm4 option.SingularMargin=4 --engine cmd=build/release/kete name=sm8 --variant kiswahili --openings tuning/books/kiswahili.txt --games 400 --tc 2+0.02 --margin 2000 --concurrency 1 --quiet
load: 2-3.5 (the SingularDepth match, then a CI rehearsal and nodes-to-depth runs at nice 10, on the other core)
time: about 20 min (13:25-13:45, 2026-12-06)
