#!/usr/bin/env python3
"""Fails when the documentation would show a public signature with part of its type missing.

    Scripts/check-signatures.py SYMBOL_GRAPH_DIR

For every public function, initializer, method, operator, subscript and type alias in the
symbol graphs, the declaration DocC renders (its `declarationFragments`) is compared with the
declaration in the source file the symbol's `location` names:

  * every attribute and specifier the source writes on a type (`@escaping`, `@Sendable`,
    `@isolated(any)`, `nonisolated(nonsending)`, `sending`, ...) must be rendered, except the
    ones in SHOWN_NOWHERE;
  * the rest of the source declaration, as a sequence of words, must appear in order in the
    rendered one (which may add words: a qualified `Self.Element` for `Element`).

Swift 6.3's `-emit-symbol-graph` fails both for the reducer of `throttle(for:...reducing:)`
(rendered `reducing: nonisolated(nonsending))`) and the pacers' `@isolated(any)` action, which
is why Scripts/build-documentation extracts the graphs from the built module instead.
Standard library only.
"""

import glob
import json
import re
import sys
import urllib.parse

# Attributes no symbol graph shows, with the reason; the articles explain them in prose.
SHOWN_NOWHERE = {
    "@inlinable": "an inlining detail, excluded by the symbol graph generator",
    "@usableFromInline": "an ABI detail, not part of the signature",
}
# Any `@_name` attribute: underscored attributes are never printed (`@_inheritActorContext`,
# `@_disfavoredOverload`, ...).
UNDERSCORED = re.compile(r"@_\w+")
ATTRIBUTE = re.compile(r"@\w+(?:\([^()]*\))?|\bnonisolated\(nonsending\)|\b(?:sending|inout|borrowing|consuming)\b")
WORD = re.compile(r"[A-Za-z_][A-Za-z_0-9]*|\d+|->|\S")
GENERIC_PARAMETERS = re.compile(r"(\S+?)\s*<([^<>]*)>")
CHECKED_KINDS = {"swift.func", "swift.func.op", "swift.method", "swift.type.method",
                 "swift.init", "swift.subscript", "swift.type.subscript", "swift.typealias"}


def source_declaration(symbol):
    """The source text from the symbol's name to its body (or the end of a type alias)."""
    location = symbol["location"]
    path = urllib.parse.unquote(urllib.parse.urlparse(location["uri"]).path)
    with open(path, encoding="utf-8") as file:
        lines = file.read().split("\n")
    start = location["position"]
    # The scan starts after the name, which may be an operator such as `<`.
    name = symbol["pathComponents"][-1].split("(")[0]
    text = lines[start["line"]][start["character"] + len(name):]
    rest = lines[start["line"] + 1:]
    code = [name]
    depth = 0
    lines = [text] + rest
    for number, line in enumerate(lines):
        line = line.split("//")[0]
        for index, character in enumerate(line):
            if character in "([<":
                depth += 1
            elif character in ")]>" and not line[:index].endswith("-"):
                depth -= 1
            elif character == "{" and depth == 0:
                code.append(line[:index])
                return " ".join(code)
        code.append(line)
        if symbol["kind"]["identifier"] == "swift.typealias" and depth == 0:
            return " ".join(code)
        # A declaration without a body (a protocol requirement) ends where a blank line, a
        # comment or a closing brace follows; a declaration with a body has reached its `{` by
        # then, in formatted code.
        following = lines[number + 1].strip() if number + 1 < len(lines) else ""
        if depth == 0 and (not following or following.startswith(("//", "}"))):
            return " ".join(code)
    return " ".join(code)


def without_constraints(declaration):
    """`f<C: Clock, R>(…)` as `f<C, R>(…)`: the symbol graph moves constraints to `where`."""
    match = GENERIC_PARAMETERS.match(declaration)
    if not match:
        return declaration
    names = [parameter.split(":")[0].strip() for parameter in match.group(2).split(",")]
    return match.group(1) + "<" + ", ".join(names) + ">" + declaration[match.end():]


def problems(symbol):
    source = without_constraints(UNDERSCORED.sub(" ", source_declaration(symbol)))
    for attribute in SHOWN_NOWHERE:
        source = source.replace(attribute, " ")
    rendered = "".join(fragment["spelling"] for fragment in symbol["declarationFragments"])
    found = []
    for attribute in set(ATTRIBUTE.findall(source)):
        if ATTRIBUTE.findall(rendered).count(attribute) < ATTRIBUTE.findall(source).count(attribute):
            found.append(f"`{attribute}` is not rendered")
    # `Self` may be rendered as the type it stands for (`RecordedEvent<Element>`).
    words = [word for word in WORD.findall(ATTRIBUTE.sub(" ", source)) if word != "Self"]
    remaining = iter(WORD.findall(ATTRIBUTE.sub(" ", rendered)))
    missing = next((word for word in words if word not in remaining), None)
    if missing is not None:
        found.append(f"words of the source are not rendered (the first one left unmatched: `{missing}`)")
    return [(problem, source, rendered) for problem in found]


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    checked, failures = 0, []
    for path in sorted(glob.glob(f"{sys.argv[1]}/*.symbols.json")):
        with open(path, encoding="utf-8") as file:
            graph = json.load(file)
        for symbol in graph["symbols"]:
            if symbol["kind"]["identifier"] not in CHECKED_KINDS or "location" not in symbol:
                continue
            checked += 1
            for problem in problems(symbol):
                # A method the graph repeats on each conforming type is reported once.
                if (symbol["names"]["title"],) + problem not in failures:
                    failures.append((symbol["names"]["title"],) + problem)
    for title, problem, source, rendered in failures:
        print(f"{title}: {problem}\n  source:   {' '.join(source.split())}\n  rendered: {rendered}\n")
    print(f"check-signatures: {checked} declarations checked, {len(failures)} problems")
    if checked == 0 or failures:
        sys.exit(1)


if __name__ == "__main__":
    main()
