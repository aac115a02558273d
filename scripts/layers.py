#!/usr/bin/env python3
"""The structure drawing: the folder dependency graph from the sources' includes and the library graph
from the CMake files, their floors, and every cycle in either.

Usage: scripts/layers.py [--root DIR] [--dot | --floors]
  (no option)  prints "folder cycles: N, link cycles: M" and each cycle with the includes that close
               it; exits 1 when either is not 0.
  --floors     prints the folders floor by floor, the ground floor first (a folder includes only
               folders on lower floors).
  --dot        prints the folder graph for Graphviz (dot -Tsvg).
A folder is a top-level source folder (numerics, detect, model, power, record, kernels) or a folder of
suite/ (suite/autoscale, ...; its subfolders count as it: suite/backend/cuda is suite/backend).
"""
import argparse
import collections
import pathlib
import re
import sys

SOURCE_ROOTS = ["numerics", "detect", "model", "power", "record", "kernels", "suite"]
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.MULTILINE)
LINK = re.compile(r"target_link_libraries\s*\(\s*(\S+)([^)]*)\)", re.DOTALL)
LIBRARY = re.compile(r"add_library\s*\(\s*(\S+)([^)]*)\)", re.DOTALL)
OBJECTS = re.compile(r"\$<TARGET_OBJECTS:([\w-]+)>")


def folder(path):
    """The folder a repository-relative path belongs to, or None outside the source folders."""
    parts = pathlib.PurePosixPath(path).parts
    if len(parts) < 2 or parts[0] not in SOURCE_ROOTS:
        return None
    if parts[0] == "suite" and len(parts) > 2:
        return "suite/" + parts[1]
    return parts[0]


def include_graph(root):
    """{(from, to): [file -> include, ...]} over the source folders."""
    edges = collections.defaultdict(list)
    for top in SOURCE_ROOTS:
        for src in sorted((root / top).rglob("*")):
            if src.suffix not in (".hpp", ".cpp", ".cuh", ".cu", ".h", ".in") or src.name.endswith("_test.cpp"):
                continue
            rel = src.relative_to(root).as_posix()
            for inc in INCLUDE.findall(src.read_text(errors="replace")):
                a, b = folder(rel), folder(inc)
                if b is not None and a != b:
                    edges[(a, b)].append(f"{rel} -> {inc}")
    return edges


def link_graph(root):
    """{(target, target): [CMake file]}: the project's libraries (autobench_*) and what they link or absorb."""
    edges = collections.defaultdict(list)
    for cmake in sorted(root.rglob("CMakeLists.txt")):
        if "build" in cmake.relative_to(root).parts[:1]:
            continue
        text = re.sub(r"#[^\n]*", "", cmake.read_text())
        rel = cmake.relative_to(root).as_posix()
        for target, args in LINK.findall(text):
            for dep in re.findall(r"\bautobench_\w+", args):
                edges[(target, dep)].append(rel)
        for target, args in LIBRARY.findall(text):
            for dep in OBJECTS.findall(args):
                edges[(target, dep)].append(rel)
    return {k: v for k, v in edges.items() if k[0].startswith("autobench_") and k[0] != k[1]}


def cycles(edges):
    """The strongly connected components with more than one node (Tarjan), each sorted."""
    graph = collections.defaultdict(set)
    for a, b in edges:
        graph[a].add(b)
        graph[b]
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def floors(edges):
    """Folders by floor: 0 for those that include no other folder, else one above the highest they include."""
    graph = collections.defaultdict(set)
    for a, b in edges:
        graph[a].add(b)
        graph[b]
    floor = {}

    def height(v):
        if v not in floor:
            floor[v] = 0  # a cycle would recurse forever; callers check for cycles first
            floor[v] = 1 + max((height(w) for w in graph[v]), default=-1)
        return floor[v]

    for v in graph:
        height(v)
    by_floor = collections.defaultdict(list)
    for v, f in floor.items():
        by_floor[f].append(v)
    return [sorted(by_floor[f]) for f in sorted(by_floor)]


def report(name, edges, found):
    for component in found:
        print(f"{name} cycle: {' <-> '.join(component)}")
        for (a, b), why in sorted(edges.items()):
            if a in component and b in component:
                print(f"  {a} -> {b}: " + "; ".join(sorted(set(why))))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=pathlib.Path, default=pathlib.Path(__file__).resolve().parent.parent)
    shape = parser.add_mutually_exclusive_group()
    shape.add_argument("--dot", action="store_true")
    shape.add_argument("--floors", action="store_true")
    args = parser.parse_args()
    includes, links = include_graph(args.root), link_graph(args.root)
    folder_cycles, link_cycles = cycles(includes), cycles(links)
    if args.dot:
        print("digraph folders {\n  rankdir=BT;")
        for a, b in sorted(includes):
            print(f'  "{a}" -> "{b}";')
        print("}")
        return 0
    if args.floors and not folder_cycles:
        for i, names in enumerate(floors(includes)):
            print(f"{i}: {' '.join(names)}")
        return 0
    report("folder", includes, folder_cycles)
    report("link", links, link_cycles)
    print(f"folder cycles: {len(folder_cycles)}, link cycles: {len(link_cycles)}")
    return 1 if folder_cycles or link_cycles else 0


if __name__ == "__main__":
    sys.exit(main())
