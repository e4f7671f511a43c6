// A bounded-model-checking harness for insertionSort, as an engineer might first write it:
// it checks that the result is sorted, and nothing else. Open it with sort.c and -DSIZE=3,
// run Analysis ▸ Mutation Campaign, select a survivor and press Explain: the witness of
// the deleted `a[j + 1] = key;` shows a "sorted" array that lost a value (compare the
// LOG lines of ref and a). Checking that a is a permutation of ref kills it.
#include <assert.h>
#include <stdio.h>

#include "sort.h"

#ifndef SIZE
#define SIZE 3
#endif

extern int __VERIFIER_nondet_int(void);

int main(void) {
    int a[SIZE], ref[SIZE];
    for (int i = 0; i < SIZE; i++) {
        a[i] = __VERIFIER_nondet_int();
        ref[i] = a[i];
        printf("LOG: ref[%d] = %d\n", i, ref[i]);
    }
    insertionSort(a, SIZE);
    for (int i = 0; i < SIZE; i++)
        printf("LOG: a[%d] = %d\n", i, a[i]);
    for (int i = 0; i + 1 < SIZE; i++)
        assert(a[i] <= a[i + 1]);
    return 0;
}
