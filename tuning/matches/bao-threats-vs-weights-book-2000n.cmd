# bao-threats-vs-weights-book-2000n: the bao threats net against the weights, 2000 nodes,
# bao's book both ways (200 games), one game at a time. docs/strength.md "Threat inputs".
commit: 5e713e7
command: build/release/kete-match --engine cmd=build/release/kete name=threats option.EvalFile=tuning/matches/bao-threats-trial.nnue --engine cmd=build/release/kete name=weights --variant bao --games 200 --nodes 2000 --openings tuning/books/bao.txt --concurrency 1 --quiet
load: 2 (a net's training on the other core; at fixed nodes no matter)
time: under 1 min (07:44-07:45, 2026-12-05)
