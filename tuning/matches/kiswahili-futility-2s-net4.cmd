# kiswahili-futility-2s-net4: reverse futility in kiswahili too (Futility 5: the bao and
# kiswahili bits; FutilityMargin 120, depth 3 and less) against the default (bao only),
# with the fourth net, the same binary both ways, the book, one game at a time.
# docs/strength.md "Reverse futility: kept in bao; ...". Rejected.
commit: 78a03b1
command: build/release/kete-match --engine cmd=build/release/kete name=fut option.Futility=5 --engine cmd=build/release/kete name=base --variant kiswahili --openings tuning/books/kiswahili.txt --games 400 --tc 2+0.02 --margin 2000 --concurrency 1 --quiet
load: 1.9-3.4 (a CI rehearsal under nice on the other core)
time: about 21 min (14:51-15:12, 2026-12-05)
