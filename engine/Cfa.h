// Control-flow automata (DESIGN.md §1): per function, nodes are program locations and
// edges are operations. A Program owns every CFA of a parsed C program together with its
// types, variables and source files; it is immutable once the front end returns it.
#pragma once

#include "Diagnostics.h"
#include "Expr.h"
#include "Types.h"

#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace vcov {

using NodeId = int32_t;
using EdgeId = int32_t;
using FunctionId = int32_t;
using FileId = int32_t;
constexpr NodeId NoNode = -1;
constexpr FunctionId NoFunction = -1;

struct SourceRange {
    FileId file = -1;
    unsigned beginLine = 0, beginColumn = 0;
    unsigned endLine = 0, endColumn = 0; // inclusive: the last character of the range
    bool valid() const { return file >= 0 && beginLine > 0; }
};

struct SourceFile {
    std::string path;    // as given (or as the #include found it)
    std::string content; // the text Clang parsed
    bool isInput = false; // named by the user, not reached through #include
};

// Verification intrinsics and library functions the semantics knows (DESIGN.md §3).
enum class Intrinsic {
    None,       // a call of a function with a body
    Nondet,     // __VERIFIER_nondet_T, nondet_T: a fresh input of the return type
    Assume,     // __VERIFIER_assume, __CPROVER_assume, assume_abort_if_not
    Assert,     // assert, __VERIFIER_assert: the property
    Error,      // reach_error, __VERIFIER_error, __assert_fail: a property violation
    Abort,      // abort: the execution ends, no violation
    Exit,       // exit(code)
    Printf,     // printf, fprintf, puts, putchar: output
    Malloc,     // malloc, calloc
    Free,       // free
    InvalidCall, // a call through a function pointer that holds no function of its type
    External,   // a function without a body: returns a nondet value of its type
    PointerOk,  // __CPROVER_r_ok/w_ok/rw_ok(p, n): p points into a live object with n bytes from p on
    // CBMC's __CPROVER_forall / __CPROVER_exists over an integer variable: args are the bound
    // variable, the least and greatest value it may take (inclusive; each in its own type,
    // a superset of the range, clipped to the variable's type), the range (the whole
    // condition) and the body. True when every value in [lo, hi] that satisfies the range
    // satisfies the body (Forall), or some value does (Exists).
    Forall,
    Exists,
    // CBMC's __CPROVER_overflow_plus/minus/mult(a, b): whether a + b (- , *) overflows in
    // the type of a + b; args are a and b converted to that type, the callee name says which.
    Overflow,
    // CBMC's pointer primitives, the callee name says which: __CPROVER_POINTER_OBJECT(p) (a
    // number per object, 0 for NULL), __CPROVER_POINTER_OFFSET(p) (bytes from the object's
    // start) and __CPROVER_same_object(p, q).
    PointerPrimitive,
    // vcov's library models: __vcov_block_copy(dst, src, n) / __vcov_block_set(dst, c, n)
    // copy or set n bytes in one step and return 1 where the model checker holds the memory
    // as arrays (CBMC's __CPROVER_array_copy / _set); everywhere else they do nothing and
    // return 0, and the model's byte loop does the work.
    BlockOperation,
};

const char *intrinsicName(Intrinsic i);

enum class EdgeKind { Blank, Declaration, Assignment, Assume, Call, Return };

const char *edgeKindName(EdgeKind k);

// Part of an object set by a declaration's initializer: target is an lvalue rooted in
// the declared variable; objects not named by any initializer of a declaration that has
// one are zero, as C requires.
struct Initializer {
    ExprPtr target;
    ExprPtr value;
};

// The call the library models' preconditions lower to (CBMC's __CPROVER_precondition in
// its own models): a built-in assertion (Program::builtinAssertions).
inline constexpr const char *ModelPrecondition = "__vcov_model_precondition";

