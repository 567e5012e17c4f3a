# main-vs-0.2-kiswahili-2s-multicut: issue 30's kiswahili match from the book, both ways,
# main with multi-cut in kiswahili against kete 0.2 (docs/strength.md "Multi-cut in
# kiswahili").
commit: 0d28bfa with MultiCut 4 (the default from the next commit; a working-tree build of its code), 0e4af09 (kete 0.2, built by scripts/build-commit.sh 0e4af09 kete)
command: build/release/kete-match --engine cmd=build/release/kete name=main-mc option.MultiCut=4 --engine cmd=build/commits/0e4af0940f282245816d140c4f13f6878b3c5824/build/release/kete name=kete-0.2 --variant kiswahili --openings tuning/books/kiswahili.txt --games 400 --tc 2+0.02 --margin 2000 --concurrency 1 --quiet
load: 2-3 (kiswahili-multicut-2s-c on the other core; builds and the unit tests at nice for some minutes)
time: about 20 min (19:52-20:12, 2026-12-06)
