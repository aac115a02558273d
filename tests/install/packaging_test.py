"""The site recipes under packaging/ are valid and agree with the project: the Spack package.py runs
against a stand-in of `spack.package` (class AutobenchMpi from CMakePackage and CudaPackage, the
variants nvml/tests, the dependencies docs/install.md lists, cmake_args giving only -D names the
project's CMake defines); the EasyBuild easyconfig compiles, has the keys EasyBuild requires, the
name and version of the project, a file name EasyBuild derives from them, and only known -D names.
"""
import ast
import os
import pathlib
import re
import sys
import types

SOURCE = pathlib.Path(os.environ.get("AUTOBENCH_SOURCE_DIR", pathlib.Path(__file__).resolve().parents[2]))
problems = []


def check(condition, message):
    if not condition:
        problems.append(message)


# The cache variables of the project's CMake (option(NAME ...) and set(NAME ... CACHE ...)), plus CMake's own.
cmake_text = "".join(p.read_text() for p in SOURCE.rglob("CMakeLists.txt")
                     if not any(part.startswith(("build", ".")) for part in p.relative_to(SOURCE).parts))
known = set(re.findall(r"option\((\w+)", cmake_text)) | set(re.findall(r"set\((\w+) [^)]*CACHE", cmake_text))
project_version = re.search(r"project\(autobench-mpi VERSION ([\d.]+)", cmake_text).group(1)


def unknown_defines(flags, where):
    for name in re.findall(r"-D(\w+)=", " ".join(flags)):
        check(name in known or name.startswith("CMAKE_"), f"{where}: -D{name} is not a cache variable of the project")


# --- Spack ---------------------------------------------------------------------------------------
recipe = SOURCE / "packaging/spack/autobench-mpi/package.py"
recorded = {"variant": {}, "depends_on": [], "version": []}


class Spec:
    def __init__(self, on):
        self.on = on
        self.command = types.SimpleNamespace(path="/spack/python/bin/python3")

    def satisfies(self, constraint):
        return self.on.get(constraint.lstrip("+~"), False) == constraint.startswith("+")

    def __getitem__(self, name):
        return self


class Package:
    def define(self, name, value):
        return f"-D{name}={'ON' if value is True else 'OFF' if value is False else value}"

    def define_from_variant(self, name, variant):
        check(variant in recorded["variant"] or variant == "cuda", f"{recipe}: cmake_args uses unknown variant {variant}")
        return self.define(name, self.spec.on.get(variant, False))


stub = types.ModuleType("spack.package")
stub.CMakePackage = type("CMakePackage", (Package,), {})
stub.CudaPackage = type("CudaPackage", (), {})
stub.join_path = os.path.join
for directive in recorded:
    setattr(stub, directive, lambda *args, _d=directive, **kwargs: recorded[_d].append((args, kwargs))
            if isinstance(recorded[_d], list) else recorded[_d].__setitem__(args[0], kwargs))
