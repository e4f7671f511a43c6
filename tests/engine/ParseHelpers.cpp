#include "ParseHelpers.h"

#include <algorithm>
#include <fstream>
#include <random>

namespace vcov::test {

TempDir::TempDir() {
    std::random_device rd;
    m_path = std::filesystem::temp_directory_path() / ("vcov-test-" + std::to_string(rd()));
    std::filesystem::create_directories(m_path);
}

TempDir::~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(m_path, ec);
}

std::string TempDir::write(const std::string &name, const std::string &content) const {
    auto p = m_path / name;
    std::filesystem::create_directories(p.parent_path());
    std::ofstream(p, std::ios::binary) << content;
    return p.string();
}

std::unique_ptr<Program> parseC(const std::string &code, std::vector<std::string> defines,
                                std::optional<DataModel> model) {
    TempDir dir;
    FrontEndOptions o;
    o.files = {dir.write("input.c", code)};
    o.defines = std::move(defines);
    o.dataModel = model;
    return parseProgram(o);
}

std::vector<const CfaEdge *> edgesOf(const Program &p, const std::string &function) {
    std::vector<const CfaEdge *> out;
    const FunctionCfa *f = p.function(function);
    if (!f)
        return out;
    for (EdgeId e : f->edges)
        out.push_back(&p.edge(e));
    return out;
}

std::vector<std::string> edgeTexts(const Program &p, const std::string &function) {
    std::vector<std::string> out;
    for (const CfaEdge *e : edgesOf(p, function))
        out.push_back(e->text);
    return out;
}

const CfaEdge *findEdge(const Program &p, const std::string &function, const std::string &text) {
    for (const CfaEdge *e : edgesOf(p, function))
        if (e->text == text)
            return e;
    return nullptr;
}

size_t countKind(const Program &p, const std::string &function, EdgeKind kind) {
    auto edges = edgesOf(p, function);
    return size_t(std::count_if(edges.begin(), edges.end(), [kind](const CfaEdge *e) { return e->kind == kind; }));
}

std::string diagnosticsText(const Program &p) {
    std::string s;
    for (const auto &d : p.diagnostics.items())
        s += d.format() + "\n";
    return s;
}

} // namespace vcov::test
