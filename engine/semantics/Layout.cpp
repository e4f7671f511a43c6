#include "semantics/Layout.h"

#include <map>
#include <mutex>

namespace vcov {

namespace {

void collect(const Type *t, uint64_t base, std::vector<Leaf> &out) {
    switch (t->kind) {
    case TypeKind::Int:
    case TypeKind::Pointer:
        out.push_back({base, t});
        break;
    case TypeKind::Array:
        for (uint64_t i = 0; i < t->count; ++i)
            collect(t->target, base + i * t->target->sizeBytes, out);
        break;
    case TypeKind::Struct:
        for (const auto &f : t->fields)
            collect(f.type, base + f.offsetBytes, out);
        break;
    case TypeKind::Void:
    case TypeKind::Function:
        break;
    }
}

} // namespace

const std::vector<Leaf> &leavesOf(const Type *type) {
    static std::mutex mutex;
    static std::map<const Type *, std::vector<Leaf>> cache;
    std::lock_guard<std::mutex> lock(mutex);
    auto it = cache.find(type);
    if (it != cache.end())
        return it->second;
    std::vector<Leaf> leaves;
    collect(type, 0, leaves);
    return cache.emplace(type, std::move(leaves)).first->second;
}

uint64_t sizeOf(const Type *type) {
    if (!type || type->kind == TypeKind::Void || type->kind == TypeKind::Function)
        return 1;
    return type->sizeBytes;
}

} // namespace vcov
