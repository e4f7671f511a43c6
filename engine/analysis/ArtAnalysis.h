// The CPA algorithm over an abstract domain (AbstractDomain.h: explicit values, predicates):
// take a node from the waitlist in the chosen traversal order, compute its successors
// (transfer), merge a successor into a waiting node at the same location where the domain
// joins states (merge-join; else merge-sep), cover a successor whose state is subsumed by a
// node at the same location (stop), until the waitlist is empty, a budget ends, the caller
// cancels, or a real violation is found. A domain that refines (CEGAR) gets each infeasible
// path to a target; the ART is cut where the new precision changes a state and re-grown.
// One step at a time is available for single-stepping (teaching mode).
#pragma once

#include "analysis/Art.h"
#include "analysis/LocationNodes.h"
#include "analysis/AbstractDomain.h"
#include "semantics/PathObserver.h"
#include "semantics/Execution.h"

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <map>
#include <vector>

namespace vcov {

enum class TraversalOrder {
    Bfs,
    Dfs,
    ReversePostorder, // CFA reverse postorder: a location after all its predecessors
    Postorder,        // CFA postorder, depth first: heads for the exit (execution generation)
};
const char *traversalOrderName(TraversalOrder o);
std::optional<TraversalOrder> traversalOrderFromName(const std::string &name);

// The resident memory of this process in MB (0 where /proc is not there): what
// ArtBudget::maxMemoryMb is held against.
size_t residentMb();
// What this process may still take without pushing the machine into its OOM killer: this
// process's resident memory plus `share` of the machine's available memory (MemAvailable), in
// MB; 0 where /proc/meminfo is not there (no ceiling). A Linux driver's value analysis grows
// by gigabytes a minute, and a run the kernel kills loses everything it found.
size_t memoryCeilingMb(double share);

struct ArtBudget {
    size_t maxNodes = 0;     // 0: no limit
    double maxSeconds = 0;   // 0: no limit
    size_t maxMemoryMb = 0;  // resident memory of the process; 0: no limit
};

// FinishedUnconfirmed: the waitlist is empty, but some target is neither confirmed nor
// proved spurious, or some node could not be expanded: nothing is claimed beyond them.
// RefinementFailed: an infeasible path to a target taught the domain nothing new (the
// solver gave up, or the same path came back): the analysis stops there, never loops.
enum class StopReason { Running, Finished, FinishedUnconfirmed, NodeBudget, TimeBudget, MemoryBudget, Cancelled, ViolationFound,
                        RefinementFailed };
const char *stopReasonName(StopReason r);
// "the node budget (10000 nodes) ran out" and the like; the ART tells how many targets and
// nodes an unconfirmed finish left open.
std::string describeStop(StopReason r, const ArtBudget &budget, const Art *art = nullptr);

// The abstract domain of the ART: explicit values, or predicates with lazy abstraction and
// CEGAR (paper 000's Table 2).
enum class AnalysisDomain { Value, Predicate };
const char *analysisDomainName(AnalysisDomain d);
std::optional<AnalysisDomain> analysisDomainFromName(const std::string &name);

struct ArtOptions {
    AnalysisDomain domain = AnalysisDomain::Value;
    // Predicate domain: only the predicates that hold in every state (Cartesian), not the
    // Boolean combinations of the others too.
    bool cartesian = false;
    // Predicate domain: abstraction after every edge, not only at loop heads (large blocks).
    bool singleEdgeBlocks = false;
    // Predicate domain, large blocks: merge the states of paths that meet inside a block
    // (merge-join, CPAchecker's ABE merge), not keep every path apart (merge-sep).
    bool mergeBlocks = true;
    // Predicate domain: where a refinement learns a second equality of a variable at a
    // location, add the residue and the range every unrolling keeps (plain weakest
    // preconditions when false).
    bool generalizeRefinements = true;
    TraversalOrder order = TraversalOrder::Bfs;
    bool scoreTieBreak = false; // break ties of the order by the score (the Reach heuristic)
    // In product with an observer: nodes beyond its region (PathObserver::beyond) first and
    // depth first. The execution generator's order: past the explored region no line counts,
    // only ending the execution does, and postorder there explores a loop's iterations
    // breadth first (every interleaving of one pass of a scheduler before the next pass).
    bool depthFirstBeyond = false;
    size_t diveNodes = 0; // ... and a dive that has made this many nodes waits too (0: no limit)
    ArtBudget budget;
    bool checkTargets = true;   // replay every target's path; a real violation stops the analysis
    // Time for one target's check along its tree path, and, once the waitlist is empty, for
    // deciding the targets whose tree path is infeasible over every path of the ART
    // (coverings included) by bounded model checking.
    double targetSeconds = 30;
    // Branch goals as targets (predicate domain; the goal search's proofs): a move along one of
    // these edges is a target beside the successor that goes on past it. A goal whose
    // abstract path is infeasible is refined (CEGAR); one whose path is feasible is reached
    // and is a target no more. Each is checked whatever checkTargets says, and none stops the
    // analysis. When it finishes, a goal no node enters is unreachable.
    std::vector<EdgeId> goalEdges;
};

// What one step did, said in model-checking terms (teaching mode): an expansion, or the
// check of a target (checked names it).
struct ArtExpansion {
    int node = -1;
    std::vector<int> checked;        // targets whose check this step was
    std::string why;                 // why this node was taken
    std::vector<int> successors;
    std::vector<int> covered;        // successors covered at once by existing nodes
    std::vector<int> merged;         // ... of them, those merged into a waiting node (merge-join)
    std::vector<int> targets;
    std::string summary;
    // A refinement (CEGAR): what was learned, and how many nodes the cut removed (node is
    // then the node put back on the waitlist, in the renumbered ART).
    bool refinement = false;
    std::vector<std::string> learned;
    size_t cutNodes = 0;
};

struct ArtProgress {
    size_t nodes = 0;
    size_t waitlist = 0;
    size_t exploredLines = 0;
    double seconds = 0;
};

class ArtAnalysis {
public:
    // Score of a node for tie-breaking (higher first); observer: run in product with it.
    using Score = std::function<double(const ArtNode &)>;

