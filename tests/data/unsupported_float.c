int main() {
  long double f = 0.5L;
  return (int)f;
}
