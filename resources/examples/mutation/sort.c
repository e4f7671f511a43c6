// The code under test: insertion sort. vcov mutates this file, not the harness.
#include "sort.h"

void insertionSort(int a[], int n) {
    for (int i = 1; i < n; i++) {
        int key = a[i];
        int j = i - 1;
        // Shift the larger values up by one...
        while (j >= 0 && a[j] > key) {
            a[j + 1] = a[j];
            j--;
        }
        // ...and put the key into the gap.
        a[j + 1] = key;
    }
}
