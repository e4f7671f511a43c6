#include "formats/CfaJson.h"

#include <nlohmann/json.hpp>

namespace vcov {

nlohmann::json diagnosticsToJson(const Diagnostics &diagnostics) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto &d : diagnostics.items())
        out.push_back({{"severity", severityName(d.severity)},
                       {"file", d.file},
                       {"line", d.line},
                       {"column", d.column},
                       {"message", d.message}});
    return out;
}

nlohmann::json programToJson(const Program &p, const std::string &onlyFunction) {
    nlohmann::json j;
    j["data_model"] = dataModelName(p.dataModel());
    j["files"] = nlohmann::json::array();
    for (size_t i = 0; i < p.files.size(); ++i)
        j["files"].push_back({{"id", i}, {"path", p.files[i].path}, {"input", p.files[i].isInput}});
    j["entry"] = p.entryFunction == NoFunction ? nlohmann::json() : nlohmann::json(p.functions[p.entryFunction].name);
    j["functions"] = nlohmann::json::array();
    for (const auto &f : p.functions) {
        if (!onlyFunction.empty() && f.name != onlyFunction)
            continue;
        nlohmann::json jf;
        jf["name"] = f.name;
        jf["has_body"] = f.hasBody;
        jf["type"] = f.type ? f.type->spelling() : "";
        if (!f.hasBody) {
            jf["intrinsic"] = intrinsicName(f.intrinsic);
            j["functions"].push_back(jf);
            continue;
        }
        jf["entry"] = f.entry;
        jf["exit"] = f.exit;
        jf["nodes"] = nlohmann::json::array();
        for (NodeId n : f.nodes) {
            const auto &node = p.node(n);
            jf["nodes"].push_back({{"id", n}, {"line", node.line}, {"loop_head", node.loopHead}});
        }
        jf["edges"] = nlohmann::json::array();
        for (EdgeId e : f.edges) {
            const auto &edge = p.edge(e);
            nlohmann::json je = {{"id", e},
                                 {"from", edge.from},
                                 {"to", edge.to},
                                 {"kind", edgeKindName(edge.kind)},
                                 {"text", edge.text},
                                 {"operation", edgeOperation(p, edge)},
                                 {"file", edge.range.file},
                                 {"line", edge.range.beginLine},
                                 {"column", edge.range.beginColumn},
                                 {"end_line", edge.range.endLine},
                                 {"end_column", edge.range.endColumn}};
            if (edge.kind == EdgeKind::Assume) {
                je["truth"] = edge.truth;
                je["condition"] = exprToString(p, edge.cond);
            }
            if (edge.kind == EdgeKind::Call) {
                je["callee"] = edge.call.calleeName;
                je["intrinsic"] = intrinsicName(edge.call.intrinsic);
            }
            jf["edges"].push_back(je);
        }
        j["functions"].push_back(jf);
    }
    nlohmann::json lines = nlohmann::json::object();
    for (size_t i = 0; i < p.files.size(); ++i) {
        auto set = p.coverableLines(FileId(i));
        if (!set.empty())
            lines[p.files[i].path] = std::vector<unsigned>(set.begin(), set.end());
    }
    j["coverable_lines"] = lines;
    j["diagnostics"] = diagnosticsToJson(p.diagnostics);
    return j;
}

} // namespace vcov
