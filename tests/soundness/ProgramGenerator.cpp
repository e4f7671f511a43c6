#include "ProgramGenerator.h"

#include <algorithm>
#include <vector>

namespace vcov::test {

namespace {

// splitmix64: small, fast and the same everywhere. The seed is mixed once before it becomes
// the state: a state of seed * step + c made seed s + 1's stream seed s's shifted by one
// value, so neighbouring seeds generated near-copies.
class Rng {
public:
    explicit Rng(uint64_t seed) : m_state(mix(seed + 0x1234567ull)) {}
    uint64_t next() { return mix(m_state += 0x9E3779B97F4A7C15ull); }
    int below(int n) { return int(next() % uint64_t(n)); }
    int between(int lo, int hi) { return lo + below(hi - lo + 1); }
    bool chance(int percent) { return below(100) < percent; }
    template <typename T> const T &of(const std::vector<T> &v) { return v[size_t(below(int(v.size())))]; }

private:
    static uint64_t mix(uint64_t z) {
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    uint64_t m_state;
};

constexpr int ArraySize = 4; // indices are masked with & 3: always in bounds

class Generator {
public:
    // A draw of its own decides the enumerable programs: the others stay what they were.
    Generator(uint64_t seed, bool unboundedLoops)
        : R(seed), m_unboundedLoops(unboundedLoops), m_enumerable(unboundedLoops && Rng(~seed).chance(25)) {}

