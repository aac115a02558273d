// A rank's results as one message to rank 0 (see rank_message.hpp).
#include "suite/writing/rank_message.hpp"

#include <stdexcept>
#include <cstdint>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "record/differing_fields.hpp"
#include "record/json.hpp"
#include "suite/results/result_json.hpp"
#include "suite/result_file/shared_sweeps.hpp"

namespace autobench::writing {
namespace {

using nlohmann::json;

// The fields of Point that a campaign may hold apart from its sweep, in both lists.
template <class F>
void for_each_point_field(F&& f) {
  record::for_each_field(results::kPointFields, f);
  record::for_each_field(results::kPointAddedFields, f);
}

json campaign_message(const results::Campaign& c, const result_file::SweepRef& ref, const result_file::SharedSweep& sweep) {
  json j;
  record::fields_to_json(j, c, results::kCampaignFields);
  j["sweep"] = ref.sweep;
  j["points"] = c.points.size();
  if (!ref.prefix()) j["point_index"] = ref.index;
  json differing = json::object();
  const auto add = [&](const auto& f) {
    json column = json::array();
    for (const auto& p : c.points) column.push_back(record::json_detail::encode(p.*f.member));
    differing[f.name] = std::move(column);
  };
  record::for_each_differing_field(c.points, sweep.points, ref.index, results::kPointFields, add);
  record::for_each_differing_field(c.points, sweep.points, ref.index, results::kPointAddedFields, add);
  if (!differing.empty()) j["differing"] = std::move(differing);
  return j;
}

results::Campaign campaign_from(const json& j, const std::vector<std::vector<results::Point>>& sweeps) {
  results::Campaign c;
  record::read_fields(j, c, results::kCampaignFields);
  const auto s = j.at("sweep").get<std::size_t>();
  if (s >= sweeps.size())
    throw std::runtime_error("campaign " + c.kernel + "/" + c.detector + " refers to sweep " + std::to_string(s) +
                             " of " + std::to_string(sweeps.size()));
  const auto& sweep = sweeps[s];
  const auto n = j.at("points").get<std::size_t>();
  std::vector<std::int64_t> index;
  if (const auto it = j.find("point_index"); it != j.end()) it->get_to(index);
  else
    for (std::size_t i = 0; i < n; ++i) index.push_back(static_cast<std::int64_t>(i));
  if (index.size() != n) throw std::runtime_error("campaign " + c.kernel + "/" + c.detector + ": point_index has " +
                                                  std::to_string(index.size()) + " entries for " + std::to_string(n) + " points");
  for (const std::int64_t i : index) {
    if (i < 0 || static_cast<std::size_t>(i) >= sweep.size())
      throw std::runtime_error("campaign " + c.kernel + "/" + c.detector + " refers to point " + std::to_string(i) +
                               " of a sweep of " + std::to_string(sweep.size()));
    c.points.push_back(sweep[static_cast<std::size_t>(i)]);
  }
  if (const auto it = j.find("differing"); it != j.end())
    for_each_point_field([&](const auto& f) {
      const auto column = it->find(f.name);
      if (column == it->end()) return;
      if (column->size() != n)
        throw std::runtime_error("campaign " + c.kernel + "/" + c.detector + ": column " + f.name + " has " +
                                 std::to_string(column->size()) + " entries for " + std::to_string(n) + " points");
      for (std::size_t i = 0; i < n; ++i) record::json_detail::decode((*column)[i], c.points[i].*f.member);
    });
  return c;
}

}  // namespace

std::string pack_rank(const results::RankResult& rank) {
  const result_file::SharedSweeps shared = result_file::share_sweeps(rank.campaigns);
  json sweeps = json::array();
  for (const auto& s : shared.sweeps) sweeps.push_back(s.points);
  json campaigns = json::array();
  for (std::size_t i = 0; i < rank.campaigns.size(); ++i)
    campaigns.push_back(campaign_message(rank.campaigns[i], shared.refs[i], shared.sweeps[shared.refs[i].sweep]));
  const json message{{"rank", rank.rank},
              {"device", rank.device},
              {"start_error", rank.start_error},
              {"error", rank.error},
              {"sweeps", std::move(sweeps)},
              {"campaigns", std::move(campaigns)}};
  const std::vector<std::uint8_t> bytes = json::to_cbor(message);
  return {bytes.begin(), bytes.end()};
}

results::RankResult unpack_rank(const std::string& message) {
  try {
    const json j = json::from_cbor(message);
    results::RankResult r;
    j.at("rank").get_to(r.rank);
    j.at("device").get_to(r.device);
    j.at("start_error").get_to(r.start_error);
    j.at("error").get_to(r.error);
    std::vector<std::vector<results::Point>> sweeps;
    for (const auto& s : j.at("sweeps")) sweeps.push_back(s.get<std::vector<results::Point>>());
    for (const auto& c : j.at("campaigns")) r.campaigns.push_back(campaign_from(c, sweeps));
    return r;
  } catch (const json::exception& e) {
    throw std::runtime_error(std::string("a rank's results message is malformed: ") + e.what());
  }
}

}  // namespace autobench::writing
