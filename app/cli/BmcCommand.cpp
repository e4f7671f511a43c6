#include "cli/BmcCommand.h"
#include "cli/CliOptions.h"
#include "Cfa.h"
#include "bmc/Bmc.h"
#include "bmc/LoopStructure.h"
#include "formats/ExecutionJson.h"
#include "formats/GoalsJson.h"
#include "formats/Sarif.h"
#include "formats/ViolationWitness.h"
#include "goals/Induction.h"
#include "frontend/FrontEnd.h"
#include "semantics/Interpreter.h"

#include <nlohmann/json.hpp>

#include <cstdlib>
#include <iostream>
#include <set>

using namespace vcov;

namespace vcov::cli {

namespace {

std::string violationPlace(const Program &program, const BmcResult &r) {
    const CfaEdge &e = program.edge(r.violationEdge);
    return program.files[size_t(e.range.file)].path + ":" + std::to_string(e.range.beginLine);
}

// A BMC result's execution (counterexample, or the execution beyond the bound) as JSON.
nlohmann::json counterexampleJson(const Program &program, const BmcResult &r) {
    nlohmann::json cx = executionToJson(program, *r.counterexample);
    cx["property"] = r.property ? propertyName(*r.property) : "";
    cx["message"] = r.violationMessage;
    cx["replayed"] = r.replayed;
    return cx;
}

bool isInternalError(const BmcResult &r) {
    return r.verdict == Verdict::Unknown && r.reason.rfind("internal error", 0) == 0;
}
} // namespace

bool writeViolationWitness(const std::string &out, const Program &program, const Execution &violation) {
    WitnessMetadata meta;
    meta.version = VCOV_VERSION;
    const bool graphml = out.size() > 8 && out.compare(out.size() - 8, 8, ".graphml") == 0;
    return writeFile(out, graphml ? violationWitnessGraphml(program, violation, meta)
                                  : violationWitnessYaml(program, violation, meta));
}

bool vacuityTimeValid(const CliOptions &opts) {
    const std::string t = opts.value("vacuity-time", "5");
    char *end = nullptr;
    const double s = std::strtod(t.c_str(), &end);
    if (t.empty() || *end != '\0' || !(s > 0)) {
        std::cerr << "vcov-cli: --vacuity-time needs seconds (a positive number), not '" << t << "'\n";
        return false;
    }
    return true;
}

std::optional<VacuityReport> vacuityAfterSafe(const CliOptions &opts, const Program &program, const PropertySet &properties) {
    if (opts.has("no-vacuity"))
        return std::nullopt;
    GoalOptions go;
    go.timeSeconds = std::stod(opts.value("vacuity-time", "5"));
    VacuityReport v = decideVacuity(program, go, properties);
    if (v.sites.empty() && v.error.empty())
        return std::nullopt;
    return v;
}

std::string vacuityHeadline(const std::optional<VacuityReport> &v) {
    return v && v->error.empty() ? " — " + vacuitySummary(*v) : "";
}

void printVacuity(const Program &program, const std::optional<VacuityReport> &v) {
    if (!v)
        return;
    if (!v->error.empty()) {
        std::cout << "Assertions: not checked for vacuity: " << v->error << "\n";
        return;
    }
    std::cout << "Assertions (" << v->sites.size() << ", reached or not in " << v->seconds << " s):\n";
    for (const AssertionSite &s : v->sites)
        std::cout << "  " << (s.file >= 0 ? program.files[size_t(s.file)].path : std::string("?")) << ":" << s.line << ": "
                  << s.text << ": " << assertionStatusName(s.status) << " — " << s.evidence << "\n";
    if (v->outsideEntry)
        std::cout << "  (" << v->outsideEntry << " more in functions that no call chain from "
                  << program.functions[size_t(program.entryFunction)].name << " reaches: not this harness's)\n";
}

void applyCbmcProof(const CliOptions &opts, BmcOptions &bo, const Program *program) {
    if (!opts.inputs.proof)
        return;
    const CbmcProof &proof = *opts.inputs.proof;
    if (!opts.values.count("unwind"))
        bo.unwind = proof.unwind;
    std::set<std::string> loops;
    if (program)
        for (const auto &f : program->functions)
            if (f.hasBody)
                for (const auto &l : computeLoops(*program, f).loops)
                    loops.insert(l.id);
    std::string unwindset, unknown;
    for (const auto &[loop, k] : proof.unwindset) {
        bo.loopBounds.try_emplace(loop, k); // --unwindset on the command line wins
        unwindset += (unwindset.empty() ? "" : ",") + loop + ":" + std::to_string(k);
        if (program && !loops.count(loop))
            unknown += (unknown.empty() ? "" : ", ") + loop;
    }
    if (!opts.values.count("property")) {
        bo.properties = {Property::Assertion};
        for (const auto &c : proof.checks)
            if (auto p = propertyFromName(c))
                bo.properties.insert(*p);
    }
    if (!opts.has("partial-loops"))
        bo.unwindingAssertions = proof.unwindingAssertions;
    std::string checks = "assert";
    for (Property p : bo.properties)
        if (p != Property::Assertion)
            checks += std::string(",") + propertyName(p);
    std::cout << "CBMC proof " << proof.name << " (" << (proof.origin == "make" ? "its Makefile, evaluated by make" : proof.origin)
              << "): entry " << proof.frontEnd.entry << ", "
              << proof.frontEnd.files.size() << " source files, --unwind " << bo.unwind
              << (unwindset.empty() ? "" : " --unwindset " + unwindset)
              << (bo.unwindingAssertions ? ", unwinding assertions" : ", partial loops") << "; checks: " << checks << "\n";
    if (!proof.unmodelled.empty()) {
        std::cout << "Not checked by vcov (asked for by the proof):";
        for (const auto &f : proof.unmodelled)
            std::cout << " " << f;
        std::cout << "\n";
    }
    if (!unknown.empty())
        std::cout << "Unwindset names loops this program does not have (their bound is --unwind's): " << unknown << "\n";
}

int bmcCommand(const std::vector<std::string> &args) {
    auto opts = parseCliOptions(args, {"unwind", "unwindset", "property", "timeout", "json", "delete", "delete-each",
                                       "k-max", "witness", "sarif", "vacuity-time"},
                                {"partial-loops", "k-induction", "no-vacuity"});
    if (!opts || !vacuityTimeValid(*opts))
        return ExitUsage;
    BmcOptions bo;
    try {
        if (auto u = opts->value("unwind"); !u.empty())
            bo.unwind = unsigned(std::stoul(u));
        if (auto t = opts->value("timeout"); !t.empty())
            bo.timeoutSeconds = std::stod(t);
        std::string set = opts->value("unwindset");
        for (size_t pos = 0; pos < set.size();) {
            size_t comma = set.find(',', pos);
            std::string item = set.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
            size_t colon = item.rfind(':');
            if (colon == std::string::npos)
                throw std::invalid_argument(item);
            bo.loopBounds[item.substr(0, colon)] = unsigned(std::stoul(item.substr(colon + 1)));
            if (comma == std::string::npos)
                break;
            pos = comma + 1;
        }
    } catch (const std::exception &) {
        std::cerr << "vcov-cli: --unwind, --unwindset and --timeout take numbers\n";
        return ExitUsage;
    }
    bo.unwindingAssertions = !opts->has("partial-loops");
    auto props = parsePropertyList(opts->value("property"));
    if (!props) {
        std::cerr << "vcov-cli: unknown property in '" << opts->value("property") << "'\n";
        return ExitUsage;
    }
    bo.properties = *props;
    auto program = loadProgramWithMain(*opts);
    if (!program)
        return ExitInputError;
    applyCbmcProof(*opts, bo, program.get());
    auto mutants = mutantsFromOptions(*opts, *program);
    if (!mutants)
        return ExitUsage;
    const bool induction = opts->has("k-induction");
    unsigned kMax = 256;
    if (induction) {
        if (bo.properties != PropertySet{Property::Assertion} || !mutants->empty() || opts->has("partial-loops")) {
            std::cerr << "vcov-cli: --k-induction proves assertions only (no --property, --delete or --partial-loops)\n";
            return ExitUsage;
        }
        try {
            if (auto k = opts->value("k-max"); !k.empty())
                kMax = unsigned(std::stoul(k));
        } catch (const std::exception &) {
            std::cerr << "vcov-cli: --k-max takes a number\n";
            return ExitUsage;
        }
    }
    // One encoding for the program and every mutant; each is one query against it.
    std::optional<BmcEncoding> encoding;
    BmcResult r = induction ? checkByKInduction(*program, bo, bo.unwind, kMax)
                            : BmcEncoding::checkGrowing(*program, bo, *mutants, encoding);
    // A counterexample that does not replay is an engine bug, the program's or a mutant's.
    std::string internalError = isInternalError(r) ? r.reason : "";
    if (r.counterexample && r.replayed) {
        std::cout << (r.verdict == Verdict::Unsafe ? "Counterexample" : "Execution beyond the bound")
                  << " (replayed by the interpreter):\n"
                  << executionTrace(*program, *r.counterexample);
        if (!r.counterexample->output.empty())
            std::cout << "Output:\n" << r.counterexample->output;
        if (!r.counterexample->input.heap.empty()) {
            // What replaying it needs beside the inputs the trace shows (vcov-cli run --heap).
            std::cout << "Heap inputs (malloc'd bytes read before written, allocation:offset=bits):";
            const char *sep = " ";
            for (const auto &[at, bits] : r.counterexample->input.heap) {
                std::cout << sep << at.first << ":" << at.second << "=" << bits;
                sep = ",";
            }
            std::cout << "\n";
        }
        if (!r.counterexample->input.outside.empty()) {
            // Read through addresses that are no object, with the pointer check off (vcov-cli run --outside).
            std::cout << "Outside inputs (memory outside every object read before written, size:kind:address=bits):";
            const char *sep = " ";
            for (const auto &[at, bits] : r.counterexample->input.outside) {
                std::cout << sep << std::get<0>(at) << ":" << outsideKindName(std::get<1>(at)) << ":" << std::get<2>(at)
                          << "=" << bits;
                sep = ",";
            }
            std::cout << "\n";
        }
        std::cout << "Violated: " << propertyName(*r.property) << ": " << r.violationMessage << " at "
                  << violationPlace(*program, r) << "\n";
    }
    // Safe says nothing of an assertion no execution reaches: which ones those are.
    std::optional<VacuityReport> vacuity;
    try {
        if (r.verdict == Verdict::Safe && internalError.empty())
            vacuity = vacuityAfterSafe(*opts, *program, bo.properties);
    } catch (const std::exception &) {
        std::cerr << "vcov-cli: --vacuity-time takes a number of seconds\n";
        return ExitUsage;
    }
    switch (r.verdict) {
    case Verdict::Safe:
        std::cout << "VERIFICATION SUCCESSFUL (" << (r.reason.empty() ? "bound " + std::to_string(r.bound) : r.reason)
                  << ")" << vacuityHeadline(vacuity) << "\n";
        printVacuity(*program, vacuity);
        break;
    case Verdict::Unsafe: std::cout << "VERIFICATION FAILED\n"; break;
    case Verdict::Unknown: std::cout << "VERIFICATION UNKNOWN: " << r.reason << "\n"; break;
    }
    std::cout << "time: " << r.seconds << " s (encoding " << r.encodeSeconds << " s, solving " << r.solveSeconds
              << " s), unwound locations: " << r.unrolledNodes << ", checks: " << r.checks
              << (r.satSolver.empty() ? "" : ", SAT solver: " + r.satSolver) << "\n";
    nlohmann::json mutantsJson = nlohmann::json::array();
    size_t killed = 0, survived = 0;
    for (size_t k = 1; k <= mutants->size(); ++k) {
        const ProgramVariant &m = (*mutants)[k - 1];
        BmcQuery q;
        q.variant = k;
        BmcResult mr = encoding->check(q);
        const std::string deleted = mutantText(*program, m);
        std::cout << "Mutant " << k << " of " << mutants->size() << ", " << m.name << " (" << deleted << "): ";
        nlohmann::json mj = {
            {"name", m.name}, {"deleted", deleted}, {"verdict", verdictName(mr.verdict)}, {"time_s", mr.seconds}};
        if (mr.verdict == Verdict::Unsafe && mr.replayed) {
            ++killed;
            std::cout << "killed: " << propertyName(*mr.property) << ": " << mr.violationMessage << " at "
                      << violationPlace(*program, mr) << " (counterexample replayed on the mutant, inputs";
            for (const std::string &v : inputTexts(*mr.counterexample))
                std::cout << " " << v;
            std::cout << ")\n";
            mj["counterexample"] = counterexampleJson(*program, mr);
        } else if (mr.verdict == Verdict::Safe) {
            ++survived;
            std::cout << "survived (no check fails within bound " << mr.bound << ")\n";
        } else {
            std::cout << "unknown: " << mr.reason << "\n";
            mj["reason"] = mr.reason;
            if (isInternalError(mr) && internalError.empty())
                internalError = m.name + ": " + mr.reason;
        }
        mutantsJson.push_back(mj);
    }
    if (!mutants->empty())
        std::cout << "Mutants: " << mutants->size() << ", killed " << killed << ", survived " << survived
                  << ", unknown " << mutants->size() - killed - survived << " (one encoding, "
                  << encoding->encodeSeconds() << " s)\n";
    if (survived && (!bo.properties.count(Property::ArrayBounds) || !bo.properties.count(Property::Pointer)))
        std::cout << "Note: checks not selected are assumed to hold, so executions that leave an array or "
                     "dereference a bad pointer do not count: a mutant that survives only through them survives "
                     "here (--property bounds,pointer counts them as kills)\n";
    // The counterexample for other tools: an SV-COMP violation witness, and SARIF.
    const Execution *violation = r.verdict == Verdict::Unsafe && r.replayed ? &*r.counterexample : nullptr;
    if (auto out = opts->value("witness"); !out.empty()) {
        if (!violation) {
            std::cerr << "vcov-cli: no violation witness written: the verdict is " << verdictName(r.verdict) << "\n";
        } else if (!writeViolationWitness(out, *program, *violation)) {
            return ExitInputError;
        }
    }
    if (auto out = opts->value("sarif"); !out.empty()) {
        std::string message = violation ? propertyName(*r.property) + std::string(": ") + r.violationMessage + " at " +
                                              violationPlace(*program, r)
                                        : "";
        nlohmann::json log = sarifForViolation(*program, violation, message, VCOV_VERSION);
        if (vacuity && vacuity->error.empty())
            addVacuityToSarif(log, *program, *vacuity);
        if (!writeFile(out, log.dump(1) + "\n"))
            return ExitInputError;
    }
    if (auto json = opts->value("json"); !json.empty()) {
        nlohmann::json j = {{"verdict", verdictName(r.verdict)}, {"bound", r.bound}, {"time_s", r.seconds}};
        if (!mutants->empty())
            j["mutants"] = mutantsJson;
        if (vacuity && vacuity->error.empty())
            j["assertions"] = vacuityToJson(*program, *vacuity);
        if (!r.reason.empty())
            j["reason"] = r.reason;
        if (r.counterexample) {
            j["counterexample"] = counterexampleJson(*program, r);
        } else {
            j["counterexample"] = nullptr;
        }
        if (!writeFile(json, j.dump(1) + "\n"))
            return ExitInputError;
    }
    if (!internalError.empty()) {
        std::cerr << "vcov-cli: " << internalError << "\n";
        return 70;
    }
    return r.verdict == Verdict::Safe ? 0 : r.verdict == Verdict::Unsafe ? 10 : 1;
}

} // namespace vcov::cli
