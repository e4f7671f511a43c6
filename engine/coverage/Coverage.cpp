#include "coverage/Coverage.h"

#include "bmc/Bmc.h"
#include "semantics/Interpreter.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <deque>

namespace vcov {

const char *lineStatusName(LineStatus s) {
    switch (s) {
    case LineStatus::Covered: return "covered";
    case LineStatus::OverApproximated: return "over_approximated";
    case LineStatus::Uncovered: return "uncovered";
    case LineStatus::Unreachable: return "unreachable";
    }
    return "?";
}

size_t CoverageResult::count(LineStatus s) const {
    size_t n = 0;
    for (const auto &[l, e] : lines)
        n += e.status == s;
    return n;
}

namespace {

using Clock = std::chrono::steady_clock;

// Algorithm 1's specification as an observer: the automaton state, and whether a line
// still to be covered was passed before FALSE. Paths that reach FALSE without it are
// blocked (they can no longer cover anything); after it, the automaton no longer matters.
class RegionCover : public PathObserver {
public:
    RegionCover(const AssumptionAutomaton &aa, const LineIndex &lines, const std::set<FileLine> &wanted)
        : AA(aa), L(lines), m_wanted(lines.lines.size(), 0) {
        for (const FileLine &l : wanted) {
            int i = lines.find(l);
            if (i >= 0)
                m_wanted[size_t(i)] = 1;
        }
    }
    static constexpr int Done = -1000;
    int initial() const override { return AA.initial(); }
    int step(int s, PathMove m) const override {
        if (s == Done)
            return Done;
        int next = s == AaFalse ? AaFalse : AA.step(s, m);
        if (next == AaFalse)
            return Blocked;
        int line = m.isReturn ? -1 : L.ofEdge[size_t(m.edge)];
        if (line >= 0 && m_wanted[size_t(line)])
            return Done;
        return next;
    }
    bool accepting(int s) const override { return s == Done; }

private:
    const AssumptionAutomaton &AA;
    const LineIndex &L;
    std::vector<char> m_wanted;
};

// Replays an execution found by the solver (or runs the free run's inputs) and records what
// it covers. nullopt when it does not end normally (then it is no coverage evidence).
std::optional<CoverageExecution> confirm(const Program &program, const ExecutionInput &input,
                                         InterpreterOptions io = {}) {
    io.properties = {Property::Assertion};
    Execution x = runProgram(program, input, io);
    if (x.ending.kind != EndingKind::Exit)
        return std::nullopt;
    CoverageExecution ce;
    ce.moves = movesOf(program, x);
    ce.execution = std::move(x);
    return ce;
}

// The CFA distance from the nearest waitlist node to each line (backwards search).
void explainFrontier(const Program &program, const Art &art, std::map<FileLine, LineExplanation> &lines) {
    std::map<NodeId, std::vector<int>> waiting;
    for (const ArtNode &n : art.nodes)
        if (n.status == ArtNodeStatus::Waitlist || n.status == ArtNodeStatus::Failed)
            waiting[n.location].push_back(n.id);
    if (waiting.empty())
        return;
    const std::vector<std::vector<NodeId>> preds = predecessorsWithCalls(program);
    for (auto &[line, ex] : lines) {
        if (ex.status != LineStatus::Uncovered)
            continue;
        std::vector<int> dist(program.nodes.size(), -1);
        std::deque<NodeId> work;
        for (EdgeId e : program.edgesOnLine(line.file, line.line)) {
            NodeId from = program.edge(e).from;
            if (dist[size_t(from)] < 0) {
                dist[size_t(from)] = 0;
                work.push_back(from);
            }
        }
        int found = -1;
        while (!work.empty()) {
            NodeId n = work.front();
            work.pop_front();
            if (found >= 0 && dist[size_t(n)] > found)
                break;
            auto w = waiting.find(n);
            if (w != waiting.end()) {
                found = dist[size_t(n)];
                for (int id : w->second)
                    if (ex.frontier.size() < 8)
                        ex.frontier.push_back(id);
            }
            for (NodeId m : preds[size_t(n)])
                if (dist[size_t(m)] < 0) {
                    dist[size_t(m)] = dist[size_t(n)] + 1;
                    work.push_back(m);
                }
        }
        ex.frontierDistance = found;
    }
}

// One measurement of an analysis's exploration, phase by phase (§4-§5 and Algorithm 1):
// the over-approximation read off the ART, the generator's executions, the solver's
// completion, the exact decision, and the text of every line. The phases share the
// lines covered so far, the executions and one clock.
class CoverageMeasurement {
public:
    CoverageMeasurement(const Program &program, const ArtAnalysis &analysis, const CoverageOptions &options,
                        const std::atomic<bool> *cancel, const CoverageProgress &progress)
        : P(program), A(analysis), O(options), m_cancel(cancel), m_progress(progress), m_start(Clock::now()),
          m_lineIndex(program) {}

