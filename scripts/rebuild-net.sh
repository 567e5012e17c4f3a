#!/usr/bin/env bash
# Rebuilds a shipped net (tuning/nets/V.nnue) from nothing, as it was made: the self-play
# data played by the binary of its time, then the training, each step with the commit,
# flags and --data order of the records (docs/tuning.md, "Rebuilding a shipped net").
# Both steps are deterministic, so the net must come out byte for byte the shipped one;
# the script says whether it did. The past binaries are built by build-commit.sh.
#   ./scripts/rebuild-net.sh VARIANT [--dir DIR] [--threads N]
# VARIANT: kigogo or kiswahili (the variants whose default evaluation is a net). DIR holds
# the data and the net (default build/rebuild-net); data already there is reused when
# its header matches. --threads N plays N games at once (the same file whatever N).
set -euo pipefail
usage() {
  echo "usage: scripts/rebuild-net.sh kigogo|kiswahili [--dir DIR] [--threads N]"
}
root="$(cd "$(dirname "$0")/.." && pwd)"
variant=""
dir="$root/build/rebuild-net"
threads=1
while [ $# -gt 0 ]; do
  case "$1" in
    -h | --help) usage; exit 0 ;;
    --dir) dir="${2:?--dir needs a folder}"; shift 2 ;;
    --threads) threads="${2:?--threads needs a number}"; shift 2 ;;
    kigogo | kiswahili) variant="$1"; shift ;;
    *) echo "rebuild-net: unknown argument '$1'" >&2; usage >&2; exit 2 ;;
  esac
done
if [ -z "$variant" ]; then usage >&2; exit 2; fi
case "$threads" in '' | *[!0-9]* | 0) echo "rebuild-net: --threads needs a positive number" >&2; exit 2 ;; esac
mkdir -p "$dir"

# data NAME COMMIT FLAGS...: self-play data played by kete-datagen at COMMIT into
# DIR/NAME.data (kept if a finished run with the same header is there).
data_files=()
data() {
  local name="$1" commit="$2"
  shift 2
  local out="$dir/$name.data" bin
  bin="$("$root/scripts/build-commit.sh" "$commit" kete-datagen)"
  if [ -s "$out" ] && [ -e "$out.done" ]; then
    echo "rebuild-net: $out is already made ($(tail -n +2 "$out" | wc -l) positions)"
  else
    echo "rebuild-net: $name: kete-datagen at $commit $*"
    nice "$bin/kete-datagen" "$@" --threads "$threads" --out "$out"
    touch "$out.done"
  fi
  data_files+=(--data "$out")
}

# kiswahili_round COMMIT FIRST: a round of kiswahili data at COMMIT, seeds FIRST ..
# FIRST + 4, 40,000 games each at 1000 nodes, random rate 0.1, 0.25, 0, 0.1, 0.25.
kiswahili_round() {
  local commit="$1" first="$2" i
  local rates=(0.1 0.25 0 0.1 0.25) random
  for i in 0 1 2 3 4; do
    random=()
    [ "${rates[$i]}" = 0 ] || random=(--random-rate "${rates[$i]}")
    data "kiswahili-$((first + i))" "$commit" --variant kiswahili --games 40000 --nodes 1000 \
      --seed "$((first + i))" "${random[@]}"
  done
}

# train COMMIT FLAGS...: kete-train at COMMIT on the data above, in their order.
train() {
  local commit="$1" bin
  shift
  bin="$("$root/scripts/build-commit.sh" "$commit" kete-train)"
  echo "rebuild-net: kete-train at $commit ${data_files[*]} $*"
  nice "$bin/kete-train" --variant "$variant" "${data_files[@]}" --out "$dir/$variant.nnue" "$@"
}

case "$variant" in
  kigogo)
    # The second net (2026-12-05): 2.95 M positions of 24,000 games of seed 40, played by
    # kete at 6437034 with the first net (5602e89's, itself from seed 16 played by the
    # weights at b4964b2); plain, 20 epochs, trained at 6437034.
    data kigogo-40 6437034 --variant kigogo --games 24000 --nodes 1000 --seed 40
    train 6437034 --epochs 20 --lambda 1 --seed 1
    ;;
  kiswahili)
    # The fourth net (2026-12-05): 40,000 games each of seeds 40-44 (random rate 0.1,
    # 0.25, 0, 0.1, 0.25), played by kete at 6437034 with the second net (d4a8f73's,
    # itself from seed 16 of 2a8f9e4 and seeds 30-32 of b4964b2), and of seeds 60-64 (the
    # same rates), played by kete at 1ac25f3 with the third net (trained on seeds 40-44);
    # plain with the threat inputs, 20 epochs, trained at eed74fe.
    kiswahili_round 6437034 40
    kiswahili_round 1ac25f3 60
    train eed74fe --epochs 20 --lambda 1 --seed 1 --threats
    ;;
esac

shipped="$root/tuning/nets/$variant.nnue"
if cmp -s "$dir/$variant.nnue" "$shipped"; then
  echo "rebuild-net: $dir/$variant.nnue is byte for byte $shipped"
else
  echo "rebuild-net: $dir/$variant.nnue differs from $shipped; compare them in games:"
  echo "  ./build/release/kete-match --engine cmd=build/release/kete name=rebuilt" \
    "option.EvalFile=$dir/$variant.nnue --engine cmd=build/release/kete name=shipped" \
    "--variant $variant --games 400 --nodes 2000 --random-plies 8 --seed 20 --concurrency 1"
  exit 1
fi
