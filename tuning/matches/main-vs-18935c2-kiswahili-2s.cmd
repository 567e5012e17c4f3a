# main-vs-18935c2-kiswahili-2s: main against 18935c2, the last commit before the shortest
# mates (8b7a2e3) and the table on huge pages (e27aaf7), to see whether either cost the
# -26 of main against kete 0.2; docs/strength.md "Main against kete 0.2, kiswahili".
commit: 5596b78 (main), 18935c2 (built by scripts/build-commit.sh 18935c2 kete)
command: build/release/kete-match --engine cmd=build/release/kete name=main --engine cmd=build/commits/18935c21f5e7c60e5a16a24220923764c17f1ce0/build/release/kete name=pre-mates --variant kiswahili --openings tuning/books/kiswahili.txt --games 400 --tc 2+0.02 --margin 2000 --concurrency 1 --quiet
load: 2.3-3.1 (a CI rehearsal, .ci/run in a fresh clone, under nice on the other core)
time: 21 min (16:24-16:45)
