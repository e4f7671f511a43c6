#include "mutation/StatementDeletion.h"

#include <set>

namespace vcov {

bool deletableEdge(const Program &p, const CfaEdge &e) {
    return e.kind == EdgeKind::Assignment || (e.kind == EdgeKind::Call && !callsBody(p, e));
}

CfaEdge deletedEdge(const CfaEdge &e) {
    CfaEdge blank;
    blank.id = e.id;
    blank.from = e.from;
    blank.to = e.to;
    blank.function = e.function;
    blank.range = e.range;
    blank.text = "(deleted) " + e.text;
    return blank;
}

ProgramVariant deleteStatements(const Program &p, FileId file, unsigned line, unsigned column) {
    ProgramVariant v;
    v.name = "delete " + (file >= 0 && size_t(file) < p.files.size() ? p.files[size_t(file)].path : "?") + ":" +
             std::to_string(line) + (column ? ":" + std::to_string(column) : "");
    for (EdgeId id : p.edgesOnLine(file, line)) {
        const CfaEdge &e = p.edge(id);
        if (!deletableEdge(p, e) || (column && e.range.beginColumn != column))
            continue;
        v.edges.emplace(id, deletedEdge(e));
    }
    return v;
}

std::vector<ProgramVariant> statementDeletions(const Program &p, FileId file) {
    std::set<std::pair<unsigned, unsigned>> starts;
    for (const CfaEdge &e : p.edges)
        if (e.range.file == file && deletableEdge(p, e))
            starts.insert({e.range.beginLine, e.range.beginColumn});
    std::vector<ProgramVariant> out;
    for (auto [line, column] : starts)
        out.push_back(deleteStatements(p, file, line, column));
    return out;
}

} // namespace vcov
