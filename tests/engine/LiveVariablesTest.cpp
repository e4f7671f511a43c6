// Backward liveness of locals (analysis/LiveVariables.h), which k-induction's step uses to
// leave pointers that are dead at a loop head unhavocked.
#include "ParseHelpers.h"

#include "analysis/LiveVariables.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace vcov;
using namespace vcov::test;

namespace {

VarId local(const Program &p, const std::string &name) {
    for (const Variable &v : p.variables)
        if (v.name == name && v.function != NoFunction)
            return v.id;
    ADD_FAILURE() << "no local " << name;
    return NoVar;
}

} // namespace

TEST(LiveVariables, ATemporaryWrittenBeforeEveryReadIsDeadAtTheLoopHead) {
    auto p = parseC(R"(extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = 0;
  int tmp;
  int kept = 1;
  int *q = &kept;
  while (__VERIFIER_nondet_int()) {
    tmp = n + 1;
    if (tmp == 3) n = 0; else n = tmp;
  }
  return *q + n;
}
)");
    ASSERT_FALSE(p->diagnostics.hasErrors()) << diagnosticsText(*p);
    const FunctionCfa &main = p->functions[p->entryFunction];
    const auto dead = deadLocals(*p, main, addressTakenVariables(*p));
    NodeId head = NoNode;
    for (NodeId n : main.nodes)
        if (p->node(n).loopHead)
            head = n;
    ASSERT_NE(head, NoNode);
    auto deadAtHead = [&](VarId v) {
        auto it = dead.find(head);
        return it != dead.end() && std::find(it->second.begin(), it->second.end(), v) != it->second.end();
    };
    EXPECT_TRUE(deadAtHead(local(*p, "tmp"))); // written by tmp = n + 1 before any read
    EXPECT_FALSE(deadAtHead(local(*p, "n")));  // read by tmp = n + 1 and at the return
    EXPECT_FALSE(deadAtHead(local(*p, "q")));
    EXPECT_FALSE(deadAtHead(local(*p, "kept"))); // its address is taken: read through q
    // Inside the body, after tmp's last read, it is dead again; before its write it is too.
    const CfaEdge *write = findEdge(*p, "main", "tmp = n + 1");
    ASSERT_NE(write, nullptr);
    auto deadAt = [&](NodeId n, VarId v) {
        auto it = dead.find(n);
        return it != dead.end() && std::find(it->second.begin(), it->second.end(), v) != it->second.end();
    };
    EXPECT_TRUE(deadAt(write->from, local(*p, "tmp")));
    EXPECT_FALSE(deadAt(write->to, local(*p, "tmp")));
}
