// @vitest-environment node
// The layer rule in eslint.config.js (docs/architecture.md, Layers of src/): every import is checked
// by where its file lives, at any depth, and no feature imports another. Lints made-up files at
// real paths (the imports they name exist), so a change to the config that lets a bad import
// through fails here.
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// vitest runs from the repository's root
const ROOT = process.cwd();
let eslint: ESLint;

// The first lint builds the import resolver over the whole project (seconds on a busy machine):
// done once here, with time for it, so no test pays for it within its own timeout.
beforeAll(async () => {
  eslint = new ESLint({ cwd: ROOT });
  await eslint.lintText("export { Logo } from '@/app/layout/logo';\n", {
    filePath: `${ROOT}/src/features/home/components/warm-up.tsx`,
  });
}, 60_000);

/** The rules that fired on `code` as if it were the file at `filePath`. */
async function rulesFor(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}/${filePath}` });
  if (!result) throw new Error(`no lint result for ${filePath}`);
  return result.messages.map((m) => m.ruleId ?? m.message);
}

const DEEP_FEATURE_FILE = 'src/features/meetups/components/map-screen/deep/made-up.tsx';

describe('layer boundaries', () => {
  it('refuses a deep feature file importing the app shell or a route, whatever the path style', async () => {
    expect(
      await rulesFor(DEEP_FEATURE_FILE, "export { Logo } from '@/app/layout/logo';\n"),
    ).toContain('boundaries/dependencies');
    expect(
      await rulesFor(DEEP_FEATURE_FILE, "export { homeRoute } from '@/routes/home';\n"),
    ).toContain('boundaries/dependencies');
    // the relative spelling the old hand-written pattern missed: refused twice over
    const relative = await rulesFor(
      DEEP_FEATURE_FILE,
      "export { Logo } from '../../../../../app/layout/logo';\n",
    );
    expect(relative).toContain('boundaries/dependencies');
    expect(relative).toContain('no-restricted-imports');
  });

  it('refuses one feature importing another', async () => {
    expect(
      await rulesFor(
        'src/features/home/components/made-up.tsx',
        "export { MeetUpMapScreen } from '@/features/meetups/components/meetup-map-screen';\n",
      ),
    ).toContain('boundaries/dependencies');
  });

  it('refuses lower layers reaching up, and the worker reaching UI', async () => {
    expect(
      await rulesFor(
        'src/data/sync/made-up.ts',
        "export { toast } from '@/components/ui/toast';\n",
      ),
    ).toContain('boundaries/dependencies');
    expect(
      await rulesFor('src/lib/made-up.ts', "export { db } from '@/data/db/index';\n"),
    ).toContain('boundaries/dependencies');
    expect(
      await rulesFor(
        'sw/made-up.ts',
        "export { OfflineBanner } from '@/features/sync-status/components/offline-banner';\n",
      ),
    ).toContain('boundaries/dependencies');
  });

  it('lets a feature import its own files and the layers below it', async () => {
    const rules = await rulesFor(
      DEEP_FEATURE_FILE,
      [
        "export { MeetUpMapScreen } from '@/features/meetups/components/meetup-map-screen';",
        "export { PhotoCardTile } from '@/components/cards/photo-card-tile';",
        "export { useAtomValue } from '@/state/store';",
        "export { db } from '@/data/db/index';",
        "export { ko } from '@/i18n/ko';",
        '',
      ].join('\n'),
    );
    expect(rules).toEqual([]);
  });

  it('lets the app layer compose features', async () => {
    expect(
      await rulesFor(
        'src/routes/made-up.tsx',
        "export { InstallEntry } from '@/features/install/components/install-entry';\n",
      ),
    ).toEqual([]);
  });
});
