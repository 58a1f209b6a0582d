// libsystemc's own main() calls sc_main; the tests run Catch2's main instead,
// so this one is never called.
extern "C" int sc_main(int /*argc*/, char** /*argv*/) {
  return 1;
}
