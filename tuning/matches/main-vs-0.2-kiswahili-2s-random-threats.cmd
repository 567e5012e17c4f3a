# main-vs-0.2-kiswahili-2s-random-threats: main (kiswahili's fourth net, the threat inputs,
# built in) against kete 0.2 (0e4af09), random 8-ply openings of a new seed (53) both ways,
# 2 s + 0.02 s, 400 games, one game at a time, issue 30. docs/strength.md "Threat inputs".
# Played by kete built from c4b8b08's tree (6449c41 changed only a test and a script).
commit: 6449c41 (main), 0e4af09 (kete 0.2, built by scripts/build-commit.sh 0e4af09 kete)
command: build/release/kete-match --engine cmd=build/release/kete name=main --engine cmd=build/commits/0e4af0940f282245816d140c4f13f6878b3c5824/build/release/kete name=kete-0.2 --variant kiswahili --random-plies 8 --seed 53 --games 400 --tc 2+0.02 --margin 2000 --concurrency 1 --quiet
load: 3 (a CI rehearsal under nice on the other core; the match at nice 5)
time: 16 min (09:29-09:45, 2026-12-05)
