# mates-vs-prev-kiswahili: the shortest mates (8b7a2e3) against the step before (18935c2),
# docs/strength.md "Shortest mates". Written after the fact from that section's command.
# A clock match: scripts/rerun-match.sh refuses it (its games depend on timing).
commit: 8b7a2e3
worktree: ../prev 18935c2
command: build/release/kete-match --engine cmd=build/release/kete name=mates --engine cmd=../prev/build/release/kete name=prev --variant kiswahili --openings tuning/books/kiswahili.txt --games 200 --tc 1+0.01 --margin 2000 --concurrency 1 --quiet
load: 5-9 (two helpers building and testing beside it)
