// Checking error messages: the message a callable throws, and whether a text contains a part.
#pragma once

#include <gtest/gtest.h>

#include <string>

namespace autobench::testing {

// The what() of the exception of type E that f throws; "" when it throws none.
template <class E, class F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const E& e) {
    return e.what();
  }
  return "";
}

inline ::testing::AssertionResult contains(const std::string& text, const std::string& part) {
  if (text.find(part) != std::string::npos) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "'" << text << "' does not contain '" << part << "'";
}

}  // namespace autobench::testing
