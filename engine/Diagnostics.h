// Messages about the user's input, each with a place: file:line:col.
#pragma once

#include <string>
#include <vector>

namespace vcov {

enum class Severity { Note, Warning, Error };

struct Diagnostic {
    Severity severity = Severity::Error;
    std::string file; // path as given by the user (or the header's path)
    unsigned line = 0; // 1-based; 0 when the message concerns a whole file
    unsigned column = 0;
    std::string message;

    // "file:line:col: error: message", the form compilers and editors understand.
    std::string format() const;
};

const char *severityName(Severity s);

class Diagnostics {
public:
    void add(Diagnostic d) { m_items.push_back(std::move(d)); }
    void error(std::string file, unsigned line, unsigned col, std::string message);
    void warning(std::string file, unsigned line, unsigned col, std::string message);

    const std::vector<Diagnostic> &items() const { return m_items; }
    bool hasErrors() const;
    size_t errorCount() const;

private:
    std::vector<Diagnostic> m_items;
};

} // namespace vcov
