# kiswahili-odds-mtg100-random: what a known edge scores from random 8-ply openings: main
# against kete 0.2 handicapped by a clock planned for 100 own moves (TimeMovesToGo 100,
# against the default 30: about half the time a move, median 23 against 44 ms), seed 61
# (the openings of main-vs-0.2-kiswahili-2s-random-avx2, where kete 0.2 had its full
# time), both ways; with kiswahili-odds-mtg100-book, the same handicap from the book
# (docs/strength.md "Kiswahili from random openings: what an edge scores there").
commit: 4551386 (main), 0e4af09 (kete 0.2, built by scripts/build-commit.sh 0e4af09 kete)
command: build/release/kete-match --engine cmd=build/release/kete name=main --engine cmd=build/commits/0e4af0940f282245816d140c4f13f6878b3c5824/build/release/kete name=kete-0.2-mtg100 option.TimeMovesToGo=100 --variant kiswahili --random-plies 8 --seed 61 --games 400 --tc 2+0.02 --margin 2000 --concurrency 1 --quiet
load: 1-2 (the strength calibration and the LMR level matches on the other core, then builds)
time: about 13 min (12:55-13:08, 2026-12-06)
