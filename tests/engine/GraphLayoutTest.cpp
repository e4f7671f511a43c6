// Graphviz lays out CFAs; the geometry maps back to CFA nodes and edges.
#include "ParseHelpers.h"

#include "formats/CfaDot.h"
#include "layout/GraphLayout.h"

#include <gtest/gtest.h>

#include <set>
#include <thread>

using namespace vcov;
using namespace vcov::test;

TEST(GraphLayout, CfaLayoutHasEveryNodeAndEdge) {
    auto p = parseC("int main() {\n  int i = 0;\n  while (i < 3) i++;\n  return i;\n}\n");
    ASSERT_FALSE(p->diagnostics.hasErrors());
    const FunctionCfa &f = *p->function("main");
    GraphGeometry g = layoutDot(cfaToDot(*p, f));
    ASSERT_TRUE(g.error.empty()) << g.error;
    EXPECT_EQ(g.nodes.size(), f.nodes.size());
    EXPECT_EQ(g.edges.size(), f.edges.size());
    std::set<std::string> ids;
    for (const auto &e : g.edges) {
        ids.insert(e.id);
        EXPECT_GE(e.points.size(), 4u);
        EXPECT_TRUE(e.hasArrow);
    }
    for (EdgeId e : f.edges)
        EXPECT_TRUE(ids.count("e" + std::to_string(e)));
    EXPECT_GT(g.width, 0);
    EXPECT_GT(g.height, 0);
    // y grows downwards: the entry is above the exit.
    double entryY = 0, exitY = 0;
    for (const auto &n : g.nodes) {
        if (n.name == "n" + std::to_string(f.entry))
            entryY = n.y;
        if (n.name == "n" + std::to_string(f.exit))
            exitY = n.y;
    }
    EXPECT_LT(entryY, exitY);
}

TEST(GraphLayout, BadDotIsAnErrorNotACrash) {
    GraphGeometry g = layoutDot("digraph { a -> ");
    EXPECT_FALSE(g.error.empty());
}

TEST(GraphLayout, ConcurrentLayoutsAreSerialised) {
    auto p = parseC("int main() { int a = 0; if (a) a = 1; else a = 2; return a; }\n");
    std::string dot = cfaToDot(*p, *p->function("main"));
    std::vector<std::thread> threads;
    std::vector<size_t> counts(4);
    for (int t = 0; t < 4; ++t)
        threads.emplace_back([&, t] { counts[size_t(t)] = layoutDot(dot).nodes.size(); });
    for (auto &t : threads)
        t.join();
    for (size_t c : counts)
        EXPECT_EQ(c, p->function("main")->nodes.size());
}
