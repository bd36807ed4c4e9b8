interface ImportMetaEnv {
  /** An identifier of the build (CI sets it; the update test builds twice with two values). */
  readonly VITE_BUILD_ID?: string;
}
