# main-vs-0.2-kiswahili-2s-random-avx2: main against kete 0.2 (0e4af09) in kiswahili from
# random 8-ply openings of a new seed (61) both ways, 2 s + 0.02 s, 400 games, one game at a
# time, issue 30. docs/strength.md "Kiswahili with the nets' sums in AVX2". The engine of
# main is that of 0019d3b, as in main-vs-0.2-kiswahili-2s-avx2.
commit: 0019d3b (main), 0e4af09 (kete 0.2, built by scripts/build-commit.sh 0e4af09 kete)
command: build/release/kete-match --engine cmd=build/release/kete name=main --engine cmd=build/commits/0e4af0940f282245816d140c4f13f6878b3c5824/build/release/kete name=kete-0.2 --variant kiswahili --random-plies 8 --seed 61 --games 400 --tc 2+0.02 --margin 2000 --concurrency 1 --quiet
load: 2.2-3.2 (a CI rehearsal, .ci/run in a fresh clone under nice, on the other core)
time: 17 min (23:25-23:42, 2026-12-05)
