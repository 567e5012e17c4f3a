#!/usr/bin/env bash
# The GUI's tests: the formatting of its sources, the sowing simulator against kete, the
# server, and end-to-end tests in headless Chromium against build/release/kete
# (docs/gui.md, "Tests").
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/setup.sh" release
"$root/scripts/gui-setup.sh" --browser
cd "$root/gui"
# The sources as prettier writes them (gui/.prettierrc): a file it would change fails.
npm run format:check
KETE="$root/build/release/kete" npm test
