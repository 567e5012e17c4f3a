# main-vs-0.2-kiswahili-2s: main against kete 0.2 (0e4af09) in kiswahili, issue 30's match
# (2 s + 0.02 s, 400 games, the balanced book both ways, one game at a time),
# docs/strength.md "Round 3: against kete 0.2". The engine of main is that of 5596b78
# (the search unchanged since 8b7a2e3; later commits change the solver only).
commit: 5596b78 (main), 0e4af09 (kete 0.2, built by scripts/build-commit.sh 0e4af09 kete)
command: build/release/kete-match --engine cmd=build/release/kete name=main --engine cmd=build/commits/0e4af0940f282245816d140c4f13f6878b3c5824/build/release/kete name=kete-0.2 --variant kiswahili --openings tuning/books/kiswahili.txt --games 400 --tc 2+0.02 --margin 2000 --concurrency 1 --quiet
load: 0.9 at the start, 0.6-2.5 during (the solver's builds and tests on the other core)
time: 20 min (16:02-16:22)
