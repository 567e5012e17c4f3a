#!/usr/bin/env bash
# The WebAssembly engine's and the static site's tests (the last step of scripts/test.sh):
# builds both with scripts/web.sh, checks under Node that the engine answers as the native
# one (tests/web_engine_test.py: the bench signature, the perft counts, isready and stop
# during a search, bad input), then opens build/web/ in headless Chromium at a phone's
# size from a plain static server and plays the engine's first move
# (gui/test/static_site.mjs).
#   ./scripts/web-test.sh [--suite]
# --suite: also the GUI's end-to-end tests of the page (every file but those of the
# server, the engine process and its wrapper) against the static site, each checking the
# in-browser engine's board against a native kete's (so the release build too).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/web.sh"
python3 "$root/tests/web_engine_test.py" "$root"
"$root/scripts/gui-setup.sh" --browser
cd "$root/gui"
SITE="$root/build/web" node --test test/static_site.mjs
if [ "${1:-}" = "--suite" ]; then
  "$root/scripts/setup.sh" release
  KETE="$root/build/release/kete" KETE_GUI_SITE="$root/build/web" node --test \
    --test-concurrency=1 test/play.test.mjs test/analyse.test.mjs test/kichwa.test.mjs \
    test/layout.test.mjs test/review.test.mjs test/records.test.mjs test/watch.test.mjs \
    test/rules_page.test.mjs
fi
