#include "cli/CliOptions.h"

#include "Cfa.h"
#include "mutation/StatementDeletion.h"
#include "semantics/FloatSemantics.h"

#include <algorithm>
#include <fstream>
#include <iostream>
#include <sstream>

namespace vcov::cli {

bool CliOptions::has(const std::string &flag) const {
    return std::find(flags.begin(), flags.end(), flag) != flags.end();
}

std::string CliOptions::value(const std::string &name, const std::string &fallback) const {
    auto it = values.find(name);
    return it == values.end() ? fallback : it->second;
}

std::optional<CliOptions> parseCliOptions(const std::vector<std::string> &args,
                                          const std::vector<std::string> &valueOptions,
                                          const std::vector<std::string> &flagOptions) {
    CliOptions o;
    auto contains = [](const std::vector<std::string> &v, const std::string &s) {
        return std::find(v.begin(), v.end(), s) != v.end();
    };
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string &a = args[i];
        auto next = [&](const std::string &name) -> std::optional<std::string> {
            if (i + 1 >= args.size()) {
                std::cerr << "vcov-cli: " << name << " needs a value\n";
                return std::nullopt;
            }
            return args[++i];
        };
        if (a == "-I" || a == "-D") {
            auto v = next(a);
            if (!v)
                return std::nullopt;
            (a == "-I" ? o.inputs.frontEnd.includeDirs : o.inputs.frontEnd.defines).push_back(*v);
        } else if (a.size() > 2 && a.rfind("-I", 0) == 0) {
            o.inputs.frontEnd.includeDirs.push_back(a.substr(2));
        } else if (a.size() > 2 && a.rfind("-D", 0) == 0) {
            o.inputs.frontEnd.defines.push_back(a.substr(2));
        } else if (a == "--32" || a == "-m32") {
            o.inputs.frontEnd.dataModel = DataModel::ILP32;
        } else if (a == "--64" || a == "-m64") {
            o.inputs.frontEnd.dataModel = DataModel::LP64;
        } else if (a == "--malloc-may-fail") {
            o.inputs.frontEnd.mallocMayFail = true;
        } else if (a == "--no-built-in-assertions") {
            o.inputs.frontEnd.builtinAssertions = false;
        } else if ((a == "--function" || a.rfind("--function=", 0) == 0) && !contains(valueOptions, "function")) {
            // CBMC's --function: the entry of the analysis (cfa keeps it as a filter).
            if (a == "--function") {
                auto v = next(a);
                if (!v)
                    return std::nullopt;
                o.inputs.frontEnd.entry = *v;
            } else {
                o.inputs.frontEnd.entry = a.substr(std::string("--function=").size());
            }
        } else if (a == "--task" || a == "--compile-commands" || a == "--cbmc-proof") {
            auto v = next(a);
            if (!v)
                return std::nullopt;
            (a == "--task" ? o.inputs.task : a == "--cbmc-proof" ? o.inputs.cbmcProof : o.inputs.compileCommands) = *v;
        } else if (a.rfind("--", 0) == 0) {
            std::string name = a.substr(2), inlineValue;
            bool hasInline = false;
            if (auto eq = name.find('='); eq != std::string::npos) {
                inlineValue = name.substr(eq + 1);
                name = name.substr(0, eq);
                hasInline = true;
            }
            if (contains(valueOptions, name)) {
                if (hasInline) {
                    o.values[name] = inlineValue;
                } else {
                    auto v = next(a);
                    if (!v)
                        return std::nullopt;
                    o.values[name] = *v;
                }
            } else if (contains(flagOptions, name) && !hasInline) {
                o.flags.push_back(name);
            } else {
                std::cerr << "vcov-cli: unknown option " << a << "\n";
                return std::nullopt;
            }
        } else if (a.size() > 1 && a[0] == '-') {
            std::cerr << "vcov-cli: unknown option " << a << "\n";
            return std::nullopt;
        } else {
            o.inputs.frontEnd.files.push_back(a);
        }
    }
    return o;
}

void printDiagnostics(const Diagnostics &d) {
    for (const auto &item : d.items())
        std::cerr << item.format() << "\n";
}

bool writeFile(const std::string &path, const std::string &content) {
    std::ofstream out(path, std::ios::binary);
    out << content;
    if (!out) {
        std::cerr << "vcov-cli: cannot write " << path << "\n";
        return false;
    }
    return true;
}

// Parses the program of a subcommand; prints diagnostics. Null on bad input.
std::unique_ptr<Program> loadProgram(CliOptions &opts) {
    Diagnostics inputDiags;
    if (!resolveProgramInputs(opts.inputs, inputDiags)) {
        printDiagnostics(inputDiags);
        return nullptr;
    }
    printDiagnostics(inputDiags);
    auto program = parseProgram(opts.inputs.frontEnd);
    printDiagnostics(program->diagnostics);
    if (program->diagnostics.hasErrors())
        return nullptr;
    return program;
}

