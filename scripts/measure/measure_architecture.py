"""Measure the code's layering (issue 19): import cycles, upward imports, imports inside
functions, Greek string constants in fst/ and lines per package.

    python -m scripts.measure.measure_architecture [--list]

The layers, lowest first (a module may import only from its own layer or below):
  0 grammars.alphabet; 1 lexicon; 2 grammars; 3 fst machinery; 4 fst.api; 5 the applications
  (fst modules named in APPLICATIONS below, and fst.app.web).
Every first-party import statement counts, at top level or inside a function. A cycle is a
strongly connected group of two or more modules. A Greek string constant is a str literal with a
Greek letter that is not a docstring and not a help text (a keyword argument named help,
description, epilog, usage or examples). Reads only the source files; imports nothing of them.
"""
from __future__ import annotations

import argparse
import ast
import sys
from collections import defaultdict
from pathlib import Path

from scripts.common import ROOT
PACKAGES = ("grammars", "lexicon", "fst")
#: fst modules that are applications (layer 5): fst/app/ and ``python -m fst``
APPLICATIONS = ("fst.__main__", "fst.app")
HELP_KEYWORDS = {"help", "description", "epilog", "usage", "examples"}


def modules() -> dict[str, Path]:
    """Module name → source file, for every .py file of the three packages."""
    out = {}
    for pkg in PACKAGES:
        for path in sorted((ROOT / pkg).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join(parts)] = path
    return out


def layer(name: str) -> int:
    """The layer of a module (module docstring)."""
    if name == "grammars.alphabet":
        return 0
    if name.split(".")[0] == "lexicon":
        return 1
    if name.split(".")[0] == "grammars":
        return 2
    if any(name == a or name.startswith(a + ".") for a in APPLICATIONS):
        return 5
    if name == "fst.api":
        return 4
    return 3


def imports(name: str, path: Path, known: dict[str, Path]) -> list[tuple[str, bool]]:
    """(imported first-party module, inside a function?) for every import of ``name``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    inner = set()
    for fn in ast.walk(tree):
        if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            inner.update(id(n) for n in ast.walk(fn) if n is not fn)
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join(up + ([node.module] if node.module else []))
            targets = [base + "." + a.name if base + "." + a.name in known else base
                       for a in node.names]
        else:
            continue
        for t in targets:
            while t and t not in known:
                t = t.rpartition(".")[0]
            if t and t != name:
                out.append((t, id(node) in inner))
    return out


def greek_constants(path: Path) -> list[tuple[int, str]]:
    """(line, text) of every Greek string constant of a file (module docstring)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    exempt = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                exempt.add(id(body[0].value))
        if isinstance(node, ast.keyword) and node.arg in HELP_KEYWORDS:
            exempt.update(id(n) for n in ast.walk(node.value))
    found = []
    for node in ast.walk(tree):
        if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                and id(node) not in exempt
                and any("\u0370" <= c <= "\u03ff" or "\u1f00" <= c <= "\u1fff"
                        for c in node.value)):
            found.append((node.lineno, node.value))
    return sorted(found)


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of two or more modules (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []
    sys.setrecursionlimit(10000)

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--list", action="store_true", help="list every upward import and constant")
    args = ap.parse_args(argv)
    known = modules()
    graph: dict[str, set[str]] = defaultdict(set)
    upward, inside, total = [], 0, 0
    for name, path in known.items():
        graph[name]
        for target, in_function in imports(name, path, known):
            graph[name].add(target)
            total += 1
            inside += in_function
            if layer(target) > layer(name):
                upward.append((name, target))
    groups = cycles(graph)
    greek = {p: greek_constants(p) for n, p in known.items() if n.startswith("fst")}
    n_greek = sum(len(v) for v in greek.values())
    print(f"first-party imports\t{total}\t(inside functions: {inside})")
    print(f"import cycles\t{len(groups)}\t(modules in them: {sum(map(len, groups))}; "
          f"largest: {max(map(len, groups), default=0)})")
    print(f"upward imports\t{len(set(upward))}")
    print(f"Greek string constants in fst/\t{n_greek}")
    for pkg in PACKAGES + ("scripts", "tests"):
        lines = sum(len(p.read_text(encoding="utf-8").splitlines())
                    for p in (ROOT / pkg).rglob("*.py"))
        print(f"lines of {pkg}/\t{lines}")
    if args.list:
        for g in groups:
            print("cycle\t" + " ".join(g))
        for a, b in sorted(set(upward)):
            print(f"upward\t{a} (layer {layer(a)}) → {b} (layer {layer(b)})")
        for p, found in greek.items():
            for line, text in found:
                print(f"greek\t{p.relative_to(ROOT)}:{line}\t{text[:40]!r}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
