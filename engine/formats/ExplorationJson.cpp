#include "formats/ExplorationJson.h"

#include "semantics/Interpreter.h"

#include <map>
#include <set>

namespace vcov {

using nlohmann::json;

namespace {

constexpr ArtNodeStatus NodeStatuses[] = {ArtNodeStatus::Waitlist, ArtNodeStatus::Expanded, ArtNodeStatus::Covered,
                                          ArtNodeStatus::Target, ArtNodeStatus::Failed};
constexpr LineStatus LineStatuses[] = {LineStatus::Covered, LineStatus::OverApproximated, LineStatus::Uncovered,
                                       LineStatus::Unreachable};
constexpr StopReason StopReasons[] = {StopReason::Running,      StopReason::Finished,   StopReason::FinishedUnconfirmed,
                                      StopReason::NodeBudget,   StopReason::TimeBudget, StopReason::MemoryBudget,
                                      StopReason::Cancelled,    StopReason::ViolationFound};
constexpr TargetCheck TargetChecks[] = {TargetCheck::Unchecked, TargetCheck::PathInfeasible, TargetCheck::Confirmed,
                                        TargetCheck::Spurious, TargetCheck::Unconfirmed};

template <typename E, size_t N> E byName(const E (&values)[N], const char *(*name)(E), const std::string &s) {
    for (E v : values)
        if (s == name(v))
            return v;
    throw ExplorationFormatError("unknown value \"" + s + "\"");
}

// malloc'd bytes read before written: [allocation, offset, bits] triples (older sessions have none).
json inputToJson(const ExecutionInput &in) {
    json j = {{"nondet", in.nondet}, {"uninitialized", in.uninitialized}};
    if (!in.heap.empty()) {
        json heap = json::array();
        for (const auto &[at, bits] : in.heap)
            heap.push_back({at.first, at.second, bits});
        j["heap"] = heap;
    }
    // Memory outside every object read before written: [size, kind, address, bits].
    if (!in.outside.empty()) {
        json outside = json::array();
        for (const auto &[at, bits] : in.outside)
            outside.push_back({std::get<0>(at), std::get<1>(at), std::get<2>(at), bits});
        j["outside"] = outside;
    }
    return j;
}

ExecutionInput inputFromJson(const json &j) {
    ExecutionInput in;
    in.nondet = j.at("nondet").get<std::vector<int64_t>>();
    in.uninitialized = j.at("uninitialized").get<std::vector<int64_t>>();
    if (j.contains("heap"))
        for (const json &h : j.at("heap")) {
            if (!h.is_array() || h.size() != 3)
                throw ExplorationFormatError("a heap input is not [allocation, offset, bits]");
            in.heap[{h[0].get<uint64_t>(), h[1].get<uint64_t>()}] = h[2].get<uint64_t>();
        }
    if (j.contains("outside"))
        for (const json &h : j.at("outside")) {
            if (!h.is_array() || h.size() != 4 || !h[1].is_number_integer() || h[1].get<int64_t>() < 0 || h[1].get<int64_t>() > 3)
                throw ExplorationFormatError("an outside input is not [size, kind 0-3, address, bits]");
            in.outside[{h[0].get<uint64_t>(), h[1].get<int>(), h[2].get<uint64_t>()}] = h[3].get<uint64_t>();
        }
    return in;
}

// Index checks: a session of another program must not crash the reader.
int checked(int64_t v, size_t size, int64_t lowest, const char *what) {
    if (v < lowest || (v >= 0 && size_t(v) >= size))
        throw ExplorationFormatError(std::string(what) + " " + std::to_string(v) + " does not exist in this program");
    return int(v);
}

} // namespace

json explorationToJson(const Program &program, const CoverageResult &r) {
    json j;
    json art = json::array();
    if (r.art)
        for (const ArtNode &n : r.art->nodes)
            art.push_back({n.location, n.parent, n.via.edge, n.via.isReturn, artNodeStatusName(n.status), n.coveredBy,
                           n.terminal, n.exits, targetCheckName(n.check), n.message, n.observerState, n.expansion, n.checkText,
                           n.merged});
    j["art"] = std::move(art);
    json states = json::array();
    for (const AaState &s : r.automaton.states) {
        json out = json::array();
        for (const AaTransition &t : s.out)
            out.push_back({t.move.edge, t.move.isReturn, t.target});
        states.push_back({{"art_node", s.artNode}, {"location", s.location}, {"calls", s.calls}, {"out", std::move(out)}});
    }
    j["automaton"] = {{"initial", r.automaton.initialState}, {"false_nodes", r.automaton.falseNodes}, {"states", std::move(states)}};
    json lines = json::array();
    for (const auto &[l, ex] : r.lines)
        lines.push_back({{"file", l.file},
                         {"line", l.line},
                         {"status", lineStatusName(ex.status)},
                         {"execution", ex.execution},
                         {"art_nodes", ex.artNodes},
                         {"frontier", ex.frontier},
                         {"frontier_distance", ex.frontierDistance},
                         {"on_violation_path", ex.onViolationPath},
                         {"text", ex.text}});
    j["lines"] = std::move(lines);
    json executions = json::array();
    for (const CoverageExecution &e : r.executions) {
        json newLines = json::array();
        for (const FileLine &l : e.newLines)
            newLines.push_back({l.file, l.line});
        executions.push_back({{"id", e.id},
                              {"input", inputToJson(e.execution.input)},
                              {"moves_before_false", e.movesBeforeFalse},
                              {"new_lines", std::move(newLines)},
                              {"found_at", e.foundAt},
                              {"origin", e.origin}});
    }
    j["executions"] = std::move(executions);
    if (r.bug)
        j["bug"] = {{"property", propertyName(r.bug->property)},
                    {"message", r.bug->message},
                    {"found_by", r.bug->foundBy},
                    {"input", inputToJson(r.bug->counterexample.input)}};
    json series = json::array();
    for (const CoveragePoint &p : r.series)
        series.push_back({p.seconds, p.explored, p.covered, p.phase});
    j["series"] = std::move(series);
    j["analysis_stop"] = stopReasonName(r.analysisStop);
    j["analysis_stop_text"] = r.analysisStopText;
    j["generator_nodes"] = r.generatorNodes;
    j["spurious_paths"] = r.spuriousPaths;
    j["undecided_paths"] = r.undecidedPaths;
    j["redundant_executions"] = r.redundantExecutions;
    j["through_coverings"] = r.executionsThroughCoverings;
    j["generation_note"] = r.generationNote;
    j["exact"] = {{"ran", r.exactRan}, {"complete", r.exactComplete}, {"bound", r.exactBound}, {"note", r.exactNote}};
    j["seconds"] = r.seconds;
    (void)program;
    return j;
}

CoverageResult explorationFromJson(const Program &program, const json &j) {
    try {
        CoverageResult r;
        const size_t nodes = program.nodes.size(), edges = program.edges.size();
        auto art = std::make_shared<Art>();
        const json &artJson = j.at("art");
        for (size_t i = 0; i < artJson.size(); ++i) {
            const json &a = artJson[i];
            ArtNode n;
            n.id = int(i);
            n.location = checked(a.at(0).get<int64_t>(), nodes, 0, "CFA node");
            n.parent = checked(a.at(1).get<int64_t>(), i, -1, "ART node");
            if (n.parent >= 0) {
                n.via = {checked(a.at(2).get<int64_t>(), edges, 0, "CFA edge"), a.at(3).get<bool>()};
                art->nodes[size_t(n.parent)].children.push_back(n.id);
            }
            n.status = byName(NodeStatuses, artNodeStatusName, a.at(4).get<std::string>());
            n.coveredBy = checked(a.at(5).get<int64_t>(), artJson.size(), -1, "ART node");
            n.terminal = a.at(6).get<bool>();
            n.exits = a.at(7).get<bool>();
            // Sessions before the check by every ART path kept a flag that only meant "the
            // tree path is infeasible"; they claim no more than that now.
            if (a.at(8).is_boolean())
                n.check = a.at(8).get<bool>() ? TargetCheck::PathInfeasible : TargetCheck::Unconfirmed;
            else
                n.check = byName(TargetChecks, targetCheckName, a.at(8).get<std::string>());
            if (a.size() > 12)
                n.checkText = a.at(12).get<std::string>();
            if (a.size() > 13) // sessions before merge-join have no such column
                n.merged = a.at(13).get<bool>() && n.status == ArtNodeStatus::Covered;
            n.message = a.at(9).get<std::string>();
            n.observerState = a.at(10).get<int>();
            n.expansion = a.at(11).get<int>();
            art->nodes.push_back(std::move(n));
        }
        r.art = art;
        const json &aa = j.at("automaton");
        for (const json &s : aa.at("states")) {
            AaState st;
            st.artNode = checked(s.at("art_node").get<int64_t>(), art->nodes.size(), -1, "ART node");
            st.location = checked(s.at("location").get<int64_t>(), nodes, 0, "CFA node");
            for (int64_t c : s.at("calls").get<std::vector<int64_t>>())
                st.calls.push_back(checked(c, edges, 0, "CFA edge"));
            for (const json &t : s.at("out"))
                st.out.push_back({{checked(t.at(0).get<int64_t>(), edges, 0, "CFA edge"), t.at(1).get<bool>()}, t.at(2).get<int>()});
            r.automaton.states.push_back(std::move(st));
        }
        for (const AaState &st : r.automaton.states)
            for (const AaTransition &t : st.out)
                checked(t.target, r.automaton.states.size(), AaTrue, "automaton state");
        r.automaton.initialState = checked(aa.at("initial").get<int64_t>(), r.automaton.states.size(), AaTrue, "automaton state");
        r.automaton.falseNodes = aa.at("false_nodes").get<size_t>();
        r.reach = computeReach(program, LineIndex(program), r.automaton);

        for (const json &l : j.at("lines")) {
            LineExplanation ex;
            ex.line = {checked(l.at("file").get<int64_t>(), program.files.size(), 0, "file"), l.at("line").get<unsigned>()};
            ex.status = byName(LineStatuses, lineStatusName, l.at("status").get<std::string>());
            ex.execution = l.at("execution").get<int>();
            ex.artNodes = l.at("art_nodes").get<std::vector<int>>();
            ex.frontier = l.at("frontier").get<std::vector<int>>();
            ex.frontierDistance = l.at("frontier_distance").get<int>();
            ex.onViolationPath = l.at("on_violation_path").get<bool>();
            ex.text = l.at("text").get<std::string>();
            r.lines[ex.line] = std::move(ex);
        }
        // Evidence is re-made, not believed: every execution runs again on this program.
        for (const json &e : j.at("executions")) {
            CoverageExecution x;
            x.id = e.at("id").get<int>();
            x.execution = runProgram(program, inputFromJson(e.at("input")));
            if (x.execution.ending.kind != EndingKind::Exit)
                throw ExplorationFormatError("execution #" + std::to_string(x.id) +
                                             " does not end normally on this program (" +
                                             describeEnding(program, x.execution.ending) + ")");
            x.moves = movesOf(program, x.execution);
            x.movesBeforeFalse = e.at("moves_before_false").get<size_t>();
            for (const json &l : e.at("new_lines"))
                x.newLines.push_back({l.at(0).get<FileId>(), l.at(1).get<unsigned>()});
            x.foundAt = e.at("found_at").get<double>();
            x.origin = e.at("origin").get<std::string>();
            r.executions.push_back(std::move(x));
        }
        // A line is covered only if its execution, replayed here, passes it inside the
        // explored region (Definition 2) — the file's word is not enough.
        std::map<int, std::set<FileLine>> exercised;
        for (const CoverageExecution &x : r.executions)
            exercised[x.id] = exercisedWithinAnalysis(program, r.automaton, x.moves).lines;
        for (const auto &[line, ex] : r.lines) {
            if (ex.status != LineStatus::Covered)
                continue;
            auto it = exercised.find(ex.execution);
            if (it == exercised.end() || !it->second.count(line))
                throw ExplorationFormatError("line " + std::to_string(line.line) + " is marked covered, but execution #" +
                                             std::to_string(ex.execution) + " does not pass it inside the explored region");
        }
        if (j.contains("bug")) {
            const json &b = j.at("bug");
            CoverageBug bug;
            bug.property = propertyFromName(b.at("property").get<std::string>()).value_or(Property::Assertion);
            bug.message = b.at("message").get<std::string>();
            bug.foundBy = b.at("found_by").get<std::string>();
            bug.counterexample = runProgram(program, inputFromJson(b.at("input")));
            if (bug.counterexample.ending.kind != EndingKind::PropertyViolation)
                throw ExplorationFormatError("the counterexample does not violate the property on this program (" +
                                             describeEnding(program, bug.counterexample.ending) + ")");
            bug.replayed = true;
            r.bug = std::move(bug);
        }
        for (const json &p : j.at("series"))
            r.series.push_back({p.at(0).get<double>(), p.at(1).get<size_t>(), p.at(2).get<size_t>(), p.at(3).get<std::string>()});
        r.analysisStop = byName(StopReasons, stopReasonName, j.at("analysis_stop").get<std::string>());
        r.analysisStopText = j.at("analysis_stop_text").get<std::string>();
        r.generatorNodes = j.at("generator_nodes").get<size_t>();
        r.spuriousPaths = j.at("spurious_paths").get<size_t>();
        r.undecidedPaths = j.at("undecided_paths").get<size_t>();
        r.redundantExecutions = j.at("redundant_executions").get<size_t>();
        r.executionsThroughCoverings = j.value("through_coverings", size_t(0)); // sessions before it had none
        r.generationNote = j.at("generation_note").get<std::string>();
        const json &exact = j.at("exact");
        r.exactRan = exact.at("ran").get<bool>();
        r.exactComplete = exact.at("complete").get<bool>();
        r.exactBound = exact.at("bound").get<unsigned>();
        r.exactNote = exact.at("note").get<std::string>();
        r.seconds = j.at("seconds").get<double>();
        return r;
    } catch (const json::exception &ex) {
        throw ExplorationFormatError(std::string("malformed exploration: ") + ex.what());
    }
}

json coverageOptionsToJson(const CoverageOptions &o) {
    return {{"order", traversalOrderName(o.analysis.order)},
            {"tie_break", o.analysis.scoreTieBreak},
            {"max_nodes", o.analysis.budget.maxNodes},
            {"max_seconds", o.analysis.budget.maxSeconds},
            {"max_memory_mb", o.analysis.budget.maxMemoryMb},
            {"exec_budget", o.execBudget},
            {"exec_seconds", o.execSeconds},
            {"generator_max_nodes", o.generatorMaxNodes},
            {"generator_max_memory_mb", o.generatorMaxMemoryMb},
            {"generator_dive_nodes", o.generatorDiveNodes},
            {"heuristic", o.heuristic},
            {"solver_completion", o.solverCompletion},
            {"exact", o.exact},
            {"exact_seconds", o.exactSeconds},
            {"exact_max_unwind", o.exactMaxUnwind}};
}

CoverageOptions coverageOptionsFromJson(const json &j) {
    CoverageOptions o;
    if (auto order = traversalOrderFromName(j.value("order", std::string())))
        o.analysis.order = *order;
    o.analysis.scoreTieBreak = j.value("tie_break", o.analysis.scoreTieBreak);
    o.analysis.budget.maxNodes = j.value("max_nodes", o.analysis.budget.maxNodes);
    o.analysis.budget.maxSeconds = j.value("max_seconds", o.analysis.budget.maxSeconds);
    o.analysis.budget.maxMemoryMb = j.value("max_memory_mb", o.analysis.budget.maxMemoryMb);
    o.execBudget = j.value("exec_budget", o.execBudget);
    o.execSeconds = j.value("exec_seconds", o.execSeconds);
    o.generatorMaxNodes = j.value("generator_max_nodes", o.generatorMaxNodes);
    o.generatorMaxMemoryMb = j.value("generator_max_memory_mb", o.generatorMaxMemoryMb);
    o.generatorDiveNodes = j.value("generator_dive_nodes", o.generatorDiveNodes);
    o.heuristic = j.value("heuristic", o.heuristic);
    o.solverCompletion = j.value("solver_completion", o.solverCompletion);
    o.exact = j.value("exact", o.exact);
    o.exactSeconds = j.value("exact_seconds", o.exactSeconds);
    o.exactMaxUnwind = j.value("exact_max_unwind", o.exactMaxUnwind);
    return o;
}

} // namespace vcov
