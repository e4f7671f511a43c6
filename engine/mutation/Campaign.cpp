#include "mutation/Campaign.h"

#include "mutation/CompilerEquivalence.h"
#include "semantics/Interpreter.h"
#include "semantics/SampleInputs.h"

#include <chrono>
#include <fstream>
#include <map>
#include <mutex>
#include <random>
#include <sstream>
#include <thread>

namespace vcov {

const char *mutantStatusName(MutantStatus s) {
    switch (s) {
    case MutantStatus::Pending: return "pending";
    case MutantStatus::Killed: return "killed";
    case MutantStatus::Survived: return "survived";
    case MutantStatus::Equivalent: return "equivalent";
    case MutantStatus::Invalid: return "invalid";
    case MutantStatus::Unknown: return "unknown";
    case MutantStatus::NotReached: return "not-reached";
    }
    return "?";
}

size_t CampaignRun::count(MutantStatus s) const {
    size_t n = 0;
    for (const auto &o : outcomes)
        n += o.status == s;
    return n;
}

double CampaignRun::killRate() const {
    size_t killed = count(MutantStatus::Killed);
    size_t checked = killed + count(MutantStatus::Survived) + count(MutantStatus::Unknown);
    return checked ? double(killed) / double(checked) : 0;
}

namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// Runs fn(i) for i in [0, n) on `jobs` threads.
void parallelFor(unsigned jobs, size_t n, const std::function<void(size_t)> &fn) {
    std::atomic<size_t> next{0};
    auto worker = [&] {
        for (size_t i; (i = next++) < n;)
            fn(i);
    };
    std::vector<std::thread> threads;
    for (unsigned t = 1; t < std::max(1u, jobs) && t < n; ++t)
        threads.emplace_back(worker);
    worker();
    for (auto &t : threads)
        t.join();
}

// Recursive descent over S, integers, + - * / and parentheses.
struct UnwindParser {
    const std::string &s;
    long size;
    size_t pos = 0;
    bool ok = true;
    void skip() {
        while (pos < s.size() && s[pos] == ' ')
            ++pos;
    }
    long primary() {
        skip();
        if (pos < s.size() && s[pos] == '(') {
            ++pos;
            long v = sum();
            skip();
            ok = ok && pos < s.size() && s[pos++] == ')';
            return v;
        }
        if (pos < s.size() && s[pos] == 'S') {
            ++pos;
            return size;
        }
        size_t start = pos;
        while (pos < s.size() && isdigit(static_cast<unsigned char>(s[pos])))
            ++pos;
        ok = ok && pos > start;
        return pos > start ? std::stol(s.substr(start, pos - start)) : 0;
    }
    long product() {
        long v = primary();
        for (skip(); ok && pos < s.size() && (s[pos] == '*' || s[pos] == '/'); skip()) {
            char op = s[pos++];
            long r = primary();
            if (op == '/' && r == 0)
                ok = false;
            v = op == '*' ? v * r : (r ? v / r : 0);
        }
        return v;
    }
    long sum() {
        long v = product();
        for (skip(); ok && pos < s.size() && (s[pos] == '+' || s[pos] == '-'); skip()) {
            char op = s[pos++];
            long r = product();
            v = op == '+' ? v + r : v - r;
        }
        return v;
    }
};

std::string readText(const FrontEndOptions &fe, const std::string &file, bool &ok) {
    if (auto given = fe.contents.find(file); given != fe.contents.end())
        return given->second;
    std::ifstream in(file, std::ios::binary);
    ok = bool(in);
    std::stringstream buf;
    buf << in.rdbuf();
    return buf.str();
}

std::string firstLine(const std::string &s) { return s.substr(0, s.find('\n')); }

std::string describeViolation(const Program &p, const Execution &x) {
    std::string where;
    if (x.ending.edge >= 0) {
        const CfaEdge &e = p.edge(x.ending.edge);
        if (e.range.file >= 0)
            where = " at " + p.files[size_t(e.range.file)].path + ":" + std::to_string(e.range.beginLine);
    }
    return std::string(x.ending.property ? propertyName(*x.ending.property) : "violation") + ": " + x.ending.message +
           where;
}

} // namespace

