int main() {
  float f = 0.5f;
  return (int)f;
}
