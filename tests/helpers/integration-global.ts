/**
 * Global setup of the integration project: every file starts PocketBase servers of its own, each
 * from a copy of one data dir migrated once here (see makeTemplateDataDir). Workers inherit the
 * environment variable naming it.
 */
import { rmSync } from 'node:fs';
import { makeTemplateDataDir, TEMPLATE_ENV } from './pocketbase.ts';

export default function setup() {
  const template = makeTemplateDataDir();
  process.env[TEMPLATE_ENV] = template;
  return () => {
    delete process.env[TEMPLATE_ENV];
    rmSync(template, { recursive: true, force: true });
  };
}
