// Memory budgets: a Linux driver's value analysis grew by gigabytes a minute until the kernel
// killed vcov-cli (ppp_generic, 12 GB in 88 s); a run must stop at its budget with what it
// found, and the default ceiling must follow the machine, not a constant.
#include "ParseHelpers.h"

#include "analysis/ArtAnalysis.h"

#include <gtest/gtest.h>

#include <cstring>
#include <vector>

using namespace vcov;
using namespace vcov::test;

TEST(ArtBudgets, TheMemoryCeilingIsWhatTheProcessHoldsAndAShareOfWhatTheMachineHas) {
    const size_t held = residentMb();
    ASSERT_GT(held, 0u) << "/proc/self/statm";
    const size_t none = memoryCeilingMb(0.0), half = memoryCeilingMb(0.5), most = memoryCeilingMb(0.8);
    ASSERT_GT(none, 0u) << "/proc/meminfo has MemAvailable";
    EXPECT_LE(held, none + 1);
    EXPECT_LT(none, half);
    EXPECT_LT(half, most);
    // 256 MB more held: a share of 0 follows it.
    std::vector<char> block(size_t(256) << 20);
    std::memset(block.data(), 1, block.size());
    EXPECT_GE(memoryCeilingMb(0.0) + 16, none + 256) << "resident " << residentMb();
    EXPECT_EQ(block[block.size() / 2], 1);
}

TEST(ArtBudgets, TheValueAnalysisStopsAtItsMemoryBudget) {
    // Every iteration a new state: the ART grows until a budget stops it.
    auto p = parseC(R"(int main(void) {
  unsigned long i = 0, a = 0, b = 0, c = 0;
  while (i < 100000000) { i++; a += 3; b ^= i; c = a + b; }
  return (int)c;
})");
    ArtOptions o;
    o.budget.maxNodes = 100'000'000;
    o.budget.maxMemoryMb = residentMb() + 64;
    ArtAnalysis a(*p, o);
    EXPECT_EQ(a.run(), StopReason::MemoryBudget) << a.stopText();
    EXPECT_NE(a.stopText().find("memory budget"), std::string::npos) << a.stopText();
    EXPECT_GT(a.art().nodes.size(), 1000u);
}
