// The C front end: Clang parses the input files, and each function body becomes a CFA.
// This header is Clang-free on purpose: it is included widely.
#pragma once

#include "Cfa.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace vcov {

struct FrontEndOptions {
    std::vector<std::string> files;
    std::vector<std::string> includeDirs;
    std::vector<std::string> defines; // NAME or NAME=VALUE, as for -D
    std::optional<DataModel> dataModel; // default LP64
    std::string entry = "main";
    // Functions whose bodies are dropped (CBMC's --remove-function-body): calls of them
    // return a nondet value, as for any function without a body.
    std::vector<std::string> removeBodies;
    // Texts to parse in place of files on disk, by the path as given in `files` (a mutant's
    // source: the front end parses it without writing it out).
    std::map<std::string, std::string> contents;
    // Program::maxAllocation: a CBMC proof's (--malloc-fail-null with --object-bits B:
    // 2^(63-B) - 1 bytes, CBMC's largest object).
    uint64_t maxAllocation = INT64_MAX;
    // CBMC's --malloc-may-fail (a proof's default in CBMC 6): every malloc and calloc may
    // return NULL, the choice an input of the execution (so a counterexample replays it).
    bool mallocMayFail = false;
    // Program::builtinAssertions: CBMC's default; off with --no-built-in-assertions and for
    // an SV-COMP task, whose only violations are its specification's.
    bool builtinAssertions = true;
};

// The arguments Clang gets for every input file: language, target, -I, -D.
std::vector<std::string> clangArguments(const FrontEndOptions &options);

// Always returns a Program; errors are in program->diagnostics, and a program with
// errors has no CFA that may be analysed.
std::unique_ptr<Program> parseProgram(const FrontEndOptions &options);

// The classification of a call to a function without a body, by name.
Intrinsic classifyIntrinsic(const std::string &name);
// Library functions whose effect the semantics cannot model yet (they write memory or
// need threads, non-local jumps, ...): the reason, or empty.
std::string unsupportedLibraryFunction(const std::string &name);

} // namespace vcov
