// The code under test's interface.
void insertionSort(int a[], int n);
