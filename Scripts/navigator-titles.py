#!/usr/bin/env python3
"""Gives overloaded functions sidebar titles that tell them apart early.

DocC's sidebar shows a function's subheading, its whole declaration cut at about 35 characters,
so overloads that differ only in a late parameter (`clock: any Clock<Duration>`, a per-value interval) look
alike there. For each set of functions with one name and one parent, this writes a subheading
into the symbol graphs: the name, the first parameter if its type differs within the set, each
parameter that not every overload of the set has, then `…` for the rest, such as
`debounce(for: Duration, clock: any Clock<Duration>, …)`.

    Scripts/navigator-titles.py <symbol-graph-directory>
"""
import collections
import json
import pathlib
import sys


def parameter(p, label):
    fragments = p.get("declarationFragments", [])
    # The fragments spell `internal: Type`; the label comes from the title, `_` included.
    spelled = "".join(f["spelling"] for f in fragments)
    type_text = spelled.split(": ", 1)[1] if ": " in spelled else spelled
    type_text = type_text.replace("@escaping ", "").replace("@Sendable ", "")
    return f"{label}: {type_text}"


def labels(symbol):
    """The argument labels of the title, `debounce(for:clock:)`, one per parameter."""
    inside = symbol["names"]["title"].split("(", 1)[1].rstrip(")")
    return [label for label in inside.split(":") if label]


def title(symbol, labels_everywhere, parameters_everywhere):
    name = symbol["names"]["title"].split("(", 1)[0]
    parameters = symbol.get("functionSignature", {}).get("parameters", [])
    # The first parameter if its type differs within the set (a fixed interval, a generic
    # clock's or a closure), then each parameter that not every overload has.
    kept = [
        parameter(p, label)
        for index, (p, label) in enumerate(zip(parameters, labels(symbol)))
        if label not in labels_everywhere
        or (index == 0 and parameter(p, label) not in parameters_everywhere)
    ]
    rest = ", …" if len(kept) < len(parameters) else ""
    arguments = f"({', '.join(kept)}{rest})" if kept else "()"
    return [{"kind": "identifier", "spelling": name}, {"kind": "text", "spelling": arguments}]


def rewrite(path):
    graph = json.loads(path.read_text())
    sets = collections.defaultdict(list)
    for symbol in graph["symbols"]:
        if "functionSignature" in symbol:
            key = (tuple(symbol["pathComponents"][:-1]), symbol["names"]["title"].split("(", 1)[0])
            sets[key].append(symbol)
    changed = 0
    for overloads in sets.values():
        if len(overloads) < 2:
            continue
        everywhere = set.intersection(*(set(labels(s)) for s in overloads))
        spelled = [
            {parameter(p, l) for p, l in zip(s["functionSignature"].get("parameters", []), labels(s))}
            for s in overloads
        ]
        parameters_everywhere = set.intersection(*spelled)
        for symbol in overloads:
            # The sidebar reads the subheading (a navigator name alone does not reach it); the
            # page's declaration keeps every parameter.
            symbol["names"]["navigator"] = title(symbol, everywhere, parameters_everywhere)
            symbol["names"]["subHeading"] = title(symbol, everywhere, parameters_everywhere)
            changed += 1
    path.write_text(json.dumps(graph))
    return changed


directory = pathlib.Path(sys.argv[1])
total = sum(rewrite(path) for path in sorted(directory.glob("*.symbols.json")))
print(f"navigator titles for {total} overloaded functions in {directory}")
