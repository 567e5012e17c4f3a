# main-vs-0.2-kiswahili-5s: main against kete 0.2 (0e4af09) in kiswahili at a longer
# control (issue 30 allows 2 s + 0.02 s or longer), 400 games, kiswahili's balanced book
# both ways, one game at a time, docs/strength.md "Main against kete 0.2".
commit: c52eafa (main, Threads 1: its search is 4bf6b3b's), 0e4af09 (kete 0.2, built by scripts/build-commit.sh 0e4af09 kete)
command: build/release/kete-match --engine cmd=build/release/kete name=main --engine cmd=build/commits/0e4af0940f282245816d140c4f13f6878b3c5824/build/release/kete name=kete-0.2 --variant kiswahili --openings tuning/books/kiswahili.txt --games 400 --tc 5+0.05 --margin 2000 --concurrency 1 --quiet --pgn main-vs-0.2-kiswahili-5s.pgn
load: 2.3-3.9 (two CI rehearsals under nice, 20:41-20:57 and 20:58-21:19), then 1.1-1.8 (nothing else)
time: 46 min (20:41-21:27, 2026-12-04)
