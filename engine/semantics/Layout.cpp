#include "semantics/Layout.h"

namespace vcov {

uint64_t sizeOf(const Type *type) {
    if (!type || type->kind == TypeKind::Void || type->kind == TypeKind::Function)
        return 1;
    return type->sizeBytes;
}

} // namespace vcov
