# kiswahili-capturehistory-2s: a capture history (refuting captures rewarded as quiet
# moves are, in a table of their own; captures of equal gain ranked by it), on in
# kiswahili against off, the same binary both ways, kiswahili's book (docs/strength.md
# "Kiswahili from random openings: what an edge scores there"). Kiswahili's nodes to depth
# 13 over the book's first 20 openings fell from 7,830,375 to 7,160,592 (bao's to depth
# 12 rose from 1,690,336 to 1,722,175). Not kept: its code never landed; the patch beside
# this file (kiswahili-capturehistory-2s.patch) applies to 7fcfbdb and adds the option
# CaptureHistory (a variant mask, off by default).
commit: 7fcfbdb with kiswahili-capturehistory-2s.patch
command: build/release/kete-match --engine cmd=build/release/kete name=ch option.CaptureHistory=4 --engine cmd=build/release/kete name=base --variant kiswahili --openings tuning/books/kiswahili.txt --games 400 --tc 2+0.02 --margin 2000 --concurrency 1 --quiet
load: 2-3.5 (a CI rehearsal on the other core)
time: about 20 min (13:45-14:05, 2026-12-06)
