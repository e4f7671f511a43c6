#include "frontend/FrontEnd.h"

#include <set>
#include <string_view>

namespace vcov {

static bool startsWith(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

Intrinsic classifyIntrinsic(const std::string &name) {
    static const std::set<std::string, std::less<>> assume = {"__VERIFIER_assume", "__CPROVER_assume",
                                                              "assume_abort_if_not", "__ESBMC_assume"};
    static const std::set<std::string, std::less<>> assertion = {"assert", "__VERIFIER_assert", "__CPROVER_assert",
                                                                 "__CPROVER_precondition", "__ESBMC_assert",
                                                                 "__vcov_model_precondition"};
    static const std::set<std::string, std::less<>> error = {"reach_error", "__VERIFIER_error", "__assert_fail",
                                                             "__assert_perror_fail", "__assert", "__assert_rtn"};
    static const std::set<std::string, std::less<>> print = {"printf", "fprintf", "puts", "putchar"};
    if (startsWith(name, "__VERIFIER_nondet_") || startsWith(name, "nondet_") || name == "__VERIFIER_nondet" ||
        startsWith(name, "__CPROVER_nondet"))
        return Intrinsic::Nondet;
    if (assume.count(name))
        return Intrinsic::Assume;
    if (assertion.count(name))
        return Intrinsic::Assert;
    if (error.count(name))
        return Intrinsic::Error;
    if (name == "abort" || name == "__builtin_abort")
        return Intrinsic::Abort;
    if (name == "exit" || name == "_exit" || name == "_Exit")
        return Intrinsic::Exit;
    if (print.count(name))
        return Intrinsic::Printf;
    if (name == "malloc" || name == "calloc" || name == "alloca" || name == "__builtin_alloca")
        return Intrinsic::Malloc;
    if (name == "free")
        return Intrinsic::Free;
    if (name == "__CPROVER_r_ok" || name == "__CPROVER_w_ok" || name == "__CPROVER_rw_ok")
        return Intrinsic::PointerOk;
    // What the front end makes of CBMC's quantifiers (CbmcDialect.h).
    if (name == "__vcov_forall")
        return Intrinsic::Forall;
    if (name == "__vcov_exists")
        return Intrinsic::Exists;
    if (name == "__CPROVER_overflow_plus" || name == "__CPROVER_overflow_minus" || name == "__CPROVER_overflow_mult")
        return Intrinsic::Overflow;
    if (name == "__CPROVER_POINTER_OBJECT" || name == "__CPROVER_POINTER_OFFSET" || name == "__CPROVER_same_object")
        return Intrinsic::PointerPrimitive;
    if (name == "__vcov_block_copy" || name == "__vcov_block_set")
        return Intrinsic::BlockOperation;
    return Intrinsic::External;
}

std::string unsupportedLibraryFunction(const std::string &name) {
    if (name == "setjmp" || name == "_setjmp" || name == "sigsetjmp" || name == "longjmp" || name == "_longjmp" ||
        name == "siglongjmp" || name == "__builtin_setjmp" || name == "__builtin_longjmp")
        return "non-local jump ('" + name + "')";
    if (startsWith(name, "pthread_") || startsWith(name, "thrd_") || startsWith(name, "__VERIFIER_atomic_"))
        return "threads ('" + name + "')";
    // CBMC's built-ins that vcov does not model: never taken for inputs (a nondet
    // __CPROVER_is_fresh would make up violations). Uninterpreted functions are inputs
    // per call, which over-approximates them.
    if (startsWith(name, "__CPROVER_") && classifyIntrinsic(name) == Intrinsic::External &&
        !startsWith(name, "__CPROVER_uninterpreted_"))
        return "CBMC built-in '" + name + "' (not modelled yet)";
    static const std::set<std::string, std::less<>> writesMemory = {
        "vsprintf", "vsnprintf", "scanf", "fscanf",  "fgets",   "gets",   "fread",   "read",    "realloc",
        "__builtin_memcpy", "__builtin_memset", "__builtin_memmove", "qsort", "bsearch", "signal"};
    if (writesMemory.count(name))
        return "library function '" + name + "' (its effect on memory is not modelled yet)";
    return {};
}

} // namespace vcov
