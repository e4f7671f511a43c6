#include "cli/MutateCommand.h"

#include "cli/BmcCommand.h"
#include "cli/CliOptions.h"
#include "formats/ExecutionJson.h"
#include "formats/GoalsJson.h"
#include "formats/MutationHtml.h"
#include "formats/MutationJson.h"
#include "mutation/Campaign.h"
#include "goals/Vacuity.h"
#include "mutation/HarnessMutation.h"
#include "witness/MutantWitness.h"

#include <cstdio>
#include <map>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <mutex>
#include <sstream>

namespace vcov::cli {

namespace {

const char *mutateUsage = R"(usage: vcov-cli mutate HARNESS.c CODE.c... [program options] --mutate CODE.c[,...] [options]
       vcov-cli mutate --merge A.json B.json ... [--json OUT] [--stryker OUT]

Mutates the code under test (not the harness) and checks each mutant against the harness:
killed (a check fails in an execution replayed on the mutant), survived (verified within
the bound), equivalent (the same machine code under the compiler's -O2, or the same CFA),
invalid (does not compile), unknown (budget, cancel). Cheapest first: executions on
boundary and random inputs, then the compiler on the mutants they leave, then executions on
other mutants' counterexamples, then the bounded model checker on one shared encoding.

  --mutate F,...            files of the code under test
  --mutate-function F,...   only the mutants inside these functions
  --cbmc-proof DIR          a CBMC proof: its harness, sources, bounds and checks; mutates its
                            PROJECT_SOURCES, and mutants the harness never reaches are
                            "not reached" (never "survived")
  --operators LIST          rep_op,rep_const,negate,del_stmt,rm_unary (default: all)
  --size S                  define the size macro as S (-DSIZE=S)
  --find-size S0            raise the size from S0 until the survivors see no new kill
                            (the mutant-stable size); --max-size N (default S0+5)
  --size-macro NAME         the size macro (default SIZE)
  --unwind-expr E           the bound in S (default S+1); without a size: --unwind K
  --property LIST           checks beside assertions (default bounds,pointer,div-by-zero:
                            an execution that leaves an array or divides by zero is a kill)
  --partial-loops           no unwinding assertions (then no mutant is killed by exceeding the bound)
  --timeout-per-mutant S    model-checking budget per mutant (default none: unknown only on cancel)
  --jobs N                  worker threads (default 2)
  --inputs N                random and boundary executions per mutant (default 300)
  --compiler CC|none        compiler for trivial compiler equivalence (default gcc)
  --shard I/N               check slice I of N (0-based); merge the reports with --merge
  --write-mutants DIR       write each valid mutant's file to DIR/ID/NAME
  --json OUT                the report (vcov's JSON)
  --stryker OUT             the report in Stryker's mutation-testing-report schema
  --html OUT                a standalone page drawn by Stryker's mutation-testing-elements
  --witnesses               a witness for every survivor (vcov-cli witness; --witness-timeout S,
                            default 60): what the harness lets through
  --mutate-harness          mutate the harness instead (the paper's §II.C): each harness mutant
                            rejects the correct code, or kills fewer, as many or more code mutants
  --no-vacuity              do not decide which of the harness's assertions no execution
                            reaches (by default said in the summary, the JSON and the page:
                            a harness that checks nothing kills nothing); --vacuity-time S (10)
)";

// A file of the program named on the command line: as given, or a path that ends in it.
std::string programFile(const std::vector<std::string> &files, const std::string &name) {
    for (const auto &f : files)
        if (f == name)
            return f;
    for (const auto &f : files)
        if (f.size() > name.size() && f.compare(f.size() - name.size(), name.size(), name) == 0 &&
            f[f.size() - name.size() - 1] == '/')
            return f;
    return {};
}

std::string oneLine(std::string s) {
    for (char &c : s)
        if (c == '\n' || c == '\t')
            c = ' ';
    return s;
}

std::string clip(const std::string &s, size_t n) { return s.size() <= n ? s : s.substr(0, n - 1) + "~"; }

void printTable(const nlohmann::json &report) {
    std::printf("%-12s %-9s %-6s %-30s %-10s %-14s %8s\n", "id", "operator", "line", "original -> replacement", "status",
                "phase", "seconds");
    for (const auto &m : report["mutants"]) {
        std::string edit = oneLine(m.value("original", "")) + " -> " + oneLine(m.value("replacement", ""));
        std::string where = std::to_string(m.value("line", 0)) + ":" + std::to_string(m.value("column", 0));
        std::printf("%-12s %-9s %-6s %-30s %-10s %-14s %8.2f\n", m.value("id", "").c_str(),
                    m.value("operator", "").c_str(), where.c_str(), clip(edit, 30).c_str(),
                    m.value("status", "").c_str(), m.value("phase", "").c_str(), m.value("seconds", 0.0));
    }
}

void printSummary(const nlohmann::json &report) {
    const auto &s = report["summary"];
    std::printf("Mutants: %zu: killed %zu, survived %zu, equivalent %zu, invalid %zu, unknown %zu, not reached %zu; "
                "kill rate %.1f%% (killed / (killed + survived + unknown)); %.1f s\n",
                s.value("mutants", size_t(0)), s.value("killed", size_t(0)), s.value("survived", size_t(0)),
                s.value("equivalent", size_t(0)), s.value("invalid", size_t(0)), s.value("unknown", size_t(0)),
                s.value("not-reached", size_t(0)), 100.0 * s.value("kill_rate", 0.0), s.value("seconds", 0.0));
    if (s.contains("kills_by_phase") && !s["kills_by_phase"].empty()) {
        std::printf("Kills by phase:");
        for (auto &[phase, n] : s["kills_by_phase"].items())
            std::printf(" %s %zu", phase.c_str(), n.get<size_t>());
        std::printf("\n");
    }
}

// What the report says first when the harness's assertions are vacuous: a harness
// whose checks no execution reaches kills no mutant, whatever its kill rate says.
std::vector<std::string> vacuityNotes(const nlohmann::json &report) {
    if (!report.contains("assertions") || report["assertions"].value("vacuous", size_t(0)) == 0)
        return {};
    const nlohmann::json &a = report["assertions"];
    std::string note = "The harness's assertions: " + a.value("summary", std::string()) +
                       " — an assertion that no execution reaches kills no mutant:";
    for (const nlohmann::json &s : a["sites"])
        if (s.value("status", std::string()) == "vacuous")
            note += "\n  " + std::filesystem::path(s.value("file", std::string())).filename().string() + ":" +
                    std::to_string(s.value("line", 0u)) + ": " + s.value("assertion", std::string()) + " (" +
                    s.value("evidence", std::string()) + ")";
    return {note};
}

bool writeReports(const CliOptions &opts, const nlohmann::json &report) {
    if (auto out = opts.value("json"); !out.empty() && !writeFile(out, report.dump(1) + "\n"))
        return false;
    if (auto out = opts.value("stryker"); !out.empty() && !writeFile(out, strykerReport(report).dump(1) + "\n"))
        return false;
    if (auto out = opts.value("html"); !out.empty()) {
        auto bundle = mutationElementsBundle();
        if (!bundle) {
            std::cerr << "vcov-cli: --html needs Stryker's mutation-testing-elements (npm), which packaging/env.sh "
                         "installs; or set VCOV_MUTATION_ELEMENTS to its dist/mutation-test-elements.js\n";
            return false;
        }
        std::ifstream in(*bundle, std::ios::binary);
        std::stringstream js;
        js << in.rdbuf();
        if (!writeFile(out, mutationReportHtml(strykerReport(report), js.str(), "vcov mutation report",
                                               vacuityNotes(report))))
            return false;
    }
    return true;
}

// The options mutate and witness share: the bound, the checks, the operators, the program
// and the files to mutate (witness: every file but the first, the harness, by default).
// An exit status after a message when they are wrong.
std::optional<int> readCampaign(CliOptions &opts, CampaignOptions &co, bool mutateAllButHarness) {
    try {
        co.bmc.unwind = unsigned(std::stoul(opts.value("unwind", "1")));
    } catch (const std::exception &) {
        std::cerr << "vcov-cli: --unwind takes a number\n";
        return ExitUsage;
    }
    co.unwindExpr = opts.value("unwind-expr", "S+1");
    co.sizeMacro = opts.value("size-macro", "SIZE");
    auto props = parsePropertyList(opts.value("property", "bounds,pointer,div-by-zero"));
    if (!props) {
        std::cerr << "vcov-cli: unknown property in '" << opts.value("property") << "'\n";
        return ExitUsage;
    }
    co.bmc.properties = *props;
    co.bmc.unwindingAssertions = !opts.has("partial-loops");
    for (const auto &op : splitList(opts.value("operators"))) {
        if (std::find(mutationOperators().begin(), mutationOperators().end(), op) == mutationOperators().end()) {
            std::cerr << "vcov-cli: unknown operator '" << op << "' (rep_op, rep_const, negate, del_stmt, rm_unary)\n";
            return ExitUsage;
        }
        co.operators.insert(op);
    }
    Diagnostics inputDiags;
    bool resolved = resolveProgramInputs(opts.inputs, inputDiags);
    printDiagnostics(inputDiags);
    if (!resolved)
        return ExitInputError;
    co.program = opts.inputs.frontEnd;
    if (opts.inputs.proof) {
        // A CBMC proof: its bounds and checks, and its code under test (PROJECT_SOURCES).
        applyCbmcProof(opts, co.bmc, nullptr);
        if (opts.value("mutate").empty())
            co.mutate = opts.inputs.proof->projectSources;
    }
    for (const auto &f : splitList(opts.value("mutate-function")))
        co.functions.insert(f);
    for (const auto &name : splitList(opts.value("mutate"))) {
        std::string file = programFile(co.program.files, name);
        if (file.empty()) {
            std::cerr << "vcov-cli: --mutate: '" << name << "' is not a file of the program\n";
            return ExitUsage;
        }
        co.mutate.push_back(file);
    }
    if (co.mutate.empty() && mutateAllButHarness)
        co.mutate.assign(co.program.files.begin() + (co.program.files.size() > 1 ? 1 : 0), co.program.files.end());
    if (co.mutate.empty()) {
        std::cerr << "vcov-cli: mutate needs --mutate CODE.c: the code under test (the harness is not mutated)\n";
        return ExitUsage;
    }
    return std::nullopt;
}

int mergeReports(const CliOptions &opts) {
    std::vector<nlohmann::json> reports;
    for (const auto &path : opts.inputs.frontEnd.files) {
        std::ifstream in(path);
        if (!in) {
            std::cerr << "vcov-cli: cannot read " << path << "\n";
            return ExitInputError;
        }
        try {
            reports.push_back(nlohmann::json::parse(in));
        } catch (const std::exception &ex) {
            std::cerr << path << ": not JSON: " << ex.what() << "\n";
            return ExitInputError;
        }
    }
    std::string error;
    nlohmann::json merged = mergeCampaignReports(reports, error);
    if (!error.empty()) {
        std::cerr << "vcov-cli: --merge: " << error << "\n";
        return ExitInputError;
    }
    printTable(merged);
    printSummary(merged);
    return writeReports(opts, merged) ? ExitOk : ExitInputError;
}

} // namespace

// --mutate-harness: the paper's §II.C, a table of harness mutants by outcome.
int harnessCommand(const CliOptions &opts, const CampaignOptions &co, std::optional<long> size) {
    std::mutex out;
    HarnessMutation hm = mutateHarness(co, size, [&](const HarnessMutantResult &r) {
        std::lock_guard lock(out);
        std::cerr << r.mutant.id << " " << r.mutant.site.operatorName << " line " << r.mutant.site.line << ": "
                  << harnessOutcomeName(r.outcome) << "\n";
    });
    if (!hm.error.empty()) {
        std::cerr << "vcov-cli: " << hm.error << "\n";
        return hm.original.original == Verdict::Unsafe ? 10 : ExitInputError;
    }
    std::printf("Harness %s: kills %zu of %zu code mutants (kill rate %.1f%%)\n", hm.harness.c_str(),
                hm.original.count(MutantStatus::Killed),
                hm.original.count(MutantStatus::Killed) + hm.original.count(MutantStatus::Survived) +
                    hm.original.count(MutantStatus::Unknown),
                100.0 * hm.original.killRate());
    std::printf("%-12s %-9s %-6s %-30s %-17s %s\n", "id", "operator", "line", "original -> replacement", "outcome",
                "code mutants killed");
    std::map<std::string, size_t> counts;
    for (const auto &r : hm.results) {
        const auto &s = r.mutant.site;
        std::string edit = oneLine(s.original) + " -> " + oneLine(s.replacement);
        std::printf("%-12s %-9s %-6u %-30s %-17s %s\n", r.mutant.id.c_str(), s.operatorName.c_str(), s.line,
                    clip(edit, 30).c_str(), harnessOutcomeName(r.outcome), clip(oneLine(r.reason), 70).c_str());
        ++counts[harnessOutcomeName(r.outcome)];
    }
    std::printf("Harness mutants: %zu:", hm.results.size());
    for (auto &[name, n] : counts)
        std::printf(" %s %zu,", name.c_str(), n);
    std::printf(" %.1f s\n", hm.seconds);
    if (auto json = opts.value("json"); !json.empty())
        if (!writeFile(json, harnessMutationToJson(hm).dump(1) + "\n"))
            return ExitInputError;
    return ExitOk;
}

int mutateCommand(const std::vector<std::string> &args) {
    if (!args.empty() && (args[0] == "--help" || args[0] == "-h")) {
        std::cout << mutateUsage;
        return ExitOk;
    }
    auto opts = parseCliOptions(args,
                                {"mutate", "operators", "size", "find-size", "max-size", "size-macro", "unwind-expr",
                                 "unwind", "property", "timeout-per-mutant", "jobs", "inputs", "compiler", "shard",
                                 "write-mutants", "json", "stryker", "html", "witness-timeout", "mutate-function",
                                 "vacuity-time"},
                                {"merge", "partial-loops", "witnesses", "mutate-harness", "no-vacuity"});
    if (!opts || !vacuityTimeValid(*opts))
        return ExitUsage;
    if (opts->has("merge"))
        return mergeReports(*opts);

    CampaignOptions co;
    std::optional<long> size, firstSize;
    long maxSize = 0;
    try {
        if (auto v = opts->value("size"); !v.empty())
            size = std::stol(v);
        if (auto v = opts->value("find-size"); !v.empty())
            firstSize = std::stol(v);
        maxSize = firstSize ? std::stol(opts->value("max-size", std::to_string(*firstSize + 5))) : 0;
        co.timeoutPerMutant = std::stod(opts->value("timeout-per-mutant", "0"));
        co.jobs = unsigned(std::stoul(opts->value("jobs", "2")));
        co.randomInputs = std::stoul(opts->value("inputs", "300"));
        if (auto shard = opts->value("shard"); !shard.empty()) {
            unsigned i = 0, n = 0;
            if (std::sscanf(shard.c_str(), "%u/%u", &i, &n) != 2 || n == 0 || i >= n)
                throw std::invalid_argument("shard");
            co.shardIndex = i;
            co.shardCount = n;
        }
    } catch (const std::exception &) {
        std::cerr << "vcov-cli: --size, --find-size, --max-size, --timeout-per-mutant, --jobs and --inputs "
                     "take numbers; --shard takes I/N with I < N\n";
        return ExitUsage;
    }
    if (size && firstSize) {
        std::cerr << "vcov-cli: --size and --find-size exclude each other\n";
        return ExitUsage;
    }
    co.compiler = opts->value("compiler", "gcc");
    if (co.compiler == "none")
        co.compiler.clear();
    if (auto status = readCampaign(*opts, co, false))
        return *status;
    if (opts->has("mutate-harness"))
        return harnessCommand(*opts, co, size);

    std::mutex out;
    size_t decided = 0;
    auto onOutcome = [&](const Mutant &m, const MutantOutcome &o) {
        std::lock_guard lock(out);
        std::cerr << "[" << ++decided << "] " << m.id << " " << m.site.operatorName << " line " << m.site.line << ": "
                  << mutantStatusName(o.status) << " (" << o.phase << ")\n";
    };
    SizeSearch search;
    if (firstSize) {
        search = findStableSize(co, *firstSize, maxSize, [&](const CampaignRun &run) {
            std::lock_guard lock(out);
            decided = 0;
            std::cerr << "size " << *run.size << " (bound " << run.bound << "): " << run.mutants.size()
                      << " checked, killed " << run.count(MutantStatus::Killed) << ", survived "
                      << run.count(MutantStatus::Survived) << ", unknown " << run.count(MutantStatus::Unknown)
                      << ", not reached " << run.count(MutantStatus::NotReached) << " ("
                      << run.seconds << " s)\n";
        }, onOutcome);
    } else {
        search.runs.push_back(runCampaign(co, size, onOutcome));
    }
    const CampaignRun &last = search.runs.back();
    if (last.original == Verdict::Unsafe && last.originalCounterexample) {
        // Mutants mean nothing when the harness rejects the code itself: its execution instead.
        std::cout << "The harness fails on the original code (replayed by the interpreter):\n"
                  << executionTrace(*last.program, *last.originalCounterexample);
        if (!last.originalCounterexample->output.empty())
            std::cout << "Output:\n" << last.originalCounterexample->output;
        std::cerr << "vcov-cli: " << last.error << "\n";
        return 10;
    }
    if (last.mutants.empty() && !last.error.empty()) {
        std::cerr << "vcov-cli: " << last.error << "\n";
        if (last.originalCounterexample)
            return 10;
        return ExitInputError;
    }
    nlohmann::json report = campaignToJson(search, co.shardIndex, co.shardCount);
    report["campaign"] = campaignSettingsToJson(co);
    // The harness's assertions on the original code: the first shard decides them.
    if (last.program && last.original == Verdict::Safe && co.shardIndex == 0 && !opts->has("no-vacuity")) {
        const VacuityReport v = decideHarnessVacuity(*last.program, last.bound, std::stod(opts->value("vacuity-time", "10")),
                                                     co.bmc.properties);
        if (!v.sites.empty() && v.error.empty()) {
            report["assertions"] = vacuityToJson(*last.program, v);
            report["assertions"]["bound"] = last.bound;
        }
    }
    if (auto dir = opts->value("write-mutants"); !dir.empty()) {
        namespace fs = std::filesystem;
        const CampaignRun &first = search.runs.front();
        for (const Mutant &m : first.mutants) {
            if (!m.valid())
                continue;
            FileId f = first.program->fileId(m.file);
            fs::path target = fs::path(dir) / m.id / fs::path(m.file).filename();
            std::error_code ec;
            fs::create_directories(target.parent_path(), ec);
            if (!writeFile(target.string(), mutatedText(first.program->files[size_t(f)].content, m.site)))
                return ExitInputError;
        }
    }
    printTable(report);
    for (const CampaignRun &run : search.runs)
        if (run.size)
            std::printf("size %ld, bound %u: %zu checked: killed %zu, survived %zu, unknown %zu; original: %s (%.1f s)\n",
                        *run.size, run.bound, run.mutants.size(), run.count(MutantStatus::Killed),
                        run.count(MutantStatus::Survived), run.count(MutantStatus::Unknown), verdictName(run.original),
                        run.seconds);
    if (last.original != Verdict::Safe && last.error.empty())
        std::printf("Note: the original program is not verified at bound %u (%s): no mutant is killed for exceeding "
                    "the bound\n", last.bound, last.originalReason.c_str());
    if (co.shardCount > 1)
        std::printf("Shard %u of %u: %zu of %zu mutants\n", co.shardIndex, co.shardCount, last.mutants.size(),
                    last.sitesInAllShards);
    printSummary(report);
    if (report.contains("assertions")) {
        const std::vector<std::string> notes = vacuityNotes(report);
        std::printf("%s\n", notes.empty() ? ("Harness assertions: " + report["assertions"].value("summary", std::string())).c_str()
                                           : ("Note: " + notes.front()).c_str());
    }
    if (opts->has("witnesses") && last.program) {
        // What the harness lets through: a witness for every survivor of the last size.
        double budget = 60;
        try {
            budget = std::stod(opts->value("witness-timeout", "60"));
        } catch (const std::exception &) {
        }
        BmcOptions bo = co.bmc;
        bo.unwind = last.bound;
        FrontEndOptions fe = co.program;
        if (last.size)
            fe.defines.push_back(co.sizeMacro + "=" + std::to_string(*last.size));
        for (auto &mj : report["mutants"]) {
            if (mj["status"] != "survived")
                continue;
            for (size_t i = 0; i < last.mutants.size(); ++i) {
                if (last.mutants[i].id != mj["id"].get<std::string>())
                    continue;
                WitnessOptions wo;
                wo.timeoutSeconds = budget;
                wo.frontEnd = &fe;
                MutantWitness w = findMutantWitness(*last.program, last.mutants[i], bo, wo);
                std::printf("Witness for %s (%s -> %s): %s, coverage %zu of %zu%s, %.1f s%s\n", last.mutants[i].id.c_str(),
                            oneLine(last.mutants[i].site.original).c_str(), last.mutants[i].site.replacement.c_str(),
                            witnessStatusName(w.status), w.covered, w.coverable, w.maximal ? " (maximal)" : "", w.seconds,
                            w.firstDifferentOutputLine >= 0
                                ? (", output differs from the original's at line " +
                                   std::to_string(w.firstDifferentOutputLine + 1))
                                      .c_str()
                                : "");
                mj["witness"] = {{"status", witnessStatusName(w.status)},
                                 {"inputs", w.input.nondet},
                                 {"output", w.execution ? w.execution->output : ""},
                                 {"original_output", w.original ? w.original->output : ""},
                                 {"replayed", w.replayed},
                                 {"coverage", w.covered},
                                 {"coverable", w.coverable},
                                 {"maximal", w.maximal},
                                 {"reason", w.reason}};
            }
        }
    }
    if (firstSize) {
        if (search.stableSize)
            std::printf("Mutant-stable size: %ld (its survivors see no new kill at size %ld)\n", *search.stableSize,
                        *search.stableSize + 1);
        else
            std::printf("No mutant-stable size: %s\n", search.stopReason.c_str());
    }
    if (!writeReports(*opts, report))
        return ExitInputError;
    if (!last.error.empty()) {
        std::cerr << "vcov-cli: " << last.error << "\n";
        return last.original == Verdict::Unsafe ? 10 : ExitInputError;
    }
    return ExitOk;
}

namespace {

const char *witnessUsage = R"(usage: vcov-cli witness HARNESS.c CODE.c... [program options] --mutant ID [options]

A mutant witness (the FDV paper's Algorithm 4): an execution that passes every check of
the harness, runs through the mutated code and covers as many statements and branches as
the bound allows; its output beside the original program's on the same inputs.

  --mutant ID          the mutant, as vcov-cli mutate names it
  --mutate F,...       the files of the code under test (default: all but the first)
  --size S             the size macro's value (--size-macro NAME, default SIZE)
  --unwind-expr E      the bound in S (default S+1); without a size: --unwind K
  --property LIST      checks that must hold (default bounds,pointer,div-by-zero)
  --timeout S          budget of the search (default 60): the best witness so far stands
  --search HOW         raise (default: Algorithm 4, the coverage target raised until no
                       execution reaches it) or maxsat (one Z3 Optimize query, a soft
                       constraint per goal); tests/bench/witness_search.py compares them
  --json OUT           {"witness": {mutant, status, inputs, steps, output, original_output,
                       replayed, coverage, coverable, maximal, ...}}
)";

// Two outputs side by side, the first differing line marked.
void printOutputs(const std::string &mutant, const std::string &original, int firstDifferent) {
    auto split = [](const std::string &t) {
        std::vector<std::string> out;
        std::istringstream in(t);
        for (std::string l; std::getline(in, l);)
            out.push_back(l);
        return out;
    };
    auto a = split(mutant), b = split(original);
    size_t width = 10;
    for (const auto &l : a)
        width = std::max(width, l.size());
    std::printf("  %-*s | %s\n", int(width), "mutant", "original");
    for (size_t i = 0; i < std::max(a.size(), b.size()); ++i)
        std::printf("%c %-*s | %s\n", int(i) == firstDifferent ? '>' : ' ', int(width), i < a.size() ? a[i].c_str() : "",
                    i < b.size() ? b[i].c_str() : "");
}

} // namespace

int witnessCommand(const std::vector<std::string> &args) {
    if (!args.empty() && (args[0] == "--help" || args[0] == "-h")) {
        std::cout << witnessUsage;
        return ExitOk;
    }
    auto opts = parseCliOptions(args,
                                {"mutant", "mutate", "operators", "size", "size-macro", "unwind-expr", "unwind",
                                 "property", "timeout", "json", "search", "mutate-function"},
                                {"partial-loops"});
    if (!opts)
        return ExitUsage;
    CampaignOptions co;
    std::optional<long> size;
    double timeout = 60;
    try {
        if (auto v = opts->value("size"); !v.empty())
            size = std::stol(v);
        timeout = std::stod(opts->value("timeout", "60"));
    } catch (const std::exception &) {
        std::cerr << "vcov-cli: --size and --timeout take numbers\n";
        return ExitUsage;
    }
    const std::string id = opts->value("mutant");
    if (id.empty()) {
        std::cerr << "vcov-cli: witness needs --mutant ID (the ids vcov-cli mutate prints)\n";
        return ExitUsage;
    }
    if (auto status = readCampaign(*opts, co, true))
        return *status;
    PreparedMutant pm = prepareMutant(co, size, id);
    if (!pm.error.empty()) {
        std::cerr << "vcov-cli: " << pm.error << "\n";
        return ExitInputError;
    }
    const Mutant &m = pm.mutant;
    std::cout << "Mutant " << m.id << ": " << m.site.operatorName << " at " << m.file << ":" << m.site.line << ":"
              << m.site.column << ", " << m.site.original << " -> " << m.site.replacement << " (bound " << pm.bmc.unwind
              << ")\n";
    WitnessOptions wo;
    wo.timeoutSeconds = timeout;
    wo.frontEnd = &pm.frontEnd;
    if (const std::string how = opts->value("search", "raise"); how == "maxsat")
        wo.search = WitnessSearch::MaxSat;
    else if (how != "raise") {
        std::cerr << "vcov-cli: --search takes raise or maxsat, not '" << how << "'\n";
        return ExitUsage;
    }
    wo.onTarget = [](unsigned target, unsigned reached) {
        std::cerr << "coverage target " << target << " (the last witness covers " << reached << ")\n";
    };
    MutantWitness w = findMutantWitness(*pm.program, m, pm.bmc, wo);
    const Program &runs = m.runs(*pm.program);
    if (w.execution) {
        std::cout << "Witness (replayed on the mutant; it passes every check):\n" << executionTrace(runs, *w.execution);
        std::cout << "Output beside the original's on the same inputs"
                  << (w.firstDifferentOutputLine >= 0 ? " (> the first line that differs)" : " (the same)") << ":\n";
        printOutputs(w.execution->output, w.original->output, w.firstDifferentOutputLine);
        std::cout << "Inputs:";
        for (const std::string &v : inputTexts(*w.execution))
            std::cout << " " << v;
        std::cout << "\n";
    }
    std::cout << "Coverage: " << w.covered << " of " << w.coverable << " statements and branches"
              << (w.maximal ? ", maximal within the bound" : w.execution ? ", the best found within the budget" : "")
              << "; targets asked:";
    for (unsigned t : w.targets)
        std::cout << " " << t;
    std::cout << "; " << w.seconds << " s\n";
    std::cout << "WITNESS " << (w.status == MutantWitness::Status::Found ? "FOUND"
                                : w.status == MutantWitness::Status::None ? "NONE"
                                                                           : "UNKNOWN")
              << (w.reason.empty() ? "" : ": " + w.reason) << "\n";
    if (auto json = opts->value("json"); !json.empty()) {
        nlohmann::json j = {{"mutant", m.id},
                            {"status", witnessStatusName(w.status)},
                            {"complete", w.complete},
                            {"inputs", w.input.nondet},
                            {"uninitialized", w.input.uninitialized},
                            {"replayed", w.replayed},
                            {"coverage", w.covered},
                            {"coverable", w.coverable},
                            {"maximal", w.maximal},
                            {"targets", w.targets},
                            {"reason", w.reason},
                            {"seconds", w.seconds},
                            {"first_different_step", w.firstDifferentStep},
                            {"first_different_output_line", w.firstDifferentOutputLine}};
        j["steps"] = w.execution ? executionToJson(runs, *w.execution)["steps"] : nlohmann::json::array();
        j["output"] = w.execution ? w.execution->output : "";
        j["original_output"] = w.original ? w.original->output : "";
        if (!writeFile(json, nlohmann::json{{"witness", j}}.dump(1) + "\n"))
            return ExitInputError;
    }
    if (w.status == MutantWitness::Status::Found && !w.replayed)
        return 70;
    return w.status == MutantWitness::Status::Found ? ExitOk : w.status == MutantWitness::Status::None ? 10 : 1;
}

} // namespace vcov::cli
