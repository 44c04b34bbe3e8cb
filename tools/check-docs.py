#!/usr/bin/env python3
"""Checks the user's documentation: README.md stays a manual (at most 600 lines), links every
document in docs/, and every relative link in README.md, DEVELOPERS.md and docs/*.md leads to a
file that exists (and, for #anchors into Markdown files, to a heading that exists)."""
import pathlib
import re
import sys

root = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else pathlib.Path(__file__).parent.parent
problems = []

readme = root / "README.md"
lines = readme.read_text(encoding="utf-8").count("\n")
if lines > 600:
    problems.append(f"README.md has {lines} lines; at most 600")

LINK = re.compile(r"\]\(([^)\s]+)\)")


def anchors(path):
    """GitHub's anchors of a Markdown file's headings."""
    found = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            text = line.lstrip("#").strip().lower()
            text = re.sub(r"[^\w\- ]", "", text)
            found.add(text.replace(" ", "-"))
    return found


documents = [readme, root / "DEVELOPERS.md"] + sorted((root / "docs").glob("*.md"))
linked_from_readme = set()
for document in documents:
    for target in LINK.findall(document.read_text(encoding="utf-8")):
        if re.match(r"^[a-z]+:", target):
            continue  # http:, https:, mailto:
        path_part, _, anchor = target.partition("#")
        resolved = (document.parent / path_part).resolve() if path_part else document
        if not resolved.exists():
            problems.append(f"{document.relative_to(root)}: link to missing {target}")
            continue
        if document == readme:
            linked_from_readme.add(resolved)
        if anchor and resolved.suffix == ".md" and anchor not in anchors(resolved):
            problems.append(f"{document.relative_to(root)}: no heading for #{anchor} in "
                            f"{resolved.relative_to(root)}")

for document in sorted((root / "docs").rglob("*.md")):
    if document.resolve() not in linked_from_readme:
        problems.append(f"docs/{document.relative_to(root / 'docs')} is not linked from README.md")

for problem in problems:
    print(problem)
if problems:
    sys.exit(1)
print(f"README.md: {lines} lines; {len(documents)} documents, every link resolves")
