// Tables of pure recursive functions: where a function's one integer parameter alone decides
// its integer result (no globals, no pointers, no inputs, nothing but such functions
// called), the interpreter computes its results over a range of arguments, each call
// answered once (memoized, as CPAchecker's block abstraction memoization reuses a block's
// summary). A call beyond the recursion bound then returns the table's value where its
// argument lies in the range (BmcOptions::recursionTables), any value elsewhere: fibonacci(46)
// needs 47 entries where its unwinding needs 2^46 calls.
#pragma once

#include "Cfa.h"
#include "bmc/Bmc.h"

#include <atomic>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace vcov {

using RecursionTable = BmcOptions::Table;
// "fibonacci(-64 .. 511)"
std::string describeTable(const Program &program, FunctionId function, const RecursionTable &table);

// Whether `function` is pure in that sense; `why` says what it is not.
bool isPureIntegerFunction(const Program &program, FunctionId function, std::string *why = nullptr);
// Whether its integer arguments alone decide a call of `function` (any number of them, an
// integer result or none): its result, and what it adds to the integer globals it only
// counts with (`counter++`; collected in `counters`; without them, any global refuses it).
// Such calls can be memoized (PureCallMemo::counters): hanoi's moves counted in a global.
bool isCountingFunction(const Program &program, FunctionId function, std::set<VarId> *counters,
                        std::string *why = nullptr);

// Tables of those among `functions` that are pure: arguments 0, 1, 2, ... and -1, -2, ...
// as far as each run returns (up to 512 and -64), within `seconds`.
std::map<FunctionId, RecursionTable> tabulateRecursion(const Program &program, const std::set<FunctionId> &functions,
                                                       double seconds, const std::atomic<bool> *cancel);

} // namespace vcov
