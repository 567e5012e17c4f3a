# main-vs-0.2-kiswahili-2s-random-76: issue 30's kiswahili match from random 8-ply
# openings of a new seed (76), both ways, main with multi-cut in kiswahili against kete
# 0.2 (docs/strength.md "Multi-cut in kiswahili").
commit: 0d28bfa with MultiCut 4 (the default from the next commit; a working-tree build of its code, which also had the SingularDouble option of kiswahili-singulardouble100-2s.patch, off), 0e4af09 (kete 0.2, built by scripts/build-commit.sh 0e4af09 kete)
command: build/release/kete-match --engine cmd=build/release/kete name=main-mc option.MultiCut=4 --engine cmd=build/commits/0e4af0940f282245816d140c4f13f6878b3c5824/build/release/kete name=kete-0.2 --variant kiswahili --random-plies 8 --seed 76 --games 400 --tc 2+0.02 --margin 2000 --concurrency 1 --quiet
load: 2 (kiswahili-multicut-2s-b on the other core)
time: about 17 min (19:33-19:51, 2026-12-06)
