// vcov's models of C library functions a program calls without defining (memcmp, strlen,
// ...), as CBMC adds its own library (goto-instrument --add-library): C code the front end
// parses as one more translation unit when a program needs it. Loops stay loops, named as
// CBMC names its models' loops (memcmp.0), so a proof's unwindset bounds them.
#pragma once

#include <set>
#include <string>

namespace vcov {

// The path the library's translation unit has in a Program's files (not an input file).
extern const char *const CLibraryPath;

// Whether vcov has a model of this function.
bool hasCLibraryModel(const std::string &name);

// Whether this model stands for one of CBMC's array operations (memcpy, memmove, memset):
// its loops are not bounded by --unwind (BmcOptions::arrayOperationUnwind).
bool isArrayOperationModel(const std::string &name);

// The C text of the models of these functions (those vcov has).
std::string cLibraryModels(const std::set<std::string> &names);

} // namespace vcov
