import { prepareTestDatabaseTemplate } from './test-database';

/** Vitest's global set-up: the migrated template every test file's database is copied from, made once. */
export default async function setup(): Promise<void> {
  await prepareTestDatabaseTemplate();
}
