const importArgon2 = () => import('@node-rs/argon2');
let argon2: ReturnType<typeof importArgon2> | undefined;
/** The native module is loaded at the first sign-in or sign-up rather than at every start (decision 107). */
function loadArgon2() {
  argon2 ??= importArgon2();
  return argon2;
}

// OWASP's argon2id baseline: 19 MiB memory, 2 iterations, 1 lane.
// algorithm 2 is Argon2id (a const enum in the package's types, so it is written out here).
const OPTIONS = { algorithm: 2 as const, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export async function hashPassword(password: string): Promise<string> {
  return (await loadArgon2()).hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await (await loadArgon2()).verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Verified against when the username does not exist, so the answer takes as long either way. */
let dummyHash: Promise<string> | undefined;
export function getDummyHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password-0');
  return dummyHash;
}
