char big[1 << 28];
int main() { big[5] = 1; return big[5]; }
