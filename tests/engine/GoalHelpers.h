// Test helpers for branch goals and k-induction: a goal by its condition, and gsv2008's
// loop, whose exit no invariant of the inductive step decides in bit-vector arithmetic.
#pragma once

#include "goals/BranchGoals.h"

#include <string>

namespace vcov::test {

inline const BranchGoal *goal(const GoalReport &r, const std::string &condition, bool polarity) {
    for (const BranchGoal &g : r.goals)
        if (g.condition == condition && g.polarity == polarity)
            return &g;
    return nullptr;
}

// x = -50 + y0 + (y0 + 1) + ... decides the exit; y = -999 goes round 2000 times. `after`
// follows the loop (reach_error() and __VERIFIER_assert are declared).
inline std::string sumLoop(const std::string &after) {
    return R"(extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
extern void __VERIFIER_assert(int);
int main(void) {
  int x = -50, steps = 0;
  int y = __VERIFIER_nondet_int();
  if (!(-1000 < y && y < 1000000)) return 0;
  while (x < 0) {
    x = x + y;
    y++;
    steps++;
  }
  )" + after + R"(
  return 0;
}
)";
}

// Ackermann's function as SV-COMP's recursive/Ackermann01-2.c writes it: A(3, 23) = 2^26 - 3
// takes 2^27 calls; below m = 3 it is a line in n.
inline const char *AckermannFunction = R"(
int ackermann(int m, int n) {
    if (m == 0)
        return n + 1;
    if (n == 0)
        return ackermann(m - 1, 1);
    return ackermann(m - 1, ackermann(m, n - 1));
}
)";

} // namespace vcov::test
