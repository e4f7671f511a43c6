// Test helpers: parse C text through the real front end (a temporary file, real Clang).
#pragma once

#include "Cfa.h"
#include "frontend/FrontEnd.h"

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace vcov::test {

class TempDir {
public:
    TempDir();
    ~TempDir();
    std::string write(const std::string &name, const std::string &content) const;
    const std::filesystem::path &path() const { return m_path; }

private:
    std::filesystem::path m_path;
};

std::unique_ptr<Program> parseC(const std::string &code, std::vector<std::string> defines = {},
                                std::optional<DataModel> model = std::nullopt);

// Edges of a function, with their texts, for shape checks.
std::vector<const CfaEdge *> edgesOf(const Program &p, const std::string &function);
std::vector<std::string> edgeTexts(const Program &p, const std::string &function);
const CfaEdge *findEdge(const Program &p, const std::string &function, const std::string &text);
size_t countKind(const Program &p, const std::string &function, EdgeKind kind);
std::string diagnosticsText(const Program &p);

} // namespace vcov::test
