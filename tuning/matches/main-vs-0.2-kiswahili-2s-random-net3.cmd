# main-vs-0.2-kiswahili-2s-random-net3: main with kiswahili's third net against kete 0.2
# (0e4af09), random 8-ply openings of a new seed (51) both ways, 2 s + 0.02 s, 400 games,
# one game at a time, issue 30. docs/strength.md "Kiswahili's third net". Played by kete
# at a84dfcb (main's search) with the third net loaded by option.EvalFile, which is what
# 46ae793's built-in net does.
commit: 46ae793 (main), 0e4af09 (kete 0.2, built by scripts/build-commit.sh 0e4af09 kete)
command: build/release/kete-match --engine cmd=build/release/kete name=main --engine cmd=build/commits/0e4af0940f282245816d140c4f13f6878b3c5824/build/release/kete name=kete-0.2 --variant kiswahili --random-plies 8 --seed 51 --games 400 --tc 2+0.02 --margin 2000 --concurrency 1 --quiet --pgn main-vs-0.2-kiswahili-2s-random-net3.pgn
load: 3-4 (the UCI_Elo calibration, the net's rebuild under nice 19, a bao kete-datagen at nice 19 and builds beside it; the match at nice 5)
time: 16 min (05:01-05:17, 2026-12-05)
