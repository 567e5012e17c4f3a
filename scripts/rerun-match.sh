#!/usr/bin/env bash
# Reruns a recorded fixed-node match of tuning/matches/ at the commits it was played at and
# shows it identical to the record: the same games move for move, the same summary.
#
#   scripts/rerun-match.sh [--jobs N] [--keep DIR] [--dry-run] tuning/matches/NAME
#   scripts/rerun-match.sh --compare tuning/matches/NAME DIR
#
# A record is three files (docs/strength.md, "How a change is measured"):
#   NAME.pgn.gz   the games, kete-match's --pgn file, gzip -9
#   NAME.txt      the summary, kete-match's standard output (with --quiet)
#   NAME.cmd      how they were made: lines "key: value", "#" comments and blank lines
#                 skipped, unknown keys ignored (date:, load: ... for people):
#     commit: SHA           the checkout the command ran in (required, once)
#     worktree: PATH SHA    PATH (e.g. ../prev) is a checkout of SHA (optional, repeated)
#     command: ...          the command, exactly as typed at the root of the commit's
#                           checkout after `cmake --preset release`, without --pgn and the
#                           redirection: `build/release/kete-match --engine
#                           cmd=build/release/kete ... --quiet`; then
#                           `--pgn NAME.pgn > NAME.txt` made the record. Words are split as
#                           xargs does (quotes and backslashes, no expansions).
#
# Each commit is checked out once into build/commits/SHA (a git worktree, kept as a cache)
# and only its needed targets are built there, niced: kete-match and kete at `commit:`,
# kete at each `worktree:` commit. The match runs in the `commit:` checkout (so relative
# paths such as --openings tuning/books/V.txt read that commit's files) into a temporary
# directory, with a `cmd=PATH/...` below a declared worktree pointed at its checkout.
#
# The comparison ignores only what cannot repeat: the think-time comments `{Nms}` of the
# records (and the line wrapping they shift), the games' order in the file (with more than
# one game at once they are written as they end; they are compared in Game order), and the
# summary's "Move time" lines. Everything else must be equal, every tag and every move.
#
# Refused: a clock match (--tc, --movetime: its games depend on timing), a search with
# more than one thread (option.Threads), and a command with --pgn, --checkpoint, --resume
# or --replay. Only fixed-node (--nodes) and fixed-depth (--depth) matches repeat.
#
#   --dry-run       check the record and print the builds and the command, run nothing
#   --keep DIR      leave the rerun's NAME.pgn and NAME.txt in DIR
#   --jobs N        build with N jobs (default: ninja's own)
#   --compare DIR   compare the record with a rerun already made: DIR/NAME.pgn, DIR/NAME.txt
#
# Exit status: 0 identical (or --dry-run), 1 a difference, 2 a bad command line, a bad or
# missing record, or a refused match; a failed build or match stops the script non-zero.
set -euo pipefail

usage() { sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; }
die() { echo "rerun-match: $*" >&2; exit 2; }

root="$(cd "$(dirname "$0")/.." && pwd)"
dry_run=0 keep="" jobs="" compare_dir="" record=""
while (($#)); do
  case "$1" in
    -h | --help) usage; exit 0 ;;
    --dry-run) dry_run=1 ;;
    --keep) (($# >= 2)) || die "--keep needs a directory"; keep="$2"; shift ;;
    --jobs) [[ "${2:-}" =~ ^[1-9][0-9]*$ ]] || die "--jobs needs a number >= 1"; jobs="$2"; shift ;;
    --compare) (($# >= 3)) || die "usage: --compare tuning/matches/NAME DIR"
               record="$2"; compare_dir="$3"; shift 2 ;;
    -*) die "unknown option '$1' (--help)" ;;
    *) [ -z "$record" ] || die "one record at a time ('$record', then '$1')"; record="$1" ;;
  esac
  shift
done
[ -n "$record" ] || { usage >&2; exit 2; }

# The record: NAME, NAME.cmd, NAME.txt or NAME.pgn.gz all name it.
record="${record%.cmd}"; record="${record%.txt}"; record="${record%.pgn.gz}"
name="$(basename "$record")"
for f in "$record.cmd" "$record.txt" "$record.pgn.gz"; do
  [ -f "$f" ] || die "$f: no such file (a record is NAME.cmd, NAME.txt and NAME.pgn.gz)"
done

# --- The record's header -------------------------------------------------------------
commit="" command="" wt_paths=() wt_commits=()
lineno=0
while IFS= read -r line || [ -n "$line" ]; do
  lineno=$((lineno + 1))
  [[ "$line" =~ ^[[:space:]]*(#|$) ]] && continue
  [[ "$line" =~ ^([a-z-]+):[[:space:]]*(.*)$ ]] || die "$record.cmd:$lineno: not 'key: value': $line"
  key="${BASH_REMATCH[1]}" value="${BASH_REMATCH[2]%"${BASH_REMATCH[2]##*[![:space:]]}"}"
  case "$key" in
    commit) [ -z "$commit" ] || die "$record.cmd:$lineno: a second commit:"; commit="$value" ;;
    command) [ -z "$command" ] || die "$record.cmd:$lineno: a second command:"; command="$value" ;;
    worktree) read -r p c rest <<<"$value"
              if [ -z "${c:-}" ] || [ -n "${rest:-}" ]; then die "$record.cmd:$lineno: worktree: PATH SHA"; fi
              wt_paths+=("${p%/}") wt_commits+=("$c") ;;
  esac
done <"$record.cmd"
[ -n "$commit" ] || die "$record.cmd: no 'commit:' line"
[ -n "$command" ] || die "$record.cmd: no 'command:' line"

split="$(printf '%s\n' "$command" | xargs printf '%s\n' 2>/dev/null)" ||
  die "$record.cmd: the command's quotes do not close"
mapfile -t words <<<"$split"
[[ "${words[0]}" == build/release/kete-match || "${words[0]}" == ./build/release/kete-match ]] ||
  die "$record.cmd: the command must start with build/release/kete-match, not '${words[0]}'"
for w in "${words[@]:1}"; do
  case "$w" in
    --tc | --movetime)
      die "$name is a clock match ($w): its games depend on timing and cannot repeat;" \
          "only fixed-node (--nodes) or fixed-depth (--depth) matches can be rerun" ;;
    --pgn | --checkpoint | --resume | --replay)
      die "$record.cmd: the command has $w; the script adds --pgn itself (remove it)" ;;
    option.Threads=*)
      [ "${w#option.Threads=}" = 1 ] ||
        die "$name searches with $w: a search on several threads cannot repeat" ;;
  esac