std::optional<long> evaluateUnwind(const std::string &expr, long size) {
    UnwindParser p{expr, size};
    long v = p.sum();
    p.skip();
    if (!p.ok || p.pos != expr.size() || v < 0)
        return std::nullopt;
    return v;
}

namespace {

// The program at a size and every mutation site with its id: what a campaign and a
// witness search start from.
struct CampaignSetup {
    FrontEndOptions fe;
    BmcOptions bmc;
    std::shared_ptr<Program> program;
    struct Site {
        std::string file, content;
        MutationSite site;
        std::string id;
    };
    std::vector<Site> sites;
    std::string error;
};

CampaignSetup setUp(const CampaignOptions &options, std::optional<long> size) {
    CampaignSetup c;
    c.fe = options.program;
    c.bmc = options.bmc;
    c.bmc.cancel = options.cancel;
    if (size) {
        c.fe.defines.push_back(options.sizeMacro + "=" + std::to_string(*size));
        auto u = evaluateUnwind(options.unwindExpr, *size);
        if (!u) {
            c.error = "the bound expression '" + options.unwindExpr + "' is not an expression in S";
            return c;
        }
        c.bmc.unwind = unsigned(*u);
    }
    c.program = parseProgram(c.fe);
    if (c.program->diagnostics.hasErrors() || c.program->entryFunction == NoFunction) {
        for (const Diagnostic &d : c.program->diagnostics.items())
            if (d.severity == Severity::Error)
                c.error += d.format() + "\n";
        if (c.error.empty())
            c.error = "the program has no main function (the harness)";
        return c;
    }
    std::set<std::string> operators = options.operators;
    if (operators.empty())
        operators.insert(mutationOperators().begin(), mutationOperators().end());
    std::set<std::string> ids;
    for (const std::string &file : options.mutate) {
        bool ok = true;
        std::string content = readText(c.fe, file, ok);
        std::string errors;
        auto found = ok ? mutationSites(c.fe, file, operators, &errors) : std::vector<MutationSite>{};
        if (!ok || !errors.empty()) {
            c.error = ok ? errors : file + ": cannot read file";
            return c;
        }
        for (auto &s : found) {
            if (!options.functions.empty() && !options.functions.count(s.function))
                continue;
            std::string id = mutantId(file, content, s);
            // Two equal edits of equal lines: the later one gets a suffix.
            for (int k = 2; ids.count(id); ++k)
                id = mutantId(file, content, s) + "-" + std::to_string(k);
            ids.insert(id);
            c.sites.push_back({file, content, std::move(s), id});
        }
    }
    return c;
}

} // namespace

PreparedMutant prepareMutant(const CampaignOptions &options, std::optional<long> size, const std::string &id) {
    PreparedMutant out;
    CampaignSetup c = setUp(options, size);
    out.program = c.program;
    out.bmc = c.bmc;
    out.frontEnd = c.fe;
    if (!c.error.empty()) {
        out.error = c.error;
        return out;
    }
    for (const auto &s : c.sites)
        if (s.id == id) {
            out.mutant = buildMutant(*c.program, c.fe, s.file, s.content, s.site);
            out.mutant.id = id;
            out.mutant.variant.name = id;
            if (!out.mutant.valid())
                out.error = "mutant " + id + " does not compile: " + firstLine(out.mutant.compileError);
            return out;
        }
    out.error = "no mutant " + id + " in " + std::to_string(options.mutate.size()) + " file(s) with these operators";
    return out;
}

