# kiswahili-multicut-2s-b: kiswahili-multicut-2s played again (docs/strength.md
# "Multi-cut in kiswahili").
commit: 0d28bfa (a working-tree build of its code, which also had the SingularDouble option of kiswahili-singulardouble100-2s.patch, off)
command: build/release/kete-match --engine cmd=build/release/kete name=mc option.MultiCut=4 --engine cmd=build/release/kete name=base --variant kiswahili --openings tuning/books/kiswahili.txt --games 400 --tc 2+0.02 --margin 2000 --concurrency 1 --seed 2 --quiet
load: 2 (main-vs-0.2-kiswahili-2s-random-76 on the other core)
time: about 20 min (19:31-19:51, 2026-12-06)