    // The ART's lines (explored), the assumption automaton and its Reach scores, the
    // analysis's own bug.
    void overApproximate();
    // Under-approximation (§5): executions along the generator's paths to the exit.
    void generate();
    // Algorithm 1's query where the generator's paths were spurious, within its budget.
    void complete();
    void freeRun();
    // --exact: Algorithm 1 until every explored line is covered or proved unreachable.
    void decideExactly();
    // Every line's status and its reason, the last point of the series.
    CoverageResult explain(std::vector<CoveragePoint> analysisSeries);

    // Whether executions are still looked for: no bug found, and an automaton that admits paths.
    bool searching() const { return !r.bug && r.automaton.initialState != AaFalse; }
    bool bugFound() const { return bool(r.bug); }

private:
    struct SearchOutcome {
        bool complete = false;
        unsigned bound = 0;
        std::string note;
    };

    double elapsed() const { return std::chrono::duration<double>(Clock::now() - m_start).count(); }
    bool cancelled() const { return m_cancel && m_cancel->load(); }
    void point(const char *phase);
    void bugFrom(const Execution &x, const std::string &by);
    bool record(CoverageExecution ce, const char *origin);
    // The solver's execution along a path of the generator's product, replayed and recorded;
    // false when there is none (spurious or undecided, counted) or it added no line.
    bool executionAlong(std::vector<PathMove> moves);
    // The generator has explored every path, but not run every one to the exit.
    void throughCoverings(const Art &generated, size_t &useful);
    SearchOutcome searchRegion(bool exact, double seconds, unsigned maxUnwind, size_t maxUseful, const char *origin);

