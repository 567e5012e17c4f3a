# onereply-kiswahili-5000n: the kiswahili OneReply row at 5000 nodes, random openings, of
# docs/strength.md ("Extensions"), replayed on 2026-12-02 at 730531c. The row's base was
# the search before the singular extension, so Singular is off on both sides (at 730531c
# it defaults to on in kiswahili); the summary equals the row: pairs 34-205-61,
# +31.4 +/- 22.0 (9.4 .. 53.5).
commit: 730531c
command: build/release/kete-match --engine cmd=build/release/kete name=new option.Singular=0 option.OneReply=15 --engine cmd=build/release/kete name=base option.Singular=0 option.OneReply=0 --variant kiswahili --games 600 --nodes 5000 --random-plies 8 --seed 7 --concurrency 1 --quiet
load: 11.6 at the start, 13.4 at the end (other workers' builds; at fixed nodes no matter)
time: 4 min 11 s
