#include "semantics/Properties.h"

#include <sstream>

namespace vcov {

const char *propertyName(Property p) {
    switch (p) {
    case Property::Assertion: return "assert";
    case Property::ArrayBounds: return "bounds";
    case Property::Pointer: return "pointer";
    case Property::DivisionByZero: return "div-by-zero";
    case Property::Overflow: return "overflow";
    case Property::Unwinding: return "unwinding";
    }
    return "?";
}

std::optional<Property> propertyFromName(const std::string &name) {
    for (Property p : {Property::Assertion, Property::ArrayBounds, Property::Pointer, Property::DivisionByZero,
                       Property::Overflow, Property::Unwinding})
        if (name == propertyName(p))
            return p;
    return std::nullopt;
}

std::optional<PropertySet> parsePropertyList(const std::string &list) {
    PropertySet out{Property::Assertion};
    std::stringstream ss(list);
    std::string item;
    while (std::getline(ss, item, ',')) {
        if (item.empty())
            continue;
        if (item == "all") {
            out.insert({Property::ArrayBounds, Property::Pointer, Property::DivisionByZero, Property::Overflow});
            continue;
        }
        auto p = propertyFromName(item);
        if (!p || *p == Property::Unwinding)
            return std::nullopt;
        out.insert(*p);
    }
    return out;
}

} // namespace vcov
