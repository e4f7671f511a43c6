// The CFA of a program as JSON (vcov-cli cfa --json): files, functions with nodes and
// edges, coverable lines and diagnostics.
#pragma once

#include "Cfa.h"

#include <nlohmann/json_fwd.hpp>

namespace vcov {

nlohmann::json programToJson(const Program &program, const std::string &onlyFunction = {});
nlohmann::json diagnosticsToJson(const Diagnostics &diagnostics);

} // namespace vcov
