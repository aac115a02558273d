# Spack recipe of autobench-mpi (docs/install.md, "Spack"): this folder's parent is a Spack package
# repository once it has a repo.yaml (`spack repo create` or the two lines in docs/install.md).
from spack.package import *


class AutobenchMpi(CMakePackage, CudaPackage):
    """MPI-parallel, auto-scaling GPU kernel benchmark suite: every rank sweeps kernels over problem
    sizes on its GPU, detects the knee of the throughput curve and rank 0 writes one HDF5 file."""

    # SITE: the git URL of your copy of the repository (or build a checkout with `spack dev-build`).
    git = "https://example.org/autobench-mpi.git"

    version("main", branch="main")

    variant("nvml", default=True, description="NVML power sampling (NVML itself is loaded from the driver at run time)")
    variant("tests", default=False, description="Build the GoogleTest and script tests (ctest in the build tree)")
    variant("toml", default=True, description="Suite files in TOML (--suite FILE.toml) through toml++")
    variant("plot", default=True, description="Python, h5py, matplotlib and numpy for `autobench-mpi plot`")

    depends_on("cmake@3.25:", type="build")
    depends_on("mpi")
    depends_on("hdf5@1.10:")
    depends_on("zlib")
    depends_on("cli11@2:")
    depends_on("eigen@3.3:")
    depends_on("nlohmann-json@3:")
    depends_on("fmt@9:")
    depends_on("tomlplusplus@3:", when="+toml")
    depends_on("googletest@1.12:", type=("build", "link"), when="+tests")
    # The kernels are compiled at run time by NVRTC for the GPU found, so cuda_arch does not change the
    # build; CUDA 12 or newer provides NVRTC, cuBLAS and the runtime the cuda backend links.
    depends_on("cuda@12:", when="+cuda")
    depends_on("python@3.8:", type="run", when="+plot")
    depends_on("py-h5py", type="run", when="+plot")
    depends_on("py-matplotlib", type="run", when="+plot")
    depends_on("py-numpy", type="run", when="+plot")

    def cmake_args(self):
        args = [
            self.define_from_variant("AUTOBENCH_WITH_CUDA", "cuda"),
            self.define_from_variant("AUTOBENCH_WITH_NVML", "nvml"),
            self.define_from_variant("AUTOBENCH_WITH_TESTS", "tests"),
        ]
        if self.spec.satisfies("+plot"):
            # `plot` runs this interpreter; the module's PYTHONPATH brings h5py, matplotlib and numpy.
            args.append(self.define("AUTOBENCH_PYTHON", self.spec["python"].command.path))
        return args

    def setup_run_environment(self, env):
        env.set("AUTOBENCH_SLURM_SCRIPTS", join_path(self.prefix.share, "autobench-mpi", "slurm"))
