// vcov-cli: the engine without the GUI, for scripts and CI.
#include "cli/CliOptions.h"
#include "cli/GoalsCommand.h"
#include "cli/MutateCommand.h"
#include "formats/CfaDot.h"
#include "formats/CfaJson.h"
#include "bmc/Bmc.h"
#include "coverage/Coverage.h"
#include "formats/CoverageJson.h"
#include "formats/ExecutionJson.h"
#include "frontend/FrontEnd.h"
#include "goals/Induction.h"
#include "mutation/StatementDeletion.h"
#include "semantics/Interpreter.h"

#include <nlohmann/json.hpp>

#include <fstream>
#include <iostream>

using namespace vcov;
using namespace vcov::cli;

namespace {

const char *usage = R"(usage: vcov-cli COMMAND [OPTIONS] FILE...

Commands:
  cfa    parse the program and print or write its control-flow automata
  run    run the program on given inputs with the concrete interpreter
  bmc    bounded model checking with Z3; counterexamples are replayed before they are shown
  coverage  run an ART analysis within a budget and measure its verification coverage
  mutate a mutation campaign: which mutants of the code under test does the harness kill?
  witness  the passing, maximally covering execution through a mutant (vcov-cli witness --help)
  goals  decide every branch goal: covered by a test, unreachable by a proof (k-induction),
         or unknown; write the tests as a Test-Comp suite (vcov-cli goals --help)

Program options (all commands):
  -I DIR               include directory
  -D NAME[=VALUE]      macro definition
  --32 | --64          data model ILP32 or LP64 (default: the task's, else LP64)
  --task TASK.yml      an SV-COMP task: its input files and data model
  --compile-commands DB  include paths and defines from a compile_commands.json

cfa options:
  --function NAME      only this function (summary and outputs)
  --dot OUT            write the CFA as Graphviz DOT
  --json OUT           write the CFA as JSON

run options:
  --inputs V,V,...     values of the nondet calls, in order (missing ones are 0)
  --uninitialized V,.. values of locals declared without initializer, in order
  --property LIST      checks beside assertions: bounds,pointer,div-by-zero,overflow|all
  --max-steps N        stop after N steps (default 10000000)
  --trace              print the steps
  --delete F:L[:C],... run the mutant with these statements deleted (as for bmc)
  --json OUT           write the execution as JSON

bmc options:
  --unwind K           loop iterations and recursion depth (default 1)
  --unwindset L:K,...  per-loop bounds, loop ids as in 'cfa' output ("main.0")
  --partial-loops      no unwinding assertions: paths beyond the bound are dropped
  --property LIST      as for run
  --timeout S          give up after S seconds of unwinding, encoding and solving (unknown)
  --delete F:L[:C],... mutants: delete the statement(s) at line L (column C) of file F,
                       one mutant per location; killed when a check fails in it
  --delete-each F      one mutant per statement of file F (statement deletion)
  --k-induction        prove the assertions for every length: the bound k doubles from --unwind
                       (base case: a counterexample, or safe when every path is complete) and the
                       inductive step over the loop of main around each assertion proves the rest
  --k-max K            the last k of --k-induction (default 256)
  --json OUT           write the result as JSON

coverage options:
  --analysis value     the ART analysis (explicit values; the only one so far)
  --order bfs|dfs|rpo  traversal order of the analysis (default bfs)
  --tie-break          break ties of the order by the Reach score of the location
  --max-nodes N        ART node budget (default 100000)
  --time S             analysis time budget in seconds (default 60)
  --memory MB          analysis memory budget (resident size of the process)
  --exec-budget N      executions that add coverage (default 10)
  --exec-time S        time budget for generating executions (default 60)
  --no-heuristic       generator without the Reach tie-break (the paper's baseline)
  --no-completion      only the generator (no solver search for executions afterwards),
                       as in the paper's experiment
  --exact              decide the remaining explored lines (Algorithm 1): covered or unreachable
  --exact-time S       time budget of --exact (default 60)
  --json OUT           write lines, per-line explanations, executions, series, automaton size
  --lcov OUT           lcov tracefile of covered lines (DA:<line>,<executions covering it>)
  --lcov-explored OUT  lcov tracefile of the over-approximation (DA:<line>,1 for explored lines)
  --automaton OUT      the assumption automaton in CPAchecker's text format
  --dot OUT            the assumption automaton as Graphviz DOT

mutate options (the program is the harness and the code; see vcov-cli mutate --help):
  --mutate F,...       the files of the code under test (required)
  --size S | --find-size S0   -DSIZE=S (--size-macro NAME), bound --unwind-expr (S+1)
  --json OUT, --stryker OUT, --write-mutants DIR, --shard I/N, --merge A.json B.json ...

Exit status: 0 success, 2 usage error, 6 input error (messages as file:line:col);
run: 10 when a property is violated, 1 when the execution ends otherwise abnormally;
bmc: 0 safe, 10 unsafe, 1 unknown, for the program itself (mutants are listed); 70 internal
  error (a counterexample, the program's or a mutant's, that does not replay);
coverage: 0 measured, 10 a property violation was found (replayed);
mutate: 0 the campaign ran, 10 the harness fails on the original code;
witness: 0 found, 10 none exists within the bound, 1 unknown.
)";

std::optional<std::vector<int64_t>> parseValues(const std::string &list) {
    std::vector<int64_t> out;
    size_t pos = 0;
    while (pos < list.size()) {
        size_t comma = list.find(',', pos);
        std::string item = list.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
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

int runCommand(const std::vector<std::string> &args) {
    auto opts =
        parseCliOptions(args, {"inputs", "uninitialized", "property", "max-steps", "json", "delete"}, {"trace"});
    if (!opts)
        return ExitUsage;
    ExecutionInput input;
    for (auto [name, target] : {std::pair{"inputs", &input.nondet}, std::pair{"uninitialized", &input.uninitialized}}) {
        auto values = parseValues(opts->value(name));
        if (!values) {
            std::cerr << "vcov-cli: --" << name << " takes comma-separated integers\n";
            return ExitUsage;
        }
        *target = *values;
    }
    InterpreterOptions io;
    auto props = parsePropertyList(opts->value("property"));
    if (!props) {
        std::cerr << "vcov-cli: unknown property in '" << opts->value("property") << "'\n";
        return ExitUsage;
    }
    io.properties = *props;
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
    Execution x = runProgram(*program, input, io);
    std::cout << x.output << std::flush;
    if (opts->has("trace"))
        std::cerr << executionTrace(*program, x);
    std::cerr << "vcov: " << describeEnding(*program, x.ending) << "\n";
    if (auto json = opts->value("json"); !json.empty())
        if (!writeFile(json, executionToJson(*program, x).dump(1) + "\n"))
            return ExitInputError;
    switch (x.ending.kind) {
    case EndingKind::Exit:
    case EndingKind::Abort: return ExitOk;
    case EndingKind::PropertyViolation: return 10;
    default: return 1;
    }
}

int bmcCommand(const std::vector<std::string> &args) {
    auto opts = parseCliOptions(args, {"unwind", "unwindset", "property", "timeout", "json", "delete", "delete-each",
                                       "k-max"},
                                {"partial-loops", "k-induction"});
    if (!opts)
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
    if (!induction)
        encoding.emplace(*program, bo, *mutants);
    BmcResult r = induction ? checkByKInduction(*program, bo, bo.unwind, kMax) : encoding->check();
    if (!induction)
        r.seconds += encoding->encodeSeconds();
    // A counterexample that does not replay is an engine bug, the program's or a mutant's.
    std::string internalError = isInternalError(r) ? r.reason : "";
    if (r.counterexample && r.replayed) {
        std::cout << (r.verdict == Verdict::Unsafe ? "Counterexample" : "Execution beyond the bound")
                  << " (replayed by the interpreter):\n"
                  << executionTrace(*program, *r.counterexample);
        if (!r.counterexample->output.empty())
            std::cout << "Output:\n" << r.counterexample->output;
        std::cout << "Violated: " << propertyName(*r.property) << ": " << r.violationMessage << " at "
                  << violationPlace(*program, r) << "\n";
    }
    switch (r.verdict) {
    case Verdict::Safe:
        std::cout << "VERIFICATION SUCCESSFUL (" << (r.reason.empty() ? "bound " + std::to_string(r.bound) : r.reason)
                  << ")\n";
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
            for (int64_t v : mr.counterexample->input.nondet)
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
    if (auto json = opts->value("json"); !json.empty()) {
        nlohmann::json j = {{"verdict", verdictName(r.verdict)}, {"bound", r.bound}, {"time_s", r.seconds}};
        if (!mutants->empty())
            j["mutants"] = mutantsJson;
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

int coverageCommand(const std::vector<std::string> &args) {
    auto opts = parseCliOptions(args,
                                {"analysis", "order", "max-nodes", "time", "memory", "exec-budget", "exec-time",
                                 "exact-time", "json", "lcov", "lcov-explored", "automaton", "dot"},
                                {"no-heuristic", "no-completion", "exact", "tie-break"});
    if (!opts)
        return ExitUsage;
    CoverageOptions co;
    co.analysis.budget.maxNodes = 100'000;
    co.analysis.budget.maxSeconds = 60;
    if (std::string a = opts->value("analysis", "value"); a != "value") {
        std::cerr << "vcov-cli: unknown analysis '" << a << "' (available: value)\n";
        return ExitUsage;
    }
    auto order = traversalOrderFromName(opts->value("order", "bfs"));
    if (!order || *order == TraversalOrder::Postorder) {
        std::cerr << "vcov-cli: --order takes bfs, dfs or rpo\n";
        return ExitUsage;
    }
    co.analysis.order = *order;
    co.analysis.scoreTieBreak = opts->has("tie-break");
    try {
        if (auto v = opts->value("max-nodes"); !v.empty())
            co.analysis.budget.maxNodes = std::stoull(v);
        if (auto v = opts->value("time"); !v.empty())
            co.analysis.budget.maxSeconds = std::stod(v);
        if (auto v = opts->value("memory"); !v.empty())
            co.analysis.budget.maxMemoryMb = std::stoull(v);
        if (auto v = opts->value("exec-budget"); !v.empty())
            co.execBudget = std::stoull(v);
        if (auto v = opts->value("exec-time"); !v.empty())
            co.execSeconds = std::stod(v);
        if (auto v = opts->value("exact-time"); !v.empty())
            co.exactSeconds = std::stod(v);
    } catch (const std::exception &) {
        std::cerr << "vcov-cli: budgets take numbers\n";
        return ExitUsage;
    }
    co.heuristic = !opts->has("no-heuristic");
    co.solverCompletion = !opts->has("no-completion");
    co.exact = opts->has("exact");
    auto program = loadProgramWithMain(*opts);
    if (!program)
        return ExitInputError;
    CoverageResult r = runCoverage(*program, co);
    const Art &art = *r.art;
    std::cout << "analysis: " << art.nodes.size() << " ART nodes (" << art.count(ArtNodeStatus::Waitlist)
              << " on the waitlist, " << art.count(ArtNodeStatus::Covered) << " covered); " << r.analysisStopText << "\n";
    std::cout << "assumption automaton: " << r.automaton.states.size() << " states, " << r.automaton.falseNodes
              << " ART nodes to FALSE\n";
    std::cout << "executions: " << r.executions.size() << " (" << r.spuriousPaths << " spurious paths, " << r.undecidedPaths << " undecided, "
              << r.redundantExecutions << " covering nothing new); " << r.generationNote << "\n";
    if (r.exactRan)
        std::cout << "exact: " << r.exactNote << " (bound " << r.exactBound << ")\n";
    for (const auto &[l, ex] : r.lines)
        if (ex.status != LineStatus::Covered)
            std::cout << program->files[size_t(l.file)].path << ":" << l.line << ": " << lineStatusName(ex.status) << "\n";
    std::cout << "lines: " << r.lines.size() << " coverable, " << r.count(LineStatus::Covered) << " covered, "
              << r.count(LineStatus::OverApproximated) << " over-approximated, " << r.count(LineStatus::Uncovered)
              << " uncovered, " << r.count(LineStatus::Unreachable) << " unreachable\n";
    if (r.bug) {
        std::cout << "Bug (" << r.bug->foundBy << ", replayed by the interpreter):\n"
                  << executionTrace(*program, r.bug->counterexample);
        if (!r.bug->counterexample.output.empty())
            std::cout << "Output:\n" << r.bug->counterexample.output;
        std::cout << "Violated: " << r.bug->message << "\n";
    }
    std::cout << "time: " << r.series.back().seconds << " s\n";
    if (auto v = opts->value("json"); !v.empty() && !writeFile(v, coverageToJson(*program, r).dump(1) + "\n"))
        return ExitInputError;
    if (auto v = opts->value("lcov"); !v.empty() && !writeFile(v, coverageToLcov(*program, r)))
        return ExitInputError;
    if (auto v = opts->value("lcov-explored"); !v.empty() && !writeFile(v, exploredToLcov(*program, r)))
        return ExitInputError;
    if (auto v = opts->value("automaton"); !v.empty() && !writeFile(v, r.automaton.toText(*program)))
        return ExitInputError;
    if (auto v = opts->value("dot"); !v.empty() && !writeFile(v, r.automaton.toDot(*program)))
        return ExitInputError;
    return r.bug ? 10 : ExitOk;
}

int cfaCommand(const std::vector<std::string> &args) {
    auto opts = parseCliOptions(args, {"function", "dot", "json"}, {});
    if (!opts)
        return ExitUsage;
    Diagnostics inputDiags;
    if (!resolveProgramInputs(opts->inputs, inputDiags)) {
        printDiagnostics(inputDiags);
        return ExitInputError;
    }
    printDiagnostics(inputDiags);
    auto program = parseProgram(opts->inputs.frontEnd);
    printDiagnostics(program->diagnostics);
    if (program->diagnostics.hasErrors())
        return ExitInputError;

    std::string only = opts->value("function");
    const FunctionCfa *selected = nullptr;
    if (!only.empty()) {
        selected = program->function(only);
        if (!selected || !selected->hasBody) {
            std::cerr << "vcov-cli: no function '" << only << "' with a body\n";
            return ExitInputError;
        }
    }
    size_t nodes = 0, edges = 0, withBody = 0;
    std::string names;
    for (const auto &f : program->functions) {
        if (!f.hasBody || (selected && &f != selected))
            continue;
        ++withBody;
        nodes += f.nodes.size();
        edges += f.edges.size();
        names += (names.empty() ? "" : ", ") + f.name;
    }
    std::cout << "data model: " << dataModelName(program->dataModel()) << "\n";
    std::cout << "functions: " << withBody << " (" << names << ")\n";
    std::cout << "nodes: " << nodes << "\nedges: " << edges << "\n";
    size_t total = 0;
    for (size_t i = 0; i < program->files.size(); ++i) {
        std::set<unsigned> lines;
        for (const auto &e : program->edges)
            if (e.kind != EdgeKind::Blank && e.range.file == FileId(i) && (!selected || e.function == selected->id))
                lines.insert(e.range.beginLine);
        if (lines.empty())
            continue;
        total += lines.size();
        std::cout << "coverable lines: " << program->files[i].path << ": " << lines.size() << "\n";
    }
    std::cout << "coverable lines: total: " << total << "\n";

    if (auto dot = opts->value("dot"); !dot.empty())
        if (!writeFile(dot, selected ? cfaToDot(*program, *selected) : programToDot(*program)))
            return ExitInputError;
    if (auto json = opts->value("json"); !json.empty())
        if (!writeFile(json, programToJson(*program, only).dump(1) + "\n"))
            return ExitInputError;
    return ExitOk;
}

} // namespace

int main(int argc, char **argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
    if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
        std::cout << usage;
        return args.empty() ? ExitUsage : ExitOk;
    }
    std::string command = args[0];
    args.erase(args.begin());
    try {
        if (command == "cfa")
            return cfaCommand(args);
        if (command == "run")
            return runCommand(args);
        if (command == "bmc")
            return bmcCommand(args);
        if (command == "coverage")
            return coverageCommand(args);
        if (command == "mutate")
            return mutateCommand(args);
        if (command == "witness")
            return witnessCommand(args);
        if (command == "goals")
            return goalsCommand(args);
    } catch (const std::exception &ex) {
        std::cerr << "vcov-cli: internal error: " << ex.what() << "\n";
        return 70;
    }
    std::cerr << "vcov-cli: unknown command '" << command << "'\n" << usage;
    return ExitUsage;
}
