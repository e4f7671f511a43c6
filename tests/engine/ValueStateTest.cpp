// The value states' two structures for speed: the object table (analysis/ObjectTable.h),
// whose copies share chunks, must behave as a std::map and never let a write to one copy
// show in another; the stop operator's index (analysis/LocationNodes.h) must find exactly
// the coverer a scan of every node in order finds: on random value states with known and
// unknown leaves, missing objects, and sparse arrays that keep a state out of the index.
#include "analysis/LocationNodes.h"
#include "analysis/ValueDomain.h"

#include <gtest/gtest.h>

#include <map>
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

TEST(ObjectTable, CopiesShareChunksAndBehaveAsMaps) {
    std::mt19937 rng(11);
    // Ten generations of copies, each changed at random from its parent, checked against
    // std::map copies changed the same way; every earlier generation must stay as it was.
    std::vector<ObjectTable> tables(1);
    std::vector<std::map<ObjectKey, const ObjectValues *>> expected(1);
    std::vector<std::shared_ptr<ObjectValues>> values;
    for (int i = 0; i < 64; ++i)
        values.push_back(std::make_shared<ObjectValues>());
    for (int generation = 0; generation < 10; ++generation) {
        ObjectTable table = tables.back();
        auto reference = expected.back();
        for (int op = 0; op < 200; ++op) {
            const ObjectKey key = ObjectKey(rng() % 150) - 20;
            switch (rng() % 5) {
            case 0: table.erase(key); reference.erase(key); break;
            case 1:
                table.eraseIf([&](ObjectKey k) { return k % 17 == key % 17; });
                std::erase_if(reference, [&](const auto &e) { return e.first % 17 == key % 17; });
                break;
            default: {
                auto &v = values[rng() % values.size()];
                table[key] = v;
                reference[key] = v.get();
            }
            }
        }
        tables.push_back(table);
        expected.push_back(reference);
        for (size_t g = 0; g < tables.size(); ++g) {
            std::map<ObjectKey, const ObjectValues *> seen;
            ObjectKey last = INT64_MIN;
            for (const auto &[key, v] : tables[g]) {
                EXPECT_LT(last, key) << "generation " << g;
                last = key;
                seen[key] = v.get();
            }
            ASSERT_EQ(seen, expected[g]) << "generation " << g;
            for (ObjectKey key = -25; key < 135; ++key) {
                auto it = tables[g].find(key);
                ASSERT_EQ(it != tables[g].end(), expected[g].count(key) == 1) << key;
                if (it != tables[g].end())
                    EXPECT_EQ(it->second.get(), expected[g].at(key));
            }
        }
    }
}
