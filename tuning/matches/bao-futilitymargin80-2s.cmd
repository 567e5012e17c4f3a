# bao-futilitymargin80-2s: reverse futility with a margin of 80 centi-seeds a ply
# (FutilityMargin 80) against the default 120, the same binary both ways, bao's book,
# docs/strength.md "Late move reductions in bao" (the round's other tries). Not kept.
commit: 3f7fc75
command: build/release/kete-match --engine cmd=build/release/kete name=fmargin80 option.FutilityMargin=80 --engine cmd=build/release/kete name=base --variant bao --openings tuning/books/bao.txt --games 400 --tc 2+0.02 --margin 2000 --concurrency 1 --quiet
load: 2-3.5 (the FutilityDepth match on the other core; builds, a ctest at nice 19 and the LMR match for the last 25 minutes)
time: about 31 min (09:54-10:25, 2026-12-06)
