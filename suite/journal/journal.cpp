// Per-rank journals (see journal.hpp).
#include "suite/journal/journal.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <utility>

#include <nlohmann/json.hpp>

#include "record/bounded_json.hpp"
#include "suite/text/echo.hpp"
#include "suite/files/atomic_file.hpp"
#include "suite/results/result_json.hpp"

namespace autobench::journal {

using nlohmann::json;

std::string journal_path(const std::string& run_dir, int rank) {
  return (std::filesystem::path(run_dir) / "journal" / ("rank" + std::to_string(rank) + ".jsonl")).string();
}

Writer::Writer(const std::string& run_dir, int rank, std::string run_id)
    : path_(journal_path(run_dir, rank)), run_id_(std::move(run_id)) {
  files::ensure_directory(run_dir);
  files::own_directory(run_dir, "journal");  // never a link planted in the run directory
  // Appended to, never through a link (O_NOFOLLOW) and only when it is a regular file (a FIFO would block).
  const int fd = ::open(path_.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0666);
  struct stat st {};
  const bool regular = fd >= 0 && ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
  const int error = fd < 0 ? errno : 0;
  file_ = regular ? ::fdopen(fd, "a") : nullptr;
  if (!file_) {
    if (fd >= 0) ::close(fd);
    throw std::runtime_error("cannot open journal '" + path_ + "': " +
                             (error == ELOOP ? "it is a symbolic link"
                              : error        ? std::strerror(error)
                                             : "it is not a regular file"));
  }
}

Writer::~Writer() { std::fclose(file_); }

void Writer::line(const std::string& text, bool sync) {
  if (std::fputs(text.c_str(), file_) < 0 || std::fputc('\n', file_) < 0 || std::fflush(file_) != 0)
    throw std::runtime_error("cannot write journal '" + path_ + "': " + std::strerror(errno));
  if (sync) fsync(fileno(file_));
}

void Writer::rank_started(const results::RankResult& rank) {
  results::RankResult header = rank;
  header.campaigns.clear();
  json record{{"type", "rank"}, {"rank", header}};
  if (!run_id_.empty()) record["run_id"] = run_id_;
  line(record.dump(), true);
}

void Writer::point(const std::string& kernel, int repeat, const results::Point& p) {
  line(json{{"type", "point"}, {"kernel", kernel}, {"repeat", repeat}, {"point", p}}.dump(), false);
}

void Writer::campaign(const results::Campaign& c) { line(json{{"type", "campaign"}, {"campaign", c}}.dump(), true); }

void Writer::done() { line(json{{"type", "done"}}.dump(), true); }

void Writer::failed(const std::string& error) { line(json{{"type", "failed"}, {"error", error}}.dump(), true); }

void for_each_record(std::istream& in, const std::string& name, const std::function<void(const json&)>& f,
                     const std::function<void(const std::string&)>& damaged) {
  std::string text;
  int number = 0;
  while (std::getline(in, text)) {
    ++number;
    if (text.empty()) continue;
    const std::string where = name + " line " + std::to_string(number) + ": ";
    json record;
    try {
      record = autobench::record::parse_json(text);
    } catch (const std::exception&) {
      if (in.peek() == std::char_traits<char>::eof()) break;  // the last line was cut off by a crash
      if (!damaged) throw std::runtime_error(where + "not a JSON record");
      damaged(where + "not a JSON record");
      continue;
    }
    try {
      f(record);
    } catch (const std::exception& e) {
      if (!damaged) throw std::runtime_error(where + e.what());
      damaged(where + e.what());
    }
  }
}

Salvage for_each_salvaged_record(std::istream& in, const std::string& name, const std::string& start,
                                 const std::function<void(const json&)>& f) {
  Salvage salvage;  // ends_void: after damage (or before the rank's first start), up to its next start
  bool started = false;
  for_each_record(
      in, name,
      [&](const json& record) {
        const std::string type = record.at("type");
        if (type != start && salvage.ends_void) return;
        if (type != start && !started) throw std::runtime_error("a " + text::echo(type) + " record before the rank's start record");
        if (type == start) {
          started = true;
          salvage.ends_void = false;
        }
        f(record);
      },
      [&](const std::string& what) {
        if (salvage.damage.empty()) salvage.damage = what;
        salvage.ends_void = true;
      });
  return salvage;
}

RankJournal read(std::istream& in, const std::string& name) {
  RankJournal j;
  std::string two_runs;
  const Salvage salvage = for_each_salvaged_record(in, name, "rank", [&](const json& record) {
    const std::string type = record.at("type");
    if (type == "rank") {
      const std::string id = record.value("run_id", "");
      if (j.started && id != j.run_id && two_runs.empty())
        two_runs = "records of two runs (run id '" + j.run_id + "', then '" + id + "')";
      auto rank = record.at("rank").get<results::RankResult>();
      j.run_id = id;
      rank.campaigns = std::move(j.rank.campaigns);
      j.rank = std::move(rank);
      j.started = true;
      j.done = false;
      j.unfinished.clear();  // sweeps under way at a restart are measured again from their first size
    } else if (type == "point") {
      j.unfinished[{record.at("kernel"), record.at("repeat")}].push_back(record.at("point").get<results::Point>());
    } else if (type == "campaign") {
      auto c = record.at("campaign").get<results::Campaign>();
      j.unfinished.erase({c.kernel, c.repeat});
      auto& list = j.rank.campaigns;
      std::erase_if(list, [&](const results::Campaign& o) {
        return o.kernel == c.kernel && o.detector == c.detector && o.repeat == c.repeat;
      });
      list.push_back(std::move(c));
    } else if (type == "done") {
      j.done = true;
    } else if (type == "failed") {
      j.rank.error = record.at("error").get<std::string>();  // a later "rank" record (a resume) clears it
      j.done = false;
    } else {
      throw std::runtime_error("unknown record type " + text::echo(type));
    }
  });
  if (!two_runs.empty()) throw std::runtime_error(name + ": " + two_runs);
  j.damage = salvage.damage;
  if (salvage.ends_void) j.done = false;  // what the damage voided is measured again
  return j;
}

RankJournal read_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read journal '" + path + "'");
  return read(in, path);
}

}  // namespace autobench::journal