    ArtAnalysis(const Program &program, ArtOptions options, const PathObserver *observer = nullptr, Score score = {});
    ~ArtAnalysis();

    // One step: checks a target made by the last expansion, or expands the next waitlist
    // node, or (waitlist empty) decides the remaining targets over every ART path; false
    // when nothing is left to do or a violation was found. lastExpansion() tells what the
    // call did (nothing: node -1 and no checked target).
    bool step();
    // Steps until done, a budget ends or cancel becomes true; progress at most every interval.
    // A cancelled analysis may be run (or stepped) again: it goes on where it stopped.
    StopReason run(const std::atomic<bool> *cancel = nullptr, const std::function<void(const ArtProgress &)> &progress = {},
                   double progressInterval = 0.05);

    const Art &art() const { return m_art; }
    std::shared_ptr<const Art> snapshot() const { return std::make_shared<const Art>(m_art); }
    StopReason stopReason() const { return m_stop; }
    const ArtOptions &options() const { return m_options; }
    // A caller with a clock of its own (coverage's generation budget) shortens the checks
    // of targets to what that clock leaves.
    void setTargetSeconds(double seconds) { m_options.targetSeconds = seconds; }
    const ArtExpansion &lastExpansion() const { return m_last; }
    size_t waitlistSize() const { return m_waitlist.size(); }
    int peekNext() const { return m_waitlist.empty() ? -1 : std::get<4>(*m_waitlist.begin()); }
    // describeStop for this analysis.
    std::string stopText() const {
        return m_stop == StopReason::RefinementFailed ? m_refinementFailure : describeStop(m_stop, m_options.budget, &m_art);
    }
    ArtProgress progress() const;
    // The user ended the analysis (e.g. while it was paused between single steps).
    void cancel() {
        if (m_stop == StopReason::Running)
            m_stop = StopReason::Cancelled;
    }
    // True (and the stop reason set) when a budget has run out.
    bool budgetExhausted();
    double seconds() const { return m_seconds; }
    const char *domainName() const { return m_domain->name(); }
    // CEGAR: refinements made, and the precision learned (per location, in source terms).
    size_t refinements() const { return m_refinements; }
    std::vector<std::pair<std::string, std::string>> precision() const { return m_domain->precision(); }

    // Branch goals (ArtOptions::goalEdges) with a feasible abstract path to them: a refinement
    // may have cut their target nodes since, so they are kept here.
    const std::set<EdgeId> &reachedGoals() const { return m_reachedGoals; }

