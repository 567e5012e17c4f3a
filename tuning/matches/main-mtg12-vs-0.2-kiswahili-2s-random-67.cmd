# main-mtg12-vs-0.2-kiswahili-2s-random-67: main with its clock planned for 12 own moves
# instead of 30, against kete 0.2, from the random openings of seed 67: the same
# openings as main-vs-0.2-kiswahili-2s-random-67, to see whether more of the clock carries
# over to random openings (docs/strength.md "Time use in kiswahili").
commit: 2d2ff4b (main), 0e4af09 (kete 0.2, built by scripts/build-commit.sh 0e4af09 kete)
command: build/release/kete-match --engine cmd=build/release/kete name=main-mtg12 option.TimeMovesToGo=12 --engine cmd=build/commits/0e4af0940f282245816d140c4f13f6878b3c5824/build/release/kete name=kete-0.2 --variant kiswahili --random-plies 8 --seed 67 --games 400 --tc 2+0.02 --margin 2000 --concurrency 1 --quiet
load: 2-3 (a match, then a CI rehearsal, on the other core)
time: about 21 min (16:54-17:15, 2026-12-06)
