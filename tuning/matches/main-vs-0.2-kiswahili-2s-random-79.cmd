# main-vs-0.2-kiswahili-2s-random-79: issue 30's kiswahili match from random 8-ply
# openings of a second new seed (79), both ways, main with multi-cut in kiswahili against
# kete 0.2 (docs/strength.md "Multi-cut in kiswahili").
commit: 0d28bfa with MultiCut 4, the default of a0e6741 (a working-tree build of its code), 0e4af09 (kete 0.2, built by scripts/build-commit.sh 0e4af09 kete)
command: build/release/kete-match --engine cmd=build/release/kete name=main-mc option.MultiCut=4 --engine cmd=build/commits/0e4af0940f282245816d140c4f13f6878b3c5824/build/release/kete name=kete-0.2 --variant kiswahili --random-plies 8 --seed 79 --games 400 --tc 2+0.02 --margin 2000 --concurrency 1 --quiet
load: 3-4 (kiswahili-negext-2s on the other core, and a CI rehearsal at nice 10)
time: about 18 min (20:13-20:31, 2026-12-06)
