// Text inside XML and HTML elements and attribute values: &, <, > and " escaped. Shared by
// the writers of HTML reports and Test-Comp suites.
#pragma once

#include <string>

namespace vcov {

inline std::string escapeMarkup(const std::string &s) {
    std::string out;
    out.reserve(s.size());
    for (char c : s) {
        switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        default: out += c;
        }
    }
    return out;
}

} // namespace vcov
