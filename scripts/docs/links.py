#!/usr/bin/env python3
"""Checks that every relative link of README.md, CONTRIBUTING.md and docs/*.md resolves: the file or
folder exists, and an anchor (#...) names a heading of the Markdown file it points into (GitHub's
slugs). Links inside code blocks and code spans are not links. Exit 1, naming each broken link.

Usage: scripts/docs/links.py [--root DIR]
"""
import argparse
import collections
import pathlib
import re
import sys

# Pages other branches are adding in the same step (issues 30-35); links to them count as resolved
# until they are merged. Remove a name once its file is in the tree.
LINK = re.compile(r"!?\[(?:[^\]\[]|\[[^\]]*\])*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
FENCE = re.compile(r"^\s*(```|~~~)")


def prose(text):
    """The text outside fenced code blocks and code spans, line by line (code replaced by blanks)."""
    lines, inside = [], False
    for line in text.split("\n"):
        if FENCE.match(line):
            inside = not inside
            lines.append("")
            continue
        lines.append("" if inside else re.sub(r"`[^`]*`", lambda m: " " * len(m.group(0)), line))
    return lines


def slug(heading):
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens."""
    text = re.sub(r"`([^`]*)`", r"\1", heading.strip().lower())
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = "".join(c for c in text if c.isalnum() or c in " -_")
    return text.replace(" ", "-")


def anchors(path):
    """Every anchor a Markdown file's headings make (repeated headings get -1, -2, ...)."""
    seen, found, inside = collections.Counter(), set(), False
    for line in path.read_text().split("\n"):
        if FENCE.match(line):
            inside = not inside
            continue
        m = None if inside else re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
        if m:
            base = slug(m.group(1))
            found.add(base if seen[base] == 0 else f"{base}-{seen[base]}")
            seen[base] += 1
    return found


def broken_links(root):
    """[(file, line, link, why)] for every relative link of the pages that does not resolve."""
    pages = [root / "README.md", root / "CONTRIBUTING.md", *sorted((root / "docs").glob("*.md"))]
    broken = []
    for page in pages:
        if not page.exists():
            continue
        for number, line in enumerate(prose(page.read_text()), 1):
            for target in LINK.findall(line):
                if re.match(r"^[a-z][a-z0-9+.-]*:", target):  # https:, mailto:, ...
                    continue
                path, _, anchor = target.partition("#")
                dest = (page.parent / path).resolve() if path else page.resolve()
                try:
                    rel = dest.relative_to(root.resolve()).as_posix()
                except ValueError:
                    broken.append((page, number, target, "points outside the repository"))
                    continue
                if not dest.exists():
                    broken.append((page, number, target, f"no file {rel}"))
                    continue
                if anchor and dest.suffix == ".md" and anchor not in anchors(dest):
                    broken.append((page, number, target, f"no heading with anchor #{anchor} in {rel}"))
    return broken


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=pathlib.Path, default=pathlib.Path(__file__).resolve().parents[2])
    args = parser.parse_args()
    broken = broken_links(args.root)
    for page, number, target, why in broken:
        print(f"{page.relative_to(args.root)}:{number}: ({target}): {why}")
    print(f"links.py: {len(broken)} broken link(s)")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
