// Command-line options shared by the vcov-cli subcommands: the program to read.
#pragma once

#include "Cfa.h"
#include "Diagnostics.h"
#include "frontend/ProgramInputs.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>


namespace vcov::cli {

// Exit statuses (CBMC's where they mean the same).
constexpr int ExitOk = 0;
constexpr int ExitUsage = 2;
constexpr int ExitInputError = 6;

struct CliOptions {
    ProgramInputs inputs;
    std::map<std::string, std::string> values; // --name VALUE options of the subcommand
    std::vector<std::string> flags;            // --name flags of the subcommand
    bool has(const std::string &flag) const;
    std::string value(const std::string &name, const std::string &fallback = {}) const;
};

// `valueOptions` and `flagOptions` are the subcommand's own; returns nullopt and
// prints a message on a usage error.
std::optional<CliOptions> parseCliOptions(const std::vector<std::string> &args,
                                          const std::vector<std::string> &valueOptions,
                                          const std::vector<std::string> &flagOptions);

// Diagnostics to stderr, one "file:line:col: error: message" per line.
void printDiagnostics(const Diagnostics &d);
// Parses the program of a subcommand; prints diagnostics. Null on bad input.
std::unique_ptr<Program> loadProgram(CliOptions &opts);
// A program that analyses can start: parsed without errors and with a main function.
std::unique_ptr<Program> loadProgramWithMain(CliOptions &opts);
// Writes a whole file; false after a message when it cannot.
bool writeFile(const std::string &path, const std::string &content);

// "1,-2,0x10": comma-separated integers (values above INT64_MAX wrap as the machine does).
std::optional<std::vector<int64_t>> parseValues(const std::string &list);
// A comma-separated list's items, empty ones dropped.
std::vector<std::string> splitList(const std::string &list);
// A program file named on the command line: its path as given, or a path that ends in it.
FileId findFile(const Program &program, const std::string &name);
// The mutants of --delete and --delete-each; nullopt (after a message) when one is not
// in the program.
std::optional<std::vector<ProgramVariant>> mutantsFromOptions(const CliOptions &opts, const Program &program);
// What was deleted, as the source has it.
std::string mutantText(const Program &program, const ProgramVariant &v);

} // namespace vcov::cli
