#include "formats/CoverageJson.h"

#include "formats/ExecutionJson.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <functional>
#include <map>
#include <sstream>

namespace vcov {

namespace {

nlohmann::json lineJson(const Program &p, FileLine l) {
    return {{"file", p.files[size_t(l.file)].path}, {"line", l.line}};
}

// Per line, how many executions pass it inside the explored region.
std::map<FileLine, size_t> hitsPerLine(const Program &program, const CoverageResult &r) {
    std::map<FileLine, size_t> hits;
    for (const auto &x : r.executions) {
        ExercisedLines ex = exercisedWithinAnalysis(program, r.automaton, x.moves);
        for (const FileLine &l : ex.lines)
            ++hits[l];
    }
    return hits;
}

std::string tracefile(const Program &program, const CoverageResult &r, const std::string &name,
                      const std::function<size_t(FileLine)> &count) {
    std::ostringstream o;
    for (size_t f = 0; f < program.files.size(); ++f) {
        if (!program.files[f].isInput)
            continue;
        o << "TN:" << name << "\nSF:" << program.files[f].path << "\n";
        size_t found = 0, hit = 0, fnFound = 0, fnHit = 0;
        // A function's count is its busiest line's: lcov rejects a hit line in a function never hit.
        std::ostringstream fnda;
        for (const auto &fn : program.functions) {
            if (!fn.hasBody || fn.range.file != FileId(f))
                continue;
            size_t most = 0;
            unsigned first = 0;
            for (const auto &[l, ex] : r.lines)
                if (l.file == FileId(f) && l.line >= fn.range.beginLine && l.line <= fn.range.endLine) {
                    most = std::max(most, count(l));
                    first = first ? first : l.line;
                }
            if (!first)
                continue;
            // genhtml wants a function to start on a line it has data for.
            o << "FN:" << first << "," << fn.range.endLine << "," << fn.name << "\n";
            fnda << "FNDA:" << most << "," << fn.name << "\n";
            ++fnFound;
            fnHit += most > 0;
        }
        o << fnda.str() << "FNF:" << fnFound << "\nFNH:" << fnHit << "\n";
        for (const auto &[l, ex] : r.lines) {
            if (l.file != FileId(f))
                continue;
            size_t n = count(l);
            o << "DA:" << l.line << "," << n << "\n";
            ++found;
            hit += n > 0;
        }
        o << "LH:" << hit << "\nLF:" << found << "\nend_of_record\n";
    }
    return o.str();
}

} // namespace

nlohmann::json coverageToJson(const Program &program, const CoverageResult &r) {
    using nlohmann::json;
    json j;
    j["lines"] = {{"coverable", r.lines.size()},
                  {"covered", r.count(LineStatus::Covered)},
                  {"over_approximated", r.count(LineStatus::OverApproximated)},
                  {"uncovered", r.count(LineStatus::Uncovered)},
                  {"unreachable", r.count(LineStatus::Unreachable)}};
    json perLine = json::array();
    for (const auto &[l, ex] : r.lines) {
        json e = lineJson(program, l);
        e["status"] = lineStatusName(ex.status);
        if (ex.execution >= 0)
            e["execution"] = ex.execution;
        if (!ex.artNodes.empty())
            e["art_nodes"] = ex.artNodes;
        if (!ex.frontier.empty()) {
            e["frontier"] = ex.frontier;
            e["frontier_distance"] = ex.frontierDistance;
        }
        if (ex.onViolationPath)
            e["on_violation_path"] = true;
        e["why"] = ex.text;
        perLine.push_back(std::move(e));
    }
    j["per_line"] = std::move(perLine);
    json execs = json::array();
    for (const auto &x : r.executions) {
        json e = executionToJson(program, x.execution);
        e["id"] = x.id;
        e["origin"] = x.origin;
        e["found_at_s"] = x.foundAt;
        e["moves_before_false"] = x.movesBeforeFalse;
        e["replayed"] = true;
        json nl = json::array();
        for (const FileLine &l : x.newLines)
            nl.push_back(lineJson(program, l));
        e["new_lines"] = std::move(nl);
        execs.push_back(std::move(e));
    }
    j["executions"] = std::move(execs);
    if (r.bug) {
        json b = executionToJson(program, r.bug->counterexample);
        b["property"] = propertyName(r.bug->property);
        b["message"] = r.bug->message;
        b["found_by"] = r.bug->foundBy;
        b["replayed"] = r.bug->replayed;
        j["bug"] = std::move(b);
    } else {
        j["bug"] = nullptr;
    }
    json series = json::array();
    for (const auto &p : r.series)
        series.push_back({{"time_s", p.seconds}, {"explored", p.explored}, {"covered", p.covered}, {"phase", p.phase}});
    j["series"] = std::move(series);
    size_t transitions = 0, toFalse = 0;
    for (const auto &s : r.automaton.states)
        for (const auto &t : s.out) {
            ++transitions;
            toFalse += t.target == AaFalse;
        }
    uint32_t maxScore = 0;
    for (uint32_t s : r.reach.ofState)
        maxScore = std::max(maxScore, s);
    j["automaton"] = {{"states", r.automaton.states.size()},
                      {"false_states", r.automaton.falseNodes},
                      {"transitions", transitions},
                      {"transitions_to_false", toFalse},
                      {"max_reach_score", maxScore}};
    const Art &art = *r.art;
    nlohmann::json precision = nlohmann::json::array();
    for (const auto &[where, predicates] : r.precision)
        precision.push_back({{"location", where}, {"predicates", predicates}});
    j["analysis"] = {{"domain", r.analysisDomain},
                     {"refinements", r.refinements},
                     {"precision", precision},
                     {"stop", stopReasonName(r.analysisStop)},
                     {"why", r.analysisStopText},
                     {"nodes", art.nodes.size()},
                     {"waitlist", art.count(ArtNodeStatus::Waitlist)},
                     {"covered_nodes", art.count(ArtNodeStatus::Covered)},
                     {"targets", art.count(ArtNodeStatus::Target)},
                     {"failed", art.count(ArtNodeStatus::Failed)}};
    j["generation"] = {{"executions", r.executions.size()},
                       {"spurious_paths", r.spuriousPaths},
                       {"undecided_paths", r.undecidedPaths},
                       {"redundant_executions", r.redundantExecutions},
                       {"generator_nodes", r.generatorNodes},
                       {"through_coverings", r.executionsThroughCoverings},
                       {"note", r.generationNote}};
    if (r.exactRan)
        j["exact"] = {{"complete", r.exactComplete}, {"bound", r.exactBound}, {"note", r.exactNote}};
    else
        j["exact"] = nullptr;
    j["time_s"] = r.seconds;
    return j;
}

std::string coverageToLcov(const Program &program, const CoverageResult &r) {
    auto hits = hitsPerLine(program, r);
    return tracefile(program, r, "vcov_covered", [&](FileLine l) {
        auto it = hits.find(l);
        return it == hits.end() ? size_t(0) : it->second;
    });
}

std::string exploredToLcov(const Program &program, const CoverageResult &r) {
    return tracefile(program, r, "vcov_explored", [&](FileLine l) { return size_t(r.lines.at(l).artNodes.empty() ? 0 : 1); });
}

} // namespace vcov
