"""Every module the project's Python imports is installed by scripts/install-deps.sh: each import in
the .py files under scripts/, tests/ and bench/, and in the Python that their shell scripts run
(`python3 -c '...'` and `python3 - <<'PY'` here-documents), must be in the standard library
(sys.stdlib_module_names), a module of the project, or a requirement of the file install-deps.sh
installs for it: scripts/requirements.txt for scripts/ (what `plot` runs and `cmake --install`
installs), tests/requirements.txt for tests/ and bench/ and for a script's optional modules (OPTIONAL:
pyarrow of scripts/tidy_parquet.py). Imports inside functions and try blocks count too. A miss fails naming the file, line and module. The check itself must be able to fail:
without h5py in the requirements it must name scripts/plot_results.py. And the interpreter running
the tests must have every requirement of tests/requirements.txt installed, at the versions given.
"""
import ast
import os
import pathlib
import re
import sys

SOURCE = pathlib.Path(os.environ.get("AUTOBENCH_SOURCE_DIR", pathlib.Path(__file__).resolve().parents[2]))
sys.path.insert(0, str(SOURCE / "scripts"))
from requirements_check import name_of, requirements, unmet  # noqa: E402

FOLDERS = ("scripts", "tests", "bench")
# Every venv has pip (scripts/requirements_check.py reads specifiers with pip's own copy of packaging).
IN_EVERY_VENV = {"pip"}
# Optional modules of a script: what it does without them is to say so (exit 1 naming the install); they
# are not installed for `plot`, so they must be in tests/requirements.txt (CI runs the script with them).
OPTIONAL = {"scripts/tidy_parquet.py": {"pyarrow"}}
# Import names whose distribution is named otherwise; add a line when such an import appears.
DISTRIBUTION_OF = {"yaml": "pyyaml", "sklearn": "scikit-learn", "PIL": "pillow"}

# A python command (a word with "python" in it, not a redirection target) reading a here-document.
HEREDOC = re.compile(r"(?:^|[\s;(|&])[^\s>]*python[^\s<>]*\s+(?:-\s[^<>]*)?<<-?\s*['\"]?(\w+)['\"]?", re.IGNORECASE)
SHELL_EXPANSION = re.compile(r"\$(?:\{[^}]*\}|\w+)")
ONE_LINER = re.compile(r"python\S*\s+(?:-\S+\s+)*?-c\s+(?:'([^']*)'|\"([^\"]*)\")", re.IGNORECASE)


def python_sources():
    """(path, first line, Python text) of every .py file and every Python snippet of a .sh file."""
    for folder in FOLDERS:
        for path in sorted((SOURCE / folder).rglob("*")):
            if path.suffix == ".py":
                yield path, 1, path.read_text(encoding="utf-8")
            elif path.suffix == ".sh":
                text = path.read_text(encoding="utf-8")
                lines = text.split("\n")
                for number, line in enumerate(lines, 1):
                    heredoc = HEREDOC.search(line)
                    if heredoc:
                        end = next((i for i in range(number, len(lines)) if lines[i].strip() == heredoc.group(1)),
                                   len(lines))
                        yield path, number + 1, "\n".join(lines[number:end])
                for one_liner in ONE_LINER.finditer(text):  # `python3 -c '...'`, also over several lines
                    single, double = one_liner.groups()
                    # The shell expands $NAME and ${...} in double quotes: any value keeps the syntax.
                    yield (path, text.count("\n", 0, one_liner.start()) + 1,
                           single if single is not None else SHELL_EXPANSION.sub("0", double))


def imports(text):
    """(line offset, top-level module) of every absolute import in `text`."""
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name.split(".")[0]
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            yield node.lineno, node.module.split(".")[0]


def problems(installed_for):
    """One line per import of a module that is neither stdlib, local nor installed for its file;
    installed_for(folder) is the set of normalised distribution names installed for that folder."""
    local = {p.stem for folder in FOLDERS for p in (SOURCE / folder).rglob("*.py")}
    found = []
    for path, first, text in python_sources():
        where = path.relative_to(SOURCE)
        try:
            modules = list(imports(text))
        except SyntaxError as e:
            found.append(f"{where}:{first + (e.lineno or 1) - 1}: Python this check cannot parse: {e.msg}")
            continue
        for offset, module in modules:
            if module in sys.stdlib_module_names or module in local or module in IN_EVERY_VENV:
                continue
            folder = "tests" if module in OPTIONAL.get(str(where), ()) else where.parts[0]
            if name_of(DISTRIBUTION_OF.get(module, module)) not in installed_for(folder):
                found.append(f"{where}:{first + offset - 1}: imports '{module}', which is neither in the standard "
                             f"library, nor a project module, nor in {requirement_file(folder)}")
    return found


def requirement_file(folder):
    return "scripts/requirements.txt" if folder == "scripts" else "tests/requirements.txt"


def installed(folder):
    return {name_of(r) for r in requirements(SOURCE / requirement_file(folder))}


failures = problems(installed)
for f in failures:
    print("FAIL:", f)

# The check can fail: with h5py gone from the requirements it names the plot script's import.
without_h5py = problems(lambda folder: installed(folder) - {"h5py"})
if not any(p.startswith("scripts/plot_results.py:") and "'h5py'" in p for p in without_h5py):
    failures.append("self-check: without h5py in the requirements, no complaint about scripts/plot_results.py")
    print("FAIL:", failures[-1])

# The interpreter running the tests (this one: CMake's Python3_EXECUTABLE, the venv under scripts/test.sh) has
# them all, so no Python test can pass by skipping for want of a module.
for problem in filter(None, map(unmet, requirements(SOURCE / "tests/requirements.txt"))):
    failures.append(f"the tests' interpreter {sys.executable}: {problem} (scripts/install-deps.sh --tests installs it)")
    print("FAIL:", failures[-1])

checked = sum(1 for _ in python_sources())
print(f"checked the imports of {checked} Python files and shell snippets under {', '.join(FOLDERS)}")
sys.exit(1 if failures else 0)
