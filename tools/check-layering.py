#!/usr/bin/env python3
"""Checks the include layering of code/ (DEVELOPERS.md, "Layout").

- code/Common includes only code/Common;
- a format folder (ActorX, P3D, ...) and code/Export include only themselves and code/Common;
- only the files at the top of code/ (the registry and the tables it hands to importers) may
  include several folders.

Each quoted include is resolved as the compiler does: beside the including file first, then
from code/. Angle-bracket includes (Assimp, the standard library, our public headers) are not
checked. Prints every offending line and exits 1 when there is one.
    python3 tools/check-layering.py [code-dir]
"""
import pathlib
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def folder_of(path, code):
    """The folder directly under code/ that holds `path`, or None for code/ itself."""
    relative = path.relative_to(code)
    return relative.parts[0] if len(relative.parts) > 1 else None


def resolve(include, including_file, code):
    for base in (including_file.parent, code):
        candidate = (base / include).resolve()
        if candidate.is_file():
            return candidate
    return None


def main():
    code = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "code").resolve()
    problems = []
    for source in sorted(code.rglob("*")):
        if source.suffix not in (".cpp", ".h") or not source.is_file():
            continue
        own = folder_of(source, code)
        if own is None:
            continue
        for number, line in enumerate(source.read_text(encoding="utf-8").splitlines(), 1):
            match = INCLUDE.match(line)
            if not match:
                continue
            target = resolve(match.group(1), source, code)
            if target is None:
                problems.append(f"{source.relative_to(code.parent)}:{number}: "
                                f"\"{match.group(1)}\" is not a file under {code.name}/")
                continue
            try:
                other = folder_of(target, code)
            except ValueError:
                problems.append(f"{source.relative_to(code.parent)}:{number}: "
                                f"\"{match.group(1)}\" lies outside {code.name}/")
                continue
            allowed = {"Common"} if own == "Common" else {own, "Common"}
            if other not in allowed:
                where = f"{code.name}/{other}" if other else f"the top of {code.name}/"
                problems.append(f"{source.relative_to(code.parent)}:{number}: {own} includes "
                                f"{where} (\"{match.group(1)}\")")
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} include(s) break the layering (DEVELOPERS.md, \"Layout\")")
        return 1
    print("layering: every folder of code/ includes only itself and code/Common")
    return 0


if __name__ == "__main__":
    sys.exit(main())
