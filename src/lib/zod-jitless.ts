/**
 * zod compiles object schemas with `new Function` unless told not to, and merely probing for
 * it is a `script-src` eval violation under our Content-Security-Policy (docs/decisions.md
 * "Security headers"). zod reads its settings from this global when it loads, so setting it
 * here, before any module creates a schema, makes every schema of the client jitless without
 * bringing zod into the first screen's bundle. Imported first by main.tsx.
 */
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };

export {};