    GeneratedProgram run(uint64_t seed) {
        GeneratedProgram g;
        g.seed = seed;
        std::string out = "// vcov soundness generator, seed " + std::to_string(seed) + "\n"
                          "extern void reach_error(void);\n"
                          "extern int __VERIFIER_nondet_int(void);\n"
                          "extern void __VERIFIER_assume(int);\n"
                          "extern void *calloc(unsigned long, unsigned long);\n"
                          "extern void free(void *);\n";
        // Enumerable programs (goals/InputEnumeration.h): the inputs are drawn first, in
        // small ranges, and every later "input" takes from a fuel they set, which also ends
        // the loops that ran as long as an input said (longer than any bound checked).
        if (m_enumerable)
            out += "int fuel;\n";
        // Globals: scalars and perhaps an array, initialised (C zero-fills the rest).
        const int globals = R.between(0, 2);
        for (int i = 0; i < globals; ++i) {
            std::string name = "g" + std::to_string(i);
            out += "int " + name + " = " + std::to_string(R.between(-2, 5)) + ";\n";
            m_globals.push_back(name);
        }
        if (R.chance(40)) {
            out += "int garr[4] = {" + std::to_string(R.between(0, 3)) + ", " + std::to_string(R.between(-1, 4)) + "};\n";
            m_globalArrays.push_back("garr");
        }
        // Helpers: pure-ish functions of their parameters and the globals.
        const int helpers = R.between(0, 2);
        for (int i = 0; i < helpers; ++i)
            out += helper(i);
        // A pure recursive function of one integer, deeper than any bound: the model checker
        // summarizes it with the interpreter's table of its results (RecursionTables.h).
        const bool recursion = m_unboundedLoops && R.chance(m_enumerable ? 80 : 40);
        if (recursion)
            out += recursive();
        m_scalars = m_globals;
        m_arrays = m_globalArrays;
        out += "int main(void) {\n";
        const int inputs = R.between(1, 3);
        for (int i = 0; i < inputs; ++i) {
            std::string name = "x" + std::to_string(i);
            out += "  int " + name + " = __VERIFIER_nondet_int();\n";
            m_scalars.push_back(name);
            if (m_enumerable) {
                const int lo = R.between(-12, 8);
                out += "  if (" + name + " < " + std::to_string(lo) + " || " + name + " > " +
                       std::to_string(lo + R.between(0, 10)) + ") return 0;\n";
            }
        }
        if (m_enumerable)
            out += "  fuel = x0 * 2 + 40;\n";
        if (R.chance(30))
            out += "  __VERIFIER_assume(" + condition(1) + ");\n";
        const int locals = R.between(1, 2);
        for (int i = 0; i < locals; ++i) {
            std::string name = "v" + std::to_string(i);
            out += "  int " + name + " = " + std::to_string(R.between(0, 3)) + ";\n";
            m_scalars.push_back(name);
        }
        if (recursion) {
            out += "  int rv = rec(x0 % " + std::to_string(R.between(12, m_recursionLimit)) + ");\n";
            m_scalars.push_back("rv");
            m_hasUnbounded = true;
        }
        if (R.chance(50)) {
            out += "  int a0[4] = {" + std::to_string(R.between(0, 2)) + "};\n";
            m_arrays.push_back("a0");
        }
        if (!m_enumerable && R.chance(35)) {
            // Indeterminate elements: the execution's uninitialized inputs.
            out += "  int a1[4];\n";
            m_arrays.push_back("a1");
        }
        // A function pointer to one of the helpers, chosen by the input: calls go through it
        // as well as directly.
        if (!m_helpers.empty() && R.chance(35)) {
            out += "  int (*fp)(int, int) = (" + condition(1) + ") ? " + R.of(m_helpers) + " : " + R.of(m_helpers) + ";\n";
            m_helpers.push_back("fp");
        }
        // Heap memory: an allocation read and written like the arrays, freed at the end.
        const bool heap = R.chance(30);
        if (heap) {
            out += "  int *h0 = calloc(4, sizeof(int));\n";
            m_arrays.push_back("h0");
        }
        // Bit-fields: three members of one struct, read and written like the scalars
        // (stores keep the low bits; the signed one reads back sign-extended).
        if (R.chance(30)) {
            out += "  struct { unsigned u : 3; int s : 5; unsigned w : 9; } b = {" + std::to_string(R.between(0, 7)) +
                   ", " + std::to_string(R.between(-16, 15)) + "};\n";
            for (const char *f : {"b.u", "b.s", "b.w"})
                m_scalars.push_back(f);
        }
        // A union: an int and its bytes and half-words, each written and read like a scalar
        // (a write to one changes the others, little-endian).
        // Half of them hold a float too, whose bits the integer members write.
        const bool unionFloat = R.chance(25) && R.chance(50);
        if (unionFloat || R.chance(25)) {
            out += std::string("  union { int i; unsigned char c[4]; short h[2];") + (unionFloat ? " float f;" : "") +
                   " } un = {" + constant() + "};\n";
            for (const char *m : {"un.i", "un.c[0]", "un.c[3]", "un.h[1]"})
                m_scalars.push_back(m);
        }
        // Floating point: a double from an input and a float from it, computed on, compared
        // and converted back to int (rounding, absorption, truncation).
        if (R.chance(30)) {
            out += "  double fd = " + R.of(m_scalars) + " * 0.5 + " + constant() + ".25;\n";
            out += "  float ff = fd / 3;\n";
            m_floats = {"fd", "ff"};
            if (unionFloat) {
                out += "  un.f = ff * " + constant() + ";\n";
                m_floats.push_back("un.f");
            }
        }
        m_indent = 1;
        const int statements = R.between(3, 7);
        bool hasError = false;
        for (int i = 0; i < statements; ++i) {
            std::string s = statement(2);
            hasError = hasError || s.find("reach_error") != std::string::npos;
            out += s;
        }
        // Only in that mode a draw of its own: the other programs stay what they were.
        if (m_unboundedLoops && R.chance(35)) {
            out += arrayWalk();
            hasError = true;
        }
        if (!hasError || R.chance(40))
            out += "  if (" + condition(2) + ") reach_error();\n";
        if (heap)
            out += "  free(h0);\n";
        out += "  return 0;\n}\n";
        g.source = std::move(out);
        g.unwind = unsigned(m_maxTrips + 2);
        g.unbounded = m_unboundedLoops && m_hasUnbounded;
        return g;
    }

private:
    std::string input() const { return m_enumerable ? "fuel-- > 0" : "__VERIFIER_nondet_int()"; }
    std::string pad() const { return std::string(size_t(2 * m_indent), ' '); }

    std::string helper(int index) {
        const std::string name = "f" + std::to_string(index);
        std::vector<std::string> saved = std::move(m_scalars);
        std::vector<std::string> savedArrays = std::move(m_arrays);
        m_scalars = m_globals;
        m_scalars.push_back("p0");
        m_scalars.push_back("p1");
        m_arrays = m_globalArrays;
        m_indent = 1;
        std::string body = "int " + name + "(int p0, int p1) {\n";
        body += "  int r = " + expression(1) + ";\n";
        m_scalars.push_back("r");
        const int n = R.between(1, 3);
        for (int i = 0; i < n; ++i)
            body += statement(1);
        // Some helpers fall off their end on some paths: the caller's value is indeterminate.
        if (R.chance(20))
            body += "  if (" + condition(1) + ") return r;\n}\n";
        else
            body += "  return r;\n}\n";
        m_helpers.push_back(name);
        m_scalars = std::move(saved);
        m_arrays = std::move(savedArrays);
        return body;
    }

