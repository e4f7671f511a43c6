// Executions as JSON (vcov-cli run --json, counterexamples of vcov-cli bmc) and as text.
#pragma once

#include "Cfa.h"
#include "semantics/Execution.h"

#include <nlohmann/json_fwd.hpp>

#include <string>

namespace vcov {

nlohmann::json executionToJson(const Program &program, const Execution &execution);
// One line per step: "file:line  function  [depth] text  lhs = value".
std::string executionTrace(const Program &program, const Execution &execution);

} // namespace vcov
