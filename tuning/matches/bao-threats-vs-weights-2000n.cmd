# bao-threats-vs-weights-2000n: a bao net with the threat inputs
# (tuning/matches/bao-threats-trial.nnue, 2.57 M random-opening positions of seed 50)
# against bao's weights, the same search, 2000 nodes, random 8-ply openings both ways
# (seed 21), one game at a time. docs/strength.md "Threat inputs". Played by kete built
# from eed74fe's tree with a copy of the net.
commit: 5e713e7
command: build/release/kete-match --engine cmd=build/release/kete name=threats option.EvalFile=tuning/matches/bao-threats-trial.nnue --engine cmd=build/release/kete name=weights --variant bao --games 400 --nodes 2000 --random-plies 8 --seed 21 --concurrency 1 --quiet
load: 2 (a net's training on the other core; at fixed nodes no matter)
time: under 1 min (07:43-07:44, 2026-12-05)
