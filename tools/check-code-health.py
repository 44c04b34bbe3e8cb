#!/usr/bin/env python3
"""Checks the size and layering rules of the C++ sources (DEVELOPERS.md, "Style" and "Layout").

- the include layering of code/: tools/check-layering.py, run as it is;
- no source file (.h, .cpp) in code/ or tools/assimp over 800 lines;
- no function there over 100 lines.

A function's length is found by a heuristic that relies on clang-format's LLVM-based style
(.clang-format), not on a C++ parser:
- a statement starts on the first code line after a line that ends in ';', '{' or '}', after a
  blank, comment or preprocessor line, or after an access specifier or a label;
- a statement that ends its last line with '{' opens a function definition when its text has a
  '(' before that brace, no '=' before its first '(' (an initialiser or a lambda assigned to a
  variable; "operator=" excepted), and does not start with a control keyword (if, for, while,
  switch, catch, else, do) or with namespace, class, struct, union, enum or extern;
- the body ends at the first later line that is '}' (optionally followed by ';' and a comment)
  at the indentation of the statement's first line. clang-format indents everything inside the
  body deeper, so that is its closing brace;
- the length is the number of lines from the opening brace's line to the closing brace's line,
  both included. Lambdas and local classes count as part of the function that holds them.
Definitions on one line, and code whose format clang-format did not produce, may be missed.

Known exceptions, while the code that has them is being reworked, are listed in an allow-list
file (default tools/code-health-allowlist.txt): one entry a line, '#' starts a comment,
    <path>              a file that may be over 800 lines
    <path>:<function>   a function of that file that may be over 100 lines (the name as written
                        before its '(', e.g. Lzss::Decode)
with paths relative to the root. An entry that no longer matches a violation is an error too,
so that the list only shrinks.

    python3 tools/check-code-health.py [--root DIR] [--allow FILE]
Prints every problem and exits 1 when there is one.
"""
import argparse
import pathlib
import re
import subprocess
import sys

MAX_FILE_LINES = 800
MAX_FUNCTION_LINES = 100
SCANNED_FOLDERS = ("code", "tools/assimp")
SOURCE_SUFFIXES = (".h", ".cpp")

CONTROL = re.compile(r"^(if|for|while|switch|catch|else|do|namespace|class|struct|union|enum|"
                     r"extern|try)\b")
CLOSING = re.compile(r"^\}\s*;?\s*(//.*)?$")
FUNCTION_NAME = re.compile(r"([~\w:]+(?:operator\s*\S+?)?)\s*\($")


def code_part(line):
    """The line without a trailing // comment (string literals with // are rare enough here)."""
    at = line.find("//")
    return line if at < 0 else line[:at]


def ends_statement(stripped):
    return (not stripped or stripped.startswith(("//", "/*", "*", "#")) or
            stripped.endswith((";", "{", "}", "*/", "\\")) or
            re.match(r"^(public|private|protected)\s*:$", stripped) is not None or
            re.match(r"^\w+\s*:$", stripped) is not None)


def function_name(head):
    """The name before the first '(' of a function head, or None when it is not one."""
    text = " ".join(part.strip() for part in head)
    if CONTROL.match(text) or not text.endswith("{"):
        return None
    plain = re.sub(r"operator\s*(\(\)|[^\s(]+)", "operator", text)
    paren = plain.find("(")
    if paren < 0 or "=" in plain[:paren]:
        return None
    match = FUNCTION_NAME.search(plain[:paren + 1])
    return match.group(1) if match else None


def is_code(stripped):
    return bool(stripped) and not stripped.startswith(("//", "/*", "*", "#"))


def long_functions(lines):
    """(name, first line, length) of every function body over MAX_FUNCTION_LINES lines."""
    found = []
    start = None
    index = 0
    while index < len(lines):
        stripped = code_part(lines[index]).strip()
        if start is None and is_code(stripped):
            start = index
        if start is not None and stripped.endswith("{"):
            name = function_name([code_part(line) for line in lines[start:index + 1]])
            indent = len(lines[start]) - len(lines[start].lstrip(" "))
            end = closing_line(lines, index + 1, indent) if name is not None else None
            if end is not None:
                length = end - index + 1
                if length > MAX_FUNCTION_LINES:
                    found.append((name, start + 1, length))
                index = end + 1
                start = None
                continue
        if ends_statement(stripped):
            start = None
        index += 1
    return found


def closing_line(lines, begin, indent):
    for number in range(begin, len(lines)):
        line = lines[number]
        if len(line) - len(line.lstrip(" ")) == indent and CLOSING.match(line.strip()):
            return number
    return None


def read_allow_list(path):
    entries = set()
    if path is None or not path.is_file():
        return entries
    for line in path.read_text(encoding="utf-8").splitlines():
        entry = line.split("#", 1)[0].strip()
        if entry:
            entries.add(entry)
    return entries


def main():
    here = pathlib.Path(__file__).resolve().parent
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", default=str(here.parent), help="the source tree")
    parser.add_argument("--allow", default=str(here / "code-health-allowlist.txt"),
                        help="the allow-list file of known exceptions")
    args = parser.parse_args()
    root = pathlib.Path(args.root).resolve()
    allowed = read_allow_list(pathlib.Path(args.allow))

    layering = subprocess.run([sys.executable, str(here / "check-layering.py"),
                               str(root / "code")], capture_output=True, text=True)
    sys.stdout.write(layering.stdout + layering.stderr)
    problems = 1 if layering.returncode != 0 else 0

    used = set()
    for folder in SCANNED_FOLDERS:
        if not (root / folder).is_dir():
            continue
        for source in sorted((root / folder).rglob("*")):
            if source.suffix not in SOURCE_SUFFIXES or not source.is_file():
                continue
            relative = source.relative_to(root).as_posix()
            lines = source.read_text(encoding="utf-8").splitlines()
            if len(lines) > MAX_FILE_LINES:
                if relative in allowed:
                    used.add(relative)
                else:
                    print(f"{relative}: {len(lines)} lines (at most {MAX_FILE_LINES})")
                    problems += 1
            for name, first, length in long_functions(lines):
                entry = f"{relative}:{name}"
                if entry in allowed:
                    used.add(entry)
                else:
                    print(f"{relative}:{first}: function {name} has {length} lines "
                          f"(at most {MAX_FUNCTION_LINES})")
                    problems += 1
    for entry in sorted(allowed - used):
        print(f"{args.allow}: '{entry}' is no longer over its limit; remove it")
        problems += 1
    if problems:
        print(f"code health: {problems} problem(s)")
        return 1
    print(f"code health: no file over {MAX_FILE_LINES} lines, no function over "
          f"{MAX_FUNCTION_LINES} lines ({len(used)} allowed exception(s))")
    return 0


if __name__ == "__main__":
    sys.exit(main())