    // A real violation: the target node and its replayed execution.
    int violationNode() const { return m_violationNode; }
    const std::optional<Execution> &counterexample() const { return m_counterexample; }
    // Nodes where an execution ends normally, created since the last call.
    std::vector<int> takeNewExits() { return std::exchange(m_newExits, {}); }

private:
    using Key = std::tuple<int64_t, int64_t, int64_t, int64_t, int>;
    Key keyOf(const ArtNode &n) const;
    int addNode(int parent, const Successor &s);
    void makeRoot();
    // CEGAR: refine along the infeasible tree path to a target, cut, re-grow (a step).
    void refineTarget(int node);
    // Removes the subtrees below `node` and puts it back on the waitlist (node -1: the whole
    // ART, from a new root); nodes covered by a removed node go back to the waitlist. Node
    // ids are renumbered; returns how many nodes were removed.
    size_t cutBelow(int node, int *keptId);
    void enqueue(int node);
    // depthFirstBeyond: a dive (the nodes beyond the observer's region below one node that
    // entered it) has ended an execution; the rest of it waits behind everything else.
    void finishDive(int dive);
    // The nodes from the root to `node` along tree edges (chain[i]: reached by i moves).
    std::vector<int> treePath(int node) const;
    void checkTarget(int node);
    bool isGoalTarget(int node) const;
    // The domain's check of the tree path to a node (AbstractDomain::pathFeasible).
    std::optional<bool> abstractPathFeasible(int node) const;
    void checkGoal(int node);
    // A goal whose refinement failed or whose path was feasible: no more targets for it.
    void retireGoal(EdgeId edge);
    void decideTargets();
    // Decides targets by bounded model checking over every ART path to them (coverings and
    // merges included). final: the waitlist is empty, so "no path" proves them spurious.
    void checkOverArtPaths(const std::vector<int> &targets, bool final);
    double checkSeconds() const;
    void noteLine(PathMove m);

    const Program &P;
    ArtOptions m_options;
    const PathObserver *m_observer;
    Score m_score;
    std::unique_ptr<AbstractDomain> m_domain;
    Art m_art;
    std::set<Key> m_waitlist;
    std::vector<int> m_level;
    std::vector<int> m_dive;      // per node: the first node of its dive beyond the observer's region, or -1
    std::set<int> m_divesDone;
    std::map<int, size_t> m_diveSize;
    // A dive takes a node's successors in an order of its own, fixed by this seed: in the
    // order the domain gives them every dive tries "skip this thread" first at each branch
    // of a scheduler pass, and the passes that end the program lie 2^threads tries away.
    std::minstd_rand m_diveOrder{20061};
    std::vector<int> m_postorder; // per CFA node, within its function
    std::map<std::tuple<NodeId, int, std::vector<EdgeId>>, LocationNodes> m_atLocation;
    std::vector<int> m_lineOfEdge;  // index of the edge's coverable line, -1 for none
    std::vector<char> m_lineSeen;
    size_t m_exploredLines = 0;
    int64_t m_seq = 0;
    int m_expansions = 0;
    StopReason m_stop = StopReason::Running;
    ArtExpansion m_last;
    int m_violationNode = -1;
    std::optional<Execution> m_counterexample;
    std::vector<int> m_newExits;
    std::vector<int> m_unchecked;   // targets of the last expansion, checked one step each
    std::vector<int> m_unrefined;   // targets whose tree path was infeasible, refined one step each (CEGAR)
    // Paths refined before, with the precision's size then: one that comes back to a precision
    // that has not grown since is no progress.
    std::map<std::vector<PathMove>, size_t> m_refinedPaths;
    size_t m_refinements = 0;
    std::string m_refinementFailure;
    bool m_targetsDecided = false;
    std::set<EdgeId> m_goalEdges;   // ArtOptions::goalEdges (the domain refines)
    std::set<EdgeId> m_goals;       // ... of them, those still targets
    std::set<EdgeId> m_reachedGoals;
    std::optional<std::chrono::steady_clock::time_point> m_deadline; // of the time budget, from the step's start
    bool m_refineDue = false;       // the last target check proved its abstract path infeasible  // the all-paths decision ran on the empty waitlist
    const std::atomic<bool> *m_cancel = nullptr; // run()'s, while it runs
    double m_seconds = 0;
};

// The coverable lines of a program, numbered (the bit positions of line sets).
struct LineIndex {
    std::vector<FileLine> lines;        // sorted
    std::vector<int> ofEdge;            // per edge: index of its line if coverable, else -1
    explicit LineIndex(const Program &program);
    int find(FileLine l) const;
};

} // namespace vcov
