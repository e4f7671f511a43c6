// vcov-cli: the engine without the GUI, for scripts and CI.
#include "cli/CliOptions.h"
#include "cli/BmcCommand.h"
#include "cli/GoalsCommand.h"
#include "cli/MutateCommand.h"
#include "cli/RunCommand.h"
#include "cli/ValidateCommand.h"
#include "cli/VerifyCommand.h"
#include "formats/CfaDot.h"
#include "formats/CfaJson.h"
#include "bmc/Bmc.h"
#include "coverage/Coverage.h"
#include "formats/CoverageJson.h"
#include "formats/ExecutionJson.h"
#include "formats/Sarif.h"
#include "frontend/FrontEnd.h"
#include "goals/Induction.h"
#include "mutation/StatementDeletion.h"
#include "semantics/Interpreter.h"

#include <nlohmann/json.hpp>

#include <algorithm>
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
  validate  validate an SV-COMP violation witness (GraphML 1.0 or YAML 2.0): confirmed,
         refuted or unknown
  verify a verdict as SV-COMP gives it: true (proved), false (a replayed counterexample) or
         unknown, by the value or predicate analysis, k-induction, or auto

Program options (all commands):
  -I DIR               include directory
  -D NAME[=VALUE]      macro definition
  --32 | --64          data model ILP32 or LP64 (default: the task's, else LP64)
  --task TASK.yml      an SV-COMP task: its input files and data model
  --compile-commands DB  include paths and defines from a compile_commands.json
  --function NAME      the entry function (default main), as CBMC's --function: its
                       parameters are inputs (cfa: --function only shows that function)
  --cbmc-proof DIR     a cbmc-starter-kit proof: its sources, defines, entry, unwindset
                       and checks, as its Makefile gives them
  --malloc-may-fail    every malloc and calloc may return NULL, as CBMC's option (on in
                       every --cbmc-proof, as in CBMC 6, unless the proof says otherwise)
  --no-built-in-assertions  the library models' own preconditions (memcpy's regions
                       apart, readable) are not checked as assertions, as CBMC's option;
                       a failing one is undefined behaviour of the pointer check (always
                       so for --task: SV-COMP's properties do not include them)

cfa options:
  --function NAME      only this function (summary and outputs)
  --dot OUT            write the CFA as Graphviz DOT
  --json OUT           write the CFA as JSON

run options:
  --inputs V,V,...     values of the nondet calls, in order (missing ones are 0);
                       a float or double is written with a point or exponent (0.5, 1e3, -inf, nan)
  --uninitialized V,.. values of locals declared without initializer, in order
  --heap A:O=B,...     malloc'd memory read before it is written: the bits at byte offset O of
                       the A-th allocation (from 0), as vcov-cli bmc prints them
  --outside S:K:A=B,.. memory outside every object (reached through an address that is no
                       object, pointer check off) read before it is written: the bits of the
                       S-byte scalar of kind K (int, pointer, bool, float) at address A
  --property LIST      checks beside assertions: bounds,pointer,div-by-zero,overflow|all
  --max-steps N        stop after N steps (default 10000000)
  --trace              print the steps
  --delete F:L[:C],... run the mutant with these statements deleted (as for bmc)
  --trace-from FILE    replay a CBMC counterexample (cbmc --json-ui or --xml-ui output): its
                       inputs are run, and CBMC's values are put beside vcov's
  --json OUT           write the execution as JSON (with CBMC's values under --trace-from)

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
  --witness OUT        write the counterexample as an SV-COMP violation witness: GraphML 1.0
                       for OUT.graphml, else YAML 2.0 (violation_sequence)
  --sarif OUT          write the result as SARIF 2.1.0 (the violation with its code flow)
  --no-vacuity         after VERIFICATION SUCCESSFUL, do not decide which assertions no
                       execution reaches (by default each is listed: violated, holds and
                       reached, vacuous — proved never reached — or unknown)
  --vacuity-time S     the budget of that decision (default 5)

validate options (vcov-cli validate --witness FILE PROGRAM.c):
  --witness FILE       the violation witness (required)
  --unwind K, --timeout S, --property LIST   bound the search, as for bmc (default unwind 10)
  --json OUT           write the verdict and the execution that follows the witness

verify options:
  --analysis A         value, predicate (CEGAR), kinduction, or auto (default: the predicate
                       analysis for 40 % of the time, then k-induction)
  --order bfs|dfs|rpo  traversal order of the ART analyses (default bfs; rpo for the
                       predicate analysis with large blocks)
  --cartesian          predicate analysis: Cartesian abstraction, not Boolean
  --blocks edge|loop   predicate analysis: abstraction after every edge or at loop heads (default)
  --merge join|sep     predicate analysis: merge the paths inside a block (default join) or not
  --no-generalization  predicate analysis: plain weakest preconditions (by default a second
                       equality of a variable at a location adds the residue and range that
                       every unrolling of its loop keeps)
  --time S             time budget in seconds (default 60)
  --max-nodes N        ART node budget (default 1000000)
  --k-max K            the last k of k-induction (default 256)
  --witness OUT        for false: an SV-COMP violation witness (GraphML for OUT.graphml, else YAML)
  --json OUT           the verdict, which analysis decided, why, and the counterexample
  --no-vacuity, --vacuity-time S   as for bmc: which assertions a verdict of true leaves unchecked

coverage options:
  --analysis A         the ART analysis: value (explicit values, the default) or predicate
                       (predicate abstraction with lazy refinement: CEGAR)
  --cartesian          predicate analysis: Cartesian abstraction (only what holds in every
                       state) instead of Boolean combinations of the predicates
  --blocks edge|loop   predicate analysis: abstract after every edge, or only at loop heads
                       with the loop-free paths between them exact (default loop)
  --merge join|sep     predicate analysis, large blocks: merge the paths that meet inside a
                       block into one state (default join), or keep every path apart
  --no-generalization  predicate analysis: plain weakest preconditions, nothing added to
                       what a refinement learns
  --order bfs|dfs|rpo  traversal order of the analysis (default bfs; rpo for the predicate
                       analysis with large blocks, where paths merge)
  --tie-break          break ties of the order by the Reach score of the location
  --max-nodes N        ART node budget (default 100000)
  --time S             analysis time budget in seconds (default 60)
  --memory MB          analysis memory budget (resident size of the process; default: what it
                       holds at the start plus half of the machine's available memory)
  --exec-budget N      executions that add coverage (default 10)
  --exec-time S        time budget for generating executions (default 60)
  --exec-nodes N       the generator's node budget (default 2000000)
  --no-dive            the generator in CFA postorder past the explored region too (the
                       paper's order everywhere; by default it dives depth first there)
  --dive-nodes N       nodes a dive makes before it waits behind the others (default 3000;
                       0: no limit)
  --exec-memory MB     memory the generator may add (default 4096, and at most 80 % of the
                       machine's available memory; 0: no limit)
  --no-heuristic       generator without the Reach tie-break (the paper's baseline)
  --no-completion      only the generator (no free run on zero inputs and no solver search
                       for executions afterwards), as in the paper's experiment
  --exact              decide the remaining explored lines (Algorithm 1): covered or unreachable
  --exact-time S       time budget of --exact (default 60)
  --json OUT           write lines, per-line explanations, executions, series, automaton size
  --baseline-json OUT  also measure with the baseline generator (no Reach tie-break) over the
                       same analysis, first, and write that measurement as JSON to OUT
  --lcov OUT           lcov tracefile of covered lines (DA:<line>,<executions covering it>)
  --lcov-explored OUT  lcov tracefile of the over-approximation (DA:<line>,1 for explored lines)
  --automaton OUT      the assumption automaton in CPAchecker's text format
  --dot OUT            the assumption automaton as Graphviz DOT
  --sarif OUT          SARIF 2.1.0: lines not covered as notes (uncovered, over-approximated,
                       unreachable), a violation found as an error

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
witness: 0 found, 10 none exists within the bound, 1 unknown;
validate: 10 confirmed (the witness's violation is real), 0 refuted, 1 unknown;
verify: 0 true, 10 false, 1 unknown.
)";

int coverageCommand(const std::vector<std::string> &args) {
    auto opts = parseCliOptions(args,
                                {"analysis", "blocks", "merge", "order", "max-nodes", "time", "memory", "exec-budget", "exec-time",
                                 "exec-nodes", "dive-nodes", "exec-memory", "exact-time", "baseline-json", "json", "lcov", "lcov-explored", "automaton", "dot", "sarif"},
                                {"no-heuristic", "no-completion", "no-dive", "exact", "tie-break", "cartesian", "no-generalization"});
    if (!opts)
        return ExitUsage;
    CoverageOptions co;
    co.analysis.budget.maxNodes = 100'000;
    co.analysis.budget.maxSeconds = 60;
    if (auto domain = analysisDomainFromName(opts->value("analysis", "value")))
        co.analysis.domain = *domain;
    else {
        std::cerr << "vcov-cli: unknown analysis '" << opts->value("analysis") << "' (available: value, predicate)\n";
        return ExitUsage;
    }
    co.analysis.scoreTieBreak = opts->has("tie-break");
    co.analysis.cartesian = opts->has("cartesian");
    co.analysis.generalizeRefinements = !opts->has("no-generalization");
    if (auto b = opts->value("blocks", "loop"); b == "edge" || b == "loop")
        co.analysis.singleEdgeBlocks = b == "edge";
    else {
        std::cerr << "vcov-cli: --blocks takes edge or loop\n";
        return ExitUsage;
    }
    // The predicate analysis's large blocks merge where paths meet, which reverse postorder
    // lets happen (a join after every path into it); breadth first expands joins too early.
    const bool largeBlocks = co.analysis.domain == AnalysisDomain::Predicate && !co.analysis.singleEdgeBlocks;
    auto order = traversalOrderFromName(opts->value("order", largeBlocks ? "rpo" : "bfs"));
    if (!order || *order == TraversalOrder::Postorder) {
        std::cerr << "vcov-cli: --order takes bfs, dfs or rpo\n";
        return ExitUsage;
    }
    co.analysis.order = *order;
    if (auto m = opts->value("merge", "join"); m == "join" || m == "sep")
        co.analysis.mergeBlocks = m == "join";
    else {
        std::cerr << "vcov-cli: --merge takes join or sep\n";
        return ExitUsage;
    }
    try {
        if (auto v = opts->value("max-nodes"); !v.empty())
            co.analysis.budget.maxNodes = std::stoull(v);
        if (auto v = opts->value("time"); !v.empty())
            co.analysis.budget.maxSeconds = std::stod(v);
        if (auto v = opts->value("memory"); !v.empty())
            co.analysis.budget.maxMemoryMb = std::stoull(v);
        else // half of what the machine has, the rest for the generator
            co.analysis.budget.maxMemoryMb = memoryCeilingMb(0.5);
        if (auto v = opts->value("exec-budget"); !v.empty())
            co.execBudget = std::stoull(v);
        if (auto v = opts->value("exec-time"); !v.empty())
            co.execSeconds = std::stod(v);
        if (auto v = opts->value("exec-nodes"); !v.empty())
            co.generatorMaxNodes = std::stoull(v);
        if (auto v = opts->value("dive-nodes"); !v.empty())
            co.generatorDiveNodes = std::stoull(v);
        if (auto v = opts->value("exec-memory"); !v.empty())
            co.generatorMaxMemoryMb = std::stoull(v);
        if (auto v = opts->value("exact-time"); !v.empty())
            co.exactSeconds = std::stod(v);
    } catch (const std::exception &) {
        std::cerr << "vcov-cli: budgets take numbers\n";
        return ExitUsage;
    }
    co.heuristic = !opts->has("no-heuristic");
    co.generatorDepthFirstBeyond = !opts->has("no-dive");
    co.solverCompletion = !opts->has("no-completion");
    co.exact = opts->has("exact");
    auto program = loadProgramWithMain(*opts);
    if (!program)
        return ExitInputError;
    CoverageResult r;
    if (auto baseline = opts->value("baseline-json"); !baseline.empty()) {
        // The paper's comparison: phase 2 twice over one phase 1, the baseline generator (no
        // Reach tie-break) first, then as asked — two analyses would explore two regions.
        auto analysis = coverageAnalysis(*program, co);
        std::vector<CoveragePoint> series;
        analysis->run(nullptr, [&](const ArtProgress &p) { series.push_back({p.seconds, p.exploredLines, 0, "analysis"}); });
        CoverageOptions base = co;
        base.heuristic = false;
        const CoverageResult b = measureCoverage(*program, *analysis, base, nullptr, {}, series);
        if (!writeFile(baseline, coverageToJson(*program, b).dump(1) + "\n"))
            return ExitInputError;
        r = measureCoverage(*program, *analysis, co, nullptr, {}, std::move(series));
    } else {
        r = runCoverage(*program, co);
    }
    const Art &art = *r.art;
    std::cout << "analysis: " << r.analysisDomain << ", " << art.nodes.size() << " ART nodes (" << art.count(ArtNodeStatus::Waitlist)
              << " on the waitlist, " << art.count(ArtNodeStatus::Covered) << " covered); " << r.analysisStopText << "\n";
    if (r.analysisDomain == std::string("predicate")) {
        std::cout << "refinements: " << r.refinements << "\n";
        for (const auto &[where, predicates] : r.precision)
            std::cout << "  predicates at " << where << ": " << predicates << "\n";
    }
    std::cout << "assumption automaton: " << r.automaton.states.size() << " states, " << r.automaton.falseNodes
              << " ART nodes to FALSE\n";
    std::cout << "executions: " << r.executions.size() << " (" << r.spuriousPaths << " spurious paths, " << r.undecidedPaths << " undecided, "
              << r.redundantExecutions << " covering nothing new); " << r.generationNote;
    if (r.executionsThroughCoverings)
        std::cout << "; " << r.executionsThroughCoverings << " more along covered nodes' coverers";
    std::cout << "\n";
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
    if (auto v = opts->value("sarif"); !v.empty() &&
                                       !writeFile(v, sarifForCoverage(*program, r, VCOV_VERSION).dump(1) + "\n"))
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

// A section of the usage text: from the line that starts with `heading` to the next blank line.
std::string usageSection(const std::string &heading) {
    const std::string text = usage;
    size_t at = text.find("\n" + heading);
    if (at == std::string::npos)
        return {};
    size_t end = text.find("\n\n", at + 1);
    return text.substr(at + 1, end == std::string::npos ? std::string::npos : end - at);
}

// `vcov-cli COMMAND --help`: the command's own options and the program options.
bool commandHelp(const std::string &command, const std::vector<std::string> &args) {
    if (std::find(args.begin(), args.end(), "--help") == args.end() &&
        std::find(args.begin(), args.end(), "-h") == args.end())
        return false;
    for (const char *c : {"cfa", "run", "bmc", "coverage", "validate"}) {
        if (command != c)
            continue;
        std::cout << "usage: vcov-cli " << command
                  << (command == "validate" ? " --witness FILE FILE.c... [OPTIONS]\n\n" : " FILE.c... [OPTIONS]\n\n")
                  << usageSection(command + " options") << "\n"
                  << usageSection("Program options") << "\n"
                  << usageSection("Exit status");
        return true;
    }
    return false;
}

} // namespace

int main(int argc, char **argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
    if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
        std::cout << usage;
        return args.empty() ? ExitUsage : ExitOk;
    }
    if (args[0] == "--version") {
        std::cout << "vcov-cli " << VCOV_VERSION << "\n";
        return ExitOk;
    }
    std::string command = args[0];
    args.erase(args.begin());
    if (commandHelp(command, args))
        return ExitOk;
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
        if (command == "validate")
            return validateCommand(args);
        if (command == "verify")
            return verifyCommand(args);
    } catch (const std::exception &ex) {
        std::cerr << "vcov-cli: internal error: " << ex.what() << "\n";
        return 70;
    }
    std::cerr << "vcov-cli: unknown command '" << command << "'\n" << usage;
    return ExitUsage;
}
