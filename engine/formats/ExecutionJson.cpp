#include "formats/ExecutionJson.h"

#include <nlohmann/json.hpp>

namespace vcov {

nlohmann::json executionToJson(const Program &p, const Execution &x) {
    nlohmann::json j;
    j["inputs"] = x.input.nondet;
    j["uninitialized"] = x.input.uninitialized;
    if (!x.input.heap.empty()) {
        // malloc'd bytes read before written, as the replay gave them.
        nlohmann::json heap = nlohmann::json::array();
        for (const auto &[at, bits] : x.input.heap)
            heap.push_back({{"allocation", at.first}, {"offset", at.second}, {"bits", bits}});
        j["heap"] = heap;
    }
    if (!x.input.outside.empty()) {
        // Memory outside every object read before written, as the replay gave it.
        nlohmann::json outside = nlohmann::json::array();
        for (const auto &[at, bits] : x.input.outside)
            outside.push_back({{"size", std::get<0>(at)},
                               {"kind", outsideKindName(std::get<1>(at))},
                               {"address", std::get<2>(at)},
                               {"bits", bits}});
        j["outside"] = outside;
    }
    j["output"] = x.output;
    nlohmann::json ending = {{"kind", endingKindName(x.ending.kind)}, {"description", describeEnding(p, x.ending)}};
    if (x.ending.kind == EndingKind::Exit)
        ending["exit_code"] = x.ending.exitCode;
    if (x.ending.property)
        ending["property"] = propertyName(*x.ending.property);
    if (x.ending.edge >= 0) {
        const CfaEdge &e = p.edge(x.ending.edge);
        ending["file"] = e.range.valid() ? p.files[e.range.file].path : "";
        ending["line"] = e.range.beginLine;
        ending["text"] = e.text;
    }
    if (!x.ending.message.empty())
        ending["message"] = x.ending.message;
    j["ending"] = ending;
    nlohmann::json steps = nlohmann::json::array();
    for (const auto &s : x.steps) {
        const CfaEdge &e = p.edge(s.edge);
        nlohmann::json js = {{"edge", s.edge},
                             {"file", e.range.valid() ? p.files[e.range.file].path : ""},
                             {"line", e.range.beginLine},
                             {"function", p.functions[s.function].name},
                             {"depth", s.depth},
                             {"text", e.text}};
        if (!s.assigned.empty()) {
            js["lhs"] = s.assigned;
            js["value"] = s.value;
        }
        if (s.nondet)
            js["nondet"] = *s.nondet;
        steps.push_back(js);
    }
    j["steps"] = steps;
    return j;
}

std::string executionTrace(const Program &p, const Execution &x) {
    // Every recorded run has a step: none means a replay too long to record.
    if (x.steps.empty())
        return "  (the run is too long to record its steps: `vcov-cli run` with its inputs replays it)\n";
    std::string out;
    for (const auto &s : x.steps) {
        const CfaEdge &e = p.edge(s.edge);
        if (e.kind == EdgeKind::Blank)
            continue;
        std::string where = e.range.valid() ? p.files[e.range.file].path + ":" + std::to_string(e.range.beginLine) : "?";
        out += where + "  " + std::string(size_t(s.depth) * 2, ' ') + p.functions[s.function].name + ": " + e.text;
        if (!s.assigned.empty())
            out += "    [" + s.assigned + " = " + s.value + "]";
        if (s.nondet)
            out += "  (input " + (s.nondetText.empty() ? std::to_string(*s.nondet) : s.nondetText) + ")";
        out += "\n";
    }
    return out;
}

} // namespace vcov
