# main-vs-0.2-bao-2s-lmr: main with late move reductions in bao (a231b44) against kete 0.2
# (0e4af09), issue 30's match (2 s + 0.02 s, 400 games, bao's balanced book both ways, one
# game at a time), docs/strength.md "Late move reductions in bao". The match ran on a build
# of 3f7fc75 with a231b44's search as a trial option, turned on (option.LMR=1); a231b44 has
# it on in bao by default, so the command below is the same match at a231b44 (played as
# name=lmr option.LMR=1, the name the summary and the PGN carry).
commit: 3f7fc75 with a231b44's search, LMR on; reproduce at a231b44. kete 0.2: 0e4af09, built by scripts/build-commit.sh 0e4af09 kete
command: build/release/kete-match --engine cmd=build/release/kete name=main --engine cmd=build/commits/0e4af0940f282245816d140c4f13f6878b3c5824/build/release/kete name=kete-0.2 --variant bao --openings tuning/books/bao.txt --games 400 --tc 2+0.02 --margin 2000 --concurrency 1 --quiet
load: 2-3.5 (the LMR and razoring matches on the other core; builds and the release ctest at nice 5-19)
time: about 29 min (10:24-10:53, 2026-12-06)
