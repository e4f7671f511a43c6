#include "cli/RunCommand.h"
#include "cli/CliOptions.h"
#include "Cfa.h"
#include "formats/CbmcTrace.h"
#include "formats/ExecutionJson.h"
#include "frontend/FrontEnd.h"
#include "semantics/Interpreter.h"

#include <nlohmann/json.hpp>

#include <fstream>
#include <cstdio>
#include <iostream>

using namespace vcov;

namespace vcov::cli {

int runCommand(const std::vector<std::string> &args) {
    auto opts =
        parseCliOptions(args, {"inputs", "uninitialized", "heap", "outside", "property", "max-steps", "json", "delete", "trace-from"},
                        {"trace"});
    if (!opts)
        return ExitUsage;
    ExecutionInput input;
    for (auto [name, target] : {std::pair{"inputs", &input.nondet}, std::pair{"uninitialized", &input.uninitialized}}) {
        auto values = parseValues(opts->value(name));
        if (!values) {
            std::cerr << "vcov-cli: --" << name << " takes comma-separated numbers\n";
            return ExitUsage;
        }
        *target = *values;
    }
    // malloc'd bytes read before written: ALLOCATION:OFFSET=BITS, as vcov-cli bmc prints them.
    for (const std::string &entry : splitList(opts->value("heap"))) {
        unsigned long long allocation = 0, offset = 0, bits = 0;
        char tail = 0;
        if (std::sscanf(entry.c_str(), "%llu:%llu=%llu%c", &allocation, &offset, &bits, &tail) != 3) {
            std::cerr << "vcov-cli: --heap takes ALLOCATION:OFFSET=BITS,... ('" << entry << "')\n";
            return ExitUsage;
        }
        input.heap[{allocation, offset}] = bits;
    }
    // Memory outside every object read before written: SIZE:KIND:ADDRESS=BITS, as vcov-cli bmc prints it.
    for (const std::string &entry : splitList(opts->value("outside"))) {
        unsigned long long size = 0, address = 0, bits = 0;
        char kind[16] = {0}, tail = 0;
        int k = -1;
        if (std::sscanf(entry.c_str(), "%llu:%15[a-z]:%llu=%llu%c", &size, kind, &address, &bits, &tail) == 4)
            for (int i = 0; i < 4; ++i)
                if (std::string(kind) == outsideKindName(i))
                    k = i;
        if (k < 0) {
            std::cerr << "vcov-cli: --outside takes SIZE:KIND:ADDRESS=BITS,... with KIND int, pointer, bool or float ('"
                      << entry << "')\n";
            return ExitUsage;
        }
        input.outside[{size, k, address}] = bits;
    }
    InterpreterOptions io;
    auto props = parsePropertyList(opts->value("property"));
    if (!props) {
        std::cerr << "vcov-cli: unknown property in '" << opts->value("property") << "'\n";
        return ExitUsage;
    }
    io.properties = *props;
    // A CBMC counterexample: its inputs are replayed, its values put beside vcov's.
    std::optional<CbmcTrace> cbmc;
    if (std::string from = opts->value("trace-from"); !from.empty()) {
        if (!opts->value("inputs").empty() || !opts->value("uninitialized").empty()) {
            std::cerr << "vcov-cli: --trace-from takes the inputs from the trace (no --inputs or --uninitialized)\n";
            return ExitUsage;
        }
        std::ifstream in(from, std::ios::binary);
        if (!in) {
            std::cerr << "vcov-cli: cannot read '" << from << "'\n";
            return ExitInputError;
        }
        std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        std::string error;
        cbmc = parseCbmcTrace(text, error);
        if (!cbmc) {
            std::cerr << from << ": error: " << error << "\n";
            return ExitInputError;
        }
        // The checks CBMC found failing are selected here too.
        if (opts->value("property").empty())
            for (Property p : checksOfCbmcFailures(*cbmc))
                io.properties.insert(p);
    }
    // Steps are kept only for those who read them (10 million steps would take gigabytes).
    io.recordSteps = opts->has("trace") || !opts->value("json").empty();
    if (auto m = opts->value("max-steps"); !m.empty())
        io.maxSteps = std::stoull(m);
    auto program = loadProgram(*opts);
    if (!program)
        return ExitInputError;
    if (program->entryFunction == NoFunction) {
        std::cerr << "vcov-cli: the program has no main function to run\n";
        return ExitInputError;
    }
    // A mutant's counterexample from bmc replays here: every deletion applies at once.
    auto mutants = mutantsFromOptions(*opts, *program);
    if (!mutants)
        return ExitUsage;
    ProgramVariant mutant;
    for (const ProgramVariant &m : *mutants) {
        mutant.name += (mutant.name.empty() ? "" : ", ") + m.name;
        mutant.edges.insert(m.edges.begin(), m.edges.end());
    }
    if (!mutants->empty()) {
        io.variant = &mutant;
        std::cerr << "vcov: running the mutant: " << mutant.name << "\n";
    }
    if (cbmc) {
        std::vector<std::string> notes;
        input = inputsFromCbmcTrace(*program, *cbmc, notes);
        io.recordSteps = true;
        for (const std::string &n : notes)
            std::cerr << "vcov: CBMC's trace: " << n << "\n";
        std::cerr << "vcov: replaying CBMC's counterexample for " << cbmc->property << " (" << cbmc->description
                  << "): " << input.nondet.size() << " inputs, " << input.uninitialized.size()
                  << " uninitialized values\n";
    }
    Execution x = runProgram(*program, input, io);
    std::cout << x.output << std::flush;
    if (opts->has("trace"))
        std::cerr << executionTrace(*program, x);
    std::cerr << "vcov: " << describeEnding(*program, x.ending) << "\n";
    std::optional<TraceAgreement> agreement;
    if (cbmc) {
        agreement = compareWithCbmcTrace(*program, x, *cbmc);
        for (const TraceAgreement::Row &r : agreement->rows) {
            if (r.status == TraceAgreement::Status::Agrees)
                continue;
            const CbmcTraceStep &s = cbmc->steps[r.cbmcStep];
            std::cerr << "vcov: " << s.file << ":" << s.line << ": " << s.lhs << ": CBMC " << s.value
                      << (r.vcovStep >= 0 ? ", vcov " + r.vcovValue : "") << " ("
                      << agreementStatusName(r.status) << ")\n";
        }
        std::cout << "CBMC's trace: " << agreement->summary << "\n";
    }
    if (auto json = opts->value("json"); !json.empty())
        if (!writeFile(json, (agreement ? withCbmcAgreement(executionToJson(*program, x), *cbmc, *agreement)
                                        : executionToJson(*program, x))
                                 .dump(1) +
                                 "\n"))
            return ExitInputError;
    switch (x.ending.kind) {
    case EndingKind::Exit:
    case EndingKind::Abort: return ExitOk;
    case EndingKind::PropertyViolation: return 10;
    default: return 1;
    }
}

} // namespace vcov::cli
