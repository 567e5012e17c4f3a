# kiswahili-net3-vs-candidate-2000n: kiswahili's third net (tuning/nets/kiswahili.nnue
# since 46ae793, data seeds 40-44) against the candidate of the same round before its
# fifth data set (seeds 40-43, tuning/matches/kiswahili-candidate.nnue), the same search,
# 2000 nodes, random 8-ply openings both ways (seed 21), one game at a time.
# docs/strength.md "Kiswahili's third net". Played by kete at a84dfcb with both nets
# loaded by option.EvalFile; the command below has the third net built in.
commit: 46ae793
command: build/release/kete-match --engine cmd=build/release/kete name=net3 --engine cmd=build/release/kete name=candidate option.EvalFile=tuning/matches/kiswahili-candidate.nnue --variant kiswahili --games 400 --nodes 2000 --random-plies 8 --seed 21 --concurrency 1 --quiet
load: 2 (the previous record's match on the other core; at fixed nodes no matter)
time: 2 min (04:35-04:37, 2026-12-05)
