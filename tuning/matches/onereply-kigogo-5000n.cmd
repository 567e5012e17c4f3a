# onereply-kigogo-5000n: the kigogo OneReply row at 5000 nodes of docs/strength.md
# ("Extensions"), replayed on 2026-12-02 at 730531c. The row's base was the search before
# the singular extension, so Singular is off on both sides (at 730531c it defaults to on in
# kigogo); the summary equals the row's Elo, +28.7 +/- 27.1 (1.8 .. 56.0), to the digit.
commit: 730531c
command: build/release/kete-match --engine cmd=build/release/kete name=new option.Singular=0 option.OneReply=15 --engine cmd=build/release/kete name=base option.Singular=0 option.OneReply=0 --variant kigogo --games 400 --nodes 5000 --random-plies 8 --seed 7 --concurrency 1 --quiet
load: 9.8 at the start, 11.6 at the end (other workers' builds; at fixed nodes no matter)
time: 6 min 15 s
