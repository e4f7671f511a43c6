#include "bmc/MiniSat.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>
#include <chrono>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <unordered_map>
#include <vector>


namespace vcov {

namespace {

struct Untranslatable {
    std::string what;
};

// Tseitin's translation of the goal into clauses: one variable per distinct Boolean
// subterm (Z3 shares them), iteratively, since bit-blasted carry chains are deep.
class CnfWriter {
public:
    void assertFormula(const z3::expr &f) {
        if (f.is_app() && f.decl().decl_kind() == Z3_OP_AND) {
            for (unsigned i = 0; i < f.num_args(); ++i)
                assertFormula(f.arg(i));
        } else if (f.is_app() && f.decl().decl_kind() == Z3_OP_OR) {
            std::vector<int> clause;
            for (unsigned i = 0; i < f.num_args(); ++i)
                clause.push_back(literal(f.arg(i)));
            add(clause);
        } else {
            add({literal(f)});
        }
    }

    // Program variables of the goal (Boolean constants) by DIMACS variable.
    const std::vector<std::pair<int, z3::func_decl>> &atoms() const { return m_atoms; }

    int variables() const { return m_varCount; }

    // The clauses and `units`, each a clause of one literal.
    bool write(const std::string &path, const std::vector<int> &units) {
        if (m_varCount == 0)
            trueLiteral(); // MiniSat wants at least one variable
        std::FILE *f = std::fopen(path.c_str(), "w");
        if (!f)
            return false;
        std::fprintf(f, "p cnf %d %zu\n", m_varCount, m_clauseCount + units.size());
        for (int u : units)
            std::fprintf(f, "%d 0\n", u);
        std::fwrite(m_clauses.data(), 1, m_clauses.size(), f);
        return std::fclose(f) == 0;
    }

private:
    int literal(const z3::expr &root) {
        std::vector<std::pair<z3::expr, bool>> stack{{root, false}};
        while (!stack.empty()) {
            auto [e, childrenDone] = stack.back();
            stack.pop_back();
            if (m_vars.count(e.id()))
                continue;
            if (!e.is_bool())
                throw Untranslatable{"a term that is not Boolean"};
            if (!e.is_app())
                throw Untranslatable{"a quantifier or bound variable"};
            const Z3_decl_kind k = e.decl().decl_kind();
            const bool gate = k == Z3_OP_NOT || k == Z3_OP_AND || k == Z3_OP_OR || k == Z3_OP_IFF ||
                              k == Z3_OP_EQ || k == Z3_OP_XOR || k == Z3_OP_ITE || k == Z3_OP_IMPLIES ||
                              k == Z3_OP_DISTINCT;
            if (gate && !childrenDone) {
                stack.push_back({e, true});
                for (unsigned i = 0; i < e.num_args(); ++i)
                    if (!m_vars.count(e.arg(i).id()))
                        stack.push_back({e.arg(i), false});
                continue;
            }
            m_vars.emplace(e.id(), define(e, k));
        }
        return m_vars.at(root.id());
    }

