#include "automata/AssumptionAutomaton.h"

#include <deque>
#include <map>
#include <sstream>

namespace vcov {

std::string moveLabel(const Program &program, PathMove move) {
    const CfaEdge &e = program.edge(move.edge);
    if (move.isReturn)
        return "return from " + program.functions[e.call.callee].name + " to " + program.functions[e.function].name;
    return e.text;
}

namespace {

std::string quoted(const std::string &s) {
    std::string out = "\"";
    for (char c : s) {
        if (c == '"' || c == '\\')
            out += '\\';
        if (c == '\n')
            out += "\\n";
        else
            out += c;
    }
    return out + "\"";
}

std::string stateName(const AssumptionAutomaton &aa, int s) {
    if (s == AaFalse)
        return "__FALSE";
    if (s == AaTrue)
        return "__TRUE";
    return "ARG" + std::to_string(aa.states[size_t(s)].artNode >= 0 ? aa.states[size_t(s)].artNode : s);
}

} // namespace

AssumptionAutomaton AssumptionAutomaton::fromArt(const Art &art) {
    AssumptionAutomaton aa;
    std::vector<int> stateOf(art.nodes.size(), AaFalse);
    for (const ArtNode &n : art.nodes) {
        if (n.status != ArtNodeStatus::Expanded)
            continue;
        stateOf[size_t(n.id)] = int(aa.states.size());
        AaState s;
        s.artNode = n.id;
        s.location = n.location;
        if (n.state)
            for (size_t i = 1; i < n.state->stack.size(); ++i)
                s.calls.push_back(n.state->stack[i].callEdge);
        aa.states.push_back(std::move(s));
    }
    auto resolve = [&](const ArtNode &c) {
        if (c.status == ArtNodeStatus::Covered)
            return stateOf[size_t(c.coveredBy)]; // FALSE when the coverer is still on the waitlist
        return stateOf[size_t(c.id)];
    };
    for (const ArtNode &n : art.nodes) {
        if (n.status == ArtNodeStatus::Waitlist || n.status == ArtNodeStatus::Target || n.status == ArtNodeStatus::Failed)
            ++aa.falseNodes;
        if (n.status != ArtNodeStatus::Expanded)
            continue;
        AaState &s = aa.states[size_t(stateOf[size_t(n.id)])];
        for (int c : n.children)
            s.out.push_back({art.nodes[size_t(c)].via, resolve(art.nodes[size_t(c)])});
    }
    aa.initialState = art.nodes.empty() ? AaFalse : stateOf[0];
    return aa;
}

int AssumptionAutomaton::step(int state, PathMove move) const {
    if (state < 0)
        return state;
    for (const AaTransition &t : states[size_t(state)].out)
        if (t.move == move)
            return t.target;
    return AaTrue;
}

std::vector<int> AssumptionAutomaton::stateOfArtNode(const Art &art) const {
    std::vector<int> out(art.nodes.size(), AaFalse);
    for (size_t i = 0; i < states.size(); ++i)
        if (states[i].artNode >= 0 && size_t(states[i].artNode) < out.size())
            out[size_t(states[i].artNode)] = int(i);
    for (const ArtNode &n : art.nodes)
        if (n.status == ArtNodeStatus::Covered)
            out[size_t(n.id)] = out[size_t(n.coveredBy)];
    return out;
}

std::string AssumptionAutomaton::toText(const Program &program) const {
    std::ostringstream o;
    o << "OBSERVER AUTOMATON AssumptionAutomaton\n\n";
    o << "INITIAL STATE " << stateName(*this, initialState) << ";\n\n";
    o << "STATE __TRUE :\n    TRUE -> GOTO __TRUE;\n\n";
    o << "STATE __FALSE :\n    TRUE -> GOTO __FALSE;\n\n";
    for (size_t i = 0; i < states.size(); ++i) {
        o << "STATE USEFIRST " << stateName(*this, int(i)) << " :\n";
        for (const AaTransition &t : states[i].out)
            o << "    MATCH " << quoted(moveLabel(program, t.move)) << " -> GOTO " << stateName(*this, t.target) << ";\n";
        o << "    TRUE -> GOTO __TRUE;\n\n";
    }
    o << "END AUTOMATON\n";
    return o.str();
}

AaImport AssumptionAutomaton::fromText(const Program &program, const std::string &text) {
    AaImport result;
    struct RawTransition {
        std::string label, target;
        int line;
    };
    struct RawState {
        std::string name;
        std::vector<RawTransition> out;
    };
    std::vector<RawState> raw;
    std::string initial;
    bool sawHeader = false;
    std::istringstream in(text);
    std::string line;
    int lineNo = 0;
    auto problem = [&](int l, const std::string &what) {
        result.problems.push_back("line " + std::to_string(l) + ": " + what);
    };
    while (std::getline(in, line)) {
        ++lineNo;
        size_t b = line.find_first_not_of(" \t\r");
        if (b == std::string::npos)
            continue;
        std::string t = line.substr(b);
        while (!t.empty() && (t.back() == '\r' || t.back() == ' '))
            t.pop_back();
        if (t.rfind("//", 0) == 0 || t.rfind("#", 0) == 0)
            continue;
        if (t.rfind("OBSERVER AUTOMATON", 0) == 0 || t.rfind("CONTROL AUTOMATON", 0) == 0) {
            sawHeader = true;
        } else if (t.rfind("INITIAL STATE ", 0) == 0) {
            initial = t.substr(14);
            if (!initial.empty() && initial.back() == ';')
                initial.pop_back();
        } else if (t.rfind("STATE ", 0) == 0) {
            std::istringstream ws(t.substr(6));
            std::string w, name;
            while (ws >> w && w != ":")
                if (w != "USEFIRST" && w != "USEALL" && w != "NONTARGET" && w != "TARGET")
                    name = w;
            raw.push_back({name, {}});
        } else if (t.rfind("MATCH ", 0) == 0) {
            size_t q = t.find('"');
            std::string label;
            size_t i = q == std::string::npos ? t.size() : q + 1;
            bool closed = false;
            for (; i < t.size(); ++i) {
                if (t[i] == '\\' && i + 1 < t.size()) {
                    ++i;
                    label += t[i] == 'n' ? '\n' : t[i];
                } else if (t[i] == '"') {
                    closed = true;
                    break;
                } else {
                    label += t[i];
                }
            }
            size_t g = t.find("GOTO ", i);
            if (!closed || g == std::string::npos || raw.empty()) {
                problem(lineNo, "cannot read the transition: " + t);
                continue;
            }
            std::string target = t.substr(g + 5);
            if (!target.empty() && target.back() == ';')
                target.pop_back();
            raw.back().out.push_back({label, target, lineNo});
        } else if (t.rfind("TRUE ->", 0) == 0 || t == "END AUTOMATON") {
            // the fallback of every state, and the end
        } else {
            problem(lineNo, "not part of an assumption automaton: " + t);
        }
    }
    if (!sawHeader) {
        result.problems.push_back("not an automaton: no OBSERVER AUTOMATON header");
        return result;
    }
    AssumptionAutomaton aa;
    std::map<std::string, int> index;
    for (const RawState &r : raw) {
        if (r.name == "__TRUE" || r.name == "__FALSE")
            continue;
        AaState s;
        if (r.name.rfind("ARG", 0) == 0)
            s.artNode = std::atoi(r.name.c_str() + 3);
        index[r.name] = int(aa.states.size());
        aa.states.push_back(std::move(s));
    }
    auto resolve = [&](const std::string &name) -> std::optional<int> {
        if (name == "__FALSE")
            return AaFalse;
        if (name == "__TRUE")
            return AaTrue;
        auto it = index.find(name);
        if (it == index.end())
            return std::nullopt;
        return it->second;
    };
    auto init = resolve(initial.empty() ? "__FALSE" : initial);
    if (!init) {
        result.problems.push_back("the initial state " + initial + " is not defined");
        return result;
    }
    aa.initialState = *init;
    // Locations: walk from the entry, matching each transition's text with a move.
    std::vector<char> placed(aa.states.size(), 0);
    std::deque<int> work;
    if (aa.initialState >= 0 && program.entryFunction != NoFunction) {
        aa.states[size_t(aa.initialState)].location = program.functions[program.entryFunction].entry;
        placed[size_t(aa.initialState)] = 1;
        work.push_back(aa.initialState);
    }
    std::map<std::string, const RawState *> rawByName;
    for (const RawState &r : raw)
        rawByName[r.name] = &r;
    while (!work.empty()) {
        int si = work.front();
        work.pop_front();
        std::string name = "ARG" + std::to_string(aa.states[size_t(si)].artNode);
        for (const auto &[n, i] : index)
            if (i == si)
                name = n;
        const RawState &r = *rawByName.at(name);
        NodeId loc = aa.states[size_t(si)].location;
        std::vector<EdgeId> calls = aa.states[size_t(si)].calls;
        std::vector<PathMove> candidates = movesAt(program, loc, calls);
        std::vector<char> used(candidates.size(), 0);
        for (const RawTransition &t : r.out) {
            auto target = resolve(t.target);
            if (!target) {
                problem(t.line, "unknown state " + t.target);
                continue;
            }
            size_t k = 0;
            while (k < candidates.size() && (used[k] || moveLabel(program, candidates[k]) != t.label))
                ++k;
            if (k == candidates.size()) {
                problem(t.line, "no move \"" + t.label + "\" at N" + std::to_string(loc) + " (line " +
                                    std::to_string(program.node(loc).line) + ") of " + name);
                continue;
            }
            used[k] = 1;
            aa.states[size_t(si)].out.push_back({candidates[k], *target});
            if (*target < 0)
                continue;
            std::vector<EdgeId> nextCalls = calls;
            NodeId next = afterMove(program, candidates[k], nextCalls);
            AaState &ts = aa.states[size_t(*target)];
            if (!placed[size_t(*target)]) {
                placed[size_t(*target)] = 1;
                ts.location = next;
                ts.calls = nextCalls;
                work.push_back(*target);
            } else if (ts.location != next || ts.calls != nextCalls) {
                problem(t.line, t.target + " is reached at two different locations");
            }
        }
    }
    for (size_t i = 0; i < aa.states.size(); ++i)
        if (!placed[i])
            result.problems.push_back("state ARG" + std::to_string(aa.states[i].artNode) + " is not reachable from the initial state");
    result.automaton = std::move(aa);
    return result;
}

std::string AssumptionAutomaton::toDot(const Program &program) const {
    std::ostringstream o;
    o << "digraph AssumptionAutomaton {\n  node [shape=circle, fontname=\"sans\"];\n";
    o << "  FALSE [shape=box, style=filled, fillcolor=\"#f4a6a6\", label=\"FALSE\"];\n";
    o << "  TRUE [shape=box, style=filled, fillcolor=\"#a6e3a6\", label=\"TRUE\"];\n";
    auto id = [&](int s) { return s == AaFalse ? std::string("FALSE") : s == AaTrue ? std::string("TRUE") : "S" + std::to_string(s); };
    for (size_t i = 0; i < states.size(); ++i) {
        const AaState &s = states[i];
        o << "  " << id(int(i)) << " [label=\"" << stateName(*this, int(i)) << "\\nN" << s.location << " l." << program.node(s.location).line
          << "\"" << (int(i) == initialState ? ", peripheries=2" : "") << "];\n";
    }
    for (size_t i = 0; i < states.size(); ++i)
        for (const AaTransition &t : states[i].out) {
            std::string label = moveLabel(program, t.move);
            if (label.size() > 40)
                label = label.substr(0, 37) + "...";
            std::string esc;
            for (char c : label)
                esc += (c == '"' || c == '\\') ? std::string("\\") + c : std::string(1, c);
            o << "  " << id(int(i)) << " -> " << id(t.target) << " [label=\"" << esc << "\"];\n";
        }
    o << "}\n";
    return o.str();
}

ExercisedLines exercisedWithinAnalysis(const Program &program, const AssumptionAutomaton &aa,
                                       const std::vector<PathMove> &moves) {
    ExercisedLines out;
    int state = aa.initial();
    for (const PathMove &m : moves) {
        int next = state == AaFalse ? AaFalse : aa.step(state, m);
        if (next == AaFalse) {
            out.reachedFalse = true;
            return out;
        }
        const CfaEdge &e = program.edge(m.edge);
        if (!m.isReturn && e.kind != EdgeKind::Blank && e.range.valid())
            out.lines.insert({e.range.file, e.range.beginLine});
        ++out.movesBeforeFalse;
        state = next;
    }
    return out;
}

std::vector<int> statesOfSteps(const Program &program, const AssumptionAutomaton &aa, const Execution &execution) {
    std::vector<int> states;
    states.reserve(execution.steps.size());
    int state = aa.initial();
    // movesOf keeps the steps in order and inserts the returns: a return belongs to the
    // step before it.
    for (const PathMove &m : movesOf(program, execution)) {
        state = aa.step(state, m);
        if (m.isReturn && !states.empty())
            states.back() = state;
        else
            states.push_back(state);
    }
    return states;
}

} // namespace vcov