    // rec(n): a base case at or below b, else one or two calls on smaller n, and sums that
    // stay small (no overflow: n is below 30 where main calls it). Enumerable programs have
    // one more often, and half of theirs are rec(n - 1) + k with the base case n == b: a line
    // in n modulo 2^32, a call summary (CallSummaries.h) that also answers calls whose real
    // recursion outlasts the interpreter's depth (n below b goes round through INT_MIN).
    std::string recursive() {
        const std::string base = std::to_string(R.between(-1, 2));
        const std::string value = constant();
        const int shape = m_enumerable && R.chance(50) ? 0 : R.below(3);
        const bool exact = m_enumerable && shape == 0;
        std::string body = "int rec(int n) {\n  if (n " + std::string(exact ? "==" : "<=") + " " + base + ") return " +
                           value + ";\n";
        const std::vector<std::string> terms = exact ? std::vector<std::string>{"n", "1", "-2", "3", "(n & 3)"}
                                                     : std::vector<std::string>{"n", "1", "-2", "(n & 3)", "(n % 5)"};
        switch (shape) {
        case 0: body += "  return rec(n - 1) + " + R.of(terms) + ";\n"; break;
        case 1:
            body += "  if (n % " + std::to_string(R.between(2, 4)) + " == 0) return rec(n - 2) - " + R.of(terms) + ";\n";
            body += "  return rec(n - 1) + " + R.of(terms) + ";\n";
            break;
        default: // two calls: as many as fibonacci's, so its argument stays below 18
            body += "  return rec(n - 1) - rec(n - 2) + " + R.of(terms) + ";\n";
            m_recursionLimit = 17;
            break;
        }
        return body + "}\n";
    }

    std::string constant() { return std::to_string(R.between(-3, 9)); }

    std::string index(int depth) { return "(" + expression(depth) + ") & 3"; }

    std::string atom(int depth) {
        int k = R.below(10);
        if (k < 2 || m_scalars.empty())
            return constant();
        if (k == 2 && !m_arrays.empty() && depth > 0)
            return R.of(m_arrays) + "[" + index(depth - 1) + "]";
        return R.of(m_scalars);
    }

    std::string expression(int depth) {
        if (depth <= 0 || R.chance(35))
            return atom(depth);
        switch (R.below(8)) {
        case 0: return expression(depth - 1) + " + " + expression(depth - 1);
        case 1: return expression(depth - 1) + " - " + expression(depth - 1);
        case 2: return expression(depth - 1) + " * " + std::to_string(R.between(-2, 3));
        case 3: return "(" + expression(depth - 1) + ") / " + std::to_string(R.of(std::vector<int>{2, 3, -2, 5}));
        case 4: return "(" + expression(depth - 1) + ") % " + std::to_string(R.of(std::vector<int>{2, 3, 4}));
        case 5: return "-(" + expression(depth - 1) + ")";
        case 6:
            if (!m_helpers.empty() && m_calls < 3) {
                ++m_calls;
                return R.of(m_helpers) + "(" + expression(depth - 1) + ", " + expression(depth - 1) + ")";
            }
            return atom(depth);
        default: return "(" + expression(depth - 1) + ")";
        }
    }

    std::string relation(int depth) {
        static const std::vector<std::string> ops = {"<", "<=", ">", ">=", "==", "!="};
        return expression(depth) + " " + R.of(ops) + " " + (R.chance(60) ? constant() : expression(depth));
    }

    std::string condition(int depth) {
        int k = R.below(10);
        if (depth > 0 && k == 0)
            return relation(depth - 1) + " && " + relation(depth - 1);
        if (depth > 0 && k == 1)
            return relation(depth - 1) + " || " + relation(depth - 1);
        if (depth > 0 && k == 2)
            return "!(" + relation(depth - 1) + ")";
        return relation(depth > 0 ? 1 : 0);
    }

    std::string block(int depth) {
        ++m_indent;
        std::string body;
        const int n = R.between(1, 2);
        for (int i = 0; i < n; ++i)
            body += statement(depth);
        --m_indent;
        return body;
    }

    // Any variable but a loop counter, which the loop alone writes (its bound stays known).
    std::string assignable() {
        std::vector<std::string> writable;
        for (const auto &v : m_scalars)
            if (std::find(m_counters.begin(), m_counters.end(), v) == m_counters.end())
                writable.push_back(v);
        return writable.empty() ? m_scalars.front() : R.of(writable);
    }