struct CallInfo {
    Intrinsic intrinsic = Intrinsic::None;
    FunctionId callee = NoFunction; // the function called (with or without a body)
    std::string calleeName;
    ExprPtr lhs;                    // where the result goes; null when discarded
    std::vector<ExprPtr> args;      // converted to the parameter types where known
};

struct CfaEdge {
    EdgeId id = -1;
    NodeId from = NoNode, to = NoNode;
    FunctionId function = NoFunction;
    EdgeKind kind = EdgeKind::Blank;
    SourceRange range;
    std::string text; // the source text of the operation ([c] / [!(c)] for assumes)

    // Declaration
    VarId declared = NoVar;
    bool hasInitializer = false;
    std::vector<Initializer> inits;
    // Assignment
    ExprPtr lhs, rhs;
    // Assume: cond holds (truth) or does not (!truth)
    ExprPtr cond;
    bool truth = true;
    // Call
    CallInfo call;
    // Return: value (null for `return;`; falling off the end of a non-void function returns
    // an uninitialized temporary)
    ExprPtr value;

    unsigned line() const { return range.beginLine; }
};

// `int x = f();` is lowered as a declaration without initializer and the call that
// assigns x: the indeterminate value it draws is never read (witnesses and imported
// traces pass it over).
class Program;
bool assignedByNextCall(const Program &program, const CfaEdge &declaration);
// The declaration of the indeterminate value a non-void function without a return
// statement hands back (C11 6.9.1p12): the return edge after it returns that variable.
bool indeterminateReturn(const Program &program, const CfaEdge &declaration);

struct CfaNode {
    NodeId id = NoNode;
    FunctionId function = NoFunction;
    unsigned line = 0; // the line of the first outgoing edge, where known
    bool loopHead = false;
    std::vector<EdgeId> out, in;
};

struct Variable {
    VarId id = NoVar;
    std::string name;          // as in the source (temporaries: __vcov_tmp<N>)
    std::string qualifiedName; // unique: "name" for globals, "function::name[#k]" for locals
    const Type *type = nullptr;
    FunctionId function = NoFunction; // NoFunction for globals
    bool isParam = false;
    bool isTemporary = false;
    // A function pointer (or an array of them): its scalars are function numbers
    // (Program::functionPointerText), held as unsigned longs.
    bool holdsFunctions = false;
    SourceRange range;
};

struct GlobalDeclaration {
    VarId var = NoVar;
    bool hasInitializer = false;
    std::vector<Initializer> inits;
};

struct FunctionCfa {
    FunctionId id = NoFunction;
    std::string name;
    const Type *type = nullptr; // a Function type
    bool hasBody = false;
    Intrinsic intrinsic = Intrinsic::None; // for functions without a body
    NodeId entry = NoNode, exit = NoNode;
    std::vector<VarId> params;
    std::vector<VarId> locals;
    std::vector<NodeId> nodes;
    std::vector<EdgeId> edges;
    SourceRange range;
};

struct FileLine {
    FileId file;
    unsigned line;
    auto operator<=>(const FileLine &) const = default;
};

// One step of an interprocedural path: a CFA edge taken, or (isReturn) the return from
// the callee of a call edge to the call's target location. Executions, ART edges,
// assumption-automaton transitions and BMC monitors all speak this alphabet.
struct PathMove {
    EdgeId edge = -1;
    bool isReturn = false;
    auto operator<=>(const PathMove &) const = default;
};

class Program {
public:
    explicit Program(DataModel model = DataModel::LP64) : types(model) {}
    Program(const Program &) = delete;
    Program &operator=(const Program &) = delete;

