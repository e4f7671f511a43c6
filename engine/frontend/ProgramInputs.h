// Where a program comes from: files with flags, an SV-COMP task, or a compilation
// database. Shared by vcov-cli and the GUI so both read a program the same way.
#pragma once

#include "Diagnostics.h"
#include "frontend/CbmcProof.h"
#include "frontend/FrontEnd.h"

#include <optional>
#include <string>

namespace vcov {

struct ProgramInputs {
    FrontEndOptions frontEnd;
    std::string task;            // an SV-COMP .yml
    std::string compileCommands; // compile_commands.json or its folder
    std::string cbmcProof;       // a CBMC proof folder (cbmc-starter-kit)
    std::optional<CbmcProof> proof; // the proof, once resolved: its bounds and checks
};

// Fills inputs.frontEnd from the task and the compilation database; false (with
// diagnostics) on bad input or when no file remains.
bool resolveProgramInputs(ProgramInputs &inputs, Diagnostics &diagnostics);

// A file named on a command line or dropped on the window: .yml files are tasks.
bool isTaskFile(const std::string &path);

} // namespace vcov
