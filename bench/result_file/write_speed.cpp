// Rank 0's last step on a real results file, without a run: reads FILE, then REPS times computes its
// statistics and content (stability, consensus, file order), writes the HDF5 file (write_results) into
// OUT_DIR and, separately, its exports (CSV files and summary), timing each; prints seconds per rep and
// the file's bytes. A run writes the file and the exports side by side, so its last step takes about the
// statistics plus the larger of the two.
//   bench_result_file_write_speed FILE OUT_DIR [REPS]
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>

#include "suite/result_file/exports.hpp"
#include "suite/result_file/file_content.hpp"
#include "suite/result_file/result_reader.hpp"
#include "suite/result_file/result_writer.hpp"
#include "suite/stats/stability.hpp"

namespace rf = autobench::result_file;

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: %s FILE OUT_DIR [REPS]\n", argv[0]);
    return 2;
  }
  const std::string out_dir = argv[2];
  const int reps = argc > 3 ? std::stoi(argv[3]) : 3;
  const auto file = rf::read_results(argv[1]);
  std::filesystem::create_directories(out_dir);
  const std::string path = (std::filesystem::path(out_dir) / "autobench.h5").string();
  std::size_t campaigns = 0;
  for (const auto& r : file.ranks) campaigns += r.campaigns.size();
  using Clock = std::chrono::steady_clock;
  const auto seconds = [](Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); };
  for (int rep = 1; rep <= reps; ++rep) {
    auto t0 = Clock::now();
    const auto content = rf::file_content(file.info, file.ranks, autobench::stats::stability_of_complete(file.ranks),
                                          file.settings_json, file.time_splits);
    const double content_s = seconds(t0);
    t0 = Clock::now();
    rf::write_results(path, content);
    const double write_s = seconds(t0);
    t0 = Clock::now();
    rf::write_exports(out_dir, content, path);
    const double exports_s = seconds(t0);
    std::printf("rep %d: %zu campaigns, statistics and content %.3f s, write_results %.3f s, exports %.3f s, file %ju B\n",
                rep, campaigns, content_s, write_s, exports_s,
                static_cast<std::uintmax_t>(std::filesystem::file_size(path)));
  }
  return 0;
}
