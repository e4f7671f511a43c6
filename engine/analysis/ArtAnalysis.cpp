#include "analysis/ArtAnalysis.h"

#include "analysis/PredicateDomain.h"
#include "analysis/ValueDomain.h"
#include "automata/ArtPaths.h"
#include "bmc/Bmc.h"
#include "semantics/Interpreter.h"

#include <algorithm>
#include <cstdio>
#include <unistd.h>

namespace vcov {

const char *artNodeStatusName(ArtNodeStatus s) {
    switch (s) {
    case ArtNodeStatus::Waitlist: return "waitlist";
    case ArtNodeStatus::Expanded: return "expanded";
    case ArtNodeStatus::Covered: return "covered";
    case ArtNodeStatus::Target: return "target";
    case ArtNodeStatus::Failed: return "failed";
    }
    return "?";
}

std::vector<PathMove> Art::pathTo(int node) const {
    std::vector<PathMove> moves;
    for (int n = node; n >= 0 && nodes[size_t(n)].parent >= 0; n = nodes[size_t(n)].parent)
        moves.push_back(nodes[size_t(n)].via);
    std::reverse(moves.begin(), moves.end());
    return moves;
}

size_t Art::count(ArtNodeStatus s) const {
    return size_t(std::count_if(nodes.begin(), nodes.end(), [&](const ArtNode &n) { return n.status == s; }));
}

size_t Art::unconfirmedTargets() const {
    return size_t(std::count_if(nodes.begin(), nodes.end(), [](const ArtNode &n) {
        return n.status == ArtNodeStatus::Target && n.check != TargetCheck::Spurious && n.check != TargetCheck::Confirmed;
    }));
}

const char *targetCheckName(TargetCheck c) {
    switch (c) {
    case TargetCheck::Unchecked: return "unchecked";
    case TargetCheck::PathInfeasible: return "path infeasible";
    case TargetCheck::Confirmed: return "confirmed";
    case TargetCheck::Spurious: return "spurious";
    case TargetCheck::Unconfirmed: return "unconfirmed";
    }
    return "?";
}

const char *traversalOrderName(TraversalOrder o) {
    switch (o) {
    case TraversalOrder::Bfs: return "bfs";
    case TraversalOrder::Dfs: return "dfs";
    case TraversalOrder::ReversePostorder: return "rpo";
    case TraversalOrder::Postorder: return "postorder";
    }
    return "?";
}

std::optional<TraversalOrder> traversalOrderFromName(const std::string &name) {
    for (auto o : {TraversalOrder::Bfs, TraversalOrder::Dfs, TraversalOrder::ReversePostorder, TraversalOrder::Postorder})
        if (name == traversalOrderName(o))
            return o;
    return std::nullopt;
}

const char *stopReasonName(StopReason r) {
    switch (r) {
    case StopReason::Running: return "running";
    case StopReason::Finished: return "finished";
    case StopReason::FinishedUnconfirmed: return "finished with unconfirmed targets";
    case StopReason::NodeBudget: return "node budget";
    case StopReason::TimeBudget: return "time budget";
    case StopReason::MemoryBudget: return "memory budget";
    case StopReason::Cancelled: return "cancelled";
    case StopReason::ViolationFound: return "violation found";
    case StopReason::RefinementFailed: return "refinement failed";
    }
    return "?";
}

const char *analysisDomainName(AnalysisDomain d) {
    switch (d) {
    case AnalysisDomain::Value: return "value";
    case AnalysisDomain::Predicate: return "predicate";
    }
    return "?";
}

std::optional<AnalysisDomain> analysisDomainFromName(const std::string &name) {
    for (auto d : {AnalysisDomain::Value, AnalysisDomain::Predicate})
        if (name == analysisDomainName(d))
            return d;
    return std::nullopt;
}

std::string describeStop(StopReason r, const ArtBudget &b, const Art *art) {
    switch (r) {
    case StopReason::Running: return "the analysis is still running";
    case StopReason::Finished: return "the analysis explored every reachable state";
    case StopReason::FinishedUnconfirmed: {
        std::string s = "the analysis finished";
        const size_t targets = art ? art->unconfirmedTargets() : 0, failed = art ? art->count(ArtNodeStatus::Failed) : 0;
        if (targets)
            s += " with " + std::to_string(targets) + " unconfirmed target(s)";
        if (failed)
            s += std::string(targets ? " and " : " with ") + std::to_string(failed) + " node(s) it could not expand";
        return s + ": nothing is claimed beyond them";
    }
    case StopReason::NodeBudget: return "the node budget (" + std::to_string(b.maxNodes) + " ART nodes) ran out";
    case StopReason::TimeBudget: return "the time budget (" + std::to_string(b.maxSeconds).substr(0, 6) + " s) ran out";
    case StopReason::MemoryBudget: return "the memory budget (" + std::to_string(b.maxMemoryMb) + " MB) ran out";
    case StopReason::Cancelled: return "the analysis was stopped";
    case StopReason::ViolationFound: return "the analysis stopped at a property violation";
    case StopReason::RefinementFailed:
        return "the refinement learned nothing new from an infeasible path: nothing is claimed beyond it";
    }
    return "?";
}

LineIndex::LineIndex(const Program &program) {
    auto all = program.coverableLines();
    lines.assign(all.begin(), all.end());
    ofEdge.assign(program.edges.size(), -1);
    for (const auto &e : program.edges)
        if (e.kind != EdgeKind::Blank && e.range.valid())
            ofEdge[size_t(e.id)] = find({e.range.file, e.range.beginLine});
}

int LineIndex::find(FileLine l) const {
    auto it = std::lower_bound(lines.begin(), lines.end(), l);
    return it != lines.end() && *it == l ? int(it - lines.begin()) : -1;
}

namespace {

std::vector<int> cfaPostorder(const Program &p) {
    std::vector<int> post(p.nodes.size(), 0);
    std::vector<char> seen(p.nodes.size(), 0);
    for (const auto &fn : p.functions) {
        if (!fn.hasBody || fn.entry == NoNode)
            continue;
        int counter = 0;
        // Iterative DFS: (node, next out-edge index).
        std::vector<std::pair<NodeId, size_t>> stack{{fn.entry, 0}};
        seen[size_t(fn.entry)] = 1;
        while (!stack.empty()) {
            auto &[n, i] = stack.back();
            const auto &out = p.node(n).out;
            if (i < out.size()) {
                NodeId m = p.edge(out[i++]).to;
                if (!seen[size_t(m)]) {
                    seen[size_t(m)] = 1;
                    stack.push_back({m, 0});
                }
                continue;
            }
            post[size_t(n)] = counter++;
            stack.pop_back();
        }
    }
    return post;
}

// The state of a root the domain could not make (it fails at once).
struct NoState : AbstractState {
    bool lessOrEqual(const AbstractState &) const override { return false; }
    std::string describe(const Program &) const override { return {}; }
    std::vector<std::pair<std::string, std::string>> describeFrames(const Program &) const override { return {}; }
};

std::vector<EdgeId> callStackOf(const AbstractState &s) {
    std::vector<EdgeId> calls;
    for (const auto &f : s.stack)
        calls.push_back(f.callEdge);
    return calls;
}

} // namespace

size_t residentMb() {
    FILE *f = fopen("/proc/self/statm", "r");
    if (!f)
        return 0;
    long pages = 0, resident = 0;
    if (fscanf(f, "%ld %ld", &pages, &resident) != 2)
        resident = 0;
    fclose(f);
    return size_t(resident) * size_t(sysconf(_SC_PAGESIZE)) / (1024 * 1024);
}

size_t memoryCeilingMb(double share) {
    FILE *f = fopen("/proc/meminfo", "r");
    if (!f)
        return 0;
    char line[256];
    size_t availableKb = 0;
    while (fgets(line, sizeof line, f))
        if (sscanf(line, "MemAvailable: %zu kB", &availableKb) == 1)
            break;
    fclose(f);
    if (!availableKb)
        return 0;
    return residentMb() + size_t(double(availableKb) / 1024 * share);
}

ArtAnalysis::ArtAnalysis(const Program &program, ArtOptions options, const PathObserver *observer, Score score)
    : P(program), m_options(options), m_observer(observer), m_score(std::move(score)),
      m_postorder(cfaPostorder(program)) {
    if (options.domain == AnalysisDomain::Predicate)
        m_domain = std::make_unique<PredicateTransfer>(
            program, options.cartesian ? PredicateAbstraction::Cartesian : PredicateAbstraction::Boolean,
            options.singleEdgeBlocks ? PredicateBlocks::Edge : PredicateBlocks::LoopHead, options.mergeBlocks,
            options.generalizeRefinements);
    else
        m_domain = std::make_unique<ValueTransfer>(program);
    if (m_domain->refines() && !options.goalEdges.empty()) {
        m_goalEdges.insert(options.goalEdges.begin(), options.goalEdges.end());
        m_goals = m_goalEdges;
        m_domain->setGoalEdges(m_goals);
    }
    LineIndex lines(program);
    m_lineOfEdge = lines.ofEdge;
    m_lineSeen.assign(lines.lines.size(), 0);
    makeRoot();
}

ArtAnalysis::~ArtAnalysis() = default;

void ArtAnalysis::makeRoot() {
    ArtNode root;
    root.id = 0;
    root.location = P.functions[P.entryFunction].entry;
    root.observerState = m_observer ? m_observer->initial() : -1;
    try {
        root.state = m_domain->initialState();
    } catch (const DomainUnsupported &u) {
        root.status = ArtNodeStatus::Failed;
        root.message = u.what;
        auto none = std::make_shared<NoState>();
        none->stack.push_back({P.entryFunction, -1});
        root.state = std::move(none);
    }
    m_art.nodes.push_back(std::move(root));
    m_level.push_back(0);
    m_dive.push_back(m_observer && m_observer->beyond(m_art.nodes[0].observerState) ? 0 : -1);
    if (m_art.nodes[0].status == ArtNodeStatus::Waitlist) {
        const ArtNode &root = m_art.nodes[0];
        m_atLocation[{root.location, root.observerState, callStackOf(*root.state)}].add(0, root.state->knownPositions(), m_art.nodes);
        enqueue(0);
    }
}

ArtAnalysis::Key ArtAnalysis::keyOf(const ArtNode &n) const {
    const int64_t level = m_level[size_t(n.id)];
    const int64_t tie = m_options.scoreTieBreak && m_score ? -int64_t(m_score(n) * 1024) : 0;
    const int64_t seq = m_seq;
    const int64_t depth = n.depth();
    const int64_t post = m_postorder[size_t(n.location)];
    if (m_options.depthFirstBeyond && m_observer && m_observer->beyond(n.observerState)) {
        // A finished dive (it ended an execution or made diveNodes nodes) waits until nothing
        // else does.
        const int dive = m_dive[size_t(n.id)];
        return {m_divesDone.count(dive) ? INT64_MAX : INT64_MIN, 0, 0, -seq, n.id};
    }
    switch (m_options.order) {
    case TraversalOrder::Bfs: return {level, tie, 0, seq, n.id};
    case TraversalOrder::Dfs: return {-level, tie, 0, -seq, n.id};
    // Within a block level (large blocks; always 0 elsewhere), deepest call first, then CFA
    // reverse postorder.
    case TraversalOrder::ReversePostorder: return {int64_t(n.state ? n.state->blockLevel() : 0) * 65536 - depth, -post, tie, seq, n.id};
    case TraversalOrder::Postorder: return {-depth, post, tie, -seq, n.id};
    }
    return {0, 0, 0, seq, n.id};
}

void ArtAnalysis::enqueue(int node) {
    ++m_seq;
    m_waitlist.insert(keyOf(m_art.nodes[size_t(node)]));
}

void ArtAnalysis::finishDive(int dive) {
    if (!m_divesDone.insert(dive).second)
        return;
    std::vector<Key> moved;
    for (const Key &k : m_waitlist)
        if (m_dive[size_t(std::get<4>(k))] == dive)
            moved.push_back(k);
    for (const Key &k : moved) {
        m_waitlist.erase(k);
        m_waitlist.insert({INT64_MAX, 0, 0, std::get<3>(k), std::get<4>(k)});
    }
}

void ArtAnalysis::noteLine(PathMove m) {
    if (m.isReturn || m.edge < 0)
        return;
    int line = m_lineOfEdge[size_t(m.edge)];
    if (line >= 0 && !m_lineSeen[size_t(line)]) {
        m_lineSeen[size_t(line)] = 1;
        ++m_exploredLines;
    }
}

// What a domain that never merges is offered to merge with.
static const std::vector<int> NoNodes;

int ArtAnalysis::addNode(int parent, const Successor &s) {
    ArtNode n;
    n.id = int(m_art.nodes.size());
    n.location = s.location;
    n.parent = parent;
    n.via = s.move;
    n.state = s.state;
    n.observerState = m_art.nodes[size_t(parent)].observerState;
    if (m_observer)
        n.observerState = m_observer->step(n.observerState, s.move);
    m_art.nodes[size_t(parent)].children.push_back(n.id);
    m_level.push_back(m_level[size_t(parent)] + 1);
    const bool beyond = m_observer && m_observer->beyond(n.observerState);
    m_dive.push_back(!beyond ? -1 : m_dive[size_t(parent)] >= 0 ? m_dive[size_t(parent)] : n.id);
    if (beyond && m_options.diveNodes && ++m_diveSize[m_dive.back()] > m_options.diveNodes)
        finishDive(m_dive.back());
    noteLine(s.move);
    if (s.kind == SuccessorKind::Target) {
        n.status = ArtNodeStatus::Target;
        n.message = s.message;
        m_art.nodes.push_back(std::move(n));
        return int(m_art.nodes.size() - 1);
    }
    if (s.kind == SuccessorKind::Terminal) {
        // Nothing follows: expanded at once, with no successors.
        n.status = ArtNodeStatus::Expanded;
        n.terminal = true;
        n.exits = s.exits;
        m_art.nodes.push_back(std::move(n));
        if (s.exits) {
            m_newExits.push_back(int(m_art.nodes.size() - 1));
            if (m_options.depthFirstBeyond && m_dive.back() >= 0)
                finishDive(m_dive.back());
        }
        return int(m_art.nodes.size() - 1);
    }
    auto &bucket = m_atLocation[{n.location, n.observerState, callStackOf(*n.state)}];
    // Merge: a waiting node at the same location takes this state into its own (it has no
    // successors yet, so none was computed from less); this node is covered by it.
    for (int other : m_domain->merges() ? bucket.all() : NoNodes) {
        ArtNode &o = m_art.nodes[size_t(other)];
        if (o.status != ArtNodeStatus::Waitlist)
            continue;
        if (auto joined = m_domain->merge(*n.state, *o.state)) {
            o.state = std::move(joined);
            n.status = ArtNodeStatus::Covered;
            n.coveredBy = other;
            n.merged = true;
            break;
        }
    }
    // Stop: covered by a node at the same location whose state is at least as abstract.
    const std::optional<FactPositions> positions = n.state->knownPositions();
    if (n.status != ArtNodeStatus::Covered) {
        if (int other = bucket.coverer(*n.state, positions, m_art.nodes); other >= 0) {
            n.status = ArtNodeStatus::Covered;
            n.coveredBy = other;
        }
    }
    int id = n.id;
    bool covered = n.status == ArtNodeStatus::Covered;
    m_art.nodes.push_back(std::move(n));
    if (!covered) {
        bucket.add(id, positions, m_art.nodes);
        enqueue(id);
    }
    return id;
}

double ArtAnalysis::checkSeconds() const {
    // A check (a path with nonlinear arithmetic can be hard) gets targetSeconds, and never
    // much more than the analysis's own time budget leaves.
    double seconds = m_options.targetSeconds;
    if (m_options.budget.maxSeconds > 0)
        seconds = std::min(seconds, std::max(1.0, m_options.budget.maxSeconds - m_seconds));
    return seconds;
}

std::vector<int> ArtAnalysis::treePath(int node) const {
    std::vector<int> chain;
    for (int n = node; n >= 0; n = m_art.nodes[size_t(n)].parent)
        chain.push_back(n);
    std::reverse(chain.begin(), chain.end());
    return chain;
}

bool ArtAnalysis::isGoalTarget(int node) const {
    const ArtNode &n = m_art.nodes[size_t(node)];
    return n.status == ArtNodeStatus::Target && !n.via.isReturn && n.via.edge >= 0 &&
           P.edge(n.via.edge).kind == EdgeKind::Assume && m_goalEdges.count(n.via.edge);
}

void ArtAnalysis::retireGoal(EdgeId edge) {
    if (m_goals.erase(edge))
        m_domain->setGoalEdges(m_goals);
}

std::optional<bool> ArtAnalysis::abstractPathFeasible(int node) const {
    std::vector<const AbstractState *> states;
    for (int n : treePath(node))
        states.push_back(m_art.nodes[size_t(n)].state.get());
    try {
        return m_domain->pathFeasible(m_art.pathTo(node), states);
    } catch (const DomainUnsupported &) {
        return std::nullopt;
    }
}

void ArtAnalysis::checkGoal(int node) {
    ArtNode &t = m_art.nodes[size_t(node)];
    if (!m_goals.count(t.via.edge)) {
        t.check = TargetCheck::Unconfirmed;
        t.checkText = "not checked: an earlier path to this goal was feasible, or its refinement failed";
        return;
    }
    const std::optional<bool> feasible = abstractPathFeasible(node);
    if (feasible && !*feasible) {
        t.check = TargetCheck::PathInfeasible;
        t.checkText = "no execution follows its abstract path to the goal";
        m_refineDue = true;
        return;
    }
    // Reached (or undecided): nothing is claimed of this goal; the successor beside the
    // target goes on past it, so the goals behind it are still looked for.
    t.check = feasible ? TargetCheck::Confirmed : TargetCheck::Unconfirmed;
    t.checkText = feasible ? "reachable: an execution follows its abstract path (the path formulas of its blocks are "
                             "satisfiable together)"
                           : "undecided: the solver could not decide its abstract path";
    if (feasible)
        m_reachedGoals.insert(t.via.edge);
    retireGoal(t.via.edge);
}

void ArtAnalysis::checkTarget(int node) {
    m_refineDue = false;
    if (isGoalTarget(node))
        return checkGoal(node);
    if (m_domain->refines()) {
        // The domain's own encoding of the abstract path (its blocks, merged paths included)
        // proves most spurious paths infeasible at once; a satisfiable one is decided by BMC
        // over the ART paths to the target, which replays the bug.
        const std::optional<bool> feasible = abstractPathFeasible(node);
        if (feasible && !*feasible) {
            ArtNode &t = m_art.nodes[size_t(node)];
            t.check = TargetCheck::PathInfeasible;
            t.checkText = "no execution follows its abstract path (the path formulas of its blocks, merged paths "
                          "included, contradict each other)";
            m_refineDue = true;
            return;
        }
        checkOverArtPaths({node}, false);
        return;
    }
    ArtNode &t = m_art.nodes[size_t(node)];
    // A target of the abstraction is a violation if some execution follows its tree path.
    FollowPath path(m_art.pathTo(node));
    BmcOptions opts;
    opts.unwind = 1;
    opts.observer = &path;
    opts.properties = {Property::Assertion};
    opts.cancel = m_cancel;
    opts.timeoutSeconds = checkSeconds();
    BmcResult r = checkProgram(P, opts);
    if (r.verdict == Verdict::Unsafe && r.replayed && r.counterexample) {
        t.check = TargetCheck::Confirmed;
        t.checkText = "confirmed: the execution that follows its path violates the property (replayed)";
        m_violationNode = node;
        m_counterexample = r.counterexample;
        m_stop = StopReason::ViolationFound;
        return;
    }
    // An infeasible tree path is no proof yet: a covered node may lead here through its
    // coverer's subtree. Such targets are decided over every ART path once the waitlist is
    // empty (decideTargets); an undecided one stays a target, so nothing is claimed beyond it.
    if (r.verdict == Verdict::Safe) {
        t.check = TargetCheck::PathInfeasible;
        t.checkText = "its own tree path is infeasible; the ART paths through coverings are decided when the "
                      "waitlist is empty";
    } else {
        t.check = TargetCheck::Unconfirmed;
        t.checkText = "unconfirmed: " + r.reason;
    }
}

void ArtAnalysis::decideTargets() {
    m_targetsDecided = true;
    std::vector<int> open;
    for (const ArtNode &n : m_art.nodes)
        if (n.status == ArtNodeStatus::Target && n.check != TargetCheck::Spurious && n.check != TargetCheck::Confirmed)
            open.push_back(n.id);
    m_last.checked = open;
    if (open.empty())
        return;
    checkOverArtPaths(open, true);
}

void ArtAnalysis::checkOverArtPaths(const std::vector<int> &open, bool final) {
    const auto started = std::chrono::steady_clock::now();
    const double budget = checkSeconds();
    auto left = [&] { return budget - std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count(); };
    ArtPaths paths(m_art, open);
    const std::string across = std::to_string(paths.nodesOnPaths()) + " ART node(s) on paths to " +
                               std::to_string(open.size()) + " target(s), " + std::to_string(paths.coveringJumps()) +
                               " covering(s) among them";
    std::string why = "no ART path leads to it";
    unsigned bound = paths.finite() ? 1 : 2;
    while (!paths.empty()) {
        BmcOptions opts;
        opts.unwind = bound;
        opts.observer = &paths;
        opts.properties = {Property::Assertion};
        opts.cancel = m_cancel;
        opts.timeoutSeconds = std::max(0.5, left());
        BmcResult r = checkProgram(P, opts);
        if (r.verdict == Verdict::Unsafe && r.replayed && r.counterexample) {
            // A real violation; its target is the one whose move it fails on.
            for (int id : open)
                if (m_art.nodes[size_t(id)].via.edge == r.counterexample->ending.edge) {
                    m_violationNode = id;
                    break;
                }
            if (m_violationNode >= 0) {
                ArtNode &t = m_art.nodes[size_t(m_violationNode)];
                t.check = TargetCheck::Confirmed;
                t.checkText = final ? "confirmed: an execution reaches it along an ART path through a covering (replayed)"
                                  : "confirmed: an execution reaches it along an ART path (replayed)";
            }
            m_counterexample = r.counterexample;
            m_stop = StopReason::ViolationFound;
            m_last.summary = "Decided the targets over every ART path (" + across + "): a replayed execution violates "
                             "the property";
            return;
        }
        if (r.verdict == Verdict::Safe && !final) {
            // The ART still grows: new coverings may open new paths to it.
            for (int id : open) {
                m_art.nodes[size_t(id)].check = TargetCheck::PathInfeasible;
                m_art.nodes[size_t(id)].checkText = "no execution follows the ART paths to it so far; decided over every "
                                                    "ART path when the waitlist is empty";
            }
            return;
        }
        if (r.verdict == Verdict::Safe) {
            why = paths.finite() ? "no execution follows any of the ART paths to it (" + across + "; all paths complete)"
                                 : "no execution follows any of the ART paths to it (" + across +
                                       "; every loop fully unwound at bound " + std::to_string(bound) + ")";
            for (int id : open) {
                m_art.nodes[size_t(id)].check = TargetCheck::Spurious;
                m_art.nodes[size_t(id)].checkText = "spurious: " + why;
            }
            m_last.summary = "Decided " + std::to_string(open.size()) + " target(s) over every ART path: spurious (" +
                             across + ")";
            return;
        }
        const bool tooSmall = r.reason.find("bound") != std::string::npos && !paths.finite();
        if (tooSmall && left() > 0 && bound < 1024 && !(m_cancel && m_cancel->load())) {
            bound *= 2;
            continue;
        }
        why = tooSmall ? "the ART paths through coverings form loops that bound " + std::to_string(bound) +
                             " does not unwind fully"
                       : r.reason;
        break;
    }
    if (paths.empty() && final) {
        for (int id : open) {
            m_art.nodes[size_t(id)].check = TargetCheck::Spurious;
            m_art.nodes[size_t(id)].checkText = "spurious: " + why;
        }
        return;
    }
    for (int id : open) {
        m_art.nodes[size_t(id)].check = final ? TargetCheck::Unconfirmed : TargetCheck::PathInfeasible;
        m_art.nodes[size_t(id)].checkText = (final ? "unconfirmed: " : "undecided so far (decided over every ART path "
                                                                       "when the waitlist is empty): ") + why;
    }
    if (final)
        m_last.summary = "Could not decide " + std::to_string(open.size()) + " target(s) over every ART path: " + why;
}

bool ArtAnalysis::step() {
    if (m_stop == StopReason::ViolationFound || m_stop == StopReason::RefinementFailed)
        return false;
    if (m_stop == StopReason::Cancelled)
        m_stop = StopReason::Running; // resumed after a pause
    auto started = std::chrono::steady_clock::now();
    auto account = [&] { m_seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count(); };
    // The domain's queries end with the time budget (phases_2-2's predicate analysis ran 30 s
    // past a 5 s budget in the queries of one abstraction).
    if (m_options.budget.maxSeconds > 0) {
        m_domain->setQuerySeconds(m_options.budget.maxSeconds - m_seconds);
        m_deadline = started + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                   std::chrono::duration<double>(m_options.budget.maxSeconds - m_seconds));
    }
    if (!m_unchecked.empty()) {
        // A target's check is a step of its own (teaching mode shows it).
        const int id = m_unchecked.front();
        m_unchecked.erase(m_unchecked.begin());
        m_last = ArtExpansion{};
        m_last.node = id;
        m_last.checked = {id};
        m_last.why = "a target made by the last expansion";
        checkTarget(id);
        const ArtNode &t = m_art.nodes[size_t(id)];
        m_last.summary = "Checked target " + std::to_string(id) + " (" + t.message + ") along its " +
                         (m_domain->refines() ? "abstract path: " : "tree path: ") + targetCheckName(t.check);
        if (t.check == TargetCheck::PathInfeasible && m_domain->refines() && m_refineDue) {
            // CEGAR: the abstract path is spurious; the next step refines along it.
            m_art.nodes[size_t(id)].checkText = "its abstract path is infeasible (no execution follows its blocks): the precision is refined along it (CEGAR)";
            m_unrefined.push_back(id);
            m_last.summary += " — no execution follows it: the abstraction is too coarse here, the next step refines it";
        }
        account();
        return m_stop != StopReason::ViolationFound;
    }
    if (!m_unrefined.empty()) {
        const int id = m_unrefined.front();
        m_unrefined.erase(m_unrefined.begin());
        refineTarget(id);
        account();
        return m_stop != StopReason::RefinementFailed;
    }
    if (m_waitlist.empty()) {
        if (m_options.checkTargets && !m_targetsDecided && m_art.unconfirmedTargets() > 0) {
            m_last = ArtExpansion{};
            m_last.why = "the waitlist is empty and some targets are not decided";
            decideTargets();
            account();
            return m_stop != StopReason::ViolationFound;
        }
        m_stop = m_art.unconfirmedTargets() || m_art.count(ArtNodeStatus::Failed) ? StopReason::FinishedUnconfirmed
                                                                                   : StopReason::Finished;
        m_last = ArtExpansion{}; // this call did nothing
        return false;
    }
    Key key = *m_waitlist.begin();
    m_waitlist.erase(m_waitlist.begin());
    const int id = std::get<4>(key);
    m_last = ArtExpansion{};
    m_last.node = id;
    {
        const ArtNode &n = m_art.nodes[size_t(id)];
        std::string order = traversalOrderName(m_options.order);
        m_last.why = "first in " + order + " order";
        if (m_options.order == TraversalOrder::ReversePostorder || m_options.order == TraversalOrder::Postorder)
            m_last.why += " (" + (n.state && n.state->blockLevel() ? "block " + std::to_string(n.state->blockLevel()) + ", " : std::string()) +
                          "call depth " + std::to_string(n.depth()) + ", CFA " + order + " index " +
                          std::to_string(m_postorder[size_t(n.location)]) + ")";
        else
            m_last.why += " (tree level " + std::to_string(m_level[size_t(id)]) + ")";
        if (m_options.scoreTieBreak && m_score)
            m_last.why += ", Reach score " + std::to_string(int64_t(m_score(n))) + " as tie-break";
    }
    std::vector<Successor> succs;
    std::string failed;
    try {
        succs = m_domain->successors(*m_art.nodes[size_t(id)].state, m_art.nodes[size_t(id)].location);
    } catch (const DomainUnsupported &u) {
        failed = u.what;
    } catch (const std::exception &ex) {
        failed = std::string("internal error: ") + ex.what();
    }
    if (!failed.empty()) {
        // The node goes to FALSE: nothing is claimed beyond it, the rest goes on.
        m_art.nodes[size_t(id)].status = ArtNodeStatus::Failed;
        m_art.nodes[size_t(id)].message = failed;
        const CfaNode &loc = P.node(m_art.nodes[size_t(id)].location);
        if (!loc.out.empty() && P.edge(loc.out[0]).range.valid()) {
            const SourceRange &r = P.edge(loc.out[0]).range;
            m_art.nodes[size_t(id)].message = P.files[size_t(r.file)].path + ":" + std::to_string(r.beginLine) + ":" +
                                              std::to_string(r.beginColumn) + ": " + failed;
        }
        m_last.summary = "Node " + std::to_string(id) + ": the analysis cannot continue here: " +
                         m_art.nodes[size_t(id)].message;
        account();
        return true;
    }
    m_art.nodes[size_t(id)].status = ArtNodeStatus::Expanded;
    m_art.nodes[size_t(id)].expansion = m_expansions++;
    const bool observerBlocks = m_observer != nullptr;
    if (m_options.depthFirstBeyond && m_dive[size_t(id)] >= 0)
        std::shuffle(succs.begin(), succs.end(), m_diveOrder);
    for (const auto &s : succs) {
        if (observerBlocks && m_observer->step(m_art.nodes[size_t(id)].observerState, s.move) == PathObserver::Blocked)
            continue;
        int child = addNode(id, s);
        m_last.successors.push_back(child);
        const ArtNode &c = m_art.nodes[size_t(child)];
        if (c.status == ArtNodeStatus::Covered)
            m_last.covered.push_back(child);
        if (c.merged)
            m_last.merged.push_back(child);
        if (c.status == ArtNodeStatus::Target) {
            m_last.targets.push_back(child);
            if (m_options.checkTargets || isGoalTarget(child))
                m_unchecked.push_back(child);
        }
    }
    const ArtNode &n = m_art.nodes[size_t(id)];
    std::string where = "N" + std::to_string(n.location) + " (line " + std::to_string(P.node(n.location).line) + ")";
    m_last.summary = "Expanded node " + std::to_string(id) + " at " + where + ": " +
                     std::to_string(m_last.successors.size()) + " successor(s)";
    if (m_last.covered.size() > m_last.merged.size())
        m_last.summary += ", " + std::to_string(m_last.covered.size() - m_last.merged.size()) +
                          " covered at once (an existing node at the same location knows no more)";
    if (!m_last.merged.empty())
        m_last.summary += ", " + std::to_string(m_last.merged.size()) +
                          " merged into a waiting node at the same location (its paths join that node's)";
    if (!m_last.targets.empty())
        m_last.summary += ", " + std::to_string(m_last.targets.size()) + " target(s)";
    if (m_last.successors.empty())
        m_last.summary += n.location == P.functions[P.entryFunction].exit ? " — the program ends here"
                                                                          : " — every outgoing edge is infeasible here";
    account();
    return true;
}

