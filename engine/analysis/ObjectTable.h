// The objects of a value state (ValueDomain.h), by key. Every ART node — and every node of
// the coverage generator, millions of them — holds its own state made from its parent's by
// one edge, which changes one or two objects. So the table is sorted chunks of at most
// 2 × ChunkSize entries, each shared between states until one of them writes into it: a
// copy costs a few chunk pointers, a write one chunk (measured per generator node on
// token_ring.14, everything included: 0.85 KB, 2.9 KB with one flat vector, 6.5 KB with a
// std::map).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <memory>
#include <utility>
#include <vector>

namespace vcov {

// Abstract object ids: globals are their VarId; locals and return slots carry the call
// depth in the upper half; string literals are negative.
using ObjectKey = int64_t;
struct ObjectValues;

class ObjectTable {
public:
    using Entry = std::pair<ObjectKey, std::shared_ptr<const ObjectValues>>;
    static constexpr size_t ChunkSize = 16;

private:
    using Chunk = std::vector<Entry>;
    using Chunks = std::vector<std::shared_ptr<Chunk>>; // sorted, none empty

public:
    class const_iterator {
    public:
        using iterator_category = std::forward_iterator_tag;
        using value_type = Entry;
        using difference_type = std::ptrdiff_t;
        using pointer = const Entry *;
        using reference = const Entry &;
        const_iterator() = default;
        reference operator*() const { return (**m_chunk)[m_index]; }
        pointer operator->() const { return &**this; }
        const_iterator &operator++() {
            if (++m_index == (*m_chunk)->size()) {
                ++m_chunk;
                m_index = 0;
            }
            return *this;
        }
        const_iterator operator++(int) {
            const_iterator before = *this;
            ++*this;
            return before;
        }
        bool operator==(const const_iterator &other) const { return m_chunk == other.m_chunk && m_index == other.m_index; }

    private:
        friend class ObjectTable;
        const_iterator(Chunks::const_iterator chunk, size_t index) : m_chunk(chunk), m_index(index) {}
        Chunks::const_iterator m_chunk;
        size_t m_index = 0;
    };
    using iterator = const_iterator; // entries change through operator[] only

    const_iterator begin() const { return {m_chunks.begin(), 0}; }
    const_iterator end() const { return {m_chunks.end(), 0}; }
    bool empty() const { return m_chunks.empty(); }

    const_iterator find(ObjectKey key) const {
        auto chunk = chunkFor(key);
        if (chunk == m_chunks.end())
            return end();
        auto it = lowerBound(**chunk, key);
        if (it == (*chunk)->end() || it->first != key)
            return end();
        return {Chunks::const_iterator(chunk), size_t(it - (*chunk)->begin())};
    }
    size_t count(ObjectKey key) const { return find(key) != end() ? 1 : 0; }

    // The slot of `key` (null when it was not there), in a chunk this table alone holds.
    std::shared_ptr<const ObjectValues> &operator[](ObjectKey key) {
        if (m_chunks.empty()) {
            m_chunks.push_back(std::make_shared<Chunk>(1, Entry{key, nullptr}));
            return m_chunks.back()->back().second;
        }
        auto chunk = chunkFor(key);
        if (chunk == m_chunks.end())
            chunk = std::prev(m_chunks.end()); // past every key: the last chunk takes it
        Chunk &entries = own(*chunk);
        auto it = lowerBound(entries, key);
        if (it == entries.end() || it->first != key) {
            entries.insert(it, Entry{key, nullptr});
            if (entries.size() > 2 * ChunkSize) {
                auto upper = std::make_shared<Chunk>(entries.begin() + ChunkSize, entries.end());
                entries.resize(ChunkSize);
                chunk = m_chunks.insert(std::next(chunk), std::move(upper));
                if (key < (*chunk)->front().first)
                    --chunk;
            }
        }
        Chunk &holder = **chunk;
        return lowerBound(holder, key)->second;
    }
    size_t erase(ObjectKey key) {
        auto chunk = chunkFor(key);
        if (chunk == m_chunks.end())
            return 0;
        auto it = lowerBound(**chunk, key);
        if (it == (*chunk)->end() || it->first != key)
            return 0;
        Chunk &entries = own(*chunk);
        entries.erase(lowerBound(entries, key));
        if (entries.empty())
            m_chunks.erase(chunk);
        return 1;
    }
    // Removes the entries whose keys satisfy pred (a call's locals when it returns).
    template <class Pred> void eraseIf(Pred pred) {
        for (auto chunk = m_chunks.begin(); chunk != m_chunks.end();) {
            if (std::any_of((*chunk)->begin(), (*chunk)->end(), [&](const Entry &e) { return pred(e.first); })) {
                Chunk &entries = own(*chunk);
                std::erase_if(entries, [&](const Entry &e) { return pred(e.first); });
                if (entries.empty()) {
                    chunk = m_chunks.erase(chunk);
                    continue;
                }
            }
            ++chunk;
        }
    }
    void clear() { m_chunks.clear(); }

private:
    // The first chunk whose last key is not below `key`.
    Chunks::iterator chunkFor(ObjectKey key) {
        return std::lower_bound(m_chunks.begin(), m_chunks.end(), key,
                                [](const std::shared_ptr<Chunk> &c, ObjectKey k) { return c->back().first < k; });
    }
    Chunks::const_iterator chunkFor(ObjectKey key) const { return const_cast<ObjectTable *>(this)->chunkFor(key); }
    static Chunk::iterator lowerBound(Chunk &entries, ObjectKey key) {
        return std::lower_bound(entries.begin(), entries.end(), key, [](const Entry &e, ObjectKey k) { return e.first < k; });
    }
    static Chunk::const_iterator lowerBound(const Chunk &entries, ObjectKey key) {
        return lowerBound(const_cast<Chunk &>(entries), key);
    }
    // Copy on write: a chunk shared with another state is copied before it changes.
    static Chunk &own(std::shared_ptr<Chunk> &chunk) {
        if (chunk.use_count() > 1)
            chunk = std::make_shared<Chunk>(*chunk);
        return *chunk;
    }
    Chunks m_chunks;
};

} // namespace vcov
