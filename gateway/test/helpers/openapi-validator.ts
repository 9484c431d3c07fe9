import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

export interface ValidationResult {
  valid: boolean;
  /** The OpenAPI version the validator recognised ("3.1"). */
  version: string;
  errors?: unknown;
}

/** One problem `redocly lint` reports, where it is in the document. */
export interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  /** JSON pointer into the document, e.g. `#/paths/~1api~1clients/get`. */
  pointer?: string;
}

/** Reads a document from stdin, validates it, prints the result. */
const VALIDATE = `
import { Validator } from '@seriousme/openapi-schema-validator';
const validator = new Validator();
const result = await validator.validate(JSON.parse(input));
process.stdout.write(JSON.stringify({ valid: result.valid, version: validator.version, errors: result.errors }));
`;

/** Reads a document from stdin, lints it with Redocly's recommended rules, prints the problems. */
const LINT = `
import { createConfig, lintFromString } from '@redocly/openapi-core';
const config = await createConfig({ extends: ['recommended'] });
const problems = await lintFromString({ source: input, absoluteRef: 'openapi.json', config });
process.stdout.write(JSON.stringify(problems.map((p) => ({
  ruleId: p.ruleId, severity: p.severity, message: p.message, pointer: p.location?.[0]?.pointer,
}))));
`;

/**
 * Runs an ES module script in a Node child process (from the repository root,
 * where the packages are installed) with `input` as the text of stdin, and
 * parses what it prints as JSON. The OpenAPI tools are ESM only, which Jest's
 * CommonJS runtime cannot load.
 */
function runModule<T>(script: string, input: string): Promise<T> {
  const source = `let input = '';\nfor await (const chunk of process.stdin) input += chunk;\n${script}`;
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--input-type=module', '--eval', source], { cwd: resolve(__dirname, '../../..') });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk));
    child.on('error', fail);
    child.on('close', (code) => {
      if (code !== 0) fail(new Error(`the child process exited with ${code}: ${err}`));
      else done(JSON.parse(out) as T);
    });
    child.stdin.end(input);
  });
}

/** Validates an OpenAPI document with @seriousme/openapi-schema-validator. */
export const validateOpenApi = (document: unknown) => runModule<ValidationResult>(VALIDATE, JSON.stringify(document));

/** Lints an OpenAPI document (its JSON text) with `@redocly/openapi-core` and the `recommended` rules. */
export const lintOpenApi = (json: string) => runModule<LintProblem[]>(LINT, json);