void ArtAnalysis::refineTarget(int node) {
    m_last = ArtExpansion{};
    m_last.refinement = true;
    m_last.checked = {node};
    m_last.why = "the tree path to target " + std::to_string(node) + " is infeasible (counterexample-guided refinement)";
    const std::vector<PathMove> path = m_art.pathTo(node);
    auto fail = [&](const std::string &why) {
        ArtNode &t = m_art.nodes[size_t(node)];
        t.check = TargetCheck::Unconfirmed;
        t.checkText = "unconfirmed: its tree path is infeasible, but " + why;
        if (m_deadline && std::chrono::steady_clock::now() >= *m_deadline) {
            // The budget ended inside the refinement (its eliminations are cut short): that is
            // the reason, not the refinement.
            t.checkText = "unconfirmed: the time budget ran out while its infeasible path was refined";
            m_stop = StopReason::TimeBudget;
            m_last.summary = "The time budget ran out during the refinement";
            return;
        }
        if (isGoalTarget(node)) {
            // One goal given up (its edge stays entered: nothing is claimed of it); the others
            // are still looked for.
            retireGoal(t.via.edge);
            m_last.summary = "Refinement failed for " + t.message + ": " + why + "; it is a target no more";
            return;
        }
        m_stop = StopReason::RefinementFailed;
        m_refinementFailure = "the refinement of target " + std::to_string(node) + "'s infeasible path (" + t.message +
                              ") learned nothing new: " + why + "; nothing is claimed beyond it";
        m_last.summary = "Refinement failed: " + why;
    };
    if (auto seen = m_refinedPaths.find(path); seen != m_refinedPaths.end() && seen->second == m_domain->precisionSize())
        return fail("the same abstract path came back after its refinement");
    // chain[i]: the node the first i moves reach.
    const std::vector<int> chain = treePath(node);
    std::vector<const AbstractState *> states;
    for (int n : chain)
        states.push_back(m_art.nodes[size_t(n)].state.get());
    Refinement r;
    try {
        r = m_domain->refine(path, states);
    } catch (const DomainUnsupported &u) {
        return fail(u.what);
    }
    if (r.mergedPathFeasible && isGoalTarget(node)) {
        ArtNode &t = m_art.nodes[size_t(node)];
        t.check = TargetCheck::Confirmed;
        t.checkText = "reachable: a path merged into its tree path reaches it";
        m_last.refinement = false;
        m_last.summary = "Target " + std::to_string(node) + " (" + t.message + ") is reachable along a merged path";
        m_reachedGoals.insert(t.via.edge);
        retireGoal(t.via.edge);
        return;
    }
    if (r.mergedPathFeasible) {
        // A path merged into the tree path reaches the target: no abstraction is to blame.
        ArtNode &t = m_art.nodes[size_t(node)];
        t.check = TargetCheck::PathInfeasible;
        m_last.refinement = false;
        checkOverArtPaths({node}, false);
        m_last.summary = "Target " + std::to_string(node) + ": its tree path is infeasible, but a path merged into a "
                         "node on it reaches it; checked over the ART paths to it: " +
                         (m_stop == StopReason::ViolationFound ? std::string("a replayed execution violates the property")
                                                               : m_art.nodes[size_t(node)].checkText);
        return;
    }
    if (r.pivot < 0)
        return fail(r.why.empty() ? "no new predicate" : r.why);
    m_refinedPaths[path] = m_domain->precisionSize();
    ++m_refinements;
    // The pivot's parent keeps its state (computed with its location's whole precision) and
    // is expanded again.
    const int keep = r.pivot == 0 ? -1 : chain[size_t(r.pivot - 1)];
    const std::string at = keep < 0 ? "the whole ART (the root's precision changed)" : "the subtree below node " + std::to_string(keep);
    int kept = 0;
    m_last.cutNodes = cutBelow(keep, &kept);
    m_last.checked.clear(); // the target was cut: ids are renumbered
    m_last.node = kept;
    m_last.learned = r.learned;
    m_last.summary = "Refinement " + std::to_string(m_refinements) + ": the path to target " + std::to_string(node) +
                     " is infeasible (" + r.why + "); learned " + std::to_string(r.newPredicates) +
                     " predicate(s); cut " + at + " (" + std::to_string(m_last.cutNodes) +
                     " node(s)), node " + std::to_string(kept) + " goes back on the waitlist";
}

