#include "cli/MutateCommand.h"

#include "cli/CliOptions.h"
#include "formats/ExecutionJson.h"
#include "formats/MutationHtml.h"
#include "formats/MutationJson.h"
#include "mutation/Campaign.h"

#include <cstdio>
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
invalid (does not compile), unknown (budget, cancel). Cheapest first: the compiler, then
executions on boundary and random inputs and on other mutants' counterexamples, then the
bounded model checker on one shared encoding.

  --mutate F,...            files of the code under test
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

std::vector<std::string> splitList(const std::string &list) {
    std::vector<std::string> out;
    std::stringstream in(list);
    for (std::string item; std::getline(in, item, ',');)
        if (!item.empty())
            out.push_back(item);
    return out;
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
    std::printf("Mutants: %zu: killed %zu, survived %zu, equivalent %zu, invalid %zu, unknown %zu; kill rate %.1f%% "
                "(killed / (killed + survived + unknown)); %.1f s\n",
                s.value("mutants", size_t(0)), s.value("killed", size_t(0)), s.value("survived", size_t(0)),
                s.value("equivalent", size_t(0)), s.value("invalid", size_t(0)), s.value("unknown", size_t(0)),
                100.0 * s.value("kill_rate", 0.0), s.value("seconds", 0.0));
    if (s.contains("kills_by_phase") && !s["kills_by_phase"].empty()) {
        std::printf("Kills by phase:");
        for (auto &[phase, n] : s["kills_by_phase"].items())
            std::printf(" %s %zu", phase.c_str(), n.get<size_t>());
        std::printf("\n");
    }
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
        if (!writeFile(out, mutationReportHtml(strykerReport(report), js.str(), "vcov mutation report")))
            return false;
    }
    return true;
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

int mutateCommand(const std::vector<std::string> &args) {
    if (!args.empty() && (args[0] == "--help" || args[0] == "-h")) {
        std::cout << mutateUsage;
        return ExitOk;
    }
    auto opts = parseCliOptions(args,
                                {"mutate", "operators", "size", "find-size", "max-size", "size-macro", "unwind-expr",
                                 "unwind", "property", "timeout-per-mutant", "jobs", "inputs", "compiler", "shard",
                                 "write-mutants", "json", "stryker", "html"},
                                {"merge", "partial-loops"});
    if (!opts)
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
        co.bmc.unwind = unsigned(std::stoul(opts->value("unwind", "1")));
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
        std::cerr << "vcov-cli: --size, --find-size, --max-size, --unwind, --timeout-per-mutant, --jobs and --inputs "
                     "take numbers; --shard takes I/N with I < N\n";
        return ExitUsage;
    }
    if (size && firstSize) {
        std::cerr << "vcov-cli: --size and --find-size exclude each other\n";
        return ExitUsage;
    }
    co.unwindExpr = opts->value("unwind-expr", "S+1");
    co.sizeMacro = opts->value("size-macro", "SIZE");
    co.compiler = opts->value("compiler", "gcc");
    if (co.compiler == "none")
        co.compiler.clear();
    auto props = parsePropertyList(opts->value("property", "bounds,pointer,div-by-zero"));
    if (!props) {
        std::cerr << "vcov-cli: unknown property in '" << opts->value("property") << "'\n";
        return ExitUsage;
    }
    co.bmc.properties = *props;
    co.bmc.unwindingAssertions = !opts->has("partial-loops");
    for (const auto &op : splitList(opts->value("operators"))) {
        if (std::find(mutationOperators().begin(), mutationOperators().end(), op) == mutationOperators().end()) {
            std::cerr << "vcov-cli: unknown operator '" << op << "' (rep_op, rep_const, negate, del_stmt, rm_unary)\n";
            return ExitUsage;
        }
        co.operators.insert(op);
    }
    Diagnostics inputDiags;
    bool resolved = resolveProgramInputs(opts->inputs, inputDiags);
    printDiagnostics(inputDiags);
    if (!resolved)
        return ExitInputError;
    co.program = opts->inputs.frontEnd;
    for (const auto &name : splitList(opts->value("mutate"))) {
        std::string file = programFile(co.program.files, name);
        if (file.empty()) {
            std::cerr << "vcov-cli: --mutate: '" << name << "' is not a file of the program\n";
            return ExitUsage;
        }
        co.mutate.push_back(file);
    }
    if (co.mutate.empty()) {
        std::cerr << "vcov-cli: mutate needs --mutate CODE.c: the code under test (the harness is not mutated)\n";
        return ExitUsage;
    }

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
                      << run.count(MutantStatus::Survived) << ", unknown " << run.count(MutantStatus::Unknown) << " ("
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

} // namespace vcov::cli
