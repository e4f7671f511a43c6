// GCC's atomic built-ins in one thread, as aws-c-common's atomics_gnu.inl uses them: loads,
// stores, exchanges and fetch-and-op; the last assertion fails (v is x | 1).
#include <assert.h>
#include <stddef.h>
void harness(int x) {
    int v = x;
    int *p = &v, *q = NULL;
    assert(__atomic_load_n(&v, __ATOMIC_SEQ_CST) == x);
    __atomic_store_n(&v, 5, __ATOMIC_RELAXED);
    assert(v == 5);
    assert(__atomic_fetch_add(&v, 3, __ATOMIC_SEQ_CST) == 5 && v == 8);
    assert(__atomic_exchange_n(&v, x, __ATOMIC_SEQ_CST) == 8 && v == x);
    __atomic_store_n(&q, p, __ATOMIC_SEQ_CST);
    assert(__atomic_load_n(&q, __ATOMIC_SEQ_CST) == &v);
    assert(__atomic_fetch_or(&v, 1, __ATOMIC_SEQ_CST) == x && (v & 1));
    assert(v != 7);
}
