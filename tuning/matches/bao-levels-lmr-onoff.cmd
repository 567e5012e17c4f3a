# bao-levels-lmr-onoff: what late move reductions change at the strength scale's
# condition: the same Skill Level with LMR on (the default) against LMR=0, for levels 5,
# 10, 15 and 20, 20000 nodes a move, bao's book both ways, 200 games each (the four
# matches' records in one file, in that order; docs/protocol.md "Strength"). The levels
# below 20 pick among their lines with a seed from the clock (engine/engine.cpp), so a
# rerun plays other games, and scripts/rerun-match.sh does not replay this loop.
commit: 4551386 (its kete; kete-match of the same build)
command: for L in 5 10 15 20; do build/release/kete-match --engine cmd=build/release/kete name=L$L-lmr "option.Skill Level=$L" --engine cmd=build/release/kete name=L$L-nolmr "option.Skill Level=$L" option.LMR=0 --variant bao --openings tuning/books/bao.txt --nodes 20000 --games 200 --concurrency 1 --quiet; done
load: 2 (a kiswahili match on the other core)
time: about 2 min (13:09-13:11, 2026-12-06); a first run without records gave the same results at levels 10, 15 and 20 and +10.4 +/- 50.9 at level 5
