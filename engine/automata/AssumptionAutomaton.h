// The assumption automaton of an interrupted ART (Conditional Model Checking; DESIGN.md
// §1): one state per expanded, non-covered ART node, a transition per ART edge, FALSE for
// the unexplored part (waitlist, target and failed nodes) and TRUE as the fallback for
// moves the ART never took. ψ(π) holds iff π does not reach FALSE.
#pragma once

#include "Cfa.h"
#include "analysis/Art.h"
#include "semantics/PathObserver.h"
#include "semantics/Execution.h"

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace vcov {

constexpr int AaFalse = -1;
constexpr int AaTrue = -2;

struct AaTransition {
    PathMove move;
    int target = AaFalse; // a state, AaFalse or AaTrue
};

struct AaState {
    int artNode = -1;            // the ART node it stands for (-1 when imported)
    NodeId location = NoNode;
    std::vector<EdgeId> calls;   // the call stack (call edges below the entry function)
    std::vector<AaTransition> out;
};

struct AaImport;

class AssumptionAutomaton : public PathObserver {
public:
    std::vector<AaState> states;
    int initialState = AaFalse;
    size_t falseNodes = 0; // ART nodes that went to FALSE (waitlist, target, failed)

    static AssumptionAutomaton fromArt(const Art &art);

    int initial() const override { return initialState; }
    // FALSE and TRUE keep themselves; a move without a transition goes to TRUE.
    int step(int state, PathMove move) const override;
    bool beyond(int state) const override { return state < 0; }
    // State of each ART node (AaFalse for nodes that went to FALSE).
    std::vector<int> stateOfArtNode(const Art &art) const;

    // CPAchecker's assumption-automaton text (OBSERVER AUTOMATON AssumptionAutomaton ...).
    std::string toText(const Program &program) const;
    // Reads such a text for the same program: locations are found by walking from the
    // entry and matching each MATCH text with a move there.
    static AaImport fromText(const Program &program, const std::string &text);
    std::string toDot(const Program &program) const;
};

struct AaImport {
    std::optional<AssumptionAutomaton> automaton;
    std::vector<std::string> problems; // unmatched transitions, syntax errors (with line numbers)
};

// The label of a move in the automaton text: the edge's source text, or for a return
// "return from <callee> to <caller>".
std::string moveLabel(const Program &program, PathMove move);

// The automaton state after each step of an execution (returns from callees taken as they
// come): where a trace view stands in the automaton.
std::vector<int> statesOfSteps(const Program &program, const AssumptionAutomaton &aa, const Execution &execution);

// exercisedWithinAnalysis (Definition 2): the lines of the moves taken before FALSE.
struct ExercisedLines {
    std::set<FileLine> lines;
    size_t movesBeforeFalse = 0; // how many moves were walked before FALSE (all of them if never)
    bool reachedFalse = false;
};
ExercisedLines exercisedWithinAnalysis(const Program &program, const AssumptionAutomaton &aa,
                                       const std::vector<PathMove> &moves);

} // namespace vcov
