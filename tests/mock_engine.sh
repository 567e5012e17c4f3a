#!/usr/bin/env bash
# A deliberately broken engine for the arena tests (tests/arena_faults_test.cpp).
#   mock_engine.sh <mode>[:<n>] <engine> [<engine arguments>...]
# It passes the protocol through to a real engine (kete) and misbehaves at its n-th `go`
# of every game (default 3, so that each game is under way first):
#   good     never misbehaves
#   crash    exits with code 3
#   hang     never answers again, and ignores `stop` and `quit`
#   garbage  prints junk, then a bestmove whose token is no move at all
#   illegal  a well-formed move token that is not legal in the position
#   nomove   `bestmove` without a move
#   liar     plays well, but answers `query gameover` false and `query result` none
# Moves of the form <row><pit><L|R> only: bao, kujifunza and kiswahili.
set -u
spec=$1
shift
mode=${spec%%:*}
at=3
[[ $spec == *:* ]] && at=${spec#*:}

coproc ENGINE { exec "$@"; }

to_engine() { printf '%s\n' "$1" >&"${ENGINE[1]}"; }

# Copies the engine's output up to and including the first line that starts with $1.
relay_until() {
  local line
  while IFS= read -r line <&"${ENGINE[0]}"; do
    printf '%s\n' "$line"
    [[ $line == "$1"* ]] && return 0
  done
  exit 4 # the engine died
}

# The engine's legal moves, in lower case.
legal_moves() {
  local line
  to_engine "query moves"
  while IFS= read -r line <&"${ENGINE[0]}"; do
    [[ $line == response* ]] && { echo "${line#response}" | tr 'A-Z' 'a-z'; return 0; }
  done
}

# A well-formed token that names none of the legal moves.
illegal_move() {
  local legal row pit dir
  legal=" $(legal_moves) "
  for row in A B; do
    for pit in 1 2 3 4 5 6 7 8; do
      for dir in L R; do
        local token=$row$pit$dir
        local lower
        lower=$(echo "$token" | tr 'A-Z' 'a-z')
        [[ $legal == *" $lower "* ]] || { echo "$token"; return 0; }
      done
    done
  done
}

misbehave() {
  case $mode in
    crash) exit 3 ;;
    hang)
      while IFS= read -r _; do :; done
      sleep 1000
      ;;
    garbage)
      printf 'info depth banana\n\001\002 %s\nbestmove_\n' "$RANDOM"
      printf 'bestmove ##%s##\n' "$RANDOM"
      ;;
    illegal) printf 'bestmove %s\n' "$(illegal_move)" ;;
    nomove) printf 'bestmove\n' ;;
  esac
}

gos=0
while IFS= read -r line; do
  case $line in
    ugi | uci) to_engine "$line" && relay_until "${line}ok" ;;
    isready*) to_engine "$line" && relay_until readyok ;;
    uginewgame* | ucinewgame*) gos=0 && to_engine "$line" ;;
    go*)
      gos=$((gos + 1))
      if ((gos == at)) && [[ $mode != good && $mode != liar ]]; then
        misbehave
      else
        to_engine "$line" && relay_until bestmove
      fi
      ;;
    "query gameover") [[ $mode == liar ]] && echo "response false" || { to_engine "$line" && relay_until response; } ;;
    "query result") [[ $mode == liar ]] && echo "response none" || { to_engine "$line" && relay_until response; } ;;
    query*) to_engine "$line" && relay_until response ;;
    quit*) to_engine quit && exit 0 ;;
    *) to_engine "$line" ;;
  esac
done
