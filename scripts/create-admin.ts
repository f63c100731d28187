/**
 * npm run create-admin -- <username> [password]: makes an admin account, or resets an account's
 * password and makes it an admin (the operator's recovery of an admin, decision 211). Without the
 * password on the command line (where it would stay in the shell's history and show in `ps`), it is
 * read from the first line of standard input: `npm run create-admin -- root < password.txt`, or typed
 * at the prompt.
 */
import { createInterface } from 'node:readline/promises';
import { ensureAdmin } from '../src/server/auth/ensure-admin';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';

async function passwordFromInput(): Promise<string> {
  const input = createInterface({ input: process.stdin, terminal: false });
  if (process.stdin.isTTY) process.stdout.write('New password (at least 10 characters): ');
  for await (const line of input) {
    input.close();
    return line;
  }
  return '';
}

const [username, argument] = process.argv.slice(2);
if (!username) {
  console.error(
    'Usage: npm run create-admin -- <username> [password]   (without it, the password is read from standard input;\n' +
      '       at least 10 characters, not a common one). An existing account gets the new password, every one of\n' +
      '       its sessions ends and its reset links stop working.',
  );
  process.exit(2);
}
const password = argument ?? (await passwordFromInput());
const config = loadConfig();
const database = await openDatabase(config.database);
try {
  const result = await ensureAdmin(database.db, username, password);
  console.log(
    {
      created: `Admin "${username}" created.`,
      updated: `Admin "${username}" updated: the new password is set, every session of the account ended and its reset links stopped working.`,
      unchanged: `Admin "${username}" already has this password; nothing was changed.`,
    }[result],
  );
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 2;
} finally {
  await database.close();
}
