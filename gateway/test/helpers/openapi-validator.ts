import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

export interface ValidationResult {
  valid: boolean;
  /** The OpenAPI version the validator recognised ("3.1"). */
  version: string;
  errors?: unknown;
}

/** Reads a document from stdin, validates it, prints the result. */
const SCRIPT = `
import { Validator } from '@seriousme/openapi-schema-validator';
let text = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => (text += chunk));
process.stdin.on('end', async () => {
  const validator = new Validator();
  const result = await validator.validate(JSON.parse(text));
  process.stdout.write(JSON.stringify({ valid: result.valid, version: validator.version, errors: result.errors }));
});
`;

/**
 * Validates an OpenAPI document with @seriousme/openapi-schema-validator. The
 * package is ESM only, which Jest's CommonJS runtime cannot load, so it runs
 * in a Node child process (from the repository root, where it is installed).
 */
export function validateOpenApi(document: unknown): Promise<ValidationResult> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--input-type=module', '--eval', SCRIPT], { cwd: resolve(__dirname, '../../..') });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk));
    child.on('error', fail);
    child.on('close', (code) => {
      if (code !== 0) fail(new Error(`the validator exited with ${code}: ${err}`));
      else done(JSON.parse(out) as ValidationResult);
    });
    child.stdin.end(JSON.stringify(document));
  });
}