    TypeTable types;
    std::vector<SourceFile> files;
    std::vector<Variable> variables;
    std::vector<GlobalDeclaration> globals;
    std::vector<FunctionCfa> functions;
    std::vector<CfaNode> nodes;
    std::vector<CfaEdge> edges;
    FunctionId entryFunction = NoFunction; // main, where there is one
    // malloc of more bytes returns NULL (glibc's PTRDIFF_MAX; a CBMC proof's object size,
    // FrontEndOptions::maxAllocation), in every semantics.
    uint64_t maxAllocation = INT64_MAX;
    // CBMC's built-in assertions, the library models' own preconditions (memcpy's regions
    // readable and apart): checked as the program's assertions, as CBMC checks them unless
    // --no-built-in-assertions (FrontEndOptions::builtinAssertions). Off, a failing one is
    // undefined behaviour of the pointer check.
    bool builtinAssertions = true;
    Diagnostics diagnostics;

    DataModel dataModel() const { return types.dataModel(); }
    const FunctionCfa *function(const std::string &name) const;
    const CfaNode &node(NodeId id) const { return nodes[id]; }
    const CfaEdge &edge(EdgeId id) const { return edges[id]; }
    const Variable &variable(VarId id) const { return variables[id]; }
    FileId fileId(const std::string &path) const;
    // Whether a failing Intrinsic::Assert call violates the assertion property (false: a
    // built-in assertion while they are off, a pointer violation or undefined behaviour).
    bool assertsProgramProperty(const CallInfo &c) const {
        return builtinAssertions || c.calleeName != ModelPrecondition;
    }

    // Lines that carry at least one non-blank edge of a function with a body.
    std::set<FileLine> coverableLines() const;
    std::set<unsigned> coverableLines(FileId file) const;
    // Edges whose range starts on this line.
    std::vector<EdgeId> edgesOnLine(FileId file, unsigned line) const;
    size_t functionsWithBody() const;
    // A function pointer's value as C names it: "NULL", "&inc", or the number where it
    // names no function (the front end numbers function f as f + 1).
    std::string functionPointerText(uint64_t number) const;
};

// A call of a function whose body the program has: it enters the callee's CFA.
bool callsBody(const Program &p, const CfaEdge &e);
// Every expression an edge holds (condition, sides of an assignment, return value, call
// result and arguments, initializers), each once; null ones are skipped.
void forEachEdgeExpr(const CfaEdge &e, const std::function<void(const ExprPtr &)> &f);
// Variables whose address is taken somewhere (&v, &v.f, &v[i], an array decaying to a
// pointer), in any edge or global initializer: what a pointer may reach besides the heap.
std::set<VarId> addressTakenVariables(const Program &p);

// A program variant (a mutant): some edges replaced by other operations between the same
// locations. The interpreter runs a variant (InterpreterOptions::variant); the bounded model
// checker encodes many variants at once, each selected by a literal (BmcEncoding).
struct ProgramVariant {
    std::string name;
    std::map<EdgeId, CfaEdge> edges; // by the id of the edge each replaces
    const CfaEdge &edge(const Program &p, EdgeId id) const {
        auto it = edges.find(id);
        return it == edges.end() ? p.edge(id) : it->second;
    }
};

// Why `v` is not a variant of `p` ("" when it is): a replacement keeps the edge's id and
// locations, an assume stays an assume (the branching stays deterministic), a return a
// return, a declaration declares the same variable, and calls of functions with a body
// are neither replaced nor introduced (they shape the unwinding).
std::string variantError(const Program &p, const ProgramVariant &v);

// The moves possible at a location under a call stack (the call edges below the entry
// function): its out edges, and at a function's exit the return through the last call.
std::vector<PathMove> movesAt(const Program &p, NodeId location, const std::vector<EdgeId> &calls);
// Where a move leads; calls are pushed and popped.
NodeId afterMove(const Program &p, PathMove m, std::vector<EdgeId> &calls);
// Per node its predecessors, where a call's source also precedes the callee's entry.
std::vector<std::vector<NodeId>> predecessorsWithCalls(const Program &p);

// The C-like text of an expression, for edges built by the front end and for traces.
std::string exprToString(const Program &p, const ExprPtr &e);
// What an edge does, written from the IR (temporaries and conversions visible), where
// edge.text is what the source says.
std::string edgeOperation(const Program &p, const CfaEdge &e);

} // namespace vcov