    // The literal of e, whose arguments have literals already.
    int define(const z3::expr &e, Z3_decl_kind k) {
        auto arg = [&](unsigned i) { return m_vars.at(e.arg(i).id()); };
        switch (k) {
        case Z3_OP_TRUE: return trueLiteral();
        case Z3_OP_FALSE: return -trueLiteral();
        case Z3_OP_NOT: return -arg(0);
        case Z3_OP_AND:
        case Z3_OP_OR: {
            // AND: v -> each a; all a -> v. OR is its dual.
            const int s = k == Z3_OP_AND ? 1 : -1;
            int v = fresh();
            std::vector<int> back{s * v};
            for (unsigned i = 0; i < e.num_args(); ++i) {
                add({-s * v, s * arg(i)});
                back.push_back(-s * arg(i));
            }
            add(back);
            return v;
        }
        case Z3_OP_IMPLIES: {
            int v = fresh(), a = arg(0), b = arg(1);
            add({-v, -a, b});
            add({v, a});
            add({v, -b});
            return v;
        }
        case Z3_OP_IFF:
        case Z3_OP_EQ:
        case Z3_OP_XOR:
        case Z3_OP_DISTINCT: {
            if (e.num_args() != 2)
                throw Untranslatable{"an equality of more than two terms"};
            // v <-> (a <-> b); XOR and DISTINCT are its negation.
            int v = fresh(), a = arg(0), b = arg(1);
            add({-v, -a, b});
            add({-v, a, -b});
            add({v, a, b});
            add({v, -a, -b});
            return k == Z3_OP_XOR || k == Z3_OP_DISTINCT ? -v : v;
        }
        case Z3_OP_ITE: {
            int v = fresh(), c = arg(0), a = arg(1), b = arg(2);
            add({-v, -c, a});
            add({-v, c, b});
            add({v, -c, -a});
            add({v, c, -b});
            return v;
        }
        case Z3_OP_UNINTERPRETED:
            if (e.num_args() == 0) {
                int v = fresh();
                m_atoms.emplace_back(v, e.decl());
                return v;
            }
            [[fallthrough]];
        default: throw Untranslatable{"the operator " + e.decl().name().str()};
        }
    }

    int trueLiteral() {
        if (!m_true) {
            m_true = fresh();
            add({m_true});
        }
        return m_true;
    }

    int fresh() { return ++m_varCount; }

    void add(const std::vector<int> &clause) {
        char buffer[16];
        for (int l : clause) {
            int n = std::snprintf(buffer, sizeof buffer, "%d ", l);
            m_clauses.append(buffer, size_t(n));
        }
        m_clauses += "0\n";
        ++m_clauseCount;
    }

    std::unordered_map<unsigned, int> m_vars; // subterm id -> literal
    std::vector<std::pair<int, z3::func_decl>> m_atoms;
    std::string m_clauses;
    size_t m_clauseCount = 0;
    int m_varCount = 0;
    int m_true = 0;
};

// A file in the temporary directory, removed when this goes.
struct TempFile {
    std::string path;
    explicit TempFile(const char *suffix) {
        const char *dir = std::getenv("TMPDIR");
        path = std::string(dir && *dir ? dir : "/tmp") + "/vcov-sat-XXXXXX" + suffix;
        int fd = mkstemps(path.data(), int(std::strlen(suffix)));
        if (fd < 0)
            path.clear();
        else
            close(fd);
    }
    ~TempFile() {
        if (!path.empty())
            unlink(path.c_str());
    }
};

// Z3's SAT solver on the same DIMACS file, in a thread of its own with a context of its
// own (nothing of the caller's context is touched): started when MiniSat has not answered
// within a second, it wins where MiniSat's search goes astray (toy.cil at --unwind 8:
// MiniSat 150 s, Z3 41 s; CBMC 46 s) and costs nothing on the quick queries most are.
class Z3Racer {
public:
    Z3Racer(std::string cnf, int variables) : m_cnf(std::move(cnf)), m_variables(variables) {
        m_thread = std::thread([this] { run(); });
    }
    ~Z3Racer() {
        stop();
        m_thread.join();
    }
    void stop() {
        std::lock_guard lock(m_mutex);
        m_stopped = true;
        if (m_live)
            m_live->interrupt();
    }
    // 10 satisfiable (value holds the assignment), 20 unsatisfiable, 0 gave up; -1 running.
    int status() const { return m_status.load(); }
    const std::vector<signed char> &value() const { return m_value; }

private:
    void run() {
        z3::context c; // outlives every interrupt: stop() reaches it only while m_live is set
        {
            std::lock_guard lock(m_mutex);
            if (m_stopped) {
                m_status = 0;
                return;
            }
            m_live = &c;
        }
        int status = 0;
        try {
            z3::params params(c);
            params.set("scc", false); // as in SatSearch.cpp
            z3::solver solver = z3::with(z3::tactic(c, "sat"), params).mk_solver();
            // Read here, not by solver.from_file: Z3's reader does not see interrupt(), and a
            // formula of millions of clauses took seconds past the budget to read.
            if (!addClauses(c, solver))
                throw z3::exception("stopped while reading the clauses");
            const z3::check_result r = solver.check();
            if (r == z3::unsat)
                status = 20;
            if (r == z3::sat) {
                // DIMACS variable N is Z3's constant with the integer symbol N (printed k!N);
                // variables the model omits are free.
                z3::model m = solver.get_model();
                m_value.assign(size_t(m_variables) + 1, -1);
                for (unsigned i = 0; i < m.size(); ++i) {
                    z3::func_decl d = m[i];
                    const z3::symbol name = d.name();
                    if (d.arity() != 0 || name.kind() != Z3_INT_SYMBOL)
                        continue;
                    const long v = name.to_int();
                    if (v >= 1 && v <= m_variables)
                        m_value[size_t(v)] = m.get_const_interp(d).is_true() ? 1 : -1;
                }
                status = 10;
            }
        } catch (const z3::exception &) {
            status = 0; // interrupted, or the file unreadable: MiniSat's answer stands
        }
        {
            std::lock_guard lock(m_mutex);
            m_live = nullptr;
        }
        m_status = status;
    }

