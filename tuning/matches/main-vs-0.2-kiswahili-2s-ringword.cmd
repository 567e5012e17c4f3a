# main-vs-0.2-kiswahili-2s-ringword: issue 30's kiswahili match from the book, both ways,
# main with kiswahili sown in a word (cad545a, the code of 2d2ff4b: 12% fewer instructions
# in kiswahili's search, 6% less time to depth) against kete 0.2.
commit: cad545a (main), 0e4af09 (kete 0.2, built by scripts/build-commit.sh 0e4af09 kete)
command: build/release/kete-match --engine cmd=build/release/kete name=main --engine cmd=build/commits/0e4af0940f282245816d140c4f13f6878b3c5824/build/release/kete name=kete-0.2 --variant kiswahili --openings tuning/books/kiswahili.txt --games 400 --tc 2+0.02 --margin 2000 --concurrency 1 --quiet
load: 2-3 (a CI rehearsal on the other core)
time: about 21 min (17:40-18:00, 2026-12-06)
