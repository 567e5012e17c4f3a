# kiswahili-negext-2s-b: kiswahili-negext-2s played again (docs/strength.md "Multi-cut in
# kiswahili"). Not kept.
commit: 0d28bfa (a working-tree build of its code), MultiCut 4 on both sides as a0e6741's default
command: build/release/kete-match --engine cmd=build/release/kete name=ne option.MultiCut=4 option.NegativeExtension=4 --engine cmd=build/release/kete name=mc option.MultiCut=4 --variant kiswahili --openings tuning/books/kiswahili.txt --games 400 --tc 2+0.02 --margin 2000 --concurrency 1 --seed 2 --quiet
load: 3-4 (kiswahili's strength calibration on the other core, then a CI rehearsal and builds at nice)
time: about 20 min (20:33-20:53, 2026-12-06)