size_t ArtAnalysis::cutBelow(int keep, int *keptId) {
    const size_t before = m_art.nodes.size();
    m_targetsDecided = false;
    std::vector<int> newId(before, -1);
    if (keep < 0) {
        m_art.nodes.clear();
        m_level.clear();
        m_dive.clear();
        m_divesDone.clear();
        m_diveSize.clear();
    } else {
        std::vector<char> removed(before, 0);
        std::vector<int> stack = m_art.nodes[size_t(keep)].children;
        while (!stack.empty()) {
            int n = stack.back();
            stack.pop_back();
            removed[size_t(n)] = 1;
            for (int c : m_art.nodes[size_t(n)].children)
                stack.push_back(c);
        }
        int next = 0;
        for (size_t i = 0; i < before; ++i)
            if (!removed[i])
                newId[i] = next++;
        std::vector<ArtNode> nodes;
        std::vector<int> level, dive;
        nodes.reserve(size_t(next));
        for (size_t i = 0; i < before; ++i) {
            if (removed[i])
                continue;
            ArtNode n = std::move(m_art.nodes[i]);
            n.id = newId[i];
            if (n.parent >= 0)
                n.parent = newId[size_t(n.parent)];
            std::vector<int> children;
            for (int c : n.children)
                if (newId[size_t(c)] >= 0)
                    children.push_back(newId[size_t(c)]);
            n.children = std::move(children);
            if (n.status == ArtNodeStatus::Covered) {
                // Its coverer was cut: it goes back to the waitlist.
                n.coveredBy = newId[size_t(n.coveredBy)];
                if (n.coveredBy < 0) {
                    n.status = ArtNodeStatus::Waitlist;
                    n.merged = false;
                }
            }
            if (int(i) == keep) {
                n.children.clear();
                n.status = ArtNodeStatus::Waitlist;
                n.expansion = -1;
            }
            nodes.push_back(std::move(n));
            level.push_back(m_level[i]);
            dive.push_back(m_dive[i] >= 0 ? newId[size_t(m_dive[i])] : -1); // an ancestor: kept
        }
        m_art.nodes = std::move(nodes);
        m_level = std::move(level);
        m_dive = std::move(dive);
        std::set<int> done;
        for (int d : m_divesDone)
            if (newId[size_t(d)] >= 0)
                done.insert(newId[size_t(d)]);
        m_divesDone = std::move(done);
        std::map<int, size_t> sizes;
        for (const auto &[d, n] : m_diveSize)
            if (newId[size_t(d)] >= 0)
                sizes[newId[size_t(d)]] = n;
        m_diveSize = std::move(sizes);
    }
    auto remap = [&](std::vector<int> &ids) {
        std::vector<int> kept;
        for (int id : ids)
            if (id >= 0 && size_t(id) < before && newId[size_t(id)] >= 0)
                kept.push_back(newId[size_t(id)]);
        ids = std::move(kept);
    };
    remap(m_unchecked);
    remap(m_unrefined);
    remap(m_newExits);
    m_waitlist.clear();
    m_atLocation.clear();
    std::fill(m_lineSeen.begin(), m_lineSeen.end(), 0);
    m_exploredLines = 0;
    if (keep < 0) {
        makeRoot();
        if (keptId)
            *keptId = 0;
        return before - 1;
    }
    for (const ArtNode &n : m_art.nodes) {
        if (n.parent >= 0)
            noteLine(n.via);
        if (n.status == ArtNodeStatus::Covered || n.status == ArtNodeStatus::Target || n.terminal)
            continue;
        m_atLocation[{n.location, n.observerState, callStackOf(*n.state)}].add(n.id, n.state->knownPositions(), m_art.nodes);
        if (n.status == ArtNodeStatus::Waitlist)
            enqueue(n.id);
    }
    if (keptId)
        *keptId = newId[size_t(keep)];
    return before - m_art.nodes.size();
}

