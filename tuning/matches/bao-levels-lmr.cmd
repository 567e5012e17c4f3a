# bao-levels-lmr: bao's strength scale measured again once late move reductions were on in
# bao (docs/protocol.md "Strength", the bao column; search/skill.cpp kLevelElo): each
# Skill Level against the level below, 20000 nodes a move, bao's book both ways, 200 games
# a match. The script prints each match's summary; it keeps no PGN (nor did the first
# calibrations).
commit: 4551386 (its kete; kete-match of the same build)
command: KETE_CONCURRENCY=1 ./scripts/strength-calibration.sh build/release/kete 200 20000 bao
load: 2 (a kiswahili match on the other core)
time: about 6 min (12:58-13:04, 2026-12-06)
