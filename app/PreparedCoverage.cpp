#include "PreparedCoverage.h"

#include "automata/AssumptionAutomaton.h"

namespace vcov::app {

PreparedCoverage prepareCoverage(const Program &program, CoverageResult &&result) {
    PreparedCoverage p;
    p.result = shareOffThread(std::move(result));
    const CoverageResult &r = *p.result;
    p.exploration = shareOffThread(snapshotOf(r));
    p.functions = coverageByFunction(program, r);
    auto artNodesOf = [&](const Execution &e) {
        std::vector<int> nodes;
        for (int st : statesOfSteps(program, r.automaton, e))
            nodes.push_back(st >= 0 ? r.automaton.states[size_t(st)].artNode : -1);
        return nodes;
    };
    if (r.bug)
        p.traceArtNodes.push_back(artNodesOf(r.bug->counterexample));
    for (const CoverageExecution &e : r.executions)
        p.traceArtNodes.push_back(artNodesOf(e.execution));
    return p;
}

} // namespace vcov::app
