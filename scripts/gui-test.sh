#!/usr/bin/env bash
# The GUI's tests: the sowing simulator against kete, the server, and end-to-end tests in
# headless Chromium against build/release/kete (docs/gui.md, "Tests").
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/setup.sh" release
"$root/scripts/gui-setup.sh" --browser
cd "$root/gui"
KETE="$root/build/release/kete" npm test
