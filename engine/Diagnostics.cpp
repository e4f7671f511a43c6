#include "Diagnostics.h"

#include <algorithm>

namespace vcov {

const char *severityName(Severity s) {
    switch (s) {
    case Severity::Note: return "note";
    case Severity::Warning: return "warning";
    case Severity::Error: return "error";
    }
    return "error";
}

std::string Diagnostic::format() const {
    std::string s = file.empty() ? std::string("vcov") : file;
    if (line > 0) {
        s += ":" + std::to_string(line);
        if (column > 0)
            s += ":" + std::to_string(column);
    }
    return s + ": " + severityName(severity) + ": " + message;
}

void Diagnostics::error(std::string file, unsigned line, unsigned col, std::string message) {
    m_items.push_back({Severity::Error, std::move(file), line, col, std::move(message)});
}

void Diagnostics::warning(std::string file, unsigned line, unsigned col, std::string message) {
    m_items.push_back({Severity::Warning, std::move(file), line, col, std::move(message)});
}

bool Diagnostics::hasErrors() const { return errorCount() > 0; }

size_t Diagnostics::errorCount() const {
    return std::count_if(m_items.begin(), m_items.end(),
                         [](const Diagnostic &d) { return d.severity == Severity::Error; });
}

} // namespace vcov
