// The stop operator's index (analysis/LocationNodes.h) must find exactly the coverer a scan
// of every node in order finds: on random value states with known and unknown leaves,
// missing objects, and sparse arrays that keep a state out of the index.
#include "analysis/LocationNodes.h"
#include "analysis/ValueDomain.h"

#include <gtest/gtest.h>

#include <random>

using namespace vcov;

namespace {

std::shared_ptr<ValueState> randomState(std::mt19937 &rng, bool withSparse) {
    auto s = std::make_shared<ValueState>();
    for (ObjectKey key : {ObjectKey(3), ObjectKey(7), ObjectKey(11), (ObjectKey(1) << 32) | 5}) {
        if (rng() % 8 == 0)
            continue; // not held: nothing known of it
        auto o = std::make_shared<ObjectValues>();
        for (int i = 0; i < 3; ++i) {
            AbstractScalar v;
            v.known = rng() % 4 != 0;
            v.bits = v.known ? rng() % 2 : 0;
            o->leaves.push_back(v);
        }
        s->objects[key] = o;
    }
    if (withSparse) {
        auto o = std::make_shared<ObjectValues>();
        o->sparse = true;
        o->fill.known = rng() % 2 == 0;
        s->objects[ObjectKey(20)] = o;
    }
    return s;
}

} // namespace

TEST(LocationNodes, TheIndexFindsTheCovererAScanFinds) {
    for (bool sparse : {false, true}) {
        std::mt19937 rng(sparse ? 7 : 3);
        LocationNodes bucket;
        std::vector<ArtNode> nodes;
        std::vector<int> kept;
        size_t coveredCount = 0;
        for (int id = 0; id < 3000; ++id) {
            ArtNode n;
            n.id = id;
            n.state = randomState(rng, sparse && rng() % 3 == 0);
            int expected = -1;
            for (int k : kept)
                if (n.state->lessOrEqual(*nodes[size_t(k)].state)) {
                    expected = k;
                    break;
                }
            const auto positions = n.state->knownPositions();
            nodes.push_back(n);
            ASSERT_EQ(bucket.coverer(*n.state, positions, nodes), expected) << "node " << id;
            if (expected >= 0) {
                ++coveredCount;
                continue;
            }
            bucket.add(id, positions, nodes);
            kept.push_back(id);
        }
        // Both outcomes happen often enough to mean something.
        EXPECT_GT(coveredCount, 300u);
        EXPECT_GT(kept.size(), 300u);
    }
}
