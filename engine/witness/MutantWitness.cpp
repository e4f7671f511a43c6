#include "witness/MutantWitness.h"

#include "semantics/Interpreter.h"

#include <chrono>
#include <set>
#include <sstream>

namespace vcov {

const char *witnessStatusName(MutantWitness::Status s) {
    switch (s) {
    case MutantWitness::Status::Found: return "found";
    case MutantWitness::Status::None: return "none";
    case MutantWitness::Status::Unknown: return "unknown";
    }
    return "?";
}

namespace {

using Clock = std::chrono::steady_clock;

bool before(unsigned l1, unsigned c1, unsigned l2, unsigned c2) { return l1 < l2 || (l1 == l2 && c1 <= c2); }

// The edges the witness must take one of: a variant's replaced edges; in a mutant with a
// CFA of its own, the edges that start inside the replacement's text, else those on its
// line (a deletion leaves no edge of its own: the location where the statement was).
constexpr const char *Marker = "__vcov_mutant_here";

// The edges the witness must take one of: a variant's replaced edges; in a mutant with a
// CFA of its own, the edges whose text holds the edit's start; where a statement was
// deleted, the call of the marker put in its place (markedDeletion).
std::vector<EdgeId> mutatedEdges(const Program &runs, const Mutant &m, bool marked) {
    std::vector<EdgeId> out;
    if (!m.program) {
        for (const auto &[id, edge] : m.variant.edges)
            out.push_back(id);
        return out;
    }
    const FileId f = runs.fileId(m.file);
    const MutationSite &s = m.site;
    const unsigned lastColumn = s.column + unsigned(std::max<size_t>(s.replacement.size(), 1)) - 1;
    for (const CfaEdge &e : runs.edges) {
        const SourceRange &r = e.range;
        const bool holdsStart = before(r.beginLine, r.beginColumn, s.line, s.column) &&
                                before(s.line, s.column, r.endLine, r.endColumn);
        const bool startsInEdit = before(s.line, s.column, r.beginLine, r.beginColumn) &&
                                  before(r.beginLine, r.beginColumn, s.line, lastColumn);
        if (marked ? e.kind == EdgeKind::Call && e.call.calleeName == Marker
                   : r.file == f && e.kind != EdgeKind::Blank && (holdsStart || startsInEdit))
            out.push_back(e.id);
    }
    return out;
}

// A deleted statement leaves no edge to run through: the paper's instrumentation puts a
// call of a marker (a function without a body and without effect) in its place.
std::shared_ptr<Program> markedDeletion(const Program &original, const Mutant &m, const FrontEndOptions &fe) {
    const FileId f = original.fileId(m.file);
    if (f < 0)
        return nullptr;
    MutationSite marker = m.site;
    marker.replacement = std::string("{ extern void ") + Marker + "(void); " + Marker + "(); }";
    FrontEndOptions o = fe;
    o.contents[m.file] = mutatedText(original.files[size_t(f)].content, marker);
    std::shared_ptr<Program> p = parseProgram(o);
    return p->diagnostics.hasErrors() ? nullptr : p;
}

// Statement and branch coverage goals: every edge that does something, in functions with
// a body (a deleted statement's blank edge is none).
std::vector<EdgeId> coverageGoals(const Program &p, const ProgramVariant *v) {
    std::vector<EdgeId> out;
    for (const CfaEdge &e : p.edges) {
        const CfaEdge &actual = v ? v->edge(p, e.id) : e;
        if (actual.kind != EdgeKind::Blank && actual.range.valid() && p.functions[size_t(e.function)].hasBody &&
            !(actual.kind == EdgeKind::Call && actual.call.calleeName == Marker))
            out.push_back(e.id);
    }
    return out;
}

size_t coveredBy(const Execution &x, const std::vector<EdgeId> &goals) {
    std::set<EdgeId> wanted(goals.begin(), goals.end()), taken;
    for (const ExecutionStep &s : x.steps)
        if (wanted.count(s.edge))
            taken.insert(s.edge);
    return taken.size();
}

std::vector<std::string> lines(const std::string &text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);)
        out.push_back(l);
    return out;
}

} // namespace

