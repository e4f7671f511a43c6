#include "Types.h"

#include <mutex>

namespace vcov {

const char *dataModelName(DataModel m) { return m == DataModel::LP64 ? "LP64" : "ILP32"; }

std::string Type::spelling() const {
    switch (kind) {
    case TypeKind::Void: return "void";
    case TypeKind::Int:
    case TypeKind::Float: return name;
    case TypeKind::Pointer: return target->spelling() + " *";
    case TypeKind::Array: return target->spelling() + " [" + std::to_string(count) + "]";
    case TypeKind::Struct: return (isUnion ? "union " : "struct ") + name;
    case TypeKind::Function: {
        std::string s = target->spelling() + " (";
        for (size_t i = 0; i < params.size(); ++i)
            s += (i ? ", " : "") + params[i]->spelling();
        if (variadic)
            s += params.empty() ? "..." : ", ...";
        return s + ")";
    }
    }
    return "?";
}

std::string Type::declare(const std::string &n) const {
    switch (kind) {
    case TypeKind::Array: return target->declare(n + "[" + std::to_string(count) + "]");
    case TypeKind::Pointer:
        return target->declare(target->kind == TypeKind::Array || target->kind == TypeKind::Function ? "(*" + n + ")"
                                                                                                      : "*" + n);
    case TypeKind::Function: {
        std::string s = n + "(";
        for (size_t i = 0; i < params.size(); ++i)
            s += (i ? ", " : "") + params[i]->spelling();
        return target->declare(s + ")");
    }
    default: return spelling() + " " + n;
    }
}

namespace {

void collectLeaves(const Type *t, uint64_t base, std::vector<Leaf> &out) {
    switch (t->kind) {
    case TypeKind::Int:
    case TypeKind::Float:
    case TypeKind::Pointer: out.push_back({base, t}); break;
    case TypeKind::Array:
        for (uint64_t i = 0; i < t->count; ++i)
            collectLeaves(t->target, base + i * t->target->sizeBytes, out);
        break;
    case TypeKind::Struct:
        for (const auto &f : t->fields)
            collectLeaves(f.type, base + f.offsetBytes, out);
        break;
    case TypeKind::Void:
    case TypeKind::Function: break;
    }
}

} // namespace

uint64_t Type::leafCount() const {
    switch (kind) {
    case TypeKind::Int:
    case TypeKind::Float:
    case TypeKind::Pointer: return 1;
    case TypeKind::Array: {
        uint64_t each = target->leafCount();
        return each != 0 && count > UINT64_MAX / each ? UINT64_MAX : count * each;
    }
    case TypeKind::Struct: {
        uint64_t n = 0;
        for (const auto &f : fields) {
            uint64_t k = f.type->leafCount();
            n = k > UINT64_MAX - n ? UINT64_MAX : n + k;
        }
        return n;
    }
    case TypeKind::Void:
    case TypeKind::Function: return 0;
    }
    return 0;
}

const Type *Type::uniformElement(uint64_t &count) const {
    count = 1;
    const Type *t = this;
    if (!t->isArray())
        return nullptr;
    while (t->isArray()) {
        count = t->count != 0 && count > UINT64_MAX / t->count ? UINT64_MAX : count * t->count;
        t = t->target;
    }
    return t->isScalar() ? t : nullptr;
}

const std::vector<Leaf> &Type::leaves() const {
    static std::mutex mutex;
    std::lock_guard<std::mutex> lock(mutex);
    if (!m_leavesReady) {
        collectLeaves(this, 0, m_leaves);
        m_leavesReady = true;
    }
    return m_leaves;
}

TypeTable::TypeTable(DataModel model) : m_model(model) {}

const Type *TypeTable::intern(const std::string &key, Type t) {
    auto it = m_byKey.find(key);
    if (it != m_byKey.end())
        return it->second;
    m_storage.push_back(std::move(t));
    m_byKey.emplace(key, &m_storage.back());
    return &m_storage.back();
}

const Type *TypeTable::voidType() {
    Type t;
    t.kind = TypeKind::Void;
    t.sizeBytes = 1;
    return intern("v", t);
}

const Type *TypeTable::boolType() {
    Type t;
    t.kind = TypeKind::Int;
    t.bits = 8;
    t.isBool = true;
    t.name = "_Bool";
    t.sizeBytes = 1;
    return intern("b", t);
}

const Type *TypeTable::intType(unsigned bits, bool isSigned, const std::string &spelling) {
    Type t;
    t.kind = TypeKind::Int;
    t.bits = bits;
    t.isSigned = isSigned;
    t.name = spelling;
    t.sizeBytes = bits / 8;
    t.alignBytes = bits / 8;
    // Types of equal width and signedness are the same type to the semantics; the
    // first spelling seen names it.
    return intern("i" + std::to_string(bits) + (isSigned ? "s" : "u"), t);
}

const Type *TypeTable::floatType(unsigned bits) {
    Type t;
    t.kind = TypeKind::Float;
    t.bits = bits;
    t.name = bits == 32 ? "float" : "double";
    t.sizeBytes = bits / 8;
    t.alignBytes = bits / 8;
    return intern("F" + std::to_string(bits), t);
}

const Type *TypeTable::longT() { return m_model == DataModel::LP64 ? intType(64, true, "long") : intType(32, true, "int"); }
const Type *TypeTable::ulongT() {
    return m_model == DataModel::LP64 ? intType(64, false, "unsigned long") : intType(32, false, "unsigned int");
}

const Type *TypeTable::pointerTo(const Type *pointee) {
    Type t;
    t.kind = TypeKind::Pointer;
    t.target = pointee;
    t.sizeBytes = pointerBits() / 8;
    t.alignBytes = pointerBits() / 8;
    return intern("p" + std::to_string(reinterpret_cast<uintptr_t>(pointee)), t);
}

const Type *TypeTable::arrayOf(const Type *element, uint64_t count) {
    Type t;
    t.kind = TypeKind::Array;
    t.target = element;
    t.count = count;
    t.sizeBytes = element->sizeBytes * count;
    t.alignBytes = element->alignBytes;
    return intern("a" + std::to_string(reinterpret_cast<uintptr_t>(element)) + "x" + std::to_string(count), t);
}

const Type *TypeTable::functionType(const Type *ret, const std::vector<const Type *> &params, bool variadic) {
    Type t;
    t.kind = TypeKind::Function;
    t.target = ret;
    t.params = params;
    t.variadic = variadic;
    std::string key = "f" + std::to_string(reinterpret_cast<uintptr_t>(ret));
    for (auto *p : params)
        key += "," + std::to_string(reinterpret_cast<uintptr_t>(p));
    key += variadic ? ",..." : "";
    return intern(key, t);
}

Type *TypeTable::declareStruct(const std::string &key, const std::string &tag, bool *isNew) {
    auto it = m_byKey.find("s" + key);
    if (it != m_byKey.end()) {
        *isNew = false;
        return it->second;
    }
    *isNew = true;
    Type t;
    t.kind = TypeKind::Struct;
    t.name = tag;
    m_storage.push_back(std::move(t));
    m_byKey.emplace("s" + key, &m_storage.back());
    return &m_storage.back();
}

} // namespace vcov
