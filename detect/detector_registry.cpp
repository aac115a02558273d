// The detector registry: name -> factory, filled by static Registration objects.
#include <algorithm>
#include <map>
#include <stdexcept>

#include "detector.hpp"
#include "magnitude.hpp"
#include "smoothing.hpp"

namespace autobench::detect {
namespace {

struct Slot {
  std::string description;
  Factory factory;
  std::vector<ParamSpec> params;
};

std::map<std::string, Slot>& table() {
  static std::map<std::string, Slot> t;
  return t;
}

}  // namespace

Registration::Registration(std::string name, std::string description, Factory factory, std::vector<ParamSpec> params) {
  table()[std::move(name)] = Slot{std::move(description), std::move(factory), std::move(params)};
}

bool exists(const std::string& name) { return table().count(name) != 0; }

std::vector<Entry> list() {
  std::vector<Entry> out;
  for (const auto& [name, slot] : table()) out.push_back({name, slot.description, slot.params});
  return out;
}

std::unique_ptr<Detector> make(const std::string& name, const Params& params) {
  auto it = table().find(name);
  if (it == table().end()) {
    std::string known;
    for (const auto& [n, _] : table()) known += (known.empty() ? "" : ", ") + n;
    throw std::invalid_argument("unknown detector '" + name + "' (known: " + known + ")");
  }
  Params raw = params;
  raw.on_fit = params.on_fit || params.smoothing != Smoothing::none;
  raw.smoothing = Smoothing::none;
  return magnitude_free(with_smoothing(it->second.factory(raw), params));
}

}  // namespace autobench::detect