MutantWitness findMutantWitness(const Program &original, const Mutant &mutant, const BmcOptions &bmc,
                                const WitnessOptions &options) {
    const auto start = Clock::now();
    auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
    MutantWitness w;
    const Program &runs = mutant.runs(original);
    const ProgramVariant *variant = mutant.variantOf();
    // The program searched: the mutant, or for a deletion with a CFA of its own the mutant
    // with the marker where the statement was (the witness is then replayed on the mutant).
    std::shared_ptr<Program> marked;
    if (mutant.program && mutant.site.operatorName == "del_stmt") {
        if (!options.frontEnd || !(marked = markedDeletion(original, mutant, *options.frontEnd))) {
            w.reason = "the deleted statement's place could not be marked";
            w.seconds = elapsed();
            return w;
        }
    }
    const Program &searched = marked ? *marked : runs;
    w.mutatedEdges = mutatedEdges(searched, mutant, bool(marked));
    const std::vector<EdgeId> goals = coverageGoals(searched, variant);
    w.coverable = goals.size();
    if (w.mutatedEdges.empty()) {
        w.reason = "no edge of the mutant holds the edit";
        w.seconds = elapsed();
        return w;
    }

    BmcOptions bo = bmc;
    bo.unwindingAssertions = true; // to tell whether "none" is complete
    bo.cancel = options.cancel;
    bo.timeoutSeconds = 0;
    std::vector<ProgramVariant> variants;
    if (variant)
        variants.push_back(*variant);
    BmcEncoding encoding(searched, bo, variants);
    if (!encoding.error().empty()) {
        w.reason = encoding.error();
        w.seconds = elapsed();
        return w;
    }
    InterpreterOptions io;
    io.properties = bmc.properties;
    io.properties.erase(Property::Unwinding);
    io.variant = variant;
    const std::set<EdgeId> through(w.mutatedEdges.begin(), w.mutatedEdges.end());

    // Algorithm 4: each witness is replayed; the next must cover one goal more.
    for (unsigned target = 0;;) {
        BmcQuery q;
        q.variant = variant ? 1 : 0;
        q.through = w.mutatedEdges;
        q.cover = goals;
        q.coverAtLeast = target;
        q.maximizeCover = options.search == WitnessSearch::MaxSat;
        const double left = options.timeoutSeconds > 0 ? options.timeoutSeconds - elapsed() : 0;
        if (options.timeoutSeconds > 0 && left <= 0) {
            w.reason = "the time budget ran out after " + std::to_string(w.targets.size()) + " target(s)";
            break;
        }
        q.timeoutSeconds = options.timeoutSeconds > 0 ? left : 0;
        w.targets.push_back(target);
        if (options.onTarget)
            options.onTarget(target, unsigned(w.covered));
        ExecutionSearch found = encoding.findExecution(q);
        if (found.status == ExecutionSearch::NotFound) {
            if (w.status == MutantWitness::Status::Found) {
                w.maximal = true;
                if (!found.complete)
                    w.reason = "maximal within the bound (" + found.reason + ")";
            } else {
                w.status = MutantWitness::Status::None;
                w.complete = found.complete;
                w.reason = found.complete ? "no execution through the mutated code passes the harness"
                                          : "no passing execution through the mutated code within the bound (" +
                                                found.reason + ")";
            }
            break;
        }
        if (found.status == ExecutionSearch::Unknown) {
            w.reason = found.reason.empty() ? "the solver gave no answer" : found.reason;
            break;
        }
        Execution x = runProgram(searched, found.input, io);
        bool passes = x.ending.kind == EndingKind::Exit;
        bool runsThrough = through.empty();
        for (const ExecutionStep &s : x.steps)
            runsThrough = runsThrough || through.count(s.edge);
        const size_t covered = coveredBy(x, goals);
        if (x.ending.kind == EndingKind::UndefinedBehaviour) {
            // As for BMC's counterexamples (Bmc.cpp): the solver chose values the program
            // never defines (malloc'd memory not yet written), which the interpreter does not
            // execute — a known limit, not an engine bug.
            w.reason = "the witness needs " + x.ending.message + ", which the interpreter does not execute";
            w.replayed = false;
            break;
        }
        if (!passes || !runsThrough || covered < target) {
            w.reason = "internal error: the witness did not replay (" + std::string(endingKindName(x.ending.kind)) +
                       (runsThrough ? "" : ", not through the mutated code") + ")";
            w.replayed = false;
            break;
        }
        w.status = MutantWitness::Status::Found;
        w.replayed = true;
        w.input = found.input;
        w.execution = std::move(x);
        w.covered = covered;
        target = unsigned(covered) + 1;
        if (found.optimal || covered >= goals.size()) {
            w.maximal = true;
            break;
        }
    }
    if (w.execution && marked) {
        // The same inputs on the mutant itself: the marker does nothing, so it passes too.
        Execution x = runProgram(runs, w.input, io);
        if (x.ending.kind != EndingKind::Exit) {
            w.replayed = false;
            w.reason = "internal error: the witness passes with the marker but not on the mutant";
        }
        w.execution = std::move(x);
    }
    if (w.execution) {
        InterpreterOptions oo = io;
        oo.variant = nullptr;
        w.original = runProgram(original, w.input, oo);
        // Where they part: steps compared by their source place and what they write (a
        // mutant with a CFA of its own has edges of its own).
        const auto &a = w.execution->steps, &b = w.original->steps;
        auto place = [](const Program &p, const ExecutionStep &st) {
            const SourceRange &r = p.edge(st.edge).range;
            return std::to_string(r.file) + ":" + std::to_string(r.beginLine) + ":" + std::to_string(r.beginColumn) +
                   " " + st.assigned + "=" + st.value;
        };
        for (size_t i = 0; i < std::max(a.size(), b.size()) && w.firstDifferentStep < 0; ++i)
            if (i >= a.size() || i >= b.size() || place(runs, a[i]) != place(original, b[i]))
                w.firstDifferentStep = int(i);
        const auto la = lines(w.execution->output), lb = lines(w.original->output);
        for (size_t i = 0; i < std::max(la.size(), lb.size()) && w.firstDifferentOutputLine < 0; ++i)
            if (i >= la.size() || i >= lb.size() || la[i] != lb[i])
                w.firstDifferentOutputLine = int(i);
    }
    w.seconds = elapsed();
    return w;
}

} // namespace vcov
