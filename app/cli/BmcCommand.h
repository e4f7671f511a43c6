// vcov-cli bmc: bounded model checking (and k-induction) of the program and its mutants;
// counterexamples are replayed before they are shown, and written as witnesses and SARIF.
#pragma once

#include "Cfa.h"
#include "bmc/Bmc.h"
#include "goals/Vacuity.h"
#include "semantics/Execution.h"

#include <optional>
#include <string>
#include <vector>

namespace vcov::cli {

struct CliOptions;

int bmcCommand(const std::vector<std::string> &args);
// The bounds and checks of a --cbmc-proof where the command line sets none; prints what the
// proof asks for and what of it vcov does not check. Nothing without a proof.
// `program` (may be null) lets it name the unwindset's loops the program does not have.
void applyCbmcProof(const CliOptions &opts, BmcOptions &bmc, const Program *program);
// An SV-COMP violation witness of a replayed violation: GraphML 1.0 for OUT.graphml, else
// YAML 2.0. False after a message when it cannot be written.
bool writeViolationWitness(const std::string &out, const Program &program, const Execution &violation);
// After a verdict of safe: which assertions it says something about (Vacuity.h), within
// --vacuity-time (default 5 s); none with --no-vacuity or where the program has none.
// False, with a message, when --vacuity-time is not a positive number of seconds.
bool vacuityTimeValid(const CliOptions &opts);
std::optional<VacuityReport> vacuityAfterSafe(const CliOptions &opts, const Program &program, const PropertySet &properties);
// " — 1 of 3 assertions vacuous: never reached" for the verdict's line, and the list.
std::string vacuityHeadline(const std::optional<VacuityReport> &vacuity);
void printVacuity(const Program &program, const std::optional<VacuityReport> &vacuity);

} // namespace vcov::cli
