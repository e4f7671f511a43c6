// Objects as scalar leaves: both the interpreter and the Z3 encoding store an object as
// the integers and pointers inside it (Type::leaves), so they agree on which accesses
// are the same memory.
#pragma once

#include "Types.h"

#include <cstdint>
#include <vector>

namespace vcov {

inline const std::vector<Leaf> &leavesOf(const Type *type) { return type->leaves(); }

// The size in bytes of a scalar or aggregate type (void counts as 1 for pointer arithmetic).
uint64_t sizeOf(const Type *type);

} // namespace vcov
