#include "formats/GoalsJson.h"

#include "semantics/Interpreter.h"

#include <nlohmann/json.hpp>

#include <map>
#include <set>
#include <sstream>

namespace vcov {

nlohmann::json goalsToJson(const Program &program, const GoalReport &report) {
    using nlohmann::json;
    json goals = json::array();
    for (const BranchGoal &g : report.goals) {
        json j{{"id", g.id},
               {"file", g.file >= 0 ? program.files[size_t(g.file)].path : ""},
               {"line", g.line},
               {"column", g.column},
               {"function", g.function},
               {"condition", g.condition},
               {"polarity", g.polarity},
               {"arm_line", g.armLine},
               {"status", goalStatusName(g.status)},
               {"test", g.test >= 0 ? json(report.tests[size_t(g.test)].id) : json(nullptr)},
               {"proof", g.proof},
               {"k", g.k},
               {"reason", g.reason}};
        goals.push_back(std::move(j));
    }
    json tests = json::array();
    for (const GoalTest &t : report.tests) {
        json covered = json::array();
        for (int g : t.goals)
            covered.push_back(report.goals[size_t(g)].id);
        tests.push_back({{"id", t.id},
                         {"inputs", t.input.nondet},
                         {"types", t.types},
                         {"calls", t.calls},
                         {"goals", covered},
                         {"origin", t.origin},
                         {"ending", t.ending},
                         {"reads_uninitialized", t.readsUninitialized}});
    }
    json summary{{"goals", report.goals.size()},
                 {"covered", report.count(GoalStatus::Covered)},
                 {"unreachable", report.count(GoalStatus::Unreachable)},
                 {"unknown", report.count(GoalStatus::Unknown)},
                 {"tests", report.tests.size()},
                 {"k", report.kReached},
                 {"seconds", report.seconds},
                 {"cancelled", report.cancelled}};
    if (!report.error.empty())
        summary["error"] = report.error;
    return {{"goals", goals}, {"tests", tests}, {"summary", summary}};
}

std::optional<GoalReport> goalsFromJson(const Program &program, const nlohmann::json &j, std::string &error) {
    try {
        GoalReport r;
        r.goals = branchGoals(program);
        const auto &goals = j.at("goals");
        if (goals.size() != r.goals.size()) {
            error = "the program has " + std::to_string(r.goals.size()) + " branch goals, the report " +
                    std::to_string(goals.size());
            return std::nullopt;
        }
        std::map<std::string, int> testIndex;
        for (const auto &t : j.at("tests")) {
            GoalTest test;
            test.id = t.at("id").get<std::string>();
            test.input.nondet = t.at("inputs").get<std::vector<int64_t>>();
            test.types = t.value("types", std::vector<std::string>{});
            test.calls = t.value("calls", std::vector<std::string>{});
            test.origin = t.value("origin", std::string());
            testIndex[test.id] = int(r.tests.size());
            r.tests.push_back(std::move(test));
        }
        // Replay: which goals each test enters now.
        std::map<EdgeId, int> goalOf;
        for (size_t i = 0; i < r.goals.size(); ++i)
            goalOf[r.goals[i].edge] = int(i);
        std::vector<std::set<int>> entered(r.tests.size());
        for (size_t t = 0; t < r.tests.size(); ++t) {
            InterpreterOptions io;
            io.properties = {};
            io.maxSteps = GoalOptions{}.maxSteps; // as the job replayed them
            const Execution x = runProgram(program, r.tests[t].input, io);
            std::set<EdgeId> edges;
            const size_t full = completedSteps(x);
            for (size_t i = 0; i < full; ++i) {
                edges.insert(x.steps[i].edge);
                if (auto it = goalOf.find(x.steps[i].edge); it != goalOf.end() && entered[t].insert(it->second).second)
                    r.tests[t].goals.push_back(it->second);
            }
            r.tests[t].edges.assign(edges.begin(), edges.end());
            r.tests[t].ending = describeEnding(program, x.ending);
        }
        for (size_t i = 0; i < r.goals.size(); ++i) {
            const auto &g = goals[i];
            BranchGoal &goal = r.goals[i];
            if (g.at("id").get<std::string>() != goal.id || g.at("line").get<unsigned>() != goal.line ||
                g.at("condition").get<std::string>() != goal.condition || g.at("polarity").get<bool>() != goal.polarity) {
                error = "goal " + goal.id + " is not the report's " + g.at("id").get<std::string>() +
                        " (the program changed)";
                return std::nullopt;
            }
            const std::string status = g.at("status").get<std::string>();
            goal.k = g.value("k", 0u);
            if (status == "covered" && g.at("test").is_string() && testIndex.count(g.at("test").get<std::string>())) {
                const int t = testIndex[g.at("test").get<std::string>()];
                if (entered[size_t(t)].count(int(i))) {
                    goal.status = GoalStatus::Covered;
                    goal.test = t;
                } else {
                    goal.reason = "its test " + r.tests[size_t(t)].id + " no longer enters it";
                }
            } else if (status == "unreachable") {
                // A proof is not replayed: the report says it was read back, not found again.
                goal.status = GoalStatus::Unreachable;
                goal.proof = g.value("proof", std::string()) + " (as the saved report says)";
            } else {
                goal.reason = g.value("reason", std::string());
            }
        }
        const auto &summary = j.at("summary");
        r.kReached = summary.value("k", 0u);
        r.seconds = summary.value("seconds", 0.0);
        r.cancelled = summary.value("cancelled", false);
        return r;
    } catch (const nlohmann::json::exception &ex) {
        error = std::string("not a branch-goal report: ") + ex.what();
        return std::nullopt;
    }
}

std::string goalsToLcov(const Program &program, const GoalReport &report, const std::string &testName) {
    // How many tests run each line and enter each goal.
    std::map<FileLine, size_t> lineHits;
    std::map<int, size_t> goalHits;
    for (const GoalTest &t : report.tests) {
        std::set<FileLine> lines;
        for (EdgeId e : t.edges) {
            const CfaEdge &edge = program.edge(e);
            if (edge.kind != EdgeKind::Blank && edge.range.valid())
                lines.insert({edge.range.file, edge.range.beginLine});
        }
        for (const FileLine &l : lines)
            ++lineHits[l];
        for (int g : t.goals)
            ++goalHits[g];
    }
    std::ostringstream o;
    for (size_t f = 0; f < program.files.size(); ++f) {
        if (!program.files[f].isInput)
            continue;
        o << "TN:" << testName << "\nSF:" << program.files[f].path << "\n";
        size_t found = 0, hit = 0;
        std::map<unsigned, int> blocks; // branches seen so far on a line
        std::map<std::pair<unsigned, EdgeId>, int> blockOf;
        for (size_t i = 0; i < report.goals.size(); ++i) {
            const BranchGoal &g = report.goals[i];
            if (g.file != FileId(f))
                continue;
            const auto key = std::make_pair(g.line, std::min(g.edge, g.sibling));
            auto it = blockOf.find(key);
            if (it == blockOf.end())
                it = blockOf.emplace(key, blocks[g.line]++).first;
            // "-": the tests never reach the branch (neither half is entered).
            int sibling = -1;
            for (size_t j = 0; j < report.goals.size(); ++j)
                if (report.goals[j].edge == g.sibling)
                    sibling = int(j);
            const size_t n = goalHits.count(int(i)) ? goalHits[int(i)] : 0;
            const bool reached = n > 0 || (sibling >= 0 && goalHits.count(sibling));
            o << "BRDA:" << g.line << "," << it->second << "," << (g.polarity ? 0 : 1) << ","
              << (reached ? std::to_string(n) : "-") << "\n";
            ++found;
            hit += n > 0;
        }
        o << "BRF:" << found << "\nBRH:" << hit << "\n";
        size_t lines = 0, linesHit = 0;
        for (unsigned line : program.coverableLines(FileId(f))) {
            auto it = lineHits.find({FileId(f), line});
            const size_t n = it == lineHits.end() ? 0 : it->second;
            o << "DA:" << line << "," << n << "\n";
            ++lines;
            linesHit += n > 0;
        }
        o << "LF:" << lines << "\nLH:" << linesHit << "\nend_of_record\n";
    }
    return o.str();
}

nlohmann::json vacuityToJson(const Program &program, const VacuityReport &report) {
    nlohmann::json sites = nlohmann::json::array();
    for (const AssertionSite &s : report.sites) {
        nlohmann::json j = {{"file", s.file >= 0 ? program.files[size_t(s.file)].path : ""},
                            {"line", s.line},
                            {"column", s.column},
                            {"function", s.function},
                            {"assertion", s.text},
                            {"status", assertionStatusName(s.status)},
                            {"evidence", s.evidence}};
        if (s.execution)
            j["inputs"] = s.execution->nondet;
        sites.push_back(std::move(j));
    }
    return {{"sites", sites},
            {"summary", vacuitySummary(report)},
            {"outside_entry", report.outsideEntry},
            {"vacuous", report.count(AssertionStatus::Vacuous)},
            {"reached", report.count(AssertionStatus::HoldsReached)},
            {"violated", report.count(AssertionStatus::Violated)},
            {"unknown", report.count(AssertionStatus::Unknown)},
            {"time_s", report.seconds}};
}

} // namespace vcov
