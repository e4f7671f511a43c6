#include "formats/ViolationWitness.h"

#include "formats/MarkupEscape.h"
#include "formats/Matching.h"
#include "formats/TestCompSuite.h"
#include "semantics/Layout.h"

#include <yaml-cpp/yaml.h>

#include <chrono>
#include <ctime>
#include <map>
#include <queue>
#include <random>
#include <set>
#include <sstream>

namespace vcov {

namespace {

// A version-4 UUID (format 2.0 asks every entry for one).
std::string uuid4() {
    std::random_device rd;
    std::mt19937_64 gen((uint64_t(rd()) << 32) ^ rd());
    uint64_t a = gen(), b = gen();
    a = (a & ~uint64_t(0xF000)) | 0x4000;               // version 4
    b = (b & ~(uint64_t(3) << 62)) | (uint64_t(2) << 62); // variant 10
    char buf[40];
    std::snprintf(buf, sizeof buf, "%08x-%04x-%04x-%04x-%012llx", unsigned(a >> 32), unsigned((a >> 16) & 0xFFFF),
                  unsigned(a & 0xFFFF), unsigned(b >> 48), (unsigned long long)(b & 0xFFFFFFFFFFFFull));
    return buf;
}

std::string trim(std::string s) {
    size_t b = s.find_first_not_of(" \t\r\n"), e = s.find_last_not_of(" \t\r\n;");
    return b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
}

// ---- reading -------------------------------------------------------------------------

std::optional<Waypoint::Type> typeFromName(const std::string &n) {
    if (n == "assumption")
        return Waypoint::Type::Assumption;
    if (n == "branching")
        return Waypoint::Type::Branching;
    if (n == "function_enter")
        return Waypoint::Type::FunctionEnter;
    if (n == "function_return")
        return Waypoint::Type::FunctionReturn;
    if (n == "target")
        return Waypoint::Type::Target;
    return std::nullopt;
}

std::optional<ViolationWitness> fromYaml(const std::string &text, std::string &error) {
    YAML::Node doc;
    try {
        doc = YAML::Load(text);
    } catch (const YAML::Exception &e) {
        error = "not YAML: " + std::string(e.what());
        return std::nullopt;
    }
    if (!doc.IsSequence()) {
        error = "a YAML witness is a list of entries";
        return std::nullopt;
    }
    try {
        for (const YAML::Node &entry : doc) {
            if (!entry.IsMap() || entry["entry_type"].as<std::string>("") != "violation_sequence")
                continue;
            ViolationWitness w;
            w.format = "yaml";
            const YAML::Node meta = entry["metadata"];
            if (meta && meta["producer"])
                w.producer = meta["producer"]["name"].as<std::string>("");
            if (meta && meta["task"]) {
                const YAML::Node task = meta["task"];
                if (task["input_files"] && task["input_files"].IsSequence() && task["input_files"].size())
                    w.programFile = task["input_files"][0].as<std::string>("");
                if (task["input_file_hashes"] && task["input_file_hashes"][w.programFile])
                    w.programHash = task["input_file_hashes"][w.programFile].as<std::string>("");
                w.specification = task["specification"].as<std::string>("");
                w.architecture = task["data_model"].as<std::string>("");
            }
            const YAML::Node content = entry["content"];
            if (!content || !content.IsSequence()) {
                error = "the violation_sequence has no content";
                return std::nullopt;
            }
            for (const YAML::Node &item : content) {
                const YAML::Node segment = item["segment"];
                if (!segment || !segment.IsSequence()) {
                    error = "a content item of the violation_sequence is no segment";
                    return std::nullopt;
                }
                std::vector<Waypoint> waypoints;
                for (const YAML::Node &wn : segment) {
                    const YAML::Node wp = wn["waypoint"];
                    if (!wp) {
                        error = "a segment item is no waypoint";
                        return std::nullopt;
                    }
                    auto type = typeFromName(wp["type"].as<std::string>(""));
                    if (!type) {
                        error = "unknown waypoint type '" + wp["type"].as<std::string>("") + "'";
                        return std::nullopt;
                    }
                    Waypoint p;
                    p.type = *type;
                    p.avoid = wp["action"].as<std::string>("follow") == "avoid";
                    const YAML::Node loc = wp["location"];
                    if (!loc || !loc["line"]) {
                        error = std::string("a ") + waypointTypeName(*type) + " waypoint has no location line";
                        return std::nullopt;
                    }
                    p.file = loc["file_name"].as<std::string>("");
                    p.function = loc["function"].as<std::string>("");
                    p.line = loc["line"].as<unsigned>(0);
                    p.column = loc["column"].as<unsigned>(0);
                    if (wp["constraint"])
                        p.constraint = trim(wp["constraint"]["value"].as<std::string>(""));
                    waypoints.push_back(std::move(p));
                }
                if (waypoints.empty() || waypoints.back().avoid) {
                    error = "a segment does not end in a follow waypoint";
                    return std::nullopt;
                }
                w.segments.push_back(std::move(waypoints));
            }
            return w;
        }
    } catch (const YAML::Exception &e) {
        error = "a malformed violation_sequence: " + std::string(e.what());
        return std::nullopt;
    }
    error = "no violation_sequence entry in the YAML witness (a correctness witness?)";
    return std::nullopt;
}

// GraphML: the path from the entry node to a violation node, its edges' data as waypoints.
std::optional<ViolationWitness> fromGraphml(const std::string &text, std::string &error) {
    pugi::xml_document doc;
    if (!loadXml(doc, text, error))
        return std::nullopt;
    pugi::xml_node graph = doc.child("graphml").child("graph");
    if (!graph) {
        error = "no <graphml><graph> element";
        return std::nullopt;
    }
    // Keys by id, with their defaults ("isViolationNode" may default to false).
    std::map<std::string, std::string> keyName, keyDefault;
    for (pugi::xml_node k : doc.child("graphml").children("key")) {
        keyName[k.attribute("id").as_string()] = k.attribute("attr.name").as_string();
        keyDefault[k.attribute("id").as_string()] = k.child_value("default");
    }
    auto dataOf = [&](pugi::xml_node n) {
        std::map<std::string, std::string> d;
        for (auto &[id, def] : keyDefault)
            if (!def.empty())
                d[keyName[id].empty() ? id : keyName[id]] = def;
        for (pugi::xml_node x : n.children("data")) {
            std::string key = x.attribute("key").as_string();
            d[keyName.count(key) && !keyName[key].empty() ? keyName[key] : key] = x.child_value();
        }
        return d;
    };
    ViolationWitness w;
    w.format = "graphml";
    auto gd = dataOf(graph);
    if (gd["witness-type"] == "correctness_witness") {
        error = "a correctness witness (vcov validates violation witnesses)";
        return std::nullopt;
    }
    w.producer = gd["producer"];
    w.programFile = gd["programFile"].empty() ? gd["programfile"] : gd["programFile"];
    w.programHash = gd["programHash"].empty() ? gd["programhash"] : gd["programHash"];
    w.specification = gd["specification"];
    w.architecture = gd["architecture"];
    std::string entry;
    std::set<std::string> violations, sinks;
    for (pugi::xml_node n : graph.children("node")) {
        auto d = dataOf(n);
        std::string id = n.attribute("id").as_string();
        if (d["isEntryNode"] == "true" || d["entry"] == "true")
            entry = id;
        if (d["isViolationNode"] == "true" || d["violation"] == "true")
            violations.insert(id);
        if (d["isSinkNode"] == "true" || d["sink"] == "true")
            sinks.insert(id);
    }
    if (entry.empty() || violations.empty()) {
        error = entry.empty() ? "no entry node (isEntryNode)" : "no violation node (isViolationNode)";
        return std::nullopt;
    }
    std::multimap<std::string, pugi::xml_node> out;
    for (pugi::xml_node e : graph.children("edge"))
        out.emplace(e.attribute("source").as_string(), e);
    // Breadth first from the entry to the nearest violation node, away from sinks.
    std::map<std::string, pugi::xml_node> parentEdge;
    std::queue<std::string> todo;
    todo.push(entry);
    std::set<std::string> seen{entry};
    std::string reached;
    while (!todo.empty() && reached.empty()) {
        std::string n = todo.front();
        todo.pop();
        auto [b, e] = out.equal_range(n);
        for (auto it = b; it != e; ++it) {
            std::string t = it->second.attribute("target").as_string();
            if (sinks.count(t) || !seen.insert(t).second)
                continue;
            parentEdge[t] = it->second;
            if (violations.count(t)) {
                reached = t;
                break;
            }
            todo.push(t);
        }
    }
    if (reached.empty()) {
        error = "no path from the entry node to a violation node";
        return std::nullopt;
    }
    std::vector<pugi::xml_node> path;
    for (std::string n = reached; n != entry; n = parentEdge[n].attribute("source").as_string())
        path.insert(path.begin(), parentEdge[n]);
    for (size_t i = 0; i < path.size(); ++i) {
        auto d = dataOf(path[i]);
        Waypoint base;
        base.file = d["originFileName"];
        base.line = unsigned(std::atoi(d["startline"].c_str()));
        if (!base.line)
            continue;
        base.function = d["assumption.scope"];
        // CBMC's static initialization ("a[0l] = 0;" in __CPROVER_initialize, at the global's
        // declaration) is no choice of the witness: C fixes those values, and no step of
        // the program's own functions is there to check them at.
        if (base.function == "__CPROVER_initialize" && d["control"].empty() && d["enterFunction"].empty() &&
            i + 1 < path.size())
            continue;
        auto add = [&](Waypoint::Type t, std::string constraint) {
            Waypoint p = base;
            p.type = t;
            p.constraint = std::move(constraint);
            w.segments.push_back({p});
        };
        if (!d["enterFunction"].empty()) {
            Waypoint p = base;
            p.type = Waypoint::Type::FunctionEnter;
            p.function = d["enterFunction"];
            w.segments.push_back({p});
        }
        if (!d["control"].empty())
            add(Waypoint::Type::Branching, d["control"] == "condition-true" ? "true" : "false");
        // Assumptions are conjunctions of "lhs == value;" (CBMC writes "lhs = value;").
        std::string assumption = d["assumption"];
        for (size_t pos = 0; pos < assumption.size();) {
            size_t semi = assumption.find(';', pos);
            std::string a = trim(assumption.substr(pos, semi == std::string::npos ? std::string::npos : semi - pos));
            pos = semi == std::string::npos ? assumption.size() : semi + 1;
            if (a.empty())
                continue;
            if (size_t eq = a.find(" = "); eq != std::string::npos && a.find("==") == std::string::npos)
                a = a.substr(0, eq) + " == " + a.substr(eq + 3);
            std::string resultFunction = d["assumption.resultfunction"];
            // CBMC names the value of a call return_value_F.
            if (resultFunction.empty() && a.rfind("return_value_", 0) == 0) {
                size_t sp = a.find(' ');
                resultFunction = a.substr(13, sp - 13);
                a = "\\result" + a.substr(sp);
            }
            if (!resultFunction.empty()) {
                Waypoint p = base;
                p.type = Waypoint::Type::FunctionReturn;
                p.function = resultFunction; // the callee (GraphML names it, unlike format 2.0)
                p.constraint = a;
                w.segments.push_back({p});
            } else {
                add(Waypoint::Type::Assumption, a);
            }
        }
        // The violation node is reached by this edge; the violation itself may follow
        // (CBMC's last edge is the call that fails inside): the target is anywhere after.
        if (i + 1 == path.size()) {
            add(Waypoint::Type::Assumption, "");
            Waypoint t;
            t.type = Waypoint::Type::Target;
            w.segments.push_back({t});
        }
    }
    return w;
}

// ---- writing -------------------------------------------------------------------------

size_t offsetOf(const std::string &text, unsigned line, unsigned column) {
    size_t off = 0;
    for (unsigned l = 1; l < line && off < text.size(); ++l) {
        off = text.find('\n', off);
        off = off == std::string::npos ? text.size() : off + 1;
    }
    return std::min(text.size(), off + (column ? column - 1 : 0));
}

std::pair<unsigned, unsigned> lineColumnOf(const std::string &text, size_t offset) {
    unsigned line = 1, column = 1;
    for (size_t i = 0; i < offset && i < text.size(); ++i) {
        if (text[i] == '\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
    }
    return {line, column};
}

// Where format 2.0 places a function_return waypoint: the call's closing parenthesis.
std::pair<unsigned, unsigned> closingParenthesis(const Program &p, const CfaEdge &e) {
    const std::string &text = p.files[size_t(e.range.file)].content;
    size_t from = offsetOf(text, e.range.beginLine, e.range.beginColumn);
    size_t name = text.find(e.call.calleeName, from);
    size_t open = name == std::string::npos ? std::string::npos : text.find('(', name + e.call.calleeName.size());
    if (open == std::string::npos)
        return {e.range.endLine, e.range.endColumn};
    int depth = 0;
    for (size_t i = open; i < text.size(); ++i) {
        depth += text[i] == '(' ? 1 : text[i] == ')' ? -1 : 0;
        if (depth == 0)
            return lineColumnOf(text, i);
    }
    return {e.range.endLine, e.range.endColumn};
}

struct WrittenWaypoint {
    Waypoint point;
    std::string resultFunction; // GraphML's assumption.resultfunction
};

// The waypoints of a counterexample, in execution order.
std::vector<WrittenWaypoint> waypointsOf(const Program &p, const Execution &x) {
    std::vector<WrittenWaypoint> out;
    auto base = [&](const CfaEdge &e, unsigned line, unsigned column) {
        Waypoint w;
        w.file = e.range.valid() ? p.files[size_t(e.range.file)].path : "";
        w.function = p.functions[size_t(e.function)].name;
        w.line = line;
        w.column = column;
        return w;
    };
    size_t uninitialized = 0;
    std::vector<std::string> pending; // "y == 7" of a declaration, for the next statement
    for (size_t i = 0; i < x.steps.size(); ++i) {
        const ExecutionStep &s = x.steps[i];
        const CfaEdge &e = p.edge(s.edge);
        if (!e.range.valid())
            continue;
        const bool undefined = e.kind == EdgeKind::Declaration && !e.hasInitializer;
        if (!pending.empty() && e.kind != EdgeKind::Blank && !undefined) {
            for (const std::string &c : pending) {
                WrittenWaypoint w{base(e, e.range.beginLine, e.range.beginColumn), ""};
                w.point.type = Waypoint::Type::Assumption;
                w.point.constraint = c;
                out.push_back(w);
            }
            pending.clear();
        }
        if (undefined) {
            const Variable &v = p.variable(e.declared);
            const auto &leaves = leavesOf(v.type);
            if (assignedByNextCall(p, e)) {
                uninitialized += leaves.size();
                continue;
            }
            // Scalars and arrays of integers: "a[0] == 1 && a[1] == 2".
            std::string c;
            for (size_t k = 0; k < leaves.size() && uninitialized < x.input.uninitialized.size(); ++k, ++uninitialized) {
                if (!leaves[k].type->isInt() || leaves.size() > 64) {
                    c.clear();
                    uninitialized += leaves.size() - k;
                    break;
                }
                std::string lv = v.type->isScalar() ? v.name
                                                    : v.name + "[" + std::to_string(leaves[k].offset / leaves[k].type->sizeBytes) + "]";
                int64_t raw = x.input.uninitialized[uninitialized];
                const Type *t = leaves[k].type;
                uint64_t bits = t->bits >= 64 ? uint64_t(raw) : uint64_t(raw) & ((uint64_t(1) << t->bits) - 1);
                std::string value = t->isSigned && t->bits < 64 && (bits >> (t->bits - 1)) ? std::to_string(int64_t(bits) - (int64_t(1) << t->bits))
                                                                                          : t->isSigned ? std::to_string(int64_t(bits)) : std::to_string(bits);
                c += (c.empty() ? "" : " && ") + lv + " == " + value;
            }
            uint64_t count = 0;
            if (!c.empty() && (v.type->isScalar() || v.type->uniformElement(count)))
                pending.push_back(c);
            continue;
        }
        if (s.nondet && e.kind == EdgeKind::Call) {
            auto [line, column] = closingParenthesis(p, e);
            WrittenWaypoint w{base(e, line, column), e.call.calleeName};
            w.point.type = Waypoint::Type::FunctionReturn;
            w.point.constraint = "\\result == " + (s.nondetText.empty() ? std::to_string(*s.nondet) : s.nondetText);
            out.push_back(w);
        }
    }
    // A run too long to record its steps kept its draws: integer inputs as return values.
    if (x.steps.empty())
        for (const InputDraw &d : x.draws) {
            const CfaEdge &e = p.edge(d.edge);
            if (e.kind != EdgeKind::Call || !e.range.valid() || !e.call.lhs || !e.call.lhs->type || !e.call.lhs->type->isInt())
                continue;
            auto [line, column] = closingParenthesis(p, e);
            WrittenWaypoint w{base(e, line, column), e.call.calleeName};
            w.point.type = Waypoint::Type::FunctionReturn;
            w.point.constraint = "\\result == " + std::to_string(d.value);
            out.push_back(w);
        }
    if (x.ending.edge >= 0) {
        const CfaEdge &e = p.edge(x.ending.edge);
        WrittenWaypoint w{base(e, e.range.beginLine, e.range.beginColumn), ""};
        w.point.type = Waypoint::Type::Target;
        out.push_back(w);
    }
    return out;
}

// YAML's double-quoted scalar.
std::string quoted(const std::string &s) {
    std::string out = "\"";
    for (char c : s) {
        if (c == '"' || c == '\\')
            out += '\\';
        out += c;
    }
    return out + "\"";
}

} // namespace

const char *waypointTypeName(Waypoint::Type t) {
    switch (t) {
    case Waypoint::Type::Assumption: return "assumption";
    case Waypoint::Type::Branching: return "branching";
    case Waypoint::Type::FunctionEnter: return "function_enter";
    case Waypoint::Type::FunctionReturn: return "function_return";
    case Waypoint::Type::Target: return "target";
    }
    return "";
}

std::vector<Waypoint> ViolationWitness::follows() const {
    std::vector<Waypoint> out;
    for (const auto &s : segments)
        out.push_back(s.back());
    return out;
}

std::optional<ViolationWitness> parseViolationWitness(const std::string &text, std::string &error) {
    size_t first = text.find_first_not_of(" \t\r\n");
    if (first == std::string::npos) {
        error = "the file is empty";
        return std::nullopt;
    }
    auto w = text[first] == '<' ? fromGraphml(text, error) : fromYaml(text, error);
    if (w && (w->segments.empty() || w->segments.back().back().type != Waypoint::Type::Target))
        w->notes.push_back("the witness names no target: any violation at the end of the sequence counts");
    return w;
}

std::string specificationOf(std::optional<Property> violated) {
    switch (violated.value_or(Property::Assertion)) {
    case Property::ArrayBounds:
    case Property::Pointer: return "G valid-deref";
    case Property::Overflow: return "G ! overflow";
    case Property::DivisionByZero: return "G ! div-by-zero";
    default: return "G ! call(reach_error())";
    }
}

std::string violationWitnessYaml(const Program &program, const Execution &x, const WitnessMetadata &meta) {
    const std::string specification = meta.specification.empty() ? specificationOf(x.ending.property) : meta.specification;
    std::ostringstream y;
    y << "- entry_type: \"violation_sequence\"\n"
      << "  metadata:\n"
      << "    format_version: \"2.0\"\n"
      << "    uuid: \"" << uuid4() << "\"\n"
      << "    creation_time: \"" << (meta.creationTime.empty() ? nowUtc() : meta.creationTime) << "\"\n"
      << "    producer:\n"
      << "      name: \"vcov\"\n"
      << "      version: " << quoted(meta.version) << "\n"
      << "    task:\n"
      << "      input_files:\n";
    // Every file the user named (a harness and the code under test are two).
    for (const SourceFile &f : program.files)
        if (f.isInput)
            y << "        - " << quoted(f.path) << "\n";
    y << "      input_file_hashes:\n";
    for (const SourceFile &f : program.files)
        if (f.isInput)
            y << "        " << quoted(f.path) << ": \"" << sha256Hex(f.content) << "\"\n";
    y << "      specification: " << quoted(specification) << "\n"
      << "      data_model: \"" << (program.dataModel() == DataModel::ILP32 ? "ILP32" : "LP64") << "\"\n"
      << "      language: \"C\"\n"
      << "  content:\n";
    for (const WrittenWaypoint &w : waypointsOf(program, x)) {
        y << "    - segment:\n"
          << "        - waypoint:\n"
          << "            type: \"" << waypointTypeName(w.point.type) << "\"\n"
          << "            action: \"follow\"\n"
          << "            location:\n"
          << "              file_name: " << quoted(w.point.file) << "\n"
          << "              line: " << w.point.line << "\n"
          << "              column: " << w.point.column << "\n"
          << "              function: " << quoted(w.point.function) << "\n";
        if (w.point.type == Waypoint::Type::FunctionReturn)
            y << "            constraint:\n"
              << "              value: " << quoted(w.point.constraint) << "\n"
              << "              format: \"acsl_expression\"\n";
        else if (w.point.type == Waypoint::Type::Assumption)
            y << "            constraint:\n"
              << "              value: " << quoted(w.point.constraint) << "\n"
              << "              format: \"c_expression\"\n";
    }
    return y.str();
}

std::string violationWitnessGraphml(const Program &program, const Execution &x, const WitnessMetadata &meta) {
    const SourceFile *file = programFile(program);
    std::ostringstream g;
    g << "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n"
      << "<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\" "
         "xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\">\n";
    const char *keys[][4] = {
        {"witness-type", "string", "graph", "witness-type"},
        {"sourcecodeLanguage", "string", "graph", "sourcecodelang"},
        {"producer", "string", "graph", "producer"},
        {"specification", "string", "graph", "specification"},
        {"programFile", "string", "graph", "programfile"},
        {"programHash", "string", "graph", "programhash"},
        {"architecture", "string", "graph", "architecture"},
        {"creationTime", "string", "graph", "creationtime"},
        {"isEntryNode", "boolean", "node", "entry"},
        {"isViolationNode", "boolean", "node", "violation"},
        {"originFileName", "string", "edge", "originfile"},
        {"startline", "int", "edge", "startline"},
        {"assumption", "string", "edge", "assumption"},
        {"assumption.scope", "string", "edge", "assumption.scope"},
        {"assumption.resultfunction", "string", "edge", "assumption.resultfunction"},
    };
    for (auto &k : keys) {
        g << " <key attr.name=\"" << k[0] << "\" attr.type=\"" << k[1] << "\" for=\"" << k[2] << "\" id=\"" << k[3]
          << "\"";
        if (std::string(k[1]) == "boolean")
            g << ">\n  <default>false</default>\n </key>\n";
        else
            g << "/>\n";
    }
    const std::string path = file ? file->path : "";
    g << " <graph edgedefault=\"directed\">\n"
      << "  <data key=\"witness-type\">violation_witness</data>\n"
      << "  <data key=\"sourcecodelang\">C</data>\n"
      << "  <data key=\"producer\">vcov " << escapeMarkup(meta.version) << "</data>\n"
      << "  <data key=\"specification\">CHECK( init(main()), LTL("
      << escapeMarkup(meta.specification.empty() ? specificationOf(x.ending.property) : meta.specification)
      << ") )</data>\n"
      << "  <data key=\"programfile\">" << escapeMarkup(path) << "</data>\n"
      << "  <data key=\"programhash\">" << (file ? sha256Hex(file->content) : "") << "</data>\n"
      << "  <data key=\"architecture\">" << (program.dataModel() == DataModel::ILP32 ? "32bit" : "64bit")
      << "</data>\n"
      << "  <data key=\"creationtime\">" << (meta.creationTime.empty() ? nowUtc() : meta.creationTime) << "</data>\n"
      << "  <node id=\"N0\">\n   <data key=\"entry\">true</data>\n  </node>\n";
    const auto waypoints = waypointsOf(program, x);
    size_t n = 0;
    for (const WrittenWaypoint &w : waypoints) {
        const bool last = &w == &waypoints.back();
        std::string target = "N" + std::to_string(n + 1);
        g << "  <node id=\"" << target << "\"" << (last ? ">\n   <data key=\"violation\">true</data>\n  </node>\n" : "/>\n");
        g << "  <edge source=\"N" << n << "\" target=\"" << target << "\">\n"
          << "   <data key=\"originfile\">" << escapeMarkup(w.point.file) << "</data>\n"
          << "   <data key=\"startline\">" << w.point.line << "</data>\n";
        if (w.point.type == Waypoint::Type::FunctionReturn || w.point.type == Waypoint::Type::Assumption) {
            // GraphML assumptions are C expressions ending in ';'.
            std::string a = w.point.constraint;
            g << "   <data key=\"assumption\">" << escapeMarkup(a) << ";</data>\n"
              << "   <data key=\"assumption.scope\">" << escapeMarkup(w.point.function) << "</data>\n";
            if (!w.resultFunction.empty())
                g << "   <data key=\"assumption.resultfunction\">" << escapeMarkup(w.resultFunction) << "</data>\n";
        }
        g << "  </edge>\n";
        ++n;
    }
    g << " </graph>\n</graphml>\n";
    return g.str();
}

} // namespace vcov
