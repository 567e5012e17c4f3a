#!/usr/bin/env python3
"""The layers of kete (docs/architecture.md), checked on every include.

Each folder of non-test code is one layer with one library target. A file may include
headers of its own folder, of the layers its folder sits on (LAYERS below, the one place
the matrix is written), and of the libraries (Abseil, fmt, the generated version header).
A tool's main file may also include tools/, the plumbing every tool shares.

  tests/layers_test.py [ROOT]          exit 0, or 1 with a line per wrong include
  tests/layers_test.py --self-test     plants a wrong include in a scratch tree: must fail
"""
import os
import re
import subprocess
import sys
import tempfile

# folder: the folders below it that it may include. Read bottom up.
LAYERS = {
    "rules": [],
    "eval": ["rules"],
    "proof": ["rules"],
    "search": ["eval", "proof", "rules"],
    "solver": ["eval", "proof", "rules"],
    "engine": ["search", "solver", "eval", "proof", "rules"],
    "protocol": ["engine", "rules"],
    "tools": ["rules"],
    "arena": ["tools", "rules"],
    "tuning": ["engine", "search", "eval", "arena", "tools", "rules"],
    "benchmarks": ["engine", "search", "eval", "tools", "rules"],
    "web": ["protocol", "engine", "rules"],
}
# The executables' main files: a tool may use the tools' plumbing (flags, interrupt).
TOOL_MAINS = {"solver/main.cpp", "protocol/main.cpp"}
LIBRARIES = ("absl/", "kete_version.h")
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def sources(root):
    for folder in LAYERS:
        top = os.path.join(root, folder)
        for dirpath, _, files in os.walk(top):
            for name in sorted(files):
                if name.endswith((".h", ".cpp")):
                    path = os.path.join(dirpath, name)
                    yield folder, os.path.relpath(path, root)


def violations(root):
    found = []
    for folder, path in sources(root):
        allowed = {folder, *LAYERS[folder]}
        if path in TOOL_MAINS:
            allowed.add("tools")
        with open(os.path.join(root, path), encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                m = INCLUDE.match(line)
                if not m or m.group(1).startswith(LIBRARIES):
                    continue
                target = m.group(1).split("/")[0]
                if "/" not in m.group(1) or target not in allowed:
                    found.append(f"{path}:{number}: {folder}/ may not include \"{m.group(1)}\""
                                 f" (it may include {', '.join(sorted(allowed))})")
    for folder in LAYERS:
        if os.path.isdir(os.path.join(root, folder)) and not os.path.isfile(
                os.path.join(root, folder, "CMakeLists.txt")):
            found.append(f"{folder}/: a layer without its CMakeLists.txt")
    return found


def acyclic():
    """The matrix itself points one way: a depth-first walk finds no folder twice on a path."""
    def walk(folder, path):
        if folder in path:
            sys.exit(f"layers: a cycle: {' -> '.join(path + [folder])}")
        for below in LAYERS[folder]:
            walk(below, path + [folder])
    for folder in LAYERS:
        walk(folder, [])


def self_test():
    """A wrong include planted in a scratch tree must make the check fail."""
    with tempfile.TemporaryDirectory() as root:
        for folder in LAYERS:
            os.makedirs(os.path.join(root, folder))
            open(os.path.join(root, folder, "CMakeLists.txt"), "w").close()
        with open(os.path.join(root, "rules", "planted.cpp"), "w") as f:
            f.write('#include "rules/position.h"\n#include "search/params.h"\n')
        run = subprocess.run([sys.executable, __file__, root], capture_output=True, text=True)
        expected = 'rules/planted.cpp:2: rules/ may not include "search/params.h"'
        if run.returncode != 1 or expected not in run.stdout:
            sys.exit(f"layers self-test: the planted include was not caught:\n{run.stdout}")
    print("layers self-test: the planted include was caught")


def main():
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..")
    acyclic()
    found = violations(root)
    for line in found:
        print(line)
    count = sum(1 for _ in sources(root))
    print(f"layers: {count} files, {len(found)} wrong includes")
    sys.exit(1 if found else 0)


if __name__ == "__main__":
    main()