CampaignRun runCampaign(const CampaignOptions &options, std::optional<long> size, const OutcomeCallback &onOutcome) {
    auto start = Clock::now();
    CampaignRun run;
    run.size = size;
    CampaignSetup setup = setUp(options, size);
    const FrontEndOptions &fe = setup.fe;
    BmcOptions bo = setup.bmc;
    run.bound = bo.unwind;
    run.program = setup.program;
    if (!setup.error.empty()) {
        run.error = setup.error;
        return run;
    }
    const Program &P = *setup.program;
    using Site = CampaignSetup::Site;
    std::vector<Site> &sites = setup.sites;
    run.sitesInAllShards = sites.size();
    std::vector<Site> chosen;
    for (auto &s : sites) {
        bool inShard = options.shardCount <= 1 || std::stoull(s.id.substr(0, 10), nullptr, 16) % options.shardCount ==
                                                      options.shardIndex;
        if (inShard && (options.only.empty() || options.only.count(s.id)))
            chosen.push_back(std::move(s));
    }

    const size_t n = chosen.size();
    run.mutants.resize(n);
    run.outcomes.resize(n);
    std::vector<double> spent(n, 0);
    std::mutex report;
    auto decide = [&](size_t i, MutantStatus status, std::string phase, std::string reason) {
        MutantOutcome &o = run.outcomes[i];
        o.status = status;
        o.phase = std::move(phase);
        o.reason = std::move(reason);
        o.size = size.value_or(0);
        o.bound = bo.unwind;
        o.seconds = spent[i];
        std::lock_guard lock(report);
        if (onOutcome)
            onOutcome(run.mutants[i], o);
    };
    auto cancelled = [&] { return options.cancel && options.cancel->load(); };

    // Mutants in functions the harness never enters, or whose body the proof removes: no
    // execution runs them (a proof: every call, through a pointer too, is a Call edge).
    {
        std::set<FunctionId> entered{P.entryFunction};
        for (std::vector<FunctionId> work{P.entryFunction}; !work.empty();) {
            FunctionId f = work.back();
            work.pop_back();
            for (EdgeId id : P.functions[size_t(f)].edges) {
                const CfaEdge &e = P.edge(id);
                if (e.kind == EdgeKind::Call && e.call.callee != NoFunction && P.functions[size_t(e.call.callee)].hasBody &&
                    entered.insert(e.call.callee).second)
                    work.push_back(e.call.callee);
            }
        }
        // The site's function: by name, and by the mutated file where static functions of
        // several files share it (none found: counted as reached).
        auto functionOf = [&](const Site &s) -> const FunctionCfa * {
            const FunctionCfa *only = nullptr;
            size_t named = 0;
            for (const FunctionCfa &f : P.functions)
                if (f.name == s.site.function) {
                    ++named;
                    if (f.range.valid() && P.files[size_t(f.range.file)].path == s.file)
                        return &f;
                    only = &f;
                }
            return named == 1 ? only : nullptr;
        };
        for (size_t i = 0; i < n; ++i) {
            const FunctionCfa *f = functionOf(chosen[i]);
            if (!f || (f->hasBody && entered.count(f->id)))
                continue;
            // Not parsed: nothing runs it, so whether it compiles does not matter.
            run.mutants[i].id = chosen[i].id;
            run.mutants[i].file = chosen[i].file;
            run.mutants[i].site = chosen[i].site;
            run.mutants[i].variant.name = chosen[i].id;
            decide(i, MutantStatus::NotReached, "call graph",
                   f->hasBody ? "no call chain from " + P.functions[size_t(P.entryFunction)].name + " enters " + f->name
                              : "the body of " + f->name + " is not part of the program (removed or unsupported)");
        }
    }

    // Each mutant parsed: invalid, the same CFA, a variant, or a program of its own.
    parallelFor(options.jobs, n, [&](size_t i) {
        if (run.outcomes[i].status != MutantStatus::Pending)
            return;
        auto t = Clock::now();
        run.mutants[i] = buildMutant(P, fe, chosen[i].file, chosen[i].content, chosen[i].site);
        run.mutants[i].id = chosen[i].id;
        run.mutants[i].variant.name = chosen[i].id;
        spent[i] += since(t);
    });
    for (size_t i = 0; i < n; ++i) {
        const Mutant &m = run.mutants[i];
        if (run.outcomes[i].status != MutantStatus::Pending)
            continue;
        if (!m.valid()) {
            bool unsupported = m.compileError.find("unsupported:") != std::string::npos;
            decide(i, unsupported ? MutantStatus::Unknown : MutantStatus::Invalid, "compile", firstLine(m.compileError));
        } else if (!m.program && m.variant.edges.empty()) {
            decide(i, MutantStatus::Equivalent, "cfa", "the edit leaves the program's CFA as it is");
        }
    }

    // Executions first: the original on every input (a failing one is the harness
    // rejecting the code itself), then each mutant on the inputs the original accepts.
    InterpreterOptions io;
    io.properties = bo.properties;
    io.properties.erase(Property::Unwinding);
    io.recordSteps = false;
    io.maxSteps = 1'000'000;
    std::vector<ExecutionInput> inputs;
    for (ExecutionInput &in : sampleInputs(options.randomInputs, size.value_or(4), 0x5eed + uint64_t(size.value_or(0)))) {
        Execution x = runProgram(P, in, io);
        if (x.ending.kind == EndingKind::PropertyViolation) {
            InterpreterOptions withSteps = io;
            withSteps.recordSteps = true;
            run.original = Verdict::Unsafe;
            run.originalCounterexample = runProgram(P, in, withSteps);
            run.originalReason = describeViolation(P, x);
            run.error = "the harness fails on the original code: " + run.originalReason;
            run.seconds = since(start);
            return run;
        }
        if (x.ending.kind == EndingKind::Exit || x.ending.kind == EndingKind::Abort)
            inputs.push_back(std::move(in));
    }
    // The shared encoding (one per worker thread: Z3 contexts are not shared between
    // threads) holds every variant still undecided; mutants with a CFA of their own get an
    // encoding each. Built before the executions: its size bounds the executions within
    // the bound.
    std::vector<ProgramVariant> variants;
    std::vector<size_t> variantIndex(n, 0);
    for (size_t i = 0; i < n; ++i)
        if (run.outcomes[i].status == MutantStatus::Pending && !run.mutants[i].program) {
            variants.push_back(run.mutants[i].variant);
            variantIndex[i] = variants.size();
        }
    std::mutex encodingsMutex;
    std::map<std::thread::id, std::unique_ptr<BmcEncoding>> encodings;
    auto encodingForThisThread = [&]() -> BmcEncoding & {
        std::lock_guard lock(encodingsMutex);
        auto &e = encodings[std::this_thread::get_id()];
        if (!e)
            e = std::make_unique<BmcEncoding>(P, bo, variants);
        return *e;
    };
    std::vector<std::unique_ptr<BmcEncoding>> ownEncodings(n);
    // An execution within the bound is a path through the unwound program, which visits
    // each unwound location once: one with more steps than twice their number (and a
    // margin) has left the bound, as an unwinding assertion would show.
    auto stepsWithinBound = [](const BmcEncoding &e) -> size_t {
        return e.error().empty() ? 2 * e.unrolledNodes() + 100 : 0;
    };
    const size_t sharedSteps = stepsWithinBound(encodingForThisThread());

    std::mutex knownMutex;
    std::vector<ExecutionInput> known;         // counterexamples found so far
    std::vector<std::optional<Execution>> beyond(n); // an execution of the mutant past the bound
    auto tryInputs = [&](size_t i, const std::vector<ExecutionInput> &candidates, const char *phase) {
        const Mutant &m = run.mutants[i];
        InterpreterOptions o = io;
        o.variant = m.variantOf();
        size_t limit = m.program ? (ownEncodings[i] ? stepsWithinBound(*ownEncodings[i]) : 0) : sharedSteps;
        // Without a limit from the unwinding, long executions only cost time.
        o.maxSteps = limit ? limit + 1 : 100'000;
        std::optional<ExecutionInput> longRun;
        for (const ExecutionInput &in : candidates) {
            Execution x = runProgram(m.runs(P), in, o);
            if (x.ending.kind == EndingKind::StepLimit && limit && !longRun)
                longRun = in;
            if (x.ending.kind != EndingKind::PropertyViolation)
                continue;
            o.recordSteps = true;
            x = runProgram(m.runs(P), in, o);
            run.outcomes[i].counterexample = x;
            decide(i, MutantStatus::Killed, phase, describeViolation(m.runs(P), x));
            return true;
        }
        if (longRun && !beyond[i]) {
            o.recordSteps = true;
            beyond[i] = runProgram(m.runs(P), *longRun, o);
        }
        return false;
    };
    parallelFor(options.jobs, n, [&](size_t i) {
        if (run.outcomes[i].status != MutantStatus::Pending || cancelled())
            return;
        auto t = Clock::now();
        if (run.mutants[i].program)
            ownEncodings[i] = std::make_unique<BmcEncoding>(*run.mutants[i].program, bo);
        bool killed = tryInputs(i, inputs, "interpreter");
        spent[i] += since(t);
        if (killed) {
            std::lock_guard lock(knownMutex);
            known.push_back(run.outcomes[i].counterexample->input);
            run.outcomes[i].seconds = spent[i];
        }
    });

    // Trivial compiler equivalence: the same machine code as the original's file. After the
    // executions, which cost milliseconds where gcc -O2 on a real file costs half a second
    // (coreJSON's core_json.c): only the mutants no execution killed are compiled.
    CompilerEquivalence tce(options.compiler, fe);
    if (!options.compiler.empty() && tce.available()) {
        std::map<std::string, CompiledCode> originalCode;
        for (const std::string &file : options.mutate) {
            bool ok = true;
            originalCode[file] = tce.compile(file, readText(fe, file, ok));
        }
        parallelFor(options.jobs, n, [&](size_t i) {
            if (run.outcomes[i].status != MutantStatus::Pending || cancelled())
                return;
            const CompiledCode &orig = originalCode[chosen[i].file];
            if (!orig.ok)
                return;
            auto t = Clock::now();
            CompiledCode code = tce.compile(chosen[i].file, mutatedText(chosen[i].content, chosen[i].site));
            spent[i] += since(t);
            if (!code.ok)
                decide(i, MutantStatus::Invalid, "compile", tce.compiler() + ": " + firstLine(code.error));
            else if (code.code == orig.code)
                decide(i, MutantStatus::Equivalent, "tce", tce.compiler() + " -O2 makes the same code");
        });
    }

    // Then the model checker: the original (needed to judge executions beyond the bound)
    // and every mutant left that no execution has shown to leave the bound.
    std::vector<size_t> pending;
    for (size_t i = 0; i < n; ++i)
        if (run.outcomes[i].status == MutantStatus::Pending && !beyond[i])
            pending.push_back(i);
    std::vector<std::string> beyondReason(n);
    BmcResult originalResult;
    std::vector<size_t> tasks = {SIZE_MAX};
    tasks.insert(tasks.end(), pending.begin(), pending.end());
    parallelFor(options.jobs, tasks.size(), [&](size_t t) {
        BmcEncoding &enc = encodingForThisThread();
        if (tasks[t] == SIZE_MAX) {
            auto s = Clock::now();
            originalResult = enc.check();
            originalResult.seconds = since(s);
            return;
        }
        size_t i = tasks[t];
        const Mutant &m = run.mutants[i];
        if (cancelled()) {
            decide(i, MutantStatus::Unknown, "bmc", "cancelled");
            return;
        }
        auto s = Clock::now();
        std::vector<ExecutionInput> seen;
        {
            std::lock_guard lock(knownMutex);
            seen = known;
        }
        if (tryInputs(i, seen, "counterexample")) {
            spent[i] += since(s);
            run.outcomes[i].seconds = spent[i];
            return;
        }
        BmcQuery q;
        q.timeoutSeconds = options.timeoutPerMutant;
        BmcResult r;
        if (m.program) {
            if (!ownEncodings[i])
                ownEncodings[i] = std::make_unique<BmcEncoding>(*m.program, bo);
            r = ownEncodings[i]->check(q);
            r.seconds += ownEncodings[i]->encodeSeconds();
        } else {
            q.variant = variantIndex[i];
            r = enc.check(q);
        }
        spent[i] += since(s);
        if (r.verdict == Verdict::Unsafe && r.replayed) {
            run.outcomes[i].counterexample = r.counterexample;
            {
                std::lock_guard lock(knownMutex);
                known.push_back(r.counterexample->input);
            }
            decide(i, MutantStatus::Killed, "bmc", describeViolation(m.runs(P), *r.counterexample));
        } else if (r.verdict == Verdict::Safe) {
            decide(i, MutantStatus::Survived, "bmc", "verified within bound " + std::to_string(r.bound));
        } else if (r.replayed && r.reason.rfind("bound too small: ", 0) == 0) {
            beyond[i] = r.counterexample;
            beyondReason[i] = r.reason.substr(17);
        } else {
            decide(i, MutantStatus::Unknown, "bmc", r.reason.empty() ? "the solver gave no answer" : r.reason);
        }
    });
    run.original = originalResult.verdict;
    run.originalReason = originalResult.reason;
    if (originalResult.verdict == Verdict::Unsafe) {
        run.originalCounterexample = originalResult.counterexample;
        run.originalReason = describeViolation(P, *originalResult.counterexample);
        run.error = "the harness fails on the original code: " + run.originalReason;
    }
    // The paper's runs kept unwinding assertions: a mutant that runs past the bound where
    // the original does not is killed; the replayed execution is the evidence.
    for (size_t i = 0; i < n; ++i) {
        if (run.outcomes[i].status != MutantStatus::Pending || !beyond[i])
            continue;
        bool byExecution = beyondReason[i].empty();
        std::string what = byExecution ? "an execution of " + std::to_string(beyond[i]->steps.size()) +
                                             " steps, longer than any path within the bound"
                                       : beyondReason[i];
        run.outcomes[i].counterexample = std::move(beyond[i]);
        if (originalResult.verdict == Verdict::Safe && bo.unwindingAssertions) {
            run.outcomes[i].exceedsBound = true;
            decide(i, MutantStatus::Killed, byExecution ? "interpreter" : "bmc", "exceeds the bound: " + what);
        } else {
            decide(i, MutantStatus::Unknown, byExecution ? "interpreter" : "bmc",
                   "exceeds the bound (" + what + "), but the original is not verified at this bound, so this is no kill");
        }
    }
    if (originalResult.verdict == Verdict::Unsafe)
        for (size_t i = 0; i < n; ++i)
            if (run.outcomes[i].status == MutantStatus::Killed || run.outcomes[i].status == MutantStatus::Survived) {
                run.outcomes[i].status = MutantStatus::Unknown;
                run.outcomes[i].reason = "the harness fails on the original code";
            }
    for (const auto &[thread, e] : encodings)
        run.encodeSeconds += e->encodeSeconds();
    run.seconds = since(start);
    return run;
}

