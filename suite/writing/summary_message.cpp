// A rank's summary message (see summary_message.hpp).
#include "suite/writing/summary_message.hpp"

#include <cstdint>
#include <stdexcept>
#include <tuple>
#include <vector>

#include <nlohmann/json.hpp>
#include <zlib.h>

#include "record/json.hpp"
#include "suite/results/consensus_fields.hpp"
#include "suite/results/result_json.hpp"

namespace autobench::writing {
namespace {

// A consensus row's kernel (consensus_fields.hpp leaves it to the group's name) and its columns.
inline constexpr auto kConsensusFields =
    std::tuple_cat(std::make_tuple(record::field("kernel", &results::ConsensusRow::kernel)), results::kConsensusColumns,
                   results::kConsensusRegimeColumns);

// Deflated (zlib) after an 8-byte little-endian count of the bytes it inflates to: the summary's columns
// repeat names and sizes from campaign to campaign (a full suite's 400 campaigns: 91 kB of CBOR, 15 kB sent).
std::string deflated(const std::vector<std::uint8_t>& bytes) {
  uLongf size = compressBound(static_cast<uLong>(bytes.size()));
  std::string out(8 + size, '\0');
  for (int i = 0; i < 8; ++i) out[i] = static_cast<char>((static_cast<std::uint64_t>(bytes.size()) >> (8 * i)) & 0xff);
  if (compress2(reinterpret_cast<Bytef*>(out.data() + 8), &size, bytes.data(), static_cast<uLong>(bytes.size()), 6) != Z_OK)
    throw std::runtime_error("a rank's summary message cannot be compressed");
  out.resize(8 + size);
  return out;
}

constexpr std::uint64_t kMaxInflated = std::uint64_t{1} << 30;  // far above any summary (a few kB per sweep)

std::vector<std::uint8_t> inflated(const std::string& message) {
  if (message.size() < 8) throw std::runtime_error("a rank's summary message is cut short");
  std::uint64_t n = 0;
  for (int i = 0; i < 8; ++i) n |= static_cast<std::uint64_t>(static_cast<unsigned char>(message[i])) << (8 * i);
  if (n > kMaxInflated) throw std::runtime_error("a rank's summary message claims " + std::to_string(n) + " bytes");
  std::vector<std::uint8_t> out(n);
  uLongf size = static_cast<uLongf>(n);
  if (uncompress(out.data(), &size, reinterpret_cast<const Bytef*>(message.data() + 8),
                 static_cast<uLong>(message.size() - 8)) != Z_OK || size != n)
    throw std::runtime_error("a rank's summary message cannot be inflated (damaged or cut short)");
  return out;
}

}  // namespace

std::string pack_summary(const result_file::RankSummary& s) {
  nlohmann::json j = {{"rank", s.rank},
                      {"campaigns", record::columns_to_json(s.campaigns, results::kCampaignSummaryFields)},
                      {"sweeps", record::columns_to_json(s.health.sweeps, stats::kSweepHealthFields)},
                      {"part_status", s.part_status},
                      {"export_error", s.export_error}};
  record::fields_to_json(j["health"], s.health, stats::kGpuEvidenceFields);
  j["consensus"] = record::columns_to_json(s.consensus, kConsensusFields);
  return deflated(nlohmann::json::to_cbor(j));
}

result_file::RankSummary unpack_summary(const std::string& message) {
  try {
    const nlohmann::json j = nlohmann::json::from_cbor(inflated(message));
    result_file::RankSummary s;
    s.rank = j.at("rank").get<results::RankResult>();
    s.campaigns = record::columns_from_json<results::CampaignSummary>(j.at("campaigns"), results::kCampaignSummaryFields);
    record::read_fields(j.at("health"), s.health, stats::kGpuEvidenceFields);
    s.health.sweeps = record::columns_from_json<stats::SweepHealth>(j.at("sweeps"), stats::kSweepHealthFields);
    s.consensus = record::columns_from_json<results::ConsensusRow>(j.at("consensus"), kConsensusFields);
    s.part_status = j.at("part_status").get<std::string>();
    s.export_error = j.at("export_error").get<std::string>();
    return s;
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error(std::string("a rank's summary message cannot be read: ") + e.what());
  }
}

}  // namespace autobench::writing
