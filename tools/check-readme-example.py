#!/usr/bin/env python3
"""Checks that the README's library example is examples/convert/main.cpp, line for line, so
that the code users copy is the code the install test builds and runs."""
import pathlib
import sys

root = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else pathlib.Path(__file__).parent.parent
readme = (root / "README.md").read_text(encoding="utf-8")
example = (root / "examples/convert/main.cpp").read_text(encoding="utf-8")

marker = "```cpp\n"
start = readme.find(marker)
if start < 0:
    sys.exit("README.md has no ```cpp block")
start += len(marker)
end = readme.find("```", start)
block = readme[start:end]
if block != example:
    for number, (shown, real) in enumerate(zip(block.splitlines(), example.splitlines()), 1):
        if shown != real:
            sys.exit(f"README.md's example differs from examples/convert/main.cpp at line "
                     f"{number}:\n  README:  {shown}\n  example: {real}")
    sys.exit("README.md's example and examples/convert/main.cpp differ in length")
print("README.md's example is examples/convert/main.cpp")
