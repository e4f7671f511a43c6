// The C type model of vcov's IR. Types are interned in a TypeTable owned by the
// Program, so a `const Type*` can be compared by address and outlives every edge.
#pragma once

#include <cstdint>
#include <deque>
#include <map>
#include <string>
#include <vector>

namespace vcov {

enum class DataModel { ILP32, LP64 };

const char *dataModelName(DataModel m);

enum class TypeKind { Void, Int, Float, Pointer, Array, Struct, Function };

struct Type;

// A scalar (integer, floating-point or pointer) inside an object, at its byte offset.
struct Leaf {
    uint64_t offset = 0;
    const Type *type = nullptr;
};

// A bit-field of C, held in a storage unit: an unsigned integer field of the struct
// (the front end lowers its reads and writes to shifts and masks of the unit).
struct BitField {
    std::string name;
    unsigned offset = 0, width = 0; // in bits, from the unit's least significant bit
    bool isSigned = false;
};

struct StructField {
    std::string name;
    const Type *type = nullptr;
    uint64_t offsetBytes = 0;
    std::vector<BitField> bitFields; // a storage unit's bit-fields, else none
    bool holdsFunctions = false;     // function pointers, held as function numbers (as Variable's)
};

struct Type {
    TypeKind kind = TypeKind::Void;
    // Int: width in bits and signedness; _Bool is an unsigned 8-bit integer with isBool.
    // Float: IEEE-754 binary32 (float) or binary64 (double), its value held as its bits.
    unsigned bits = 0;
    bool isSigned = false;
    bool isBool = false;
    // Pointer: pointee; Array: element; Function: return type.
    const Type *target = nullptr;
    uint64_t count = 0; // Array: number of elements
    std::string name;   // Int: spelling ("unsigned long"); Struct: tag
    std::vector<StructField> fields;
    // Struct: a C union, held in storage units (unsigned integers over its bytes) that
    // the front end reads and writes by shifts and masks; spelled "union tag".
    bool isUnion = false;
    // Union: some member holds a pointer (an object and an offset, not bits) or has bit-fields
    // (storage units of its own), so its fields are the members' scalars merged (at each byte
    // a pointer first, then the widest) and every member is a view: those bytes read as its
    // type, leaf by leaf, as memory is read through a pointer of another type.
    bool membersAsViews = false;
    // A union's members as C declares them, each at offset 0: views of the fields above for
    // membersAsViews, else printed from the storage units (a trace's `{d = -2.25, u = …}`).
    std::vector<StructField> members;
    std::vector<const Type *> params; // Function
    bool variadic = false;
    uint64_t sizeBytes = 0;
    unsigned alignBytes = 1;

    bool isInt() const { return kind == TypeKind::Int; }
    bool isFloat() const { return kind == TypeKind::Float; }
    bool isPointer() const { return kind == TypeKind::Pointer; }
    bool isArray() const { return kind == TypeKind::Array; }
    bool isStruct() const { return kind == TypeKind::Struct; }
    bool isScalar() const { return isInt() || isFloat() || isPointer(); }
    // Integer or floating-point: a value that is its bits (pointers are objects and offsets).
    bool isArithmetic() const { return isInt() || isFloat(); }
    std::string spelling() const;
    // A C declaration of `name` with this type: "int v[4]", "char *s".
    std::string declare(const std::string &name) const;
    // Every scalar inside an object of this type, in offset order (computed once; kept
    // with the type so that it lives exactly as long as the program).
    const std::vector<Leaf> &leaves() const;
    // How many leaves there are, without listing them (saturates at UINT64_MAX): callers
    // refuse objects too large to hold scalar by scalar before asking for leaves().
    uint64_t leafCount() const;
    // An array (of arrays) whose leaves all have one scalar type: that type, with the number
    // of elements in `count`; else nullptr. The analyses hold large ones sparsely.
    const Type *uniformElement(uint64_t &count) const;

private:
    mutable std::vector<Leaf> m_leaves;
    mutable bool m_leavesReady = false;
};

class TypeTable {
public:
    explicit TypeTable(DataModel model = DataModel::LP64);

    DataModel dataModel() const { return m_model; }
    unsigned pointerBits() const { return m_model == DataModel::LP64 ? 64 : 32; }

    const Type *voidType();
    const Type *boolType();
    const Type *intType(unsigned bits, bool isSigned, const std::string &spelling);
    const Type *floatType(unsigned bits); // 32: float, 64: double
    const Type *pointerTo(const Type *pointee);
    const Type *arrayOf(const Type *element, uint64_t count);
    const Type *functionType(const Type *ret, const std::vector<const Type *> &params, bool variadic);
    // Structs are declared first (for self-reference) and completed later.
    Type *declareStruct(const std::string &key, const std::string &tag, bool *isNew);

    // Common C types of this data model.
    const Type *intT() { return intType(32, true, "int"); }
    const Type *uintT() { return intType(32, false, "unsigned int"); }
    const Type *charT() { return intType(8, true, "char"); }
    const Type *longT();
    const Type *ulongT();
    const Type *sizeT() { return ulongT(); }

private:
    const Type *intern(const std::string &key, Type t);
    DataModel m_model;
    std::deque<Type> m_storage;
    std::map<std::string, Type *> m_byKey;
};

} // namespace vcov
