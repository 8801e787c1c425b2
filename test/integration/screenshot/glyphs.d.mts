// Types of glyphs.mjs for the TypeScript callers (test/browser).
export declare const japaneseSample: string;
export declare function boxedCharacters(
  page: { evaluate<R, A>(fn: (arg: A) => R, arg: A): Promise<R> },
  text?: string,
  fontFamily?: string,
): Promise<string[]>;
export declare function fontConfigWithoutCjk(folder: string): string;
