# bao-threats-vs-weights-2s: the bao threats net against the weights, the same search,
# bao's book both ways, 2 s + 0.02 s, 400 games, one game at a time. docs/strength.md
# "Threat inputs". Played by kete built from eed74fe's tree with a copy of the net.
commit: 5e713e7
command: build/release/kete-match --engine cmd=build/release/kete name=threats option.EvalFile=tuning/matches/bao-threats-trial.nnue --engine cmd=build/release/kete name=weights --variant bao --openings tuning/books/bao.txt --games 400 --tc 2+0.02 --margin 2000 --concurrency 1 --quiet
load: 2-3 (a net's training, then the next kiswahili match, on the other core; the match at nice 5)
time: 29 min (08:08-08:37, 2026-12-05)
