// The secrets `npm start` generates, kept in .data so a restart keeps them: a new
// INTERNAL_SECRET would void every device cookie, OAuth state and e-mailed link
// signed with the last one (README, "Two commands").
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Each secret the launcher draws when the environment does not set it, and how. */
export const GENERATED_SECRETS = {
  /** Signs the identity the gateway forwards, device cookies, OAuth state and e-mailed links. */
  INTERNAL_SECRET: () => randomBytes(32).toString('base64url'),
};

export const SECRETS_FILE = 'secrets.json';

function readKept(file) {
  try {
    const kept = JSON.parse(readFileSync(file, 'utf8'));
    return kept && typeof kept === 'object' && !Array.isArray(kept) ? kept : {};
  } catch (err) {
    if (err.code === 'ENOENT') return {};
    throw new Error(`${file} is not readable JSON (${err.message}); fix or remove it (every device cookie and e-mailed link is then void).`);
  }
}

/**
 * The generated secrets for a stack whose data is in `dataDir`: those `env`
 * sets win and are not stored; the others are read from `<dataDir>/secrets.json`,
 * or drawn and added to it (mode 0600; a file another start wrote meanwhile is
 * read again rather than overwritten). Returns the values to put in the stack's
 * environment, the file, and which names were drawn now, kept, or set by `env`.
 */
export function loadSecrets(dataDir, env = process.env) {
  const file = join(dataDir, SECRETS_FILE);
  const names = Object.keys(GENERATED_SECRETS);
  const fromEnv = names.filter((name) => env[name]);
  const wanted = names.filter((name) => !env[name]);
  let kept = readKept(file);
  const missing = wanted.filter((name) => typeof kept[name] !== 'string' || !kept[name]);
  if (missing.length) {
    mkdirSync(dataDir, { recursive: true });
    const next = { ...kept, ...Object.fromEntries(missing.map((name) => [name, GENERATED_SECRETS[name]()])) };
    try {
      // A new file is created exclusively, so two starts at once agree on one secret.
      writeFileSync(file, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600, flag: Object.keys(kept).length ? 'w' : 'wx' });
      kept = next;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
      kept = readKept(file);
    }
  }
  chmodOwnerOnly(file, wanted.length > 0);
  const drawn = missing.filter((name) => kept[name]);
  return {
    values: Object.fromEntries(wanted.map((name) => [name, kept[name]])),
    file,
    drawn,
    kept: wanted.filter((name) => !drawn.includes(name)),
    fromEnv,
  };
}

/** The file holds secrets: owner-only, also when it was made by hand or an older launcher. */
function chmodOwnerOnly(file, exists) {
  if (!exists) return;
  try {
    chmodSync(file, 0o600);
  } catch {
    // not there (every secret came from the environment) or not ours: nothing to narrow
  }
}

/** The line `npm start` prints about them. */
export function secretsLine({ file, drawn, kept, fromEnv }, root) {
  const where = root && file.startsWith(`${root}/`) ? file.slice(root.length + 1) : file;
  const parts = [];
  if (drawn.length) parts.push(`${drawn.join(', ')} generated now`);
  if (kept.length) parts.push(`${kept.join(', ')} kept from the last start`);
  if (fromEnv.length) parts.push(`${fromEnv.join(', ')} from the environment`);
  return drawn.length || kept.length
    ? `Secrets: ${where} (${parts.join('; ')}; set the variable to use your own)`
    : `Secrets: ${parts.join('; ')}`;
}
