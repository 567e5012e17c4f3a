# kiswahili-odds-mtg100-book: the handicap of kiswahili-odds-mtg100-random from the book:
# main against kete 0.2 with a clock planned for 100 own moves (TimeMovesToGo 100: median
# 24 against 44 ms a move), kiswahili's book both ways (docs/strength.md "Kiswahili from
# random openings: what an edge scores there").
commit: 4551386 (main), 0e4af09 (kete 0.2, built by scripts/build-commit.sh 0e4af09 kete)
command: build/release/kete-match --engine cmd=build/release/kete name=main --engine cmd=build/commits/0e4af0940f282245816d140c4f13f6878b3c5824/build/release/kete name=kete-0.2-mtg100 option.TimeMovesToGo=100 --variant kiswahili --openings tuning/books/kiswahili.txt --games 400 --tc 2+0.02 --margin 2000 --concurrency 1 --quiet
load: 2 (a kiswahili match on the other core; builds and tests at nice 10)
time: about 15 min (13:08-13:23, 2026-12-06)
