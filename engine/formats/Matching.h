// How other tools' files name what vcov holds: integers as C prints them ("2l", "(-3)",
// "4294967295u"), files by their base name (CBMC writes "ex.c" for build/tmp/ex.c), and
// XML read with pugixml, its errors said one way.
#pragma once

#include <pugixml.hpp>

#include <cstdint>
#include <optional>
#include <string>

namespace vcov {

inline std::optional<int64_t> integerLiteral(std::string s) {
    while (!s.empty() && (s.back() == ' ' || s.back() == ')'))
        s.pop_back();
    while (!s.empty() && (s.front() == ' ' || s.front() == '('))
        s.erase(s.begin());
    while (!s.empty() && std::string("uUlL").find(s.back()) != std::string::npos)
        s.pop_back();
    if (s.empty())
        return std::nullopt;
    try {
        size_t used = 0;
        if (s[0] == '-') {
            long long v = std::stoll(s, &used, 0);
            return used == s.size() ? std::optional<int64_t>(v) : std::nullopt;
        }
        // Values above INT64_MAX (unsigned 64-bit) wrap as the machine does.
        unsigned long long v = std::stoull(s, &used, 0);
        return used == s.size() ? std::optional<int64_t>(int64_t(v)) : std::nullopt;
    } catch (const std::exception &) {
        return std::nullopt;
    }
}

inline bool sameBaseName(const std::string &a, const std::string &b) {
    auto base = [](const std::string &p) { return p.substr(p.find_last_of('/') + 1); };
    return base(a) == base(b);
}

// False with `error` set ("not well-formed XML: ... at offset N").
inline bool loadXml(pugi::xml_document &doc, const std::string &text, std::string &error) {
    pugi::xml_parse_result parsed = doc.load_buffer(text.data(), text.size());
    if (!parsed)
        error = std::string("not well-formed XML: ") + parsed.description() + " at offset " +
                std::to_string(parsed.offset);
    return bool(parsed);
}

} // namespace vcov