done
# A loop, not `printf | grep -q`: bash's printf writes a line at a time, and under
# pipefail a grep that has found its line and exited fails the pipeline with SIGPIPE.
fixed=0
for w in "${words[@]}"; do
  if [[ "$w" == --nodes || "$w" == --depth ]]; then fixed=1; fi
done
((fixed)) ||
  die "$name has no --nodes or --depth: only fixed-node or fixed-depth matches can be rerun"

full_sha() {
  git -C "$root" rev-parse --verify --quiet "$1^{commit}" ||
    die "$record.cmd: commit '$1' is not in this repository (git fetch it first)"
}
commit="$(full_sha "$commit")"
for i in "${!wt_commits[@]}"; do wt_commits[i]="$(full_sha "${wt_commits[i]}")"; done

# --- Comparison ----------------------------------------------------------------------
# A record file reduced to what repeats: every tag line, then the move words one a line
# without the {Nms} comments, games in Game order.
normal_pgn() {
  awk 'BEGIN { RS = "" }
       /^\[/ { game = 0; n = 0; split($0, lines, "\n")
               for (i in lines) if (lines[i] ~ /^\[Game "/) game = substr(lines[i], 8) + 0
               for (i = 1; i in lines; i++) printf "%09d %06d %s\n", game, n++, lines[i]
               next }
       { gsub(/\{[^}]*\}/, " "); k = split($0, w, /[ \t\n]+/)
         for (i = 1; i <= k; i++) if (w[i] != "") printf "%09d %06d %s\n", game, n++, w[i] }' |
    LC_ALL=C sort | cut -d' ' -f3-
}
normal_txt() { grep -v '^Move time of ' || true; }

compare() {  # compare DIR: the record against DIR/NAME.pgn and DIR/NAME.txt
  local dir="$1" same=1 pgn_diff
  for f in "$dir/$name.pgn" "$dir/$name.txt"; do [ -f "$f" ] || die "$f: no such file"; done
  if ! diff -u --label "$record.txt" --label "rerun $name.txt" \
       <(normal_txt <"$record.txt") <(normal_txt <"$dir/$name.txt"); then
    same=0
  fi
  pgn_diff="$(diff -u --label "$record.pgn.gz (think times dropped)" --label "rerun $name.pgn" \
       <(gzip -dc "$record.pgn.gz" | normal_pgn) <(normal_pgn <"$dir/$name.pgn"))" || {
    head -n 60 <<<"$pgn_diff"
    echo "... the game records differ in $(grep -c '^[-+][^-+]' <<<"$pgn_diff") lines (tags and moves)"
    same=0
  }
  if ((same)); then
    echo "IDENTICAL: $name, $(grep -c '^\[Event ' "$dir/$name.pgn") games move for move and the summary"
    return 0
  fi
  echo "DIFFERENT: $name"
  return 1
}
if [ -n "$compare_dir" ]; then
  compare "$compare_dir" && exit 0 || exit 1
fi

# --- Checkouts and builds ------------------------------------------------------------
checkout_of() { echo "$root/build/commits/$1"; }
build_at() {  # build_at SHA TARGET...: scripts/build-commit.sh, quiet on stdout
  local sha="$1"; shift
  if ((dry_run)); then
    echo "build: ${sha:0:12} ($(checkout_of "$sha")): ${*}"
    return
  fi
  "$root/scripts/build-commit.sh" ${jobs:+--jobs "$jobs"} "$sha" "$@" >/dev/null
}

build_at "$commit" kete-match kete
for i in "${!wt_commits[@]}"; do build_at "${wt_commits[i]}" kete; done

# The command, with each declared worktree's paths pointed at its checkout.
run=("${words[@]}")
for j in "${!run[@]}"; do
  for i in "${!wt_paths[@]}"; do
    prefix="cmd=${wt_paths[i]}/"
    [[ "${run[j]}" == "$prefix"* ]] && run[j]="cmd=$(checkout_of "${wt_commits[i]}")/${run[j]#"$prefix"}"
  done
done

if [ -n "$keep" ]; then
  mkdir -p "$keep"; out="$(cd "$keep" && pwd)"
else
  out="$(mktemp -d)"; trap 'rm -rf "$out"' EXIT
fi
if ((dry_run)); then
  echo "run in $(checkout_of "$commit"):"
  printf ' %q' "${run[@]}" --pgn "$out/$name.pgn"; printf ' > %q\n' "$out/$name.txt"
  exit 0
fi
echo "rerun-match: playing $name at ${commit:0:12} into $out" >&2
(cd "$(checkout_of "$commit")" && nice "${run[@]}" --pgn "$out/$name.pgn" >"$out/$name.txt")
compare "$out"
