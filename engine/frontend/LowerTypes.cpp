// C types into vcov's type model (Types.h): integers, pointers, arrays, structs laid out
// as Clang lays them out for the target (gcc's ABI), bit-fields in storage units.
#include "frontend/Lowering.h"

#include <algorithm>
#include <map>

namespace vcov::lowering {

namespace {

// An unsigned integer of `bytes` bytes, spelled as C spells the usual ones.
const Type *unitType(TypeTable &T, uint64_t bytes) {
    switch (bytes) {
    case 1: return T.intType(8, false, "unsigned char");
    case 2: return T.intType(16, false, "unsigned short");
    case 4: return T.intType(32, false, "unsigned int");
    case 8: return T.intType(64, false, "unsigned long long");
    default: return T.intType(unsigned(bytes * 8), false, "unsigned _BitInt(" + std::to_string(bytes * 8) + ")");
    }
}

} // namespace

void Lowering::layOut(clang::ASTContext &ctx, const clang::RecordDecl *def, Type *st) {
    const auto &layout = ctx.getASTRecordLayout(def);
    st->sizeBytes = uint64_t(layout.getSize().getQuantity());
    st->alignBytes = unsigned(layout.getAlignment().getQuantity());

    // The storage units of bit-fields: the bytes their bits occupy, cut wherever no
    // bit-field crosses a byte boundary, so that each unit is as small as it can be and
    // each bit-field lies in exactly one.
    struct Bits {
        uint64_t begin, end;
    };
    std::vector<Bits> bits;
    for (const clang::FieldDecl *fd : def->fields())
        if (fd->isBitField() && !fd->isUnnamedBitField() && fd->getBitWidthValue(ctx) > 0) {
            uint64_t at = layout.getFieldOffset(fd->getFieldIndex());
            bits.push_back({at, at + fd->getBitWidthValue(ctx)});
        }
    std::vector<uint64_t> unitStarts; // byte offsets, sorted; each unit runs to the next cut
    std::map<uint64_t, uint64_t> unitBytes;
    {
        std::set<uint64_t> bytes;
        for (const Bits &b : bits)
            for (uint64_t byte = b.begin / 8; byte < (b.end + 7) / 8; ++byte)
                bytes.insert(byte);
        auto crossed = [&](uint64_t byte) {
            return std::any_of(bits.begin(), bits.end(), [&](const Bits &b) { return b.begin < byte * 8 && byte * 8 < b.end; });
        };
        for (auto it = bytes.begin(); it != bytes.end();) {
            uint64_t start = *it, end = start + 1;
            for (++it; it != bytes.end() && *it == end && crossed(end); ++it)
                ++end;
            unitStarts.push_back(start);
            unitBytes[start] = end - start;
        }
    }

    std::vector<StructField> fields;
    std::vector<FieldPlace> places;
    std::map<uint64_t, unsigned> unitField; // unit's byte offset -> its index in fields
    for (const clang::FieldDecl *fd : def->fields()) {
        FieldPlace p;
        p.named = !fd->isUnnamedBitField();
        const uint64_t at = layout.getFieldOffset(fd->getFieldIndex());
        if (fd->isBitField()) {
            p.bitField = true;
            p.width = fd->getBitWidthValue(ctx);
            p.declared = type(ctx, fd->getType(), fd->getLocation());
            if (!p.named || p.width == 0) {
                places.push_back(p); // padding: never accessed, never initialized
                continue;
            }
            auto unit = std::upper_bound(unitStarts.begin(), unitStarts.end(), at / 8);
            const uint64_t start = *std::prev(unit), size = unitBytes[start];
            if (size > 8)
                throw Unsupported{fd->getLocation(), "bit-field ('" + fd->getNameAsString() +
                                                         "') whose storage spans more than 8 bytes"};
            auto [slot, isNew] = unitField.try_emplace(start, unsigned(fields.size()));
            if (isNew) {
                StructField f;
                f.name = "{}";
                f.type = unitType(P.types, size);
                f.offsetBytes = start;
                fields.push_back(f);
            }
            StructField &u = fields[slot->second];
            u.name.insert(u.name.size() - 1, (u.name.size() > 2 ? "," : "") + fd->getNameAsString());
            p.field = slot->second;
            p.bitOffset = unsigned(at - start * 8);
            u.bitFields.push_back({fd->getNameAsString(), p.bitOffset, p.width, p.declared->isSigned});
            places.push_back(p);
            continue;
        }
        StructField f;
        f.name = fd->getNameAsString();
        f.type = type(ctx, fd->getType(), fd->getLocation());
        f.holdsFunctions = holdsFunctions(fd->getType());
        f.offsetBytes = at / 8;
        p.field = unsigned(fields.size());
        fields.push_back(f);
        places.push_back(p);
    }
    st->fields = std::move(fields);
    fieldPlaces[st] = std::move(places);
}

void Lowering::layOutUnion(clang::ASTContext &ctx, const clang::RecordDecl *def, Type *ut) {
    const auto &layout = ctx.getASTRecordLayout(def);
    ut->sizeBytes = uint64_t(layout.getSize().getQuantity());
    ut->alignBytes = unsigned(layout.getAlignment().getQuantity());
    // Every member starts at byte 0 and overlaps the others. Integers and floats (their
    // IEEE bits) share storage units; a pointer is an object and an offset, not bits, so a
    // union with one holds its members' scalars instead, and each member is read as memory
    // is read through a pointer of another type.
    std::vector<std::pair<std::string, uint64_t>> members; // name, size
    std::vector<FieldPlace> places;
    std::vector<const Type *> types;
    std::vector<bool> functions; // members of function pointers
    bool pointers = false;
    for (const clang::FieldDecl *fd : def->fields()) {
        if (fd->isBitField())
            throw Unsupported{fd->getLocation(), "bit-field ('" + fd->getNameAsString() + "') in a union"};
        const Type *t = type(ctx, fd->getType(), fd->getLocation());
        if (t->leafCount() > 65536)
            throw Unsupported{fd->getLocation(), "union member ('" + fd->getNameAsString() + "') of more than 65536 scalars"};
        for (const Leaf &l : t->leaves())
            pointers = pointers || !l.type->isArithmetic();
        members.push_back({fd->getNameAsString(), t->sizeBytes});
        types.push_back(t);
        functions.push_back(holdsFunctions(fd->getType()));
        FieldPlace p;
        p.declared = t;
        places.push_back(p);
    }
    // A member struct with bit-fields has storage units of its own, which the union's units
    // cannot be: such a union is held as a member too (x86's desc_struct in the driver tasks).
    bool bitFields = false;
    for (const Type *t : types)
        for (const StructField &f : t->isStruct() ? t->fields : std::vector<StructField>{})
            bitFields = bitFields || !f.bitFields.empty();
    if (pointers || bitFields) {
        // Every member's scalars, merged: at each byte a pointer first (a pointer read as
        // an integer is its address, an integer cannot be read as a pointer), then the
        // widest (a narrower integer reads its bytes), then the earlier member's. In the
        // Linux driver tasks' ILP32 spinlock the padding view is the larger member, and
        // rlock's pointers lie over its padding bytes.
        struct Candidate {
            uint64_t offset;
            const Type *type;
            size_t member;
        };
        std::vector<Candidate> all;
        for (size_t i = 0; i < types.size(); ++i)
            for (const Leaf &l : types[i]->leaves())
                all.push_back({l.offset, l.type, i});
        std::stable_sort(all.begin(), all.end(), [](const Candidate &a, const Candidate &b) {
            if (a.type->isPointer() != b.type->isPointer())
                return a.type->isPointer();
            return a.type->sizeBytes > b.type->sizeBytes;
        });
        std::map<uint64_t, Candidate> taken; // by offset; none overlap
        for (const Candidate &c : all) {
            auto next = taken.lower_bound(c.offset);
            if (next != taken.end() && next->first < c.offset + c.type->sizeBytes)
                continue;
            if (next != taken.begin() && std::prev(next)->first + std::prev(next)->second.type->sizeBytes > c.offset)
                continue;
            taken.emplace(c.offset, c);
        }
        std::vector<StructField> fields;
        for (const auto &[offset, c] : taken)
            fields.push_back({members[c.member].first + "@" + std::to_string(offset), c.type, offset, {}});
        for (FieldPlace &p : places)
            p.viewOfStorage = true;
        ut->fields = std::move(fields);
        ut->membersAsViews = true;
        for (size_t i = 0; i < types.size(); ++i)
            ut->members.push_back({members[i].first, types[i], 0, {}, functions[i]});
        fieldPlaces[ut] = std::move(places);
        return;
    }
    // Units of 8 bytes (the last one what is left), named after the members they hold.
    std::vector<StructField> units;
    for (uint64_t at = 0; at < ut->sizeBytes; at += 8) {
        StructField u;
        u.offsetBytes = at;
        u.type = unitType(P.types, std::min<uint64_t>(8, ut->sizeBytes - at));
        u.name = "{";
        for (const auto &[name, size] : members)
            if (size > at)
                u.name += (u.name.size() > 1 ? "," : "") + name;
        u.name += "}";
        units.push_back(u);
    }
    ut->fields = std::move(units);
    // The members as C declares them, for printing a union's value member by member.
    for (size_t i = 0; i < types.size(); ++i)
        ut->members.push_back({members[i].first, types[i], 0, {}, functions[i]});
    fieldPlaces[ut] = std::move(places);
}

const Type *Lowering::type(clang::ASTContext &ctx, clang::QualType q, clang::SourceLocation loc) {
    q = q.getCanonicalType();
    const clang::Type *t = q.getTypePtr();
    auto &T = P.types;
    if (isVaList(q))
        return T.pointerTo(T.pointerTo(T.voidType()));
    if (const auto *bt = llvm::dyn_cast<clang::BuiltinType>(t)) {
        if (bt->isVoidType())
            return T.voidType();
        if (bt->getKind() == clang::BuiltinType::Bool)
            return T.boolType();
        if (bt->getKind() == clang::BuiltinType::Float)
            return T.floatType(32);
        if (bt->getKind() == clang::BuiltinType::Double)
            return T.floatType(64);
        if (bt->isFloatingPoint()) // long double is x87's 80 bits; _Float16, __float128
            throw Unsupported{loc, "floating-point type '" + q.getAsString() + "'"};
        if (bt->isInteger()) {
            unsigned bits = unsigned(ctx.getTypeSize(q));
            if (bits > 64)
                throw Unsupported{loc, "integer type wider than 64 bits ('" + q.getAsString() + "')"};
            clang::PrintingPolicy pp(ctx.getLangOpts());
            return T.intType(bits, bt->isSignedInteger(), std::string(bt->getName(pp)));
        }
        throw Unsupported{loc, "type '" + q.getAsString() + "'"};
    }
    if (const auto *et = llvm::dyn_cast<clang::EnumType>(t)) {
        auto *ed = et->getDecl()->getDefinition();
        if (!ed)
            return T.intT();
        return type(ctx, ed->getIntegerType(), loc);
    }
    if (const auto *pt = llvm::dyn_cast<clang::PointerType>(t)) {
        // A function pointer is the number of the function it points to (0: NULL), an
        // unsigned integer of a pointer's width: every analysis takes it as it is, and a
        // call through it chooses among the functions whose address is taken.
        if (pt->getPointeeType()->isFunctionType())
            return T.ulongT();
        return T.pointerTo(type(ctx, pt->getPointeeType(), loc));
    }
    if (const auto *at = llvm::dyn_cast<clang::ConstantArrayType>(t))
        return T.arrayOf(type(ctx, at->getElementType(), loc), at->getSize().getZExtValue());
    if (llvm::isa<clang::VariableArrayType>(t))
        throw Unsupported{loc, "variable-length array ('" + q.getAsString() + "')"};
    if (llvm::isa<clang::IncompleteArrayType>(t))
        // `extern int a[];` and flexible array members: no size to model yet.
        throw Unsupported{loc, "array of unknown size ('" + q.getAsString() + "')"};
    if (const auto *rt = llvm::dyn_cast<clang::RecordType>(t)) {
        const clang::RecordDecl *rd = rt->getDecl();
        std::string tag = rd->getName().str();
        std::string key = tag.empty() ? "anon@" + locString(ctx.getSourceManager(), rd->getLocation()) : tag;
        bool isNew = false;
        Type *st = T.declareStruct((rd->isUnion() ? "union " : "") + key, tag.empty() ? "<anonymous>" : tag, &isNew);
        st->isUnion = rd->isUnion();
        // A record refused once (a member vcov cannot hold) is refused wherever it is used,
        // never taken half-built.
        if (auto refused = refusedRecords.find(st); refused != refusedRecords.end())
            throw Unsupported{loc, refused->second};
        const clang::RecordDecl *def = rd->getDefinition();
        if (isNew && def) {
            try {
                if (rd->isUnion())
                    layOutUnion(ctx, def, st);
                else
                    layOut(ctx, def, st);
            } catch (const Unsupported &u) {
                refusedRecords[st] = st->spelling() + " (" + u.what + " at " + locString(ctx.getSourceManager(), u.loc) + ")";
                throw;
            }
        } else if (isNew) {
            st->sizeBytes = 0; // incomplete: usable behind pointers only
        }
        return st;
    }
    if (const auto *ft = llvm::dyn_cast<clang::FunctionProtoType>(t)) {
        std::vector<const Type *> params;
        for (auto p : ft->getParamTypes())
            params.push_back(type(ctx, p, loc));
        return T.functionType(type(ctx, ft->getReturnType(), loc), params, ft->isVariadic());
    }
    if (const auto *ft = llvm::dyn_cast<clang::FunctionNoProtoType>(t))
        return T.functionType(type(ctx, ft->getReturnType(), loc), {}, true);
    if (t->isAnyComplexType())
        throw Unsupported{loc, "complex type ('" + q.getAsString() + "')"};
    if (t->isVectorType())
        throw Unsupported{loc, "vector type ('" + q.getAsString() + "')"};
    if (t->isAtomicType())
        throw Unsupported{loc, "_Atomic type ('" + q.getAsString() + "')"};
    throw Unsupported{loc, "type '" + q.getAsString() + "'"};
}


} // namespace vcov::lowering
