// compile_commands.json: the include paths, defines and data model a project builds
// its files with.
#pragma once

#include "Diagnostics.h"
#include "frontend/FrontEnd.h"

#include <string>
#include <vector>

namespace vcov {

// Adds to `options` what the database says for its files; when options.files is empty,
// takes every C file of the database. Returns false (with a diagnostic) on a bad database.
bool applyCompileCommands(const std::string &path, FrontEndOptions &options, Diagnostics &diagnostics);

// Shell words with quotes and backslashes, as CMake and bear write commands and as GNU make
// hands a CBMC proof's variables over.
std::vector<std::string> shellWords(const std::string &text);

} // namespace vcov
