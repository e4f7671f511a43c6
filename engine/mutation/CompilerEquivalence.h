// Trivial compiler equivalence (Papadakis et al., ICSE 2015; the FDV paper prunes mutants
// with it): a mutant whose file an optimising compiler turns into the same machine code as
// the original's is equivalent and needs no check. The compiler is a real one (gcc -O2 by
// default), run on the file as the user's build would see it.
#pragma once

#include "frontend/FrontEnd.h"

#include <optional>
#include <string>

namespace vcov {

struct CompiledCode {
    bool ok = false;
    std::string code;  // the assembly, without the lines that name the file or the compiler
    std::string error; // !ok: the compiler's message (the mutant does not compile)
};

class CompilerEquivalence {
public:
    // `compiler`: gcc, clang-19, ... with -O2; the program's -I and -D apply.
    CompilerEquivalence(std::string compiler, const FrontEndOptions &options);
    // Whether the compiler runs at all (else no mutant is called equivalent).
    bool available() const { return m_available; }
    const std::string &compiler() const { return m_compiler; }
    // The code of `file` with `text` in it (the file's directory stays the include base).
    CompiledCode compile(const std::string &file, const std::string &text) const;

private:
    std::string m_compiler;
    FrontEndOptions m_options;
    bool m_available = false;
};

} // namespace vcov
