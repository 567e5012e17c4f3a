# main-vs-0.2-kiswahili-2s-random-73: issue 30's kiswahili match from random 8-ply
# openings of a third new seed this session (73), both ways, main with kiswahili sown in a
# word (cad545a) against kete 0.2 (docs/strength.md "Kiswahili from random openings: what
# an edge scores there").
commit: cad545a (main), 0e4af09 (kete 0.2, built by scripts/build-commit.sh 0e4af09 kete)
command: build/release/kete-match --engine cmd=build/release/kete name=main --engine cmd=build/commits/0e4af0940f282245816d140c4f13f6878b3c5824/build/release/kete name=kete-0.2 --variant kiswahili --random-plies 8 --seed 73 --games 400 --tc 2+0.02 --margin 2000 --concurrency 1 --quiet
load: 2-3 (a CI rehearsal on the other core)
time: about 18 min (18:01-18:19, 2026-12-06)
