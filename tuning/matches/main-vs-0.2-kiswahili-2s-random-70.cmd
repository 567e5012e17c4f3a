# main-vs-0.2-kiswahili-2s-random-70: issue 30's kiswahili match from random 8-ply
# openings of another new seed (70), both ways, main with kiswahili sown in a word
# (2d2ff4b) against kete 0.2 (docs/strength.md "Kiswahili from random openings: what an
# edge scores there").
commit: 2d2ff4b (main), 0e4af09 (kete 0.2, built by scripts/build-commit.sh 0e4af09 kete)
command: build/release/kete-match --engine cmd=build/release/kete name=main --engine cmd=build/commits/0e4af0940f282245816d140c4f13f6878b3c5824/build/release/kete name=kete-0.2 --variant kiswahili --random-plies 8 --seed 70 --games 400 --tc 2+0.02 --margin 2000 --concurrency 1 --quiet
load: 3-5 (a CI rehearsal and a build on the other core)
time: about 19 min (17:16-17:35, 2026-12-06)
