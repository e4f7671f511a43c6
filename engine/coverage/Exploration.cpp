#include "coverage/Exploration.h"

#include "coverage/Coverage.h"

namespace vcov {

int ExplorationSnapshot::nextState() const {
    if (!art || nextNode < 0 || size_t(nextNode) >= art->nodes.size())
        return AaFalse;
    int parent = art->nodes[size_t(nextNode)].parent;
    return parent >= 0 && size_t(parent) < stateOfNode.size() ? stateOfNode[size_t(parent)] : AaFalse;
}

ExplorationSnapshot snapshotOf(const Program &program, const ArtAnalysis &analysis, const LineIndex &lines) {
    ExplorationSnapshot s;
    s.art = analysis.snapshot();
    s.automaton = AssumptionAutomaton::fromArt(*s.art);
    s.reach = computeReach(program, lines, s.automaton);
    s.stateOfNode = s.automaton.stateOfArtNode(*s.art);
    s.nextNode = analysis.peekNext();
    s.progress = analysis.progress();
    s.stop = analysis.stopReason();
    return s;
}

ExplorationSnapshot snapshotOf(const CoverageResult &result) {
    ExplorationSnapshot s;
    s.art = result.art;
    s.automaton = result.automaton;
    s.reach = result.reach;
    if (s.art) {
        s.stateOfNode = s.automaton.stateOfArtNode(*s.art);
        s.progress.nodes = s.art->nodes.size();
        s.progress.waitlist = s.art->count(ArtNodeStatus::Waitlist);
    }
    s.stop = result.analysisStop;
    return s;
}

} // namespace vcov
