#include "formats/CfaDot.h"

#include <sstream>

namespace vcov {

std::string dotEscape(const std::string &s) {
    std::string out;
    for (char c : s) {
        if (c == '"' || c == '\\')
            out += '\\';
        if (c == '\n') {
            out += "\\n";
            continue;
        }
        out += c;
    }
    return out;
}

namespace {

void writeFunction(std::ostream &os, const Program &p, const FunctionCfa &f, const std::string &indent) {
    for (NodeId n : f.nodes) {
        const CfaNode &node = p.node(n);
        os << indent << "n" << n << " [label=\"N" << n << "\"";
        if (n == f.entry)
            os << " shape=box style=\"rounded,bold\" label=\"" << dotEscape(f.name) << "\\nN" << n << "\"";
        else if (n == f.exit)
            os << " shape=doublecircle";
        else if (node.loopHead)
            os << " shape=doublecircle style=dashed";
        else
            os << " shape=circle";
        os << " tooltip=\"line " << node.line << "\"];\n";
    }
    for (EdgeId e : f.edges) {
        const CfaEdge &edge = p.edge(e);
        std::string label = edge.text;
        if (label.size() > 60)
            label = label.substr(0, 57) + "...";
        os << indent << "n" << edge.from << " -> n" << edge.to << " [id=\"e" << e << "\" label=\"" << dotEscape(label)
           << "\"";
        if (edge.kind == EdgeKind::Blank)
            os << " style=dashed";
        os << "];\n";
    }
}

} // namespace

std::string cfaToDot(const Program &program, const FunctionCfa &function) {
    std::ostringstream os;
    os << "digraph \"" << dotEscape(function.name) << "\" {\n"
       << "  node [fontname=\"DejaVu Sans\" fontsize=10 width=0.4 height=0.4 fixedsize=false];\n"
       << "  edge [fontname=\"DejaVu Sans Mono\" fontsize=9];\n";
    writeFunction(os, program, function, "  ");
    os << "}\n";
    return os.str();
}

std::string programToDot(const Program &program) {
    std::ostringstream os;
    os << "digraph CFA {\n"
       << "  node [fontname=\"DejaVu Sans\" fontsize=10];\n"
       << "  edge [fontname=\"DejaVu Sans Mono\" fontsize=9];\n";
    for (const auto &f : program.functions) {
        if (!f.hasBody)
            continue;
        os << "  subgraph \"cluster_" << dotEscape(f.name) << "\" {\n    label=\"" << dotEscape(f.name) << "\";\n";
        writeFunction(os, program, f, "    ");
        os << "  }\n";
    }
    os << "}\n";
    return os.str();
}

} // namespace vcov
