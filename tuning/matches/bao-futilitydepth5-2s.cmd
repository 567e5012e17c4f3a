# bao-futilitydepth5-2s: reverse futility down to depth 5 (FutilityDepth 5) against the
# default 3, the same binary both ways, bao's book, docs/strength.md "Late move reductions
# in bao" (the round's other tries). Not kept.
commit: 3f7fc75
command: build/release/kete-match --engine cmd=build/release/kete name=fdepth5 option.FutilityDepth=5 --engine cmd=build/release/kete name=base --variant bao --openings tuning/books/bao.txt --games 400 --tc 2+0.02 --margin 2000 --concurrency 1 --quiet
load: 2-3.5 (the FutilityMargin match on the other core; builds, a ctest at nice 19 and the LMR match for the last 25 minutes)
time: about 31 min (09:54-10:25, 2026-12-06)