    // The DIMACS file's clauses into the solver; false when stopped meanwhile. DIMACS
    // variable N becomes the constant with the integer symbol N, as from_file names it.
    bool addClauses(z3::context &c, z3::solver &solver) {
        std::ifstream in(m_cnf, std::ios::binary);
        if (!in)
            return false;
        const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        std::vector<std::optional<z3::expr>> vars(size_t(m_variables) + 1);
        auto var = [&](long v) -> z3::expr {
            if (size_t(v) >= vars.size())
                vars.resize(size_t(v) + 1);
            if (!vars[size_t(v)])
                vars[size_t(v)] = c.constant(c.int_symbol(int(v)), c.bool_sort());
            return *vars[size_t(v)];
        };
        z3::expr_vector clause(c);
        size_t clauses = 0;
        const char *p = text.c_str();
        while (*p) {
            if (*p == 'c' || *p == 'p') { // a comment or the header: to the end of the line
                while (*p && *p != '\n')
                    ++p;
                continue;
            }
            char *end = nullptr;
            const long lit = std::strtol(p, &end, 10);
            if (end == p) {
                ++p; // blanks and line ends
                continue;
            }
            p = end;
            if (lit != 0) {
                clause.push_back(lit > 0 ? var(lit) : !var(-lit));
                continue;
            }
            solver.add(z3::mk_or(clause));
            clause = z3::expr_vector(c);
            if (++clauses % 4096 == 0) {
                std::lock_guard lock(m_mutex);
                if (m_stopped)
                    return false;
            }
        }
        return true;
    }

