# kigogo-lmr-2s: late move reductions in kigogo too (LMR 3: bao and kigogo) against main's
# default (bao only), the same binary both ways, kigogo's book, docs/strength.md "Late move
# reductions in bao". Rejected: LMR stays bao's alone.
commit: a231b44
command: build/release/kete-match --engine cmd=build/release/kete name=lmr option.LMR=3 --engine cmd=build/release/kete name=base --variant kigogo --openings tuning/books/kigogo.txt --games 400 --tc 2+0.02 --margin 2000 --concurrency 1 --quiet
load: 2-3.3 (bao matches on the other core, then a CI rehearsal from a fresh clone on both cores)
time: about 39 min (10:58-11:37, 2026-12-06)