bool ArtAnalysis::budgetExhausted() {
    // The targets an expansion made are checked before a budget may stop the analysis.
    if (!m_unchecked.empty())
        return false;
    const ArtBudget &b = m_options.budget;
    if (b.maxNodes && m_art.nodes.size() >= b.maxNodes) {
        m_stop = StopReason::NodeBudget;
        return true;
    }
    if (b.maxSeconds > 0 && m_seconds >= b.maxSeconds) {
        m_stop = StopReason::TimeBudget;
        return true;
    }
    if (b.maxMemoryMb && (m_expansions & 255) == 0 && residentMb() >= b.maxMemoryMb) {
        m_stop = StopReason::MemoryBudget;
        return true;
    }
    return false;
}

ArtProgress ArtAnalysis::progress() const {
    return {m_art.nodes.size(), m_waitlist.size(), m_exploredLines, m_seconds};
}

StopReason ArtAnalysis::run(const std::atomic<bool> *cancel, const std::function<void(const ArtProgress &)> &progressFn,
                            double interval) {
    auto lastReport = std::chrono::steady_clock::now();
    m_cancel = cancel;
    while (true) {
        if (cancel && cancel->load()) {
            m_stop = StopReason::Cancelled;
            break;
        }
        if (budgetExhausted())
            break;
        if (!step())
            break;
        if (progressFn) {
            auto now = std::chrono::steady_clock::now();
            if (std::chrono::duration<double>(now - lastReport).count() >= interval) {
                lastReport = now;
                progressFn(progress());
            }
        }
    }
    m_cancel = nullptr;
    if (progressFn)
        progressFn(progress());
    return m_stop;
}

} // namespace vcov
