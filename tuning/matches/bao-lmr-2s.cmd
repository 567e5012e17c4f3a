# bao-lmr-2s: late move reductions in bao (LMR) against the search without them, the same
# binary both ways, bao's book, docs/strength.md "Late move reductions in bao". Kept
# (a231b44). The match ran on a build of 3f7fc75 with a231b44's code as an option, off by
# default (and a razoring trial, off); at a231b44, where LMR is on in bao by default, the
# same match is the command below (LMR 0 on the base side).
commit: 3f7fc75 with a231b44's search as a trial option; reproduce at a231b44
command: build/release/kete-match --engine cmd=build/release/kete name=lmr --engine cmd=build/release/kete name=base option.LMR=0 --variant bao --openings tuning/books/bao.txt --games 400 --tc 2+0.02 --margin 2000 --concurrency 1 --quiet
load: 2-3.5 (the two futility matches, then the match against kete 0.2 and the razoring match, each on a core; builds and a ctest at nice 10-19)
time: about 30 min (10:00-10:30, 2026-12-06)
