# onereply-kigogo-5000n-singular-on: the command of docs/strength.md's "Extensions" as first
# written, rerun on 2026-12-02 at 730531c. At 730531c Singular is on in kigogo for both
# sides (its default), so this measures OneReply over Singular, not the table's row, whose
# base had no singular extension: onereply-kigogo-5000n (Singular=0 on both) is that row.
commit: 730531c
command: build/release/kete-match --engine cmd=build/release/kete name=new option.OneReply=15 --engine cmd=build/release/kete name=base option.OneReply=0 --variant kigogo --games 400 --nodes 5000 --random-plies 8 --seed 7 --concurrency 1 --quiet
load: 2.2 at the start, 10.3 at the end (other workers' builds; at fixed nodes no matter)
time: 3 min 56 s