    // A loop no bound unwinds whose iteration ends in a call: the shape in which Houdini's
    // step once blocked the callee of the back edge and proved a false invariant (Problem01).
    std::string unboundedLoop(int depth) {
        m_hasUnbounded = true;
        ++m_loopDepth;
        std::string s = pad() + "while (" + input() + ") {\n" + block(depth - 1);
        ++m_indent;
        if (depth >= 2 && R.chance(50)) {
            // A nested loop no bound unwinds either, with a check inside: the step over the
            // inner loop with the outer one gone round once from a havocked state.
            ++m_loopDepth;
            const std::string w = assignable();
            s += pad() + "while (" + input() + ") {\n";
            ++m_indent;
            s += pad() + "if (" + condition(2) + ") reach_error();\n";
            s += pad() + w + " = " + expression(1) + ";\n";
            --m_indent;
            s += pad() + "}\n";
            --m_loopDepth;
        }
        const std::string v = assignable();
        s += pad() + v + " = " +
             (m_helpers.empty() ? expression(1)
                                : R.of(m_helpers) + "(" + expression(1) + ", " + expression(1) + ")") +
             ";\n";
        --m_indent;
        --m_loopDepth;
        return s + pad() + "}\n";
    }

    // Loops that walk an array with their counter, longer than any bound the checks use (k up to 16),
    // then a loop that checks every element: what "b[k] == a[k] for 0 <= k < i" and its
    // kin are made for. A fill with a constant or an input, a copy of indeterminate
    // elements, or a search for an input; sometimes an element or the input changes
    // between walk and check, and the check fails for some inputs.
    std::string arrayWalk() {
        m_hasUnbounded = true;
        const std::string len = std::to_string(40 * R.between(1, 3));
        std::vector<std::string> plain; // inputs and locals: variables a fact may name
        for (const auto &v : m_scalars)
            if ((v[0] == 'x' || v[0] == 'v') && v.find('.') == std::string::npos)
                plain.push_back(v);
        const std::string input = plain.empty() ? std::string("x0") : R.of(plain);
        // Enumerable programs read no indeterminate element: their arrays start filled.
        const std::string fill = m_enumerable ? " = {" + constant() + "}" : "";
        std::string s = "  int w0[" + len + "]" + fill + ", w1[" + len + "]" + fill + ", t0, t1 = 0;\n";
        std::string expected, tamper;
        switch (R.below(3)) {
        case 0: // a fill
            expected = R.chance(50) ? constant() : input;
            s += "  for (t0 = 0; t0 < " + len + "; t0++)\n    w0[t0] = " + expected + ";\n";
            break;
        case 1: // a copy of w1's indeterminate elements (the execution's inputs)
            expected = "w1[t0]";
            s += "  for (t0 = 0; t0 < " + len + "; t0++)\n    w0[t0] = w1[t0];\n";
            break;
        default: { // a search for the input among w0's indeterminate elements
            std::string t = R.chance(30) ? "  w0[" + std::to_string(R.between(0, 39)) + "] = " + expression(1) + ";\n"
                                         : std::string();
            if (R.chance(30))
                t += "  " + input + " = " + expression(1) + ";\n";
            return s + "  while (t1 < " + len + " && w0[t1] != " + input + ")\n    t1++;\n" + t +
                   "  for (t0 = 0; t0 < t1; t0++)\n    if (w0[t0] == " + input + ") reach_error();\n";
        }
        }
        if (R.chance(40))
            tamper = "  w0[" + std::to_string(R.between(0, 39)) + "] = " + expression(1) + ";\n";
        else if (R.chance(30) && expected == input)
            tamper = "  " + input + " = " + expression(1) + ";\n";
        return s + tamper + "  for (t0 = 0; t0 < " + len + "; t0++)\n    if (w0[t0] != " + expected +
               ") reach_error();\n";
    }

