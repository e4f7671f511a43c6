#include "cli/GoalsCommand.h"

#include "Cfa.h"
#include "cli/CliOptions.h"
#include "formats/GoalsJson.h"
#include "formats/TestCompSuite.h"
#include "goals/BranchGoals.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <iostream>


namespace vcov::cli {

namespace {

const char *goalsUsage = R"(usage: vcov-cli goals FILE... [program options] [options]

Two goals per branch (the condition holds / fails, one per atomic condition of && and ||,
loop conditions and switch cases included), each decided: covered (by a test that the
interpreter replays), unreachable (the value analysis finishing without entering it, bounded
model checking with every path complete, or k-induction: the inductive step over the loop
around it), or unknown with the reason.
Assertions, assume() and reach_error() end a path; they are not goals. Cheap first:
executions on boundary and random inputs, the value analysis, then one bounded query "can any goal left be
entered?" per answer, then the inductive step; k grows from --k-start. After the second bound, the
predicate analysis with the goals left as its targets.

  --k-start I          first bound (default 1)
  --k-step J           increment of the bound (the paper's jump strategy, I, J > 1; default:
                       double k each time, 1, 2, 4, ...)
  --k-max K            last bound (default 512)
  --time S             budget for everything (default 60; 0: none)
  --no-concrete        no executions on sampled inputs before the solver
  --no-value-analysis  no explicit-value ART analysis (when it finishes, the goals it never
                       enters are unreachable)
  --no-predicate-analysis
                       no predicate analysis with the goals as CEGAR targets (once, after
                       the second bound; when it finishes, the goals it never enters are
                       unreachable)
  --no-induction       no inductive step: only complete bounded checks prove unreachability
  --no-invariants      no auxiliary invariants where the inductive step fails on its own
  --no-enumeration     no run per input vector where every input is drawn before the
                       first loop in bounded ranges
  --json OUT           goals, tests and summary as JSON
  --test-suite DIR     a Test-Comp test suite: DIR/metadata.xml and DIR/testN.xml
  --lcov OUT           an lcov tracefile: DA per line, BRDA per goal (genhtml shows both)

Exit status: 0 every goal decided, 1 some goal unknown, 2 usage, 6 bad input.
)";

std::optional<unsigned> parseCount(const std::string &s) {
    try {
        size_t used = 0;
        unsigned long v = std::stoul(s, &used);
        if (used == s.size() && v < 1'000'000)
            return unsigned(v);
    } catch (const std::exception &) {
    }
    return std::nullopt;
}

std::string evidence(const GoalReport &r, const BranchGoal &g) {
    switch (g.status) {
    case GoalStatus::Covered: return r.tests[size_t(g.test)].id + " (" + r.tests[size_t(g.test)].origin + ")";
    case GoalStatus::Unreachable: return g.proof;
    case GoalStatus::Unknown: break;
    }
    return g.reason;
}

} // namespace

int goalsCommand(const std::vector<std::string> &args) {
    if (!args.empty() && (args[0] == "--help" || args[0] == "-h")) {
        std::cout << goalsUsage;
        return ExitOk;
    }
    auto opts = parseCliOptions(args, {"k-start", "k-step", "k-max", "time", "json", "test-suite", "lcov"},
                                {"no-concrete", "no-value-analysis", "no-predicate-analysis", "no-induction", "no-invariants", "no-enumeration"});
    if (!opts)
        return ExitUsage;
    GoalOptions o;
    for (auto [name, target] : {std::pair{"k-start", &o.kStart}, {"k-step", &o.kStep}, {"k-max", &o.kMax}}) {
        if (!opts->values.count(name))
            continue;
        auto v = parseCount(opts->value(name));
        if (!v || *v == 0) {
            std::cerr << "vcov-cli goals: --" << name << " needs a positive whole number\n";
            return ExitUsage;
        }
        *target = *v;
    }
    if (opts->values.count("time")) {
        try {
            o.timeSeconds = std::stod(opts->value("time"));
        } catch (const std::exception &) {
            o.timeSeconds = -1;
        }
        if (o.timeSeconds < 0) {
            std::cerr << "vcov-cli goals: --time needs seconds (0: no limit)\n";
            return ExitUsage;
        }
    }
    o.concrete = !opts->has("no-concrete");
    o.valueAnalysis = !opts->has("no-value-analysis");
    o.predicateAnalysis = !opts->has("no-predicate-analysis");
    o.invariants = !opts->has("no-invariants");
    o.enumeration = !opts->has("no-enumeration");
    o.induction = !opts->has("no-induction");
    auto program = loadProgramWithMain(*opts);
    if (!program)
        return ExitInputError;

    const GoalReport r = decideBranchGoals(*program, o);
    if (!r.error.empty())
        std::cerr << "vcov-cli goals: " << r.error << "\n";
    std::printf("%-5s %-24s %-28s %-6s %-12s %s\n", "goal", "location", "condition", "half", "status", "evidence");
    for (const BranchGoal &g : r.goals) {
        std::string where = program->files[size_t(g.file)].path;
        where = where.substr(where.find_last_of('/') + 1) + ":" + std::to_string(g.line) + ":" + std::to_string(g.column);
        std::string cond = g.condition.size() > 28 ? g.condition.substr(0, 25) + "..." : g.condition;
        std::printf("%-5s %-24s %-28s %-6s %-12s %s\n", g.id.c_str(), where.c_str(), cond.c_str(),
                    g.polarity ? "holds" : "fails", goalStatusName(g.status), evidence(r, g).c_str());
    }
    std::printf("summary: %zu goals: %zu covered, %zu unreachable, %zu unknown; %zu tests; k=%u; %.2f s%s\n",
                r.goals.size(), r.count(GoalStatus::Covered), r.count(GoalStatus::Unreachable),
                r.count(GoalStatus::Unknown), r.tests.size(), r.kReached, r.seconds, r.cancelled ? " (cancelled)" : "");

    if (opts->values.count("json") && !writeFile(opts->value("json"), goalsToJson(*program, r).dump(2) + "\n"))
        return ExitInputError;
    if (opts->values.count("lcov") && !writeFile(opts->value("lcov"), goalsToLcov(*program, r)))
        return ExitInputError;
    if (opts->values.count("test-suite")) {
        TestSuiteMetadata meta;
        meta.producer = std::string("vcov ") + VCOV_VERSION;
        const std::string error = writeTestCompSuite(*program, r, meta, opts->value("test-suite"));
        if (!error.empty()) {
            std::cerr << "vcov-cli goals: " << error << "\n";
            return ExitInputError;
        }
    }
    return r.count(GoalStatus::Unknown) == 0 && r.error.empty() ? ExitOk : 1;
}

} // namespace vcov::cli