stub.__all__ = [n for n in vars(stub) if not n.startswith("_")]
sys.modules["spack"] = types.ModuleType("spack")
sys.modules["spack.package"] = stub
namespace = {}
exec(compile(recipe.read_text(), str(recipe), "exec"), namespace)
package = namespace.get("AutobenchMpi")
check(package is not None, f"{recipe}: no class AutobenchMpi (Spack's name for autobench-mpi)")
if package:
    check([b.__name__ for b in package.__bases__] == ["CMakePackage", "CudaPackage"],
          f"{recipe}: AutobenchMpi should derive from CMakePackage and CudaPackage")
    for v in ("nvml", "tests"):
        check(v in recorded["variant"], f"{recipe}: no variant '{v}'")
    needed = {"mpi", "hdf5", "cli11", "eigen", "nlohmann-json", "fmt", "zlib", "cmake", "py-h5py", "py-matplotlib",
              "py-numpy"}
    named = {re.match(r"[\w-]+", args[0]).group(0) for args, _ in recorded["depends_on"]}
    check(needed <= named, f"{recipe}: no depends_on for {sorted(needed - named)}")
    check(any(args[0] == "cmake@3.25:" for args, _ in recorded["depends_on"]), f"{recipe}: cmake@3.25: not required")
    check(recorded["version"], f"{recipe}: no version")
    for on in ({"cuda": True, "nvml": True, "tests": False, "plot": True},
               {"cuda": False, "nvml": False, "tests": True, "plot": False}):
        instance = package.__new__(package)
        instance.spec = Spec(on)
        args = instance.cmake_args()
        unknown_defines(args, f"{recipe} cmake_args {on}")
        check(f"-DAUTOBENCH_WITH_CUDA={'ON' if on['cuda'] else 'OFF'}" in args, f"{recipe}: +cuda not passed on: {args}")
        check(("-DAUTOBENCH_PYTHON=/spack/python/bin/python3" in args) == on["plot"],
              f"{recipe}: plot's interpreter with {on}: {args}")
    env = types.SimpleNamespace(set=lambda k, v: recorded.setdefault("env", {}).__setitem__(k, v))
    instance.prefix = types.SimpleNamespace(share="/p/share")
    instance.setup_run_environment(env)
    check(recorded.get("env", {}).get("AUTOBENCH_SLURM_SCRIPTS") == "/p/share/autobench-mpi/slurm",
          f"{recipe}: the module does not set AUTOBENCH_SLURM_SCRIPTS to the installed templates")

# --- EasyBuild -----------------------------------------------------------------------------------
for easyconfig in sorted((SOURCE / "packaging/easybuild").glob("*.eb")):
    try:
        tree = ast.parse(easyconfig.read_text(), str(easyconfig))
    except SyntaxError as e:
        problems.append(f"{easyconfig}:{e.lineno}: {e.msg}")
        continue
    ec = {"SYSTEM": {"name": "system", "version": "system"}}
    exec(compile(tree, str(easyconfig), "exec"), ec)
    for key in ("easyblock", "name", "version", "homepage", "description", "toolchain", "sources", "dependencies",
                "sanity_check_paths", "moduleclass"):
        check(key in ec, f"{easyconfig}: no '{key}'")
    check(ec.get("easyblock") == "CMakeMake", f"{easyconfig}: easyblock is not CMakeMake")
    check(ec.get("name") == "autobench-mpi" and ec.get("version") == project_version,
          f"{easyconfig}: name/version {ec.get('name')} {ec.get('version')}, project: autobench-mpi {project_version}")
    deps = {d[0]: d[1] for d in ec.get("dependencies", []) + ec.get("builddependencies", [])}
    for d in ("CUDA", "HDF5", "CMake", "Eigen", "CLI11", "nlohmann_json", "fmt", "zlib", "Python", "h5py", "matplotlib"):
        check(d in deps, f"{easyconfig}: no dependency {d}")
    suffix = ec.get("versionsuffix", "").replace("%(cudaver)s", deps.get("CUDA", "?"))
    tc = ec.get("toolchain", {})
    expected = f"{ec.get('name')}-{ec.get('version')}-{tc.get('name')}-{tc.get('version')}{suffix}.eb"
    check(easyconfig.name == expected, f"{easyconfig}: EasyBuild expects the file name {expected}")
    paths = ec.get("sanity_check_paths", {})
    check(set(paths) == {"files", "dirs"} and "bin/autobench-mpi" in paths.get("files", []),
          f"{easyconfig}: sanity_check_paths needs 'files' (with bin/autobench-mpi) and 'dirs'")
    unknown_defines([ec.get("configopts", "")], str(easyconfig))

for p in problems:
    print("FAIL:", p)
print(f"checked {recipe.relative_to(SOURCE)} and the easyconfigs against {len(known)} cache variables")
sys.exit(1 if problems else 0)
