# main-vs-0.2-kiswahili-2s-threats: main with kiswahili's fourth net (the threat inputs,
# built in since c4b8b08) against kete 0.2 (0e4af09), kiswahili's book both ways,
# 2 s + 0.02 s, 400 games, one game at a time, issue 30. docs/strength.md "Threat inputs".
# Played by kete built from eed74fe's tree with the fourth net loaded by option.EvalFile.
commit: c4b8b08 (main), 0e4af09 (kete 0.2, built by scripts/build-commit.sh 0e4af09 kete)
command: build/release/kete-match --engine cmd=build/release/kete name=main --engine cmd=build/commits/0e4af0940f282245816d140c4f13f6878b3c5824/build/release/kete name=kete-0.2 --variant kiswahili --openings tuning/books/kiswahili.txt --games 400 --tc 2+0.02 --margin 2000 --concurrency 1 --quiet
load: 3 (the previous record's match and the net's rebuild under nice 19 beside it, then the calibration; the match at nice 5)
time: 20 min (08:46-09:06, 2026-12-05)
