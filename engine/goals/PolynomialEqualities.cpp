#include "goals/PolynomialEqualities.h"

#include <algorithm>
#include <numeric>
#include <set>

namespace vcov {

unsigned PolynomialEquality::degree() const {
    size_t d = 0;
    for (const PolynomialTerm &t : terms)
        d = std::max(d, t.vars.size());
    return unsigned(d);
}

namespace {

// The null space is computed modulo a Mersenne prime (exact, no growth of the entries as
// in rational elimination) and its rationals read back by rational reconstruction.
constexpr uint64_t Prime = (uint64_t(1) << 61) - 1;

uint64_t reduce(unsigned __int128 x) {
    uint64_t r = uint64_t(x & Prime) + uint64_t(x >> 61);
    while (r >= Prime)
        r -= Prime;
    return r;
}
uint64_t mulMod(uint64_t a, uint64_t b) { return reduce((unsigned __int128)a * b); }
uint64_t addMod(uint64_t a, uint64_t b) { return reduce((unsigned __int128)a + b); }
uint64_t subMod(uint64_t a, uint64_t b) { return addMod(a, Prime - b); }
uint64_t invMod(uint64_t a) {
    uint64_t result = 1, base = a;
    for (uint64_t e = Prime - 2; e; e >>= 1, base = mulMod(base, base))
        if (e & 1)
            result = mulMod(result, base);
    return result;
}
uint64_t fromInt(int64_t v) {
    const uint64_t magnitude = v < 0 ? uint64_t(0) - uint64_t(v) : uint64_t(v);
    const uint64_t r = magnitude % Prime;
    return v < 0 && r ? Prime - r : r;
}

// a / b with |a|, b below 2^30 that equals c modulo the prime, if there is one.
std::optional<std::pair<int64_t, int64_t>> rational(uint64_t c) {
    const __int128 limit = __int128(1) << 30;
    __int128 r0 = Prime, r1 = c, t0 = 0, t1 = 1;
    while (r1 >= limit) {
        const __int128 q = r0 / r1;
        r0 = r0 - q * r1;
        std::swap(r0, r1);
        t0 = t0 - q * t1;
        std::swap(t0, t1);
    }
    if (t1 == 0 || t1 >= limit || -t1 >= limit)
        return std::nullopt;
    if (t1 < 0)
        return std::pair{int64_t(-r1), int64_t(-t1)};
    return std::pair{int64_t(r1), int64_t(t1)};
}

using Monomial = std::vector<size_t>;

// Every monomial of degree <= d over `vars`, by degree, then lexicographically.
std::vector<Monomial> monomials(const std::vector<size_t> &vars, unsigned d) {
    std::vector<Monomial> out{{}};
    std::vector<Monomial> last{{}};
    for (unsigned k = 1; k <= d; ++k) {
        std::vector<Monomial> next;
        for (const Monomial &m : last)
            for (size_t i = 0; i < vars.size(); ++i)
                if (m.empty() || vars[i] >= m.back()) {
                    Monomial n = m;
                    n.push_back(vars[i]);
                    next.push_back(std::move(n));
                }
        out.insert(out.end(), next.begin(), next.end());
        last = std::move(next);
    }
    return out;
}

// Rows in echelon form, each with its pivot scaled to 1.
class Echelon {
public:
    explicit Echelon(size_t cols) : m_cols(cols) {}
    size_t rank() const { return m_rows.size(); }

    void add(std::vector<uint64_t> row) {
        for (size_t k = 0; k < m_rows.size(); ++k)
            if (const uint64_t f = row[m_pivots[k]])
                for (size_t c = 0; c < m_cols; ++c)
                    row[c] = subMod(row[c], mulMod(f, m_rows[k][c]));
        const auto first = std::find_if(row.begin(), row.end(), [](uint64_t v) { return v != 0; });
        if (first == row.end())
            return;
        const uint64_t inv = invMod(*first);
        for (uint64_t &v : row)
            v = mulMod(v, inv);
        m_pivots.push_back(size_t(first - row.begin()));
        m_rows.push_back(std::move(row));
    }

    // A basis of the vectors every row is orthogonal to: one per free column.
    std::vector<std::vector<uint64_t>> nullSpace() {
        std::vector<size_t> order(m_rows.size());
        std::iota(order.begin(), order.end(), 0);
        std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return m_pivots[a] < m_pivots[b]; });
        std::vector<std::vector<uint64_t>> rows;
        std::vector<size_t> pivots;
        for (size_t i : order) {
            rows.push_back(m_rows[i]);
            pivots.push_back(m_pivots[i]);
        }
        for (size_t i = rows.size(); i-- > 0;)
            for (size_t j = 0; j < i; ++j)
                if (const uint64_t f = rows[j][pivots[i]])
                    for (size_t c = 0; c < m_cols; ++c)
                        rows[j][c] = subMod(rows[j][c], mulMod(f, rows[i][c]));
        std::vector<std::vector<uint64_t>> out;
        const std::set<size_t> pivotSet(pivots.begin(), pivots.end());
        for (size_t f = 0; f < m_cols; ++f) {
            if (pivotSet.count(f))
                continue;
            std::vector<uint64_t> v(m_cols, 0);
            v[f] = 1;
            for (size_t r = 0; r < rows.size(); ++r)
                v[pivots[r]] = rows[r][f] ? Prime - rows[r][f] : 0;
            out.push_back(std::move(v));
        }
        return out;
    }

private:
    size_t m_cols;
    std::vector<std::vector<uint64_t>> m_rows;
    std::vector<size_t> m_pivots;
};

