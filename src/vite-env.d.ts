interface ImportMetaEnv {
  /** An identifier of the build (CI sets it; the update test builds twice with two values). */
  readonly VITE_BUILD_ID?: string;
  /**
   * The built shell catalog of each language (a path), defined only in the inline first
   * requests' script (vite.config.ts, src/first-requests.ts).
   */
  readonly WAVES_SHELL_CATALOGS?: Partial<Record<string, string>>;
}
