import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type request from 'supertest';

/** Every file under an upload root, temporary ones included, relative and sorted. */
export async function storedFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => relative(root, join(e.parentPath, e.name))).sort();
}

/** supertest returns binary bodies as Buffers only when asked to: `.buffer(true).parse(asBuffer)`. */
export const asBuffer = (res: request.Response, callback: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
};
