#include "formats/Sarif.h"

#include <nlohmann/json.hpp>

namespace vcov {

namespace {

using nlohmann::json;

json physical(const Program &p, const SourceRange &r) {
    json region = {{"startLine", r.beginLine}};
    if (r.beginColumn)
        region["startColumn"] = r.beginColumn;
    if (r.endLine >= r.beginLine && r.endLine) {
        region["endLine"] = r.endLine;
        if (r.endColumn)
            region["endColumn"] = r.endColumn + 1; // SARIF's end column is exclusive
    }
    return {{"artifactLocation", {{"uri", p.files[size_t(r.file)].path}}}, {"region", region}};
}

json logWith(json rules, json results, const std::string &version) {
    return {{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
            {"version", "2.1.0"},
            {"runs",
             json::array({{{"tool",
                            {{"driver",
                              {{"name", "vcov"},
                               {"version", version},
                               {"rules", rules}}}}},
                           {"results", results}}})}};
}

json rule(const std::string &id, const std::string &text, const std::string &level) {
    return {{"id", id},
            {"shortDescription", {{"text", text}}},
            {"defaultConfiguration", {{"level", level}}}};
}

} // namespace

json sarifForViolation(const Program &p, const Execution *x, const std::string &message, const std::string &version) {
    json rules = json::array(), results = json::array();
    if (x && x->ending.kind == EndingKind::PropertyViolation && x->ending.edge >= 0) {
        const std::string id = x->ending.property ? propertyName(*x->ending.property) : "assertion";
        rules.push_back(rule(id, "a property violation (" + id + "), found by bounded model checking and replayed",
                             "error"));
        json flow = json::array();
        for (const ExecutionStep &s : x->steps) {
            const CfaEdge &e = p.edge(s.edge);
            if (e.kind == EdgeKind::Blank || !e.range.valid())
                continue;
            std::string text = p.functions[size_t(s.function)].name + ": " + e.text;
            if (!s.assigned.empty())
                text += "  [" + s.assigned + " = " + s.value + "]";
            if (s.nondet)
                text += "  (input " + (s.nondetText.empty() ? std::to_string(*s.nondet) : s.nondetText) + ")";
            flow.push_back({{"location", {{"physicalLocation", physical(p, e.range)}, {"message", {{"text", text}}}}},
                            {"nestingLevel", s.depth}});
        }
        const CfaEdge &end = p.edge(x->ending.edge);
        results.push_back({{"ruleId", id},
                           {"level", "error"},
                           {"message", {{"text", message}}},
                           {"locations", json::array({{{"physicalLocation", physical(p, end.range)}}})},
                           {"codeFlows", json::array({{{"threadFlows", json::array({{{"locations", flow}}})}}})}});
    }
    return logWith(rules, results, version);
}

json sarifForCoverage(const Program &p, const CoverageResult &r, const std::string &version) {
    json rules = json::array({rule("uncovered-line", "no execution covers the line and the analysis did not explore it", "note"),
                              rule("over-approximated-line",
                                   "the analysis explored the line but no execution covers it", "note"),
                              rule("unreachable-line", "the line is proved unreachable", "note")});
    json results = json::array();
    for (const auto &[l, ex] : r.lines) {
        if (ex.status == LineStatus::Covered)
            continue;
        const char *id = ex.status == LineStatus::Uncovered        ? "uncovered-line"
                         : ex.status == LineStatus::OverApproximated ? "over-approximated-line"
                                                                     : "unreachable-line";
        SourceRange range;
        range.file = l.file;
        range.beginLine = range.endLine = l.line;
        results.push_back({{"ruleId", id},
                           {"level", "note"},
                           {"message", {{"text", ex.text.empty() ? std::string(lineStatusName(ex.status)) : ex.text}}},
                           {"locations", json::array({{{"physicalLocation", physical(p, range)}}})}});
    }
    if (r.bug) {
        json v = sarifForViolation(p, &r.bug->counterexample, r.bug->message, version);
        for (auto &x : v["runs"][0]["tool"]["driver"]["rules"])
            rules.push_back(x);
        for (auto &x : v["runs"][0]["results"])
            results.push_back(x);
    }
    return logWith(rules, results, version);
}

void addVacuityToSarif(json &log, const Program &p, const VacuityReport &v) {
    json &run = log["runs"][0];
    if (v.count(AssertionStatus::Vacuous))
        run["tool"]["driver"]["rules"].push_back(
            rule("vacuous-assertion", "the assertion is never reached: proved, so a verdict of safe says nothing of it", "warning"));
    if (v.count(AssertionStatus::Unknown))
        run["tool"]["driver"]["rules"].push_back(
            rule("unreached-assertion", "no execution found reaches the assertion, and none was proved not to", "note"));
    for (const AssertionSite &s : v.sites) {
        if (s.status != AssertionStatus::Vacuous && s.status != AssertionStatus::Unknown)
            continue;
        const CfaEdge &e = p.edge(s.edge);
        const bool vacuous = s.status == AssertionStatus::Vacuous;
        run["results"].push_back({{"ruleId", vacuous ? "vacuous-assertion" : "unreached-assertion"},
                                  {"level", vacuous ? "warning" : "note"},
                                  {"message", {{"text", s.text + ": " + s.evidence}}},
                                  {"locations", json::array({{{"physicalLocation", physical(p, e.range)}}})}});
    }
}

} // namespace vcov
