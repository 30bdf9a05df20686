#!/usr/bin/env python3
"""Fails when a code line in the documentation would be clipped on a 1280-pixel-wide page.

Checks every fenced code block of the DocC catalogs' articles and of the doc comments (`///`)
in Sources, counting characters as DocC renders them (after the `///` and the block's own
indentation). The limit is what a 1280-pixel page shows without scrolling: in headless
Chromium, a code block of the rendered site shows 78 characters at a window 1280 pixels wide,
and 76 leaves room for a browser's scroll bar. Each line over it is printed with its place.

    Scripts/check-code-width.py [limit]
"""
import pathlib
import re
import sys

LIMIT = int(sys.argv[1]) if len(sys.argv) > 1 else 76
ROOT = pathlib.Path(__file__).resolve().parent.parent
FENCE = re.compile(r"^(\s*)(```|~~~)")


def code_lines(lines):
    """(line number, code line) for each line inside a fenced block."""
    inside = None
    for number, line in lines:
        if line is None:  # the end of a doc comment ends its block
            inside = None
            continue
        fence = FENCE.match(line)
        if fence and inside is None:
            inside = len(fence.group(1))
        elif fence and inside is not None:
            inside = None
        elif inside is not None:
            yield number, line[inside:] if line[:inside].strip() == "" else line


def article_lines(path):
    return enumerate(path.read_text().splitlines(), start=1)


def comment_lines(path):
    """The text of each `///` line, without its prefix; `None` for a line that ends a comment."""
    for number, line in enumerate(path.read_text().splitlines(), start=1):
        stripped = line.lstrip()
        if stripped.startswith("///"):
            text = stripped[3:]
            yield number, text[1:] if text.startswith(" ") else text
        else:
            yield number, None


too_long = []
for path in sorted(ROOT.glob("Sources/**/*.docc/**/*.md")):
    for number, line in code_lines(article_lines(path)):
        if len(line) > LIMIT:
            too_long.append((path, number, line))
for path in sorted(ROOT.glob("Sources/**/*.swift")):
    for number, line in code_lines(comment_lines(path)):
        if len(line) > LIMIT:
            too_long.append((path, number, line))

for path, number, line in too_long:
    print(f"{path.relative_to(ROOT)}:{number}: {len(line)} characters: {line}")
if too_long:
    print(f"{len(too_long)} code lines are longer than {LIMIT} characters: at 1280 pixels they clip")
    sys.exit(1)
print(f"every code line in the documentation fits in {LIMIT} characters")
