// The SAT searches of the model checker's queries: the shared encoding's definitions, the
// query's facts and "any of these conditions" are simplified and bit-blasted by Z3 after
// word-level preprocessing, then searched by MiniSat (else Z3's own SAT solver); or, for
// the most covering execution, handed to Z3's Optimize with soft constraints (MaxSAT).
// The formulas are quantifier-free bit-vectors only. A fresh solver per query, on the
// shared encoding: Z3's incremental QF_FD solver answered a second query on qsortexample
// in 14.7 s against 6 s from scratch.
#pragma once

#include <z3++.h>

#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace vcov {

// While it lives, a set cancel flag interrupts the context's running tactic or solver
// (Z3_interrupt is meant to be called from another thread).
class Z3Interrupter {
public:
    // With timeoutSeconds > 0, the deadline interrupts too.
    Z3Interrupter(z3::context &ctx, const std::atomic<bool> *cancel, double timeoutSeconds = 0) {
        if (!cancel && timeoutSeconds <= 0)
            return;
        const auto deadline = std::chrono::steady_clock::now() +
                              std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                  std::chrono::duration<double>(timeoutSeconds > 0 ? timeoutSeconds : 0));
        m_watcher = std::thread([this, &ctx, cancel, deadline, timeoutSeconds] {
            std::unique_lock lock(m_mutex);
            while (!m_done) {
                if ((cancel && cancel->load()) || (timeoutSeconds > 0 && std::chrono::steady_clock::now() >= deadline)) {
                    ctx.interrupt();
                    return;
                }
                m_wake.wait_for(lock, std::chrono::milliseconds(20));
            }
        });
    }
    ~Z3Interrupter() {
        if (!m_watcher.joinable())
            return;
        {
            std::lock_guard lock(m_mutex);
            m_done = true;
        }
        m_wake.notify_one();
        m_watcher.join();
    }

private:
    std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_done = false;
    std::thread m_watcher;
};

// `conditions`: any of them is what the query looks for; `facts`: what holds throughout;
// `definitions`: the encoding's. A model on sat, the reason on unknown; `satSolver` says
// which SAT solver searched ("minisat" or "z3").
z3::check_result solveAny(z3::context &ctx, const std::vector<z3::expr> &definitions,
                          const std::vector<z3::expr> &conditions, const std::vector<z3::expr> &facts,
                          double timeoutSeconds, const std::atomic<bool> *cancel, std::optional<z3::model> &model,
                          std::string &reason, std::string *satSolver = nullptr, bool floatingPoint = false);

// Searches on one bit-blasting: the conditions come in groups, and each search asks for any
// condition of the groups it enables. The model checker asks for any check, then, when the
// answer is an unwinding check, for the other checks alone: the second search reuses the
// clauses of the first when bit-blasting them took longer than searching them
// (token_ring.09 at --unwind 10: one bit-blasting of 5 s instead of two); else it
// bit-blasts its own conditions, which Z3 simplifies further.
// With MiniSat the groups sit behind selector constants fixed per search; without it, or
// when the tactics take a selector out, each search bit-blasts its own conditions.
class SatQuery {
public:
    SatQuery(z3::context &ctx, const std::vector<z3::expr> &definitions, const std::vector<z3::expr> &facts,
             std::vector<std::vector<z3::expr>> groups, bool floatingPoint = false);
    ~SatQuery();
    // As solveAny, for the conditions of the groups `enabled` sets (by index).
    z3::check_result solve(const std::vector<bool> &enabled, double timeoutSeconds, const std::atomic<bool> *cancel,
                           std::optional<z3::model> &model, std::string &reason, std::string *satSolver = nullptr);

private:
    z3::check_result solveOnce(const std::vector<z3::expr> &conditions, double timeoutSeconds,
                               const std::atomic<bool> *cancel, std::optional<z3::model> &model, std::string &reason,
                               std::string *satSolver);
    z3::check_result solveWithZ3(const std::vector<z3::expr> &conditions, double timeoutSeconds,
                                 const std::atomic<bool> *cancel, std::optional<z3::model> &model,
                                 std::string &reason, std::string *satSolver);
    bool polynomial(); // some term multiplies variables (decided once)
    struct Blasted;
    z3::context &m_ctx;
    const std::vector<z3::expr> &m_definitions;
    std::vector<z3::expr> m_facts;
    std::vector<std::vector<z3::expr>> m_groups;
    bool m_floatingPoint;
    std::unique_ptr<Blasted> m_blasted;
    double m_blastSeconds = 0, m_searchSeconds = 0; // bit-blasting and translation; the last search
    int m_searches = 0;
    std::optional<bool> m_polynomial;
};

// The same hard constraints, and each of `soft` a soft constraint of weight 1: Z3's Optimize
// bit-blasts and runs its core-guided MaxRes. A model on sat is optimal.
z3::check_result solveMaxSat(z3::context &ctx, const std::vector<z3::expr> &definitions,
                             const std::vector<z3::expr> &conditions, const std::vector<z3::expr> &facts,
                             const std::vector<z3::expr> &soft, double timeoutSeconds,
                             const std::atomic<bool> *cancel, std::optional<z3::model> &model, std::string &reason);

} // namespace vcov
