import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ESLint, type Linter } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/*
 * The import rules of eslint.config.js, run over a small tree that mimics the repository
 * (tests/lint/fixtures/repo): each bad file must raise exactly the rule (and zone) named below,
 * each good file nothing, so a rule that fires on everything fails as surely as one that never
 * fires. The config is the real one, rooted at the fixture tree.
 */

const repo = path.resolve(import.meta.dirname, '../..');
const root = path.join(import.meta.dirname, 'fixtures/repo');
const configUrl = new URL('../../eslint.config.js', import.meta.url).href;

type Expected = [rule: string, messagePart: string];
const zone = (messagePart: string): Expected => ['import-x/no-restricted-paths', messagePart];
const zod: Expected = ['no-restricted-imports', "'zod' import is restricted"];
const featureToFeature = zone('Features do not import each other');
const sharedLayer = zone('shared layers: they import no feature or route');
const noHttp = zone('know no HTTP');
const cycle: Expected = ['import-x/no-cycle', 'Dependency cycle'];

/** Every file of the fixture tree and what it must raise (nothing for a good file). */
const expectations: Record<string, Expected[]> = {
  // Features: zod only in forms; no feature reaches another, from wherever it imports.
  'src/features/alpha/components/alpha-card.tsx': [zod],
  'src/features/alpha/components/alpha-form.tsx': [],
  'src/features/alpha/forms/alpha-rules.ts': [],
  'src/features/alpha/components/alpha-summary.tsx': [], // type-only zod, own feature, lib
  'src/features/alpha/alpha-helpers.ts': [],
  'src/features/beta/components/beta-form.tsx': [featureToFeature],
  'src/features/beta/beta-helpers.ts': [featureToFeature],
  'src/features/beta/components/beta-page.tsx': [],
  'src/features/alpha/components/alpha-link.tsx': [zone('Features do not import routes')],
  'src/features/alpha/components/alpha-player.tsx': [zone('Use the audio engine')],
  // Routes render features; zod stays out of them.
  'src/routes/index.tsx': [],
  'src/routes/with-zod.tsx': [zod],
  // Shared layers import downwards only.
  'src/lib/format.ts': [],
  'src/lib/storage.ts': [],
  'src/lib/sw-messages.ts': [],
  'src/lib/audio/player.ts': [],
  'src/lib/imports-feature.ts': [sharedLayer],
  'src/lib/with-zod.ts': [zod],
  'src/lib/reaches-server.ts': [zone('The page imports neither server code')],
  'src/lib/cycle-a.ts': [cycle],
  'src/lib/cycle-b.ts': [cycle],
  'src/components/imports-route.ts': [sharedLayer],
  'src/components/ui/uses-globals.ts': [
    ['no-restricted-globals', "'localStorage'"],
    ['no-restricted-globals', "'alert'"],
    ['no-restricted-properties', "'window.alert'"],
  ],
  // The audiogram card, shared with the server, stays within its folder and the contract.
  'src/lib/audiogram-card/card-layout.ts': [],
  'src/lib/audiogram-card/card-format.ts': [],
  'src/lib/audiogram-card/reaches-lib.ts': [zone('The audiogram card is shared with the server')],
  'src/api/contract/constants.ts': [],
  'src/api/contract/things.ts': [],
  'src/api/contract/reaches-lib.ts': [zone('The contract is shared with the server')],
  // The service worker: sw/ and the modules it shares with the page.
  'sw/sw.ts': [],
  'sw/helper.ts': [],
  'sw/reaches-storage.ts': [zone('The service worker imports sw/ and the modules it shares')],
  // Server: kernel under everything, db under services, HTTP only at the edge.
  'server/kernel/clock.ts': [],
  'server/kernel/refusal.ts': [],
  'server/kernel/reaches-db.ts': [zone('The kernel imports nothing else from server/')],
  'server/kernel/reaches-contract.ts': [zone('The kernel imports nothing from src/')],
  'server/db/database.ts': [],
  'server/db/repositories/things-repository.ts': [], // db, kernel, contract constants
  'server/db/repositories/reaches-service.ts': [
    zone('db/ (repositories, migrations) imports only'),
  ],
  'server/db/repositories/reaches-contract-schema.ts': [zone('only the contract’s constants')],
  'server/services/things-service.ts': [],
  'server/services/reaches-http.ts': [noHttp],
  'server/services/reaches-fastify.ts': [noHttp],
  'server/services/reaches-lib.ts': [zone('The server imports from src/ only')],
  // The same zone holds for every room below the HTTP edge, not only services.
  'server/jobs/reaches-routes.ts': [noHttp],
  'server/seed/reaches-http.ts': [noHttp],
  'server/media/card-image.ts': [], // the audiogram card's layout, the one exception
  'server/http/envelope.ts': [],
  'server/routes/things.ts': [],
  'server/routes/reaches-repository.ts': [zone('Routes call services')],
};

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

describe('import rules (eslint.config.js over tests/lint/fixtures/repo)', () => {
  const found = new Map<string, Linter.LintMessage[]>();

  beforeAll(async () => {
    const { wavesConfig } = (await import(configUrl)) as {
      wavesConfig: (options: { root: string }) => Linter.Config[];
    };
    const eslint = new ESLint({
      cwd: root,
      overrideConfigFile: true,
      overrideConfig: wavesConfig({ root }),
    });
    for (const result of await eslint.lintFiles(['.'])) {
      found.set(path.relative(root, result.filePath), result.messages);
    }
  }, 120_000);

  it('lints every fixture file, and every fixture file has an expectation', () => {
    expect([...found.keys()].sort()).toEqual(filesUnder(root).sort());
    expect(Object.keys(expectations).sort()).toEqual(filesUnder(root).sort());
  });

  it.each(Object.entries(expectations))('%s raises exactly what it should', (file, expected) => {
    const messages = found.get(file) ?? [];
    expect(messages.map((message) => message.ruleId)).toEqual(expected.map(([rule]) => rule));
    expected.forEach(([, part], index) => expect(messages[index]?.message).toContain(part));
  });

  it('the repository’s own lint run skips the fixtures', async () => {
    const eslint = new ESLint({ cwd: repo });
    expect(await eslint.isPathIgnored(path.join(root, 'src/lib/with-zod.ts'))).toBe(true);
  });
});