// A program that analyses can start: parsed without errors and with a main function.
std::unique_ptr<Program> loadProgramWithMain(CliOptions &opts) {
    auto program = loadProgram(opts);
    if (program && program->entryFunction == NoFunction) {
        const std::string &entry = opts.inputs.frontEnd.entry;
        if (entry == "main")
            std::cerr << "vcov-cli: the program has no main function (name the entry with --function NAME)\n";
        else
            std::cerr << "vcov-cli: the program has no definition of the entry function '" << entry << "'\n";
        return nullptr;
    }
    return program;
}

std::vector<std::string> splitList(const std::string &list) {
    std::vector<std::string> out;
    std::stringstream in(list);
    for (std::string item; std::getline(in, item, ',');)
        if (!item.empty())
            out.push_back(item);
    return out;
}

std::optional<std::vector<int64_t>> parseValues(const std::string &list) {
    std::vector<int64_t> out;
    size_t pos = 0;
    while (pos < list.size()) {
        size_t comma = list.find(',', pos);
        std::string item = list.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
        // "0.5", "1e3", "-inf", "nan": a floating-point input, held as its double's bits
        // (FloatSemantics.h); integers as they are.
        const bool hex = item.find("0x") != std::string::npos || item.find("0X") != std::string::npos;
        if (item.find_first_of(hex ? ".pP" : ".eE") != std::string::npos || item.find_first_of("iInN") != std::string::npos) {
            uint64_t bits = 0;
            if (!parseFloat(item, machineFloat(64), bits))
                return std::nullopt;
            out.push_back(int64_t(bits));
            if (comma == std::string::npos)
                break;
            pos = comma + 1;
            continue;
        }
        try {
            size_t used = 0;
            long long v = std::stoll(item, &used, 0);
            if (used != item.size())
                return std::nullopt;
            out.push_back(v);
        } catch (const std::exception &) {
            // Values above INT64_MAX (unsigned 64-bit inputs) wrap as the machine does.
            try {
                size_t used = 0;
                unsigned long long u = std::stoull(item, &used, 0);
                if (used != item.size())
                    return std::nullopt;
                out.push_back(int64_t(u));
            } catch (const std::exception &) {
                return std::nullopt;
            }
        }
        if (comma == std::string::npos)
            break;
        pos = comma + 1;
    }
    return out;
}

// A program file named on the command line: its path as given, or a path that ends in it.
FileId findFile(const Program &program, const std::string &name) {
    FileId found = program.fileId(name);
    for (size_t i = 0; found < 0 && i < program.files.size(); ++i) {
        const std::string &path = program.files[i].path;
        if (path.size() > name.size() && path.compare(path.size() - name.size(), name.size(), name) == 0 &&
            path[path.size() - name.size() - 1] == '/')
            found = FileId(i);
    }
    return found;
}

// The mutants of --delete and --delete-each; nullopt (after a message) when one is not
// in the program.
std::optional<std::vector<ProgramVariant>> mutantsFromOptions(const CliOptions &opts, const Program &program) {
    std::vector<ProgramVariant> mutants;
    if (std::string each = opts.value("delete-each"); !each.empty()) {
        FileId f = findFile(program, each);
        if (f < 0) {
            std::cerr << "vcov-cli: --delete-each: '" << each << "' is not a file of the program\n";
            return std::nullopt;
        }
        mutants = statementDeletions(program, f);
        if (mutants.empty()) {
            std::cerr << "vcov-cli: --delete-each: '" << each << "' has no statement to delete\n";
            return std::nullopt;
        }
    }
    std::string list = opts.value("delete");
    for (size_t pos = 0; pos < list.size();) {
        size_t comma = list.find(',', pos);
        std::string item = list.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
        // FILE:LINE or FILE:LINE:COLUMN; the file name itself may not contain ':'.
        size_t first = item.find(':');
        unsigned line = 0, column = 0;
        FileId f = first == std::string::npos ? -1 : findFile(program, item.substr(0, first));
        if (f >= 0 && sscanf(item.c_str() + first + 1, "%u:%u", &line, &column) < 1)
            f = -1;
        ProgramVariant v = f >= 0 ? deleteStatements(program, f, line, column) : ProgramVariant{};
        if (v.edges.empty()) {
            std::cerr << "vcov-cli: --delete: no statement to delete at '" << item
                      << "' (FILE:LINE[:COLUMN]; assignments and calls of functions without a body)\n";
            return std::nullopt;
        }
        mutants.push_back(std::move(v));
        if (comma == std::string::npos)
            break;
        pos = comma + 1;
    }
    return mutants;
}

// What was deleted, as the source has it.
std::string mutantText(const Program &program, const ProgramVariant &v) {
    std::string text;
    for (const auto &entry : v.edges)
        text += (text.empty() ? "" : "; ") + program.edge(entry.first).text;
    return text;
}

} // namespace vcov::cli