    std::string statement(int depth) {
        // Only in that mode a draw of its own: the other programs stay what they were.
        if (m_unboundedLoops && depth > 0 && R.chance(20))
            return unboundedLoop(depth);
        const int k = R.below(depth > 0 ? (m_floats.empty() ? 12 : 14) : 5);
        switch (k) {
        case 0:
        case 1:
            return pad() + assignable() + " = " + expression(2) + ";\n";
        case 2:
            if (!m_arrays.empty())
                return pad() + R.of(m_arrays) + "[" + index(1) + "] = " + expression(1) + ";\n";
            return pad() + assignable() + " = " + expression(1) + ";\n";
        case 3:
            return pad() + "if (" + condition(2) + ") reach_error();\n";
        case 4:
            return pad() + assignable() + " = " + (m_enumerable ? std::string("fuel--") : input()) + ";\n";
        case 5:
        case 6: {
            std::string s = pad() + "if (" + condition(2) + ") {\n" + block(depth - 1) + pad() + "}";
            if (R.chance(60))
                s += " else {\n" + block(depth - 1) + pad() + "}";
            return s + "\n";
        }
        case 7: {
            // The join whose arms end in the same state: the else-arm's node is covered
            // by the then-arm's, and only one of them may lead to a violation.
            std::string v = assignable(), c = constant();
            return pad() + "if (" + condition(1) + ") { " + v + " = " + c + "; } else { " + v + " = " + c + "; }\n";
        }
        case 8: {
            const int trips = R.between(1, 3);
            m_maxTrips = std::max(m_maxTrips, trips * (m_loopDepth + 1));
            const std::string i = "i" + std::to_string(m_loops++);
            ++m_loopDepth;
            std::string s = pad() + "for (int " + i + " = 0; " + i + " < " + std::to_string(trips) + "; " + i + "++) {\n";
            m_scalars.push_back(i);
            m_counters.push_back(i);
            std::string body = block(depth - 1);
            m_counters.pop_back();
            m_scalars.pop_back();
            --m_loopDepth;
            return s + body + pad() + "}\n";
        }
        case 9: {
            // A loop of unknown length with a counter that bounds it.
            const int trips = R.between(1, 3);
            m_maxTrips = std::max(m_maxTrips, trips * (m_loopDepth + 1));
            const std::string c = "c" + std::to_string(m_loops++);
            ++m_loopDepth;
            std::string s = pad() + "int " + c + " = 0;\n";
            if (R.chance(35)) {
                // A goto into the loop's body (irreducible flow, as CIL writes it): the
                // first iteration starts at the label, past the condition.
                const std::string label = "into_" + c;
                s += pad() + "if (" + condition(1) + ") goto " + label + ";\n";
                s += pad() + "while (" + c + " < " + std::to_string(trips) + " && " + input() + ") {\n";
                s += block(depth - 1);
                ++m_indent;
                s += pad().substr(2) + label + ":\n" + pad() + c + " = " + c + " + 1;\n";
                --m_indent;
                --m_loopDepth;
                return s + pad() + "}\n";
            }
            s += pad() + "while (" + c + " < " + std::to_string(trips) + " && " + input() + ") {\n";
            ++m_indent;
            s += pad() + c + " = " + c + " + 1;\n";
            --m_indent;
            s += block(depth - 1);
            --m_loopDepth;
            return s + pad() + "}\n";
        }
        case 10: {
            std::string v = assignable();
            std::string s = pad() + "switch (" + expression(1) + ") {\n";
            const int cases = R.between(1, 3);
            for (int i = 0; i < cases; ++i)
                s += pad() + "case " + std::to_string(i + R.between(-1, 2) * 3) + ": " + v + " = " + constant() +
                     "; break;\n";
            s += pad() + "default: " + v + " = " + constant() + ";\n" + pad() + "}\n";
            return s;
        }
        case 12:
            switch (R.below(3)) {
            case 0: return pad() + "fd = fd * 1.5 - " + R.of(m_scalars) + ";\n";
            case 1: return pad() + "ff = ff + " + R.of(m_scalars) + " * 0.1f;\n";
            default: return pad() + assignable() + " = (int)(" + R.of(m_floats) + " / 4);\n";
            }
        case 13: {
            static const std::vector<std::string> ops = {"<", "<=", ">", ">=", "==", "!="};
            const std::string rhs = R.chance(50) ? R.of(m_floats) : R.chance(50) ? R.of(m_scalars) : constant() + ".5";
            return pad() + "if (" + R.of(m_floats) + " " + R.of(ops) + " " + rhs + ") reach_error();\n";
        }
        default:
            return pad() + "__VERIFIER_assume(" + condition(1) + ");\n";
        }
    }

    Rng R;
    std::vector<std::string> m_globals, m_globalArrays, m_scalars, m_arrays, m_helpers, m_counters, m_floats;
    int m_indent = 1, m_loops = 0, m_loopDepth = 0, m_maxTrips = 1, m_calls = 0, m_recursionLimit = 30;
    bool m_unboundedLoops = false, m_hasUnbounded = false, m_enumerable = false;
};

} // namespace

GeneratedProgram generateProgram(uint64_t seed, bool unboundedLoops) {
    return Generator(seed, unboundedLoops).run(seed);
}

} // namespace vcov::test
