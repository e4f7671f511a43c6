#include "analysis/ArtAnalysis.h"

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
    case StopReason::NodeBudget: return "node budget";
    case StopReason::TimeBudget: return "time budget";
    case StopReason::MemoryBudget: return "memory budget";
    case StopReason::Cancelled: return "cancelled";
    case StopReason::ViolationFound: return "violation found";
    }
    return "?";
}

std::string describeStop(StopReason r, const ArtBudget &b) {
    switch (r) {
    case StopReason::Running: return "the analysis is still running";
    case StopReason::Finished: return "the analysis explored every reachable state";
    case StopReason::NodeBudget: return "the node budget (" + std::to_string(b.maxNodes) + " ART nodes) ran out";
    case StopReason::TimeBudget: return "the time budget (" + std::to_string(b.maxSeconds).substr(0, 6) + " s) ran out";
    case StopReason::MemoryBudget: return "the memory budget (" + std::to_string(b.maxMemoryMb) + " MB) ran out";
    case StopReason::Cancelled: return "the analysis was stopped";
    case StopReason::ViolationFound: return "the analysis stopped at a property violation";
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

std::vector<EdgeId> callStackOf(const ValueState &s) {
    std::vector<EdgeId> calls;
    for (const auto &f : s.stack)
        calls.push_back(f.callEdge);
    return calls;
}

} // namespace

ArtAnalysis::ArtAnalysis(const Program &program, ArtOptions options, const PathObserver *observer, Score score)
    : P(program), m_options(options), m_observer(observer), m_score(std::move(score)), m_transfer(program),
      m_postorder(cfaPostorder(program)) {
    LineIndex lines(program);
    m_lineOfEdge = lines.ofEdge;
    m_lineSeen.assign(lines.lines.size(), 0);
    ArtNode root;
    root.id = 0;
    root.location = P.functions[P.entryFunction].entry;
    root.observerState = observer ? observer->initial() : -1;
    try {
        root.state = m_transfer.initialState();
    } catch (const ValueUnsupported &u) {
        root.status = ArtNodeStatus::Failed;
        root.message = u.what;
        root.state = std::make_shared<ValueState>();
    }
    m_art.nodes.push_back(std::move(root));
    m_level.push_back(0);
    if (m_art.nodes[0].status == ArtNodeStatus::Waitlist) {
        m_atLocation[{m_art.nodes[0].location, m_art.nodes[0].observerState, callStackOf(*m_art.nodes[0].state)}].push_back(0);
        enqueue(0);
    }
}

ArtAnalysis::Key ArtAnalysis::keyOf(const ArtNode &n) const {
    const int64_t level = m_level[size_t(n.id)];
    const int64_t tie = m_options.scoreTieBreak && m_score ? -int64_t(m_score(n) * 1024) : 0;
    const int64_t seq = m_seq;
    const int64_t depth = n.depth();
    const int64_t post = m_postorder[size_t(n.location)];
    switch (m_options.order) {
    case TraversalOrder::Bfs: return {level, tie, 0, seq, n.id};
    case TraversalOrder::Dfs: return {-level, tie, 0, -seq, n.id};
    case TraversalOrder::ReversePostorder: return {-depth, -post, tie, seq, n.id};
    case TraversalOrder::Postorder: return {-depth, post, tie, -seq, n.id};
    }
    return {0, 0, 0, seq, n.id};
}

void ArtAnalysis::enqueue(int node) {
    ++m_seq;
    m_waitlist.insert(keyOf(m_art.nodes[size_t(node)]));
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

int ArtAnalysis::addNode(int parent, const ValueSuccessor &s) {
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
        if (s.exits)
            m_newExits.push_back(int(m_art.nodes.size() - 1));
        return int(m_art.nodes.size() - 1);
    }
    // Stop: covered by a node at the same location whose state is at least as abstract.
    auto &bucket = m_atLocation[{n.location, n.observerState, callStackOf(*n.state)}];
    for (int other : bucket) {
        if (n.state->lessOrEqual(*m_art.nodes[size_t(other)].state)) {
            n.status = ArtNodeStatus::Covered;
            n.coveredBy = other;
            break;
        }
    }
    int id = n.id;
    bool covered = n.status == ArtNodeStatus::Covered;
    m_art.nodes.push_back(std::move(n));
    if (!covered) {
        bucket.push_back(id);
        enqueue(id);
    }
    return id;
}

void ArtAnalysis::checkTarget(int node) {
    ArtNode &t = m_art.nodes[size_t(node)];
    // A target of the abstraction is a violation only if some execution follows its path.
    FollowPath path(m_art.pathTo(node));
    BmcOptions opts;
    opts.unwind = 1;
    opts.observer = &path;
    opts.properties = {Property::Assertion};
    BmcResult r = checkProgram(P, opts);
    if (r.verdict == Verdict::Unsafe && r.replayed && r.counterexample) {
        m_violationNode = node;
        m_counterexample = r.counterexample;
        m_stop = StopReason::ViolationFound;
        return;
    }
    // Only a proof makes it spurious; an undecided target (solver timeout, a construct the
    // model checker lacks) stays a target, so nothing is claimed beyond it.
    t.spurious = r.verdict == Verdict::Safe;
    t.message += t.spurious ? " — spurious: no execution follows this path" : " — not confirmed: " + r.reason;
}

bool ArtAnalysis::step() {
    if (m_stop == StopReason::ViolationFound)
        return false;
    if (m_stop == StopReason::Cancelled)
        m_stop = StopReason::Running; // resumed after a pause
    if (m_waitlist.empty()) {
        m_stop = StopReason::Finished;
        return false;
    }
    auto started = std::chrono::steady_clock::now();
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
            m_last.why += " (call depth " + std::to_string(n.depth()) + ", CFA " + order + " index " +
                          std::to_string(m_postorder[size_t(n.location)]) + ")";
        else
            m_last.why += " (tree level " + std::to_string(m_level[size_t(id)]) + ")";
        if (m_options.scoreTieBreak && m_score)
            m_last.why += ", Reach score " + std::to_string(int64_t(m_score(n))) + " as tie-break";
    }
    std::vector<ValueSuccessor> succs;
    std::string failed;
    try {
        succs = m_transfer.successors(*m_art.nodes[size_t(id)].state, m_art.nodes[size_t(id)].location);
    } catch (const ValueUnsupported &u) {
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
        m_seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        return true;
    }
    m_art.nodes[size_t(id)].status = ArtNodeStatus::Expanded;
    m_art.nodes[size_t(id)].expansion = m_expansions++;
    const bool observerBlocks = m_observer != nullptr;
    for (const auto &s : succs) {
        if (observerBlocks && m_observer->step(m_art.nodes[size_t(id)].observerState, s.move) == PathObserver::Blocked)
            continue;
        int child = addNode(id, s);
        m_last.successors.push_back(child);
        const ArtNode &c = m_art.nodes[size_t(child)];
        if (c.status == ArtNodeStatus::Covered)
            m_last.covered.push_back(child);
        if (c.status == ArtNodeStatus::Target) {
            m_last.targets.push_back(child);
            if (m_options.checkTargets) {
                checkTarget(child);
                if (m_stop == StopReason::ViolationFound)
                    break;
            }
        }
    }
    const ArtNode &n = m_art.nodes[size_t(id)];
    std::string where = "N" + std::to_string(n.location) + " (line " + std::to_string(P.node(n.location).line) + ")";
    m_last.summary = "Expanded node " + std::to_string(id) + " at " + where + ": " +
                     std::to_string(m_last.successors.size()) + " successor(s)";
    if (!m_last.covered.empty())
        m_last.summary += ", " + std::to_string(m_last.covered.size()) +
                          " covered at once (an existing node at the same location knows no more)";
    if (!m_last.targets.empty())
        m_last.summary += ", " + std::to_string(m_last.targets.size()) + " target(s)";
    if (m_last.successors.empty())
        m_last.summary += n.location == P.functions[P.entryFunction].exit ? " — the program ends here"
                                                                          : " — every outgoing edge is infeasible here";
    m_seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return m_stop != StopReason::ViolationFound;
}

bool ArtAnalysis::budgetExhausted() {
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
    if (progressFn)
        progressFn(progress());
    return m_stop;
}

} // namespace vcov
