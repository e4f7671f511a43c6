// The scalar leaves of an object: every integer and pointer inside a type, at its byte
// offset. Both the interpreter and the Z3 encoding store objects as leaves, so they
// agree on which accesses are the same memory.
#pragma once

#include "Types.h"

#include <cstdint>
#include <vector>

namespace vcov {

struct Leaf {
    uint64_t offset = 0;
    const Type *type = nullptr; // an Int or Pointer type
};

// Leaves in increasing offset order (cached per type).
const std::vector<Leaf> &leavesOf(const Type *type);

// The size in bytes of a scalar or aggregate type (void counts as 1 for pointer arithmetic).
uint64_t sizeOf(const Type *type);

} // namespace vcov