    const Program &P;
    const ArtAnalysis &A;
    const CoverageOptions &O;
    const std::atomic<bool> *m_cancel;
    const CoverageProgress &m_progress;
    const Clock::time_point m_start;
    LineIndex m_lineIndex;
    CoverageResult r;
    std::set<FileLine> m_explored, m_covered;
};

void CoverageMeasurement::point(const char *phase) {
    // Times continue the analysis's clock, so one series spans both.
    CoveragePoint p{A.seconds() + elapsed(), m_explored.size(), m_covered.size(), phase};
    r.series.push_back(p);
    if (m_progress)
        m_progress(p);
}

void CoverageMeasurement::bugFrom(const Execution &x, const std::string &by) {
    CoverageBug b;
    b.property = x.ending.property.value_or(Property::Assertion);
    b.message = describeEnding(P, x.ending);
    b.counterexample = x;
    b.foundBy = by;
    b.replayed = true;
    r.bug = std::move(b);
}

// Whether the execution covered a line not covered before.
bool CoverageMeasurement::record(CoverageExecution ce, const char *origin) {
    ExercisedLines ex = exercisedWithinAnalysis(P, r.automaton, ce.moves);
    ce.movesBeforeFalse = ex.movesBeforeFalse;
    ce.id = int(r.executions.size());
    ce.origin = origin;
    ce.foundAt = elapsed();
    for (const FileLine &l : ex.lines)
        if (m_covered.insert(l).second) {
            ce.newLines.push_back(l);
            auto &le = r.lines[l];
            le.status = LineStatus::Covered;
            le.execution = ce.id;
        }
    bool useful = !ce.newLines.empty();
    r.executions.push_back(std::move(ce));
    point(origin);
    return useful;
}

void CoverageMeasurement::overApproximate() {
    r.art = A.snapshot();
    const Art &art = *r.art;
    r.analysisStop = A.stopReason();
    r.analysisStopText = A.stopText();
    r.analysisDomain = A.domainName();
    r.refinements = A.refinements();
    r.precision = A.precision();
    // What the analysis could not do is part of why it stopped where it did.
    for (const ArtNode &n : art.nodes)
        if (n.status == ArtNodeStatus::Failed) {
            r.analysisStopText += "; it could not continue at " + std::to_string(art.count(ArtNodeStatus::Failed)) +
                                  " node(s), first at " + n.message;
            break;
        }
    if (r.analysisStop != StopReason::ViolationFound && r.analysisStop != StopReason::FinishedUnconfirmed &&
        art.unconfirmedTargets())
        r.analysisStopText += "; " + std::to_string(art.unconfirmedTargets()) +
                              " possible violation(s) are not decided";
    r.automaton = AssumptionAutomaton::fromArt(art);
    // The heuristic's scores get a quarter of the generation's time: past it, partial sets.
    r.reach = computeReach(P, m_lineIndex, r.automaton, O.execSeconds / 4);

    // The lines of ART edges, with the nodes they leave from.
    for (const FileLine &l : m_lineIndex.lines)
        r.lines[l].line = l;
    for (const ArtNode &n : art.nodes) {
        if (n.parent < 0 || n.via.isReturn)
            continue;
        int li = m_lineIndex.ofEdge[size_t(n.via.edge)];
        if (li < 0)
            continue;
        FileLine l = m_lineIndex.lines[size_t(li)];
        m_explored.insert(l);
        auto &ex = r.lines[l];
        if (ex.artNodes.empty() || ex.artNodes.back() != n.parent)
            ex.artNodes.push_back(n.parent);
    }
    for (auto &[l, ex] : r.lines)
        ex.status = m_explored.count(l) ? LineStatus::OverApproximated : LineStatus::Uncovered;
    point("analysis");
    if (A.counterexample())
        bugFrom(*A.counterexample(), "analysis");
}

// A value analysis in product with the automaton, heading for the exit in CFA postorder
// with the Reach score as tie-break; each path to the exit is handed to the solver and the
// execution it yields is replayed. Past the explored region (FALSE) no line counts: there it
// dives depth first for the exit, and a dive that ended an execution or made
// generatorDiveNodes nodes waits behind the rest (token rings: once every thread has
// started, no execution ends, and a dive from there can only exhaust its states).
void CoverageMeasurement::generate() {
    ArtOptions gen;
    gen.order = TraversalOrder::Postorder;
    gen.scoreTieBreak = O.heuristic;
    gen.depthFirstBeyond = O.generatorDepthFirstBeyond;
    gen.diveNodes = O.generatorDiveNodes;
    gen.checkTargets = true;
    gen.targetSeconds = 10;
    const ReachScores &reach = r.reach;
    ArtAnalysis generator(P, gen, &r.automaton,
                          [&reach](const ArtNode &n) { return double(reach.score(n.observerState, n.location)); });
    size_t useful = 0, steps = 0;
    const size_t baseMb = residentMb();
    // What the generator adds, and never more than most of what the machine has left.
    size_t generatorMb = O.generatorMaxMemoryMb;
    if (const size_t ceiling = memoryCeilingMb(0.8); generatorMb && ceiling)
        generatorMb = std::max<size_t>(1, std::min(generatorMb, ceiling - std::min(ceiling, baseMb)));
    r.generationNote = "the generator explored every path";
    while (true) {
        if (cancelled()) {
            r.generationNote = "stopped";
            break;
        }
        if (elapsed() >= O.execSeconds) {
            r.generationNote = "the generation time budget ran out";
            break;
        }
        if (O.generatorMaxNodes && generator.art().nodes.size() >= O.generatorMaxNodes) {
            r.generationNote = "the generator's node budget (" + std::to_string(O.generatorMaxNodes) + " nodes) ran out";
            break;
        }
        // What the generator added, not what the analysis left behind.
        if (generatorMb && (++steps & 1023) == 0 && residentMb() >= baseMb + generatorMb) {
            r.generationNote = "the generator's memory budget (" + std::to_string(generatorMb) + " MB) ran out";
            break;
        }
        // A target's check (10 s at most) ends with the generation budget, not after it
        // (geo1-ll's generator ran 19 s past a 1.5 s budget on four of them).
        generator.setTargetSeconds(std::clamp(O.execSeconds - elapsed(), 1.0, 10.0));
        bool more = generator.step();
        if (generator.counterexample()) {
            bugFrom(*generator.counterexample(), "generation");
            r.generationNote = "a property violation was found";
            break;
        }
        for (int node : generator.takeNewExits()) {
            if (cancelled())
                break;
            if (executionAlong(generator.art().pathTo(node)))
                ++useful;
            if (useful >= O.execBudget)
                break;
        }
        if (cancelled()) {
            r.generationNote = "stopped";
            break;
        }
        if (useful >= O.execBudget) {
            r.generationNote = "the execution budget (" + std::to_string(O.execBudget) + ") was reached";
            break;
        }
        if (!more)
            break;
    }
    if (r.generationNote == "the generator explored every path" && useful < O.execBudget && !cancelled())
        throughCoverings(generator.art(), useful);
    r.generatorNodes = generator.art().nodes.size();
}

bool CoverageMeasurement::executionAlong(std::vector<PathMove> moves) {
    FollowPath path(std::move(moves));
    BmcOptions bo;
    bo.observer = &path;
    bo.properties = {};
    bo.timeoutSeconds = std::max(1.0, O.execSeconds - elapsed());
    bo.cancel = m_cancel;
    ExecutionSearch s = findExecution(P, bo);
    if (s.status == ExecutionSearch::Unknown && cancelled())
        return false; // stopped, not an undecided path
    if (s.status != ExecutionSearch::Found) {
        // Proved infeasible, or undecided (timeout, unsupported construct).
        ++(s.status == ExecutionSearch::NotFound ? r.spuriousPaths : r.undecidedPaths);
        return false;
    }
    auto ce = confirm(P, s.input);
    if (!ce) {
        ++r.undecidedPaths; // the solver's inputs do not end normally: not evidence
        return false;
    }
    if (record(std::move(*ce), "generator"))
        return true;
    ++r.redundantExecutions;
    return false;
}

// A covered node goes on as its coverer does (its state is within the coverer's), so the
// path to it, followed by the coverer's way to an exit (tree edges, and coverings again), is
// a path of the product too — one the generator never ran to the end. Where such a path
// passes a line no execution covers yet, the solver decides it like any other
// (token_ring.08: the baseline and the heuristic each missed lines the other's pruning kept).
void CoverageMeasurement::throughCoverings(const Art &generated, size_t &useful) {
    const auto &nodes = generated.nodes;
    // The next node on a way from each node to an exit: a child, or — for a covered node —
    // its coverer, which may itself reach the exit only through another covering. Set once,
    // and only from a node whose way is already known, so every way ends at an exit.
    std::vector<int> next(nodes.size(), -1);
    std::vector<char> known(nodes.size(), 0);
    for (size_t i = 0; i < nodes.size(); ++i)
        known[i] = nodes[i].exits;
    for (bool grew = true; grew;) {
        grew = false;
        // Children come after their parents (the generator never cuts its ART), coverers
        // before the nodes they cover: one pass each way per round.
        for (size_t i = nodes.size(); i-- > 0;) {
            const ArtNode &n = nodes[i];
            if (!known[i] && n.status == ArtNodeStatus::Covered && !n.merged && known[size_t(n.coveredBy)]) {
                next[i] = n.coveredBy;
                known[i] = 1;
                grew = true;
            }
            if (known[i] && n.parent >= 0 && !known[size_t(n.parent)]) {
                next[size_t(n.parent)] = int(i);
                known[size_t(n.parent)] = 1;
                grew = true;
            }
        }
    }
    // Whether the path to a node passes an explored line that is not covered yet.
    std::vector<char> newOnPath(nodes.size(), 0);
    auto markNew = [&] {
        for (size_t i = 1; i < nodes.size(); ++i) {
            const ArtNode &n = nodes[i];
            char here = 0;
            if (!n.via.isReturn && n.via.edge >= 0)
                if (int li = m_lineIndex.ofEdge[size_t(n.via.edge)]; li >= 0) {
                    const FileLine &l = m_lineIndex.lines[size_t(li)];
                    here = m_explored.count(l) && !m_covered.count(l);
                }
            newOnPath[i] = char(here || (n.parent >= 0 && newOnPath[size_t(n.parent)]));
        }
    };
    markNew();
    for (size_t i = 0; i < nodes.size() && useful < O.execBudget; ++i) {
        const ArtNode &n = nodes[i];
        if (n.status != ArtNodeStatus::Covered || n.merged || !newOnPath[i] || !known[i])
            continue;
        if (cancelled() || elapsed() >= O.execSeconds)
            return;
        std::vector<PathMove> moves = generated.pathTo(int(i));
        for (int at = next[i]; at >= 0 && !nodes[size_t(at)].exits; at = next[size_t(at)]) {
            const int step = next[size_t(at)];
            if (step >= 0 && nodes[size_t(step)].parent == at)
                moves.push_back(nodes[size_t(step)].via); // a tree edge; else a jump to a coverer
        }
        if (executionAlong(std::move(moves))) {
            ++useful;
            ++r.executionsThroughCoverings;
            markNew();
        }
    }
}

// Algorithm 1's query: a terminating execution inside the explored region through a line
// not covered yet. After the generator it completes the under-approximation where the
// abstraction's paths were spurious (no proofs drawn); exact, it runs until every explored
// line is decided, and lines without such an execution are unreachable.
CoverageMeasurement::SearchOutcome CoverageMeasurement::searchRegion(bool exact, double seconds, unsigned maxUnwind,
                                                                     size_t maxUseful, const char *origin) {
    SearchOutcome out;
    const auto phaseStart = Clock::now();
    auto left = [&] { return seconds - std::chrono::duration<double>(Clock::now() - phaseStart).count(); };
    std::set<FileLine> remaining;
    for (const FileLine &l : m_explored)
        if (!m_covered.count(l))
            remaining.insert(l);
    unsigned bound = 2;
    size_t useful = 0;
    while (!remaining.empty() && useful < maxUseful) {
        if (cancelled()) {
            out.note = "stopped";
            return out;
        }
        if (left() <= 0) {
            out.note = "the time budget ran out";
            return out;
        }
        RegionCover spec(r.automaton, m_lineIndex, remaining);
        BmcOptions bo;
        bo.observer = &spec;
        bo.properties = {};
        bo.unwind = bound;
        bo.timeoutSeconds = std::max(0.5, left());
        bo.cancel = m_cancel;
        ExecutionSearch s = findExecution(P, bo);
        if (s.status == ExecutionSearch::Unknown && cancelled()) {
            out.note = "stopped";
            return out;
        }
        out.bound = bound;
        if (s.status == ExecutionSearch::Found) {
            auto ce = confirm(P, s.input);
            size_t before = m_covered.size();
            if (ce) {
                record(std::move(*ce), origin);
                for (const FileLine &l : r.executions.back().newLines)
                    remaining.erase(l);
            }
            if (m_covered.size() == before) {
                out.note = "internal error: the solver's execution did not replay to a new covered line";
                return out;
            }
            ++useful;
            continue;
        }
        if (s.status == ExecutionSearch::NotFound && s.complete) {
            if (exact) {
                for (const FileLine &l : remaining) {
                    auto &le = r.lines[l];
                    le.status = LineStatus::Unreachable;
                    le.text = "Unreachable inside the explored region: no terminating execution that satisfies "
                              "the property passes this line before leaving the explored region (bounded model "
                              "checking of the program × assumption automaton, bound " +
                              std::to_string(bound) + ", every loop fully unwound).";
                }
                remaining.clear();
            }
            out.complete = true;
            out.note = "every explored line is decided";
            return out;
        }
        if (s.status == ExecutionSearch::NotFound && bound * 2 <= maxUnwind) {
            bound *= 2;
            continue;
        }
        out.note = s.status == ExecutionSearch::NotFound ? "bound " + std::to_string(bound) + " too small" : s.reason;
        return out;
    }
    out.complete = remaining.empty();
    out.note = remaining.empty() ? "every explored line is covered"
                                 : "the execution budget (" + std::to_string(maxUseful) + ") was reached";
    return out;
}

void CoverageMeasurement::complete() {
    if (O.solverCompletion)
        freeRun();
    size_t useful = 0;
    for (const auto &x : r.executions)
        useful += !x.newLines.empty();
    if (O.solverCompletion && useful < O.execBudget && elapsed() < O.execSeconds) {
        SearchOutcome o = searchRegion(false, O.execSeconds - elapsed(), std::min(16u, O.exactMaxUnwind),
                                       O.execBudget - useful, "solver");
        r.generationNote += "; solver completion: " + o.note;
    }
}

// Before the solver's search, the interpreter on zero inputs (a user's first test): a real,
// replayed execution, and what it passes inside the region is covered like any other's.
// It costs milliseconds, bounded by steps and time. On a Linux driver it is often the
// quick way out of the harness: gigaset's main ends at once where its first nondet choice
// is 0, while the generator's first paths went into the harness's loop and were spurious,
// and its 60 s ran out before the solver's search could start.
void CoverageMeasurement::freeRun() {
    if (cancelled())
        return;
    InterpreterOptions io;
    io.maxSteps = 200'000;
    io.maxSeconds = 2;
    io.cancel = m_cancel;
    if (auto ce = confirm(P, ExecutionInput{}, io))
        record(std::move(*ce), "free run");
}

void CoverageMeasurement::decideExactly() {
    r.exactRan = true;
    SearchOutcome o = searchRegion(true, O.exactSeconds, O.exactMaxUnwind, SIZE_MAX, "exact");
    r.exactComplete = o.complete;
    r.exactBound = o.bound;
    r.exactNote = o.complete ? "exact: " + o.note : o.note + ": the result is an under-approximation";
    point("exact");
}

CoverageResult CoverageMeasurement::explain(std::vector<CoveragePoint> analysisSeries) {
    const Art &art = *r.art;
    // A finished analysis with nothing left out (every target decided spurious over all
    // its ART paths, no failed node) proves the lines it never reached unreachable.
    const bool provedAll = r.analysisStop == StopReason::Finished && art.count(ArtNodeStatus::Failed) == 0 &&
                           art.unconfirmedTargets() == 0;

    explainFrontier(P, art, r.lines);
    if (r.bug) {
        for (const PathMove &m : movesOf(P, r.bug->counterexample)) {
            int li = m.isReturn ? -1 : m_lineIndex.ofEdge[size_t(m.edge)];
            if (li >= 0)
                r.lines[m_lineIndex.lines[size_t(li)]].onViolationPath = true;
        }
    }
    const std::string generation = std::to_string(r.executions.size()) + " execution(s) generated, " +
                                   std::to_string(r.spuriousPaths) + " spurious path(s), " +
                                   std::to_string(r.undecidedPaths) + " undecided" +
                                   (r.generationNote.empty() ? std::string() : "; " + r.generationNote);
    for (auto &[l, ex] : r.lines) {
        switch (ex.status) {
        case LineStatus::Covered: {
            const CoverageExecution &ce = r.executions[size_t(ex.execution)];
            ex.text = "Covered by execution #" + std::to_string(ce.id) + " (" + ce.origin + ", " +
                      std::to_string(ce.execution.input.nondet.size()) +
                      " input value(s)): it ends normally and passes this line inside the explored region.";
            break;
        }
        case LineStatus::OverApproximated:
            ex.text = "Explored by " + std::to_string(ex.artNodes.size()) +
                      " ART node(s), but no terminating execution confirms it yet: the abstraction may include "
                      "infeasible paths. " + generation + "." +
                      (r.exactRan ? " Exact search: " + r.exactNote + "." : " Try --exact to decide it.");
            break;
        case LineStatus::Uncovered:
            if (provedAll) {
                ex.status = LineStatus::Unreachable;
                ex.text = "Unreachable: the analysis explored every reachable abstract state and none reaches this line.";
            } else if (!ex.frontier.empty()) {
                ex.text = "Not reached by the analysis: the nearest unexplored (waitlist or failed) node is " +
                          std::to_string(ex.frontierDistance) + " CFA edge(s) before it; " + r.analysisStopText + ".";
            } else {
                ex.text = "Not reached by the analysis, and no unexplored node leads here; " + r.analysisStopText + ".";
            }
            break;
        case LineStatus::Unreachable: break;
        }
    }
    point(r.exactRan ? "exact" : "generation");
    r.seconds = elapsed();
    analysisSeries.insert(analysisSeries.end(), r.series.begin(), r.series.end());
    r.series = std::move(analysisSeries);
    return std::move(r);
}

} // namespace

CoverageResult measureCoverage(const Program &program, const ArtAnalysis &analysis, const CoverageOptions &options,
                               const std::atomic<bool> *cancel, const CoverageProgress &progress,
                               std::vector<CoveragePoint> analysisSeries) {
    CoverageMeasurement m(program, analysis, options, cancel, progress);
    m.overApproximate();
    if (m.searching()) {
        m.generate();
        if (m.searching())
            m.complete();
    }
    if (options.exact && !m.bugFound())
        m.decideExactly();
    return m.explain(std::move(analysisSeries));
}

std::unique_ptr<ArtAnalysis> coverageAnalysis(const Program &program, const CoverageOptions &options) {
    auto cfa = std::make_shared<const ReachScores>(computeReach(program, LineIndex(program), AssumptionAutomaton{}));
    return std::make_unique<ArtAnalysis>(program, options.analysis, nullptr,
                                         [cfa](const ArtNode &n) { return double(cfa->ofLocation[size_t(n.location)]); });
}

std::vector<FunctionCoverage> coverageByFunction(const Program &program, const CoverageResult &result) {
    std::map<FunctionId, FunctionCoverage> by;
    for (const auto &[line, ex] : result.lines) {
        std::set<FunctionId> functions;
        for (EdgeId e : program.edgesOnLine(line.file, line.line))
            functions.insert(program.edge(e).function);
        for (FunctionId f : functions) {
            FunctionCoverage &c = by[f];
            c.function = f;
            c.name = program.functions[size_t(f)].name;
            ++c.coverable;
            c.covered += ex.status == LineStatus::Covered;
            c.explored += ex.status == LineStatus::Covered || ex.status == LineStatus::OverApproximated;
            c.unreachable += ex.status == LineStatus::Unreachable;
        }
    }
    std::vector<FunctionCoverage> out;
    for (auto &[f, c] : by)
        out.push_back(std::move(c));
    return out;
}

CoverageResult runCoverage(const Program &program, const CoverageOptions &options, const std::atomic<bool> *cancel,
                           const CoverageProgress &progress, const std::atomic<bool> *cancelMeasurement) {
    std::unique_ptr<ArtAnalysis> analysis = coverageAnalysis(program, options);
    std::vector<CoveragePoint> series;
    analysis->run(cancel, [&](const ArtProgress &p) {
        CoveragePoint pt{p.seconds, p.exploredLines, 0, "analysis"};
        series.push_back(pt);
        if (progress)
            progress(pt);
    });
    return measureCoverage(program, *analysis, options, cancelMeasurement, progress, std::move(series));
}

} // namespace vcov