SizeSearch findStableSize(const CampaignOptions &options, long firstSize, long maxSize,
                          const std::function<void(const CampaignRun &)> &onRun, const OutcomeCallback &onOutcome) {
    SizeSearch out;
    CampaignOptions o = options;
    for (long s = firstSize;; ++s) {
        out.runs.push_back(runCampaign(o, s, onOutcome));
        const CampaignRun &run = out.runs.back();
        if (onRun)
            onRun(run);
        if (!run.error.empty()) {
            out.stopReason = "at size " + std::to_string(s) + ": " + run.error;
            return out;
        }
        if (options.cancel && options.cancel->load()) {
            out.stopReason = "cancelled";
            return out;
        }
        std::set<std::string> survivors;
        for (size_t i = 0; i < run.mutants.size(); ++i)
            if (run.outcomes[i].status == MutantStatus::Survived)
                survivors.insert(run.mutants[i].id);
        // S is mutant-stable when its survivors see no new kill at S+1.
        if (out.runs.size() >= 2 && run.count(MutantStatus::Killed) == 0) {
            out.stableSize = s - 1;
            return out;
        }
        if (survivors.empty()) {
            out.stableSize = s;
            return out;
        }
        if (s + 1 > maxSize) {
            out.stopReason = "the size limit " + std::to_string(maxSize) + " was reached: size " + std::to_string(s) +
                             (out.runs.size() >= 2 ? " still killed survivors of size " + std::to_string(s - 1) : std::string()) +
                             ", so a larger size may kill some of its " + std::to_string(survivors.size()) + " survivor(s)";
            return out;
        }
        o.only = survivors;
    }
}

} // namespace vcov