using State = std::vector<int64_t>;

int64_t wrapValue(const PolynomialEquality &e, const State &s) {
    uint64_t sum = 0;
    for (const PolynomialTerm &t : e.terms) {
        uint64_t product = uint64_t(t.coefficient);
        for (size_t v : t.vars)
            product *= uint64_t(s[v]);
        sum += product;
    }
    return int64_t(sum);
}

// The integer equality a null vector stands for; nullopt where its rationals do not come
// back small (then it is an accident of the prime or too unwieldy to be worth proving).
std::optional<PolynomialEquality> integral(const std::vector<uint64_t> &v, const std::vector<Monomial> &monos) {
    std::vector<std::pair<int64_t, int64_t>> fractions;
    __int128 lcm = 1;
    for (uint64_t c : v) {
        const auto f = rational(c);
        if (!f)
            return std::nullopt;
        fractions.push_back(*f);
        lcm = lcm / std::gcd(int64_t(lcm), f->second) * f->second;
        if (lcm > (__int128(1) << 31))
            return std::nullopt;
    }
    PolynomialEquality e;
    int64_t common = 0;
    for (size_t i = 0; i < v.size(); ++i) {
        const __int128 c = __int128(fractions[i].first) * (lcm / fractions[i].second);
        if (c == 0)
            continue;
        if (c > (__int128(1) << 20) || -c > (__int128(1) << 20))
            return std::nullopt;
        e.terms.push_back({int64_t(c), monos[i]});
        common = std::gcd(common, int64_t(c));
    }
    if (e.terms.empty())
        return std::nullopt;
    const int64_t sign = e.terms.back().coefficient < 0 ? -1 : 1;
    for (PolynomialTerm &t : e.terms)
        t.coefficient = t.coefficient / common * sign;
    return e;
}

std::vector<PolynomialEquality> equalitiesOver(const std::vector<State> &rows, const std::vector<Monomial> &monos) {
    Echelon echelon(monos.size());
    for (const State &s : rows) {
        if (echelon.rank() == monos.size())
            return {};
        std::vector<uint64_t> row;
        for (const Monomial &m : monos) {
            uint64_t value = 1;
            for (size_t v : m)
                value = mulMod(value, fromInt(s[v]));
            row.push_back(value);
        }
        echelon.add(std::move(row));
    }
    std::vector<PolynomialEquality> out;
    for (const std::vector<uint64_t> &v : echelon.nullSpace()) {
        std::optional<PolynomialEquality> e = integral(v, monos);
        if (e && std::all_of(rows.begin(), rows.end(), [&](const State &s) { return wrapValue(*e, s) == 0; }))
            out.push_back(std::move(*e));
    }
    return out;
}

size_t binomial(size_t n, size_t k) {
    size_t r = 1;
    for (size_t i = 1; i <= k; ++i)
        r = r * (n - k + i) / i;
    return r;
}

} // namespace

std::vector<PolynomialEquality> sampledEqualities(const std::vector<std::vector<std::optional<int64_t>>> &states,
                                                  size_t varCount, size_t maxMonomials) {
    std::vector<size_t> vars;
    for (size_t v = 0; v < varCount; ++v)
        if (std::all_of(states.begin(), states.end(), [&](const auto &s) { return s[v].has_value(); }))
            vars.push_back(v);
    std::set<State> distinct;
    for (const auto &s : states) {
        State row(varCount, 0);
        for (size_t v : vars)
            row[v] = *s[v];
        distinct.insert(std::move(row));
    }
    const std::vector<State> rows(distinct.begin(), distinct.end());
    // A null space of few rows is mostly accident: ask for twice as many states as monomials.
    auto enough = [&](size_t cols) { return rows.size() >= 2 * cols; };
    std::vector<PolynomialEquality> out;
    if (vars.empty() || !enough(vars.size() + 1))
        return out;
    const std::vector<Monomial> linear = monomials(vars, 1);
    std::set<size_t> dependent;
    for (PolynomialEquality &e : equalitiesOver(rows, linear)) {
        if (!e.terms.back().vars.empty())
            dependent.insert(e.terms.back().vars.front()); // the free column: the last variable in it
        out.push_back(std::move(e));
    }
    std::vector<size_t> rest;
    for (size_t v : vars)
        if (!dependent.count(v))
            rest.push_back(v);
    for (unsigned d = 2; d <= 3 && !rest.empty(); ++d) {
        const size_t cols = binomial(rest.size() + d, d);
        if (cols > maxMonomials || !enough(cols))
            break;
        std::vector<PolynomialEquality> found = equalitiesOver(rows, monomials(rest, d));
        if (!found.empty()) {
            out.insert(out.end(), found.begin(), found.end());
            break;
        }
    }
    return out;
}

} // namespace vcov
