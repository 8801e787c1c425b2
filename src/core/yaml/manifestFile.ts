import { readFile, stat } from 'node:fs/promises';
import { MAX_MANIFEST_CHARS } from './yamlPath';

/** A manifest file's text, refused with a clear message when it is missing, not a file, or too large to read. */
export async function readManifestFile(file: string): Promise<string> {
  const info = await stat(file).catch((error: NodeJS.ErrnoException) => {
    throw new Error(`${file}: ${error.code === 'ENOENT' ? 'no such file' : error.message}`);
  });
  if (!info.isFile()) throw new Error(`${file}: not a file`);
  // UTF-8 takes at least one byte a character: a file this large in bytes may still fit in characters.
  if (info.size > MAX_MANIFEST_CHARS * 4) throw new Error(`${file}: too large (limit ${MAX_MANIFEST_CHARS} characters)`);
  const text = await readFile(file, 'utf8');
  if (text.length > MAX_MANIFEST_CHARS) throw new Error(`${file}: too large (limit ${MAX_MANIFEST_CHARS} characters)`);
  return text;
}
