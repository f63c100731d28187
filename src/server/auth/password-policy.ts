import { normalizeUsername, PASSWORD_IS_USERNAME, PASSWORD_TOO_COMMON } from '../../core/schemas/auth';
import { DomainError } from '../domain-error';

/*
 * The list of common and breached passwords: zxcvbn-ts's, about 49,000 passwords ranked by how often
 * they appear in public breach corpora, compared case-insensitively. It is loaded at the first new
 * password (about 0.2 s), not at start (decision 107), and never reaches the browser: the shared
 * schema checks length and obvious patterns on both sides, this list only here (decision 120).
 */
let commonPasswords: Promise<Set<string>> | undefined;
function loadCommonPasswords(): Promise<Set<string>> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then((module) => {
    // Bundled (npm start, decision 092) the package is its CommonJS build, whose exports arrive as
    // `default`; run from the sources, as an ES module.
    type Package = { dictionary: Record<'passwords-common', string[]> };
    const loaded = module as unknown as Partial<Package> & { default?: Package };
    const dictionary = loaded.dictionary ?? loaded.default!.dictionary;
    return new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  });
  return commonPasswords;
}

export async function isCommonPassword(password: string): Promise<boolean> {
  return (await loadCommonPasswords()).has(password.toLowerCase());
}

/**
 * Refuses a new password the shared schema let through but the server knows to be weak: one on the
 * list, or the account's own username. 400 with the message on the form's field.
 */
export async function assertPasswordAcceptable(
  password: string,
  options: { username: string; field: string },
): Promise<void> {
  if (normalizeUsername(password) === normalizeUsername(options.username))
    throw new DomainError('password_is_username', PASSWORD_IS_USERNAME, {
      fields: { [options.field]: PASSWORD_IS_USERNAME },
    });
  if (await isCommonPassword(password))
    throw new DomainError('password_too_common', PASSWORD_TOO_COMMON, {
      fields: { [options.field]: PASSWORD_TOO_COMMON },
    });
}
