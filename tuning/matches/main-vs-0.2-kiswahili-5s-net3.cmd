# main-vs-0.2-kiswahili-5s-net3: main with kiswahili's third net (built in) against kete
# 0.2 (0e4af09), kiswahili's book both ways, 5 s + 0.05 s, 400 games, one game at a time,
# issue 30. docs/strength.md "Kiswahili's third net". Played by kete built from the tree
# of 1ac25f3 (a copy of build/release/kete; bench 393246).
commit: 1ac25f3 (main), 0e4af09 (kete 0.2, built by scripts/build-commit.sh 0e4af09 kete)
command: build/release/kete-match --engine cmd=build/release/kete name=main --engine cmd=build/commits/0e4af0940f282245816d140c4f13f6878b3c5824/build/release/kete name=kete-0.2 --variant kiswahili --openings tuning/books/kiswahili.txt --games 400 --tc 5+0.05 --margin 2000 --concurrency 1 --quiet --pgn main-vs-0.2-kiswahili-5s-net3.pgn
load: 2-4 (kete-datagen at nice 10 throughout, bao nets' training and 2000-node matches, two record reruns under nice 19; the match at nice 5)
time: 47 min (05:17-06:04, 2026-12-05)
