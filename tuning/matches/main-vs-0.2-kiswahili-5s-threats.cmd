# main-vs-0.2-kiswahili-5s-threats: main with kiswahili's fourth net against kete 0.2
# (0e4af09), kiswahili's book both ways, 5 s + 0.05 s, 400 games, one game at a time,
# issue 30. docs/strength.md "A third round of kiswahili data".
commit: 10d687e (main), 0e4af09 (kete 0.2, built by scripts/build-commit.sh 0e4af09 kete)
command: build/release/kete-match --engine cmd=build/release/kete name=main --engine cmd=build/commits/0e4af0940f282245816d140c4f13f6878b3c5824/build/release/kete name=kete-0.2 --variant kiswahili --openings tuning/books/kiswahili.txt --games 400 --tc 5+0.05 --margin 2000 --concurrency 1 --quiet
load: 2.5-3.2 (kete-datagen at nice 10, then kete-train and fixed-node matches on the other core)
time: 45 min (11:23-12:08, 2026-12-05)
