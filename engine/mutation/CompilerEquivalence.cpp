#include "mutation/CompilerEquivalence.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

namespace vcov {

namespace {

namespace fs = std::filesystem;

std::string quote(const std::string &s) {
    std::string out = "'";
    for (char c : s)
        out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

std::string readAll(const fs::path &p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream buf;
    buf << in.rdbuf();
    return buf.str();
}

// A fresh directory of our own under the system's temporary directory.
fs::path scratchDirectory() {
    std::random_device rd;
    for (int attempt = 0; attempt < 100; ++attempt) {
        fs::path p = fs::temp_directory_path() / ("vcov-tce-" + std::to_string(rd()));
        std::error_code ec;
        if (fs::create_directory(p, ec))
            return p;
    }
    return {};
}

} // namespace

CompilerEquivalence::CompilerEquivalence(std::string compiler, const FrontEndOptions &options)
    : m_compiler(std::move(compiler)), m_options(options) {
    m_available = !m_compiler.empty() &&
                  std::system((quote(m_compiler) + " --version >/dev/null 2>&1").c_str()) == 0;
}

CompiledCode CompilerEquivalence::compile(const std::string &file, const std::string &text) const {
    CompiledCode out;
    fs::path dir = scratchDirectory();
    if (dir.empty()) {
        out.error = "cannot create a temporary directory";
        return out;
    }
    fs::path source = dir / fs::path(file).filename();
    std::ofstream(source, std::ios::binary) << text;
    // The file's own directory first, as for a #include "..." in the original.
    // What the front end accepts, gcc 14 and Clang reject by default (implicit
    // declarations of __VERIFIER_nondet_int and the like).
    std::string cmd = quote(m_compiler) +
                      " -O2 -S -w -Wno-error=implicit-function-declaration -Wno-error=implicit-int"
                      " -Wno-error=int-conversion -Wno-error=incompatible-pointer-types -Wno-error=return-type -o " + quote((dir / "out.s").string()) + " -iquote " +
                      quote(fs::absolute(file).parent_path().string());
    for (const auto &d : m_options.includeDirs)
        cmd += " -I" + quote(d);
    for (const auto &d : m_options.defines)
        cmd += " -D" + quote(d);
    if (m_options.dataModel == DataModel::ILP32)
        cmd += " -m32";
    cmd += " " + quote(source.string()) + " 2>" + quote((dir / "err.txt").string());
    int status = std::system(cmd.c_str());
    if (status == 0) {
        out.ok = true;
        std::istringstream lines(readAll(dir / "out.s"));
        for (std::string line; std::getline(lines, line);) {
            // The file name and the compiler's version are no part of the code.
            std::string t = line.substr(line.find_first_not_of(" \t") == std::string::npos ? 0 : line.find_first_not_of(" \t"));
            if (t.rfind(".file", 0) == 0 || t.rfind(".ident", 0) == 0)
                continue;
            out.code += line + "\n";
        }
    } else {
        out.error = readAll(dir / "err.txt");
        if (out.error.empty())
            out.error = m_compiler + " failed";
    }
    std::error_code ec;
    fs::remove_all(dir, ec);
    return out;
}

} // namespace vcov