    std::string m_cnf;
    int m_variables;
    std::thread m_thread;
    std::mutex m_mutex;
    z3::context *m_live = nullptr;
    bool m_stopped = false;
    std::atomic<int> m_status{-1};
    std::vector<signed char> m_value;
};

} // namespace

bool miniSatAvailable() {
    static const bool found = [] {
        const char *path = std::getenv("PATH");
        std::string dirs = path ? path : "/usr/bin:/bin";
        size_t start = 0;
        while (start <= dirs.size()) {
            size_t end = dirs.find(':', start);
            std::string dir = dirs.substr(start, end == std::string::npos ? std::string::npos : end - start);
            if (!dir.empty() && access((dir + "/minisat").c_str(), X_OK) == 0)
                return true;
            if (end == std::string::npos)
                break;
            start = end + 1;
        }
        return false;
    }();
    return found;
}

struct MiniSatFormula::Clauses {
    CnfWriter cnf;
};

MiniSatFormula::MiniSatFormula(const z3::goal &goal, std::vector<z3::goal> earlier)
    : m_goal(goal), m_earlier(std::move(earlier)), m_clauses(std::make_unique<Clauses>()) {
    try {
        for (unsigned i = 0; i < goal.size(); ++i)
            m_clauses->cnf.assertFormula(goal[i]);
    } catch (const Untranslatable &u) {
        m_untranslatable = "the bit-blasted formula has " + u.what;
    }
}

MiniSatFormula::~MiniSatFormula() = default;

int MiniSatFormula::variableOf(const z3::expr &atom) const {
    if (!m_untranslatable.empty() || !atom.is_const())
        return 0;
    for (const auto &[v, decl] : m_clauses->cnf.atoms())
        if (z3::eq(decl, atom.decl()))
            return v;
    return 0;
}

MiniSatAnswer solveWithMiniSat(const z3::goal &goal, double timeoutSeconds, const std::atomic<bool> *cancel) {
    return MiniSatFormula(goal).solve({}, timeoutSeconds, cancel);
}

MiniSatAnswer MiniSatFormula::solve(const std::vector<int> &units, double timeoutSeconds,
                                    const std::atomic<bool> *cancel) const {
    MiniSatAnswer answer;
    if (!m_untranslatable.empty()) {
        answer.reason = m_untranslatable;
        return answer;
    }
    z3::context &ctx = m_goal.ctx();
    const CnfWriter &cnf = m_clauses->cnf;
    TempFile in(".cnf"), out(".out");
    if (in.path.empty() || out.path.empty() || !m_clauses->cnf.write(in.path, units)) {
        answer.reason = std::string("the formula could not be written: ") + std::strerror(errno);
        return answer;
    }
    std::vector<std::string> args{"minisat", "-verb=0"};
    if (timeoutSeconds > 0)
        args.push_back("-cpu-lim=" + std::to_string(std::max(1L, std::lround(std::ceil(timeoutSeconds)))));
    args.push_back(in.path);
    args.push_back(out.path);
    std::vector<char *> argv;
    for (auto &a : args)
        argv.push_back(a.data());
    argv.push_back(nullptr);
    // fork and exec rather than posix_spawn: the child asks the kernel to kill it when the
    // thread that waits for it dies, so a vcov-cli killed by a time limit or Ctrl+C leaves no
    // MiniSat running (one such orphan once ran for an hour with 3 GB). Only async-signal-safe
    // calls between fork and exec.
    const pid_t parent = getpid();
    pid_t pid = fork();
    if (pid == 0) {
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (getppid() != parent)
            _exit(127);
        const int devnull = open("/dev/null", O_WRONLY);
        if (devnull >= 0) {
            dup2(devnull, STDOUT_FILENO);
            dup2(devnull, STDERR_FILENO);
        }
        execvp("minisat", argv.data());
        _exit(127);
    }
    if (pid < 0) {
        answer.reason = std::string("minisat could not be started: ") + std::strerror(errno);
        return answer;
    }
    // Polled, so that a cancel (the GUI's Stop) ends the search within 20 ms, and so that
    // Z3's solver can race MiniSat on a query MiniSat has not answered within a second.
    int status = 0;
    bool cancelled = false;
    const auto start = std::chrono::steady_clock::now();
    std::unique_ptr<Z3Racer> racer;
    // VCOV_SAT_RACE_AFTER=S: start the race after S seconds (tests: 0), "never" for MiniSat alone.
    const char *after = getenv("VCOV_SAT_RACE_AFTER");
    const double raceAfter = !after ? 1.0 : std::string(after) == "never" ? 1e300 : std::atof(after);
    const bool racerOnly = after && std::string(after) == "0" && getenv("VCOV_SAT_RACER_ANSWERS");
    int raced = -1; // the racer's answer when it won
    bool outOfTime = false;
    if (raceAfter <= 0)
        racer = std::make_unique<Z3Racer>(in.path, cnf.variables());
    while (true) {
        pid_t done = waitpid(pid, &status, WNOHANG);
        if (done == pid && racer && racerOnly) {
            // Tests: the racer's answer whenever it has one, so that its models are checked.
            while (racer->status() < 0)
                usleep(1'000);
            if (racer->status() > 0)
                raced = racer->status();
        }
        if (done == pid || (done < 0 && errno != EINTR))
            break;
        if (done != 0)
            continue;
        if (!cancelled && cancel && cancel->load()) {
            kill(pid, SIGKILL);
            cancelled = true;
            continue;
        }
        if (racer && (racer->status() == 10 || racer->status() == 20)) {
            raced = racer->status();
            kill(pid, SIGKILL);
            waitpid(pid, &status, 0);
            break;
        }
        const double waited = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        // -cpu-lim counts MiniSat's CPU time: on a loaded machine its wall time ran to twice
        // the budget (gcd02's k-induction beside another job: 86 s of a 51 s budget). The
        // budget is the wall clock's.
        if (timeoutSeconds > 0 && waited >= timeoutSeconds) {
            kill(pid, SIGKILL);
            waitpid(pid, &status, 0);
            outOfTime = true;
            break;
        }
        if (!racer && waited >= raceAfter)
            racer = std::make_unique<Z3Racer>(in.path, cnf.variables());
        usleep(waited < 0.1 ? 1'000 : 20'000);
    }
    if (racer && raced < 0)
        racer->stop();
    if (cancelled) {
        answer.status = MiniSatAnswer::Unknown;
        answer.reason = "cancelled";
        return answer;
    }
    if (outOfTime) {
        answer.status = MiniSatAnswer::Unknown;
        answer.reason = "solver: time budget exhausted";
        return answer;
    }
    answer.solver = raced < 0 ? "minisat" : "z3";
    const int code = raced >= 0 ? raced : WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    if (code == 20) {
        answer.status = MiniSatAnswer::Unsat;
        return answer;
    }
    // MiniSat's CPU limit: exit 1 while parsing, 0 ("INDETERMINATE") while searching.
    if ((code == 0 || code == 1) && timeoutSeconds > 0) {
        answer.status = MiniSatAnswer::Unknown;
        answer.reason = "solver: time budget exhausted";
        return answer;
    }
    if (code == 127 && raced < 0) {
        answer.reason = "minisat could not be started";
        return answer;
    }
    if (code != 10) {
        answer.reason = "minisat ended with status " + std::to_string(code);
        return answer;
    }
    // SAT: the assignment, then Z3's model converter back to the goal's original formulas.
    std::vector<signed char> value(size_t(cnf.variables()) + 1, 0);
    if (raced >= 0) {
        value = racer->value();
    } else {
        std::ifstream result(out.path);
        std::string word;
        result >> word;
        long lit = 0;
        while (result >> lit && lit != 0)
            if (size_t(std::labs(lit)) < value.size())
                value[size_t(std::labs(lit))] = lit > 0 ? 1 : -1;
        if (word != "SAT") {
            answer.reason = "minisat's answer could not be read";
            return answer;
        }
    }
    z3::model assignment(ctx);
    for (const auto &[v, decl] : cnf.atoms()) {
        z3::func_decl d = decl; // z3++ takes both by non-const reference
        z3::expr b = ctx.bool_val(value[size_t(v)] > 0);
        assignment.add_const_interp(d, b);
    }
    answer.model = m_goal.convert_model(assignment);
    for (auto g = m_earlier.rbegin(); g != m_earlier.rend(); ++g)
        answer.model = g->convert_model(*answer.model);
    answer.status = MiniSatAnswer::Sat;
    return answer;
}

} // namespace vcov
