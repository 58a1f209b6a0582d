// libsystemc.so refers to sc_main (its own main() calls it); lutsim runs its
// own main() and uses SystemC as a library (`lmma --vcd`), so this one is
// never called.
extern "C" int sc_main(int /*argc*/, char** /*argv*/) {
  return 1;
}
