# main-vs-0.2-bao-2s-random-lmr: main with late move reductions in bao (a231b44) against
# kete 0.2 (0e4af09) from random 8-ply openings of a new seed (62), the issue's second form
# of its match (2 s + 0.02 s, 400 games, 200 openings both ways, one game at a time),
# docs/strength.md "Late move reductions in bao". 191 of the 200 pairs split: random bao
# openings are decided.
commit: a231b44 (main), 0e4af09 (kete 0.2, built by scripts/build-commit.sh 0e4af09 kete)
command: build/release/kete-match --engine cmd=build/release/kete name=main --engine cmd=build/commits/0e4af0940f282245816d140c4f13f6878b3c5824/build/release/kete name=kete-0.2 --variant bao --random-plies 8 --seed 62 --games 400 --tc 2+0.02 --margin 2000 --concurrency 1 --quiet
load: 2-2.3 (the razoring match, then the kigogo LMR match, on the other core)
time: about 12 min (10:53-11:05, 2026-12-06)
