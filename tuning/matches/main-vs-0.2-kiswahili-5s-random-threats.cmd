# main-vs-0.2-kiswahili-5s-random-threats: main with kiswahili's fourth net against kete
# 0.2 (0e4af09), random 8-ply openings of a new seed (54) both ways, 5 s + 0.05 s, 400
# games, one game at a time, issue 30. docs/strength.md "A third round of kiswahili data".
commit: 10d687e (main), 0e4af09 (kete 0.2, built by scripts/build-commit.sh 0e4af09 kete)
command: build/release/kete-match --engine cmd=build/release/kete name=main --engine cmd=build/commits/0e4af0940f282245816d140c4f13f6878b3c5824/build/release/kete name=kete-0.2 --variant kiswahili --random-plies 8 --seed 54 --games 400 --tc 5+0.05 --margin 2000 --concurrency 1 --quiet
load: 3.0-3.2 (fixed-node reruns, then a CI rehearsal under nice on the other core)
time: 43 min (12:08-12:51, 2026-12-05)
