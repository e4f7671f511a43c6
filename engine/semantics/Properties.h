// The properties an execution or a bounded model check can violate. User assertions are
// always checked; the others are off by default and selected per run (--property).
#pragma once

#include <optional>
#include <set>
#include <string>

namespace vcov {

enum class Property {
    Assertion,       // assert, __VERIFIER_assert, reach_error, __VERIFIER_error, __assert_fail
    ArrayBounds,     // an access outside its object
    Pointer,         // null, dangling or invalid pointer dereference, bad free
    DivisionByZero,  // / or % by zero
    Overflow,        // signed overflow (also INT_MIN / -1) and shifts out of range
    Unwinding,       // a loop or recursion not fully unwound within the bound (BMC only)
};

const char *propertyName(Property p);
std::optional<Property> propertyFromName(const std::string &name);

using PropertySet = std::set<Property>;

// Parses "assert", "all" or a comma-separated list of names; nullopt on an unknown name.
std::optional<PropertySet> parsePropertyList(const std::string &list);

} // namespace vcov
