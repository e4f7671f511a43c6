// What stops an unwinding, an encoding or a query before it ends: a construct the encoding
// does not cover, the time budget, the cancel flag.
#pragma once

#include <atomic>
#include <chrono>
#include <string>

namespace vcov::bmc {

struct BmcUnsupported {
    std::string what;
};

// The run's time budget or its cancel flag stopped it.
struct BmcInterrupted {
    std::string what;
};

// Unwinding and encoding a large bound take a minute (pipeline.cil-2 at unwind 16: 689k
// locations, 55 s), so both look at the budget and the cancel flag as they go.
class Deadline {
public:
    Deadline(double seconds, const std::atomic<bool> *cancel)
        : m_end(std::chrono::steady_clock::now() + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                                       std::chrono::duration<double>(seconds))),
          m_timed(seconds > 0), m_cancel(cancel) {}
    // Throws BmcInterrupted; looks at the clock every 256th call only.
    void check(const char *phase) {
        if (++m_calls % 256)
            return;
        checkNow(phase);
    }
    // The same at every call: for loops whose every round is heavy.
    void checkNow(const char *phase) {
        if (m_cancel && m_cancel->load())
            throw BmcInterrupted{std::string("cancelled while ") + phase};
        if (m_timed && std::chrono::steady_clock::now() > m_end)
            throw BmcInterrupted{std::string("time budget exhausted while ") + phase};
    }

private:
    std::chrono::steady_clock::time_point m_end;
    bool m_timed;
    const std::atomic<bool> *m_cancel;
    unsigned m_calls = 0;
};

} // namespace vcov::bmc
