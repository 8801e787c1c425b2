/**
 * How wide a text is drawn, and how a name too wide for its box is shortened. The standalone SVG (CLI,
 * export) names `sans-serif`, which is DejaVu Sans on Debian and the widest of the common sans fonts, so its
 * advance widths are the estimate; the webview passes a measure of the font it really draws with.
 */

export type TextStyle = 'label' | 'detail';

/** The drawn width of a text in pixels, in the style the diagram uses for it. */
export type TextMeasure = (text: string, style: TextStyle) => number;

export const labelFontSize = 12;
export const detailFontSize = 10.5;
export const titleFontSize = 15;

// DejaVu Sans advance widths of U+0020…U+007E, in hundredths of an em (measured in Chromium at 100px).
const boldWidths =
  '35,46,52,84,70,100,87,31,46,46,52,84,38,42,38,37,70,70,70,70,70,70,70,70,70,70,40,40,84,84,84,58,100,77,76,73,83,68,68,82,84,37,37,77,64,100,84,85,73,85,77,72,68,81,77,110,77,72,73,46,37,46,84,50,50,67,72,59,72,68,44,72,71,34,34,67,34,104,71,69,72,72,49,60,48,71,65,92,65,65,58,71,37,71,84'
    .split(',')
    .map(Number);
const bookWidths =
  '32,40,46,84,64,95,78,27,39,39,50,84,32,36,32,34,64,64,64,64,64,64,64,64,64,64,34,34,84,84,84,53,100,68,69,70,77,63,58,77,75,29,29,66,56,86,75,79,60,79,69,63,61,73,68,99,69,61,69,39,34,39,84,50,50,61,63,55,63,62,35,63,63,28,28,58,28,97,63,61,63,63,41,52,39,63,59,82,59,59,52,64,34,64,84'
    .split(',')
    .map(Number);

/** Width in em of a character outside printable ASCII: CJK and most symbols are one em; a middle dot is narrow. */
function otherWidth(char: string, bold: boolean): number {
  if (char === '·') return bold ? 0.38 : 0.32;
  if (char === '–') return 0.5;
  return 1;
}

/** DejaVu Sans: labels are bold at 12px, details regular at 10.5px. */
export const dejaVuMeasure: TextMeasure = (text, style) => {
  const bold = style === 'label';
  const table = bold ? boldWidths : bookWidths;
  let em = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    em += code >= 32 && code < 127 ? table[code - 32]! / 100 : otherWidth(char, bold);
  }
  return em * (bold ? labelFontSize : detailFontSize);
};

const ellipsis = '…';

/** The text cut at its end to fit, with an ellipsis: for sentences (details), not for names. */
export function elideEnd(text: string, width: number, style: TextStyle, measure: TextMeasure = dejaVuMeasure): string {
  if (measure(text, style) <= width) return text;
  const chars = [...text];
  let low = 0;
  let high = chars.length;
  // The longest prefix that fits with the ellipsis (width grows with length, so a binary search finds it).
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (measure(chars.slice(0, mid).join('') + ellipsis, style) <= width) low = mid;
    else high = mid - 1;
  }
  return chars.slice(0, low).join('') + ellipsis;
}

/**
 * A sentence broken into lines that fit `width`: at spaces, or after a `/`, `:` or `=` inside a long name
 * (`node-role.kubernetes.io/` `control-plane:NoSchedule`); a piece longer than a line is cut with an ellipsis.
 * At most `maxLines`, the last one ending in an ellipsis when text is left over.
 */
export function wrapText(text: string, width: number, style: TextStyle, maxLines: number, measure: TextMeasure = dejaVuMeasure): string[] {
  const pieces = text.match(/[^\s/:=]+[/:=]*\s*|[/:=]+\s*|\s+/g) ?? [];
  const lines: string[] = [];
  let line = '';
  for (let index = 0; index < pieces.length; index++) {
    const candidate = line + pieces[index]!;
    if (line === '' || measure(candidate.trimEnd(), style) <= width) {
      line = candidate;
      continue;
    }
    lines.push(line.trimEnd());
    if (lines.length === maxLines) {
      lines[maxLines - 1] = elideEnd(`${lines[maxLines - 1]} ${pieces.slice(index).join('')}`.trimEnd(), width, style, measure);
      return lines;
    }
    line = pieces[index]!;
  }
  if (line.trim()) lines.push(line.trimEnd());
  return lines.map((entry) => elideEnd(entry, width, style, measure));
}

/**
 * A name shortened in the middle, in whole words, so that what tells it from its siblings stays and so does its
 * end: a static Pod keeps its component and its node's suffix (`kube-apiserver-multi…control-plane2`), one of
 * two replicas its own suffix (`coredns-5d78c9869d…czv4x`). Names that fit are returned as they are. Siblings
 * are the other names drawn beside it. A word is a run of letters and digits with the separators after it;
 * a character of a script without spaces (Japanese) is a word of its own.
 */
export function elideName(
  name: string,
  siblings: readonly string[],
  width: number,
  style: TextStyle = 'label',
  measure: TextMeasure = dejaVuMeasure,
): string {
  if (measure(name, style) <= width) return name;
  const chars = [...name];
  const n = chars.length;
  const words = wordStarts(chars);
  let sharedPrefix = 0;
  let sharedSuffix = 0;
  for (const sibling of siblings) {
    if (sibling === name) continue;
    const other = [...sibling];
    let p = 0;
    while (p < n && p < other.length && chars[p] === other[p]) p++;
    let s = 0;
    while (s < n - p && s < other.length && chars[n - 1 - s] === other[other.length - 1 - s]) s++;
    sharedPrefix = Math.max(sharedPrefix, p);
    sharedSuffix = Math.max(sharedSuffix, s);
  }
  // The word where the name stops sharing its start with a sibling, and the end of the word where it starts
  // sharing its end with one: what lies between sets it apart.
  const lastWord = words[words.length - 1]!;
  const distinctStart = sharedPrefix >= n ? n : words.filter((start) => start <= sharedPrefix).pop()!;
  const distinctEnd = sharedSuffix === 0 ? n : (words.find((start) => start >= n - sharedSuffix) ?? n);
  // The start keeps its first word, and what sets the name apart when that is not at its end; the end keeps
  // its last word, or all that sets the name apart when that reaches its end.
  let head = Math.max(words[1] ?? n, distinctEnd < n ? distinctEnd : 0);
  let tail = distinctEnd === n && distinctStart < n ? distinctStart : lastWord;
  const text = (h: number, t: number) =>
    chars
      .slice(0, h)
      .join('')
      .replace(/[^\p{L}\p{N}]+$/u, '') +
    ellipsis +
    chars.slice(t).join('');
  const fits = (h: number, t: number) => h < t && measure(text(h, t), style) <= width;
  // A name that differs from a sibling from its second word on ("kube-proxy-b9d4m"): its last words set it apart.
  if (head >= tail) tail = words.find((start) => start > head) ?? n;
  if (!fits(head, tail)) {
    // Too long to keep in words: the end that sets it apart, then as much of the start as fits, by characters.
    while (tail < n - 1 && !fits(1, tail)) tail++;
    head = 1;
    while (fits(head + 1, tail)) head++;
    return text(head, tail);
  }
  // Whole words, at the start and at the end in turn, while they fit.
  for (let grew = true; grew;) {
    grew = false;
    const nextHead = words.find((start) => start > head) ?? n;
    if (nextHead < tail && fits(nextHead, tail)) {
      head = nextHead;
      grew = true;
    }
    const nextTail = words.filter((start) => start < tail).pop();
    if (nextTail !== undefined && nextTail > head && fits(head, nextTail)) {
      tail = nextTail;
      grew = true;
    }
  }
  // Room left for a good part of the next word (a hash, a number) is used; a few letters of it would only puzzle.
  let more = head;
  while (more + 1 < tail && fits(more + 1, tail)) more++;
  return text(more - head >= 4 ? more : head, tail);
}

/** Where each word of a name starts: after a run of separators, or at each character that is neither. */
function wordStarts(chars: readonly string[]): number[] {
  const latin = (char: string | undefined) => char !== undefined && /[A-Za-z0-9]/.test(char);
  const separator = (char: string | undefined) => char !== undefined && /[-_.:/@\s]/.test(char);
  const starts = [0];
  for (let index = 1; index < chars.length; index++) {
    const before = chars[index - 1];
    const char = chars[index];
    const startsWord = latin(char) ? !latin(before) : !separator(char);
    if (startsWord) starts.push(index);
  }
  return starts;
}

/** The width a box leaves for its label: panels and Pods start it at the left, the other boxes centre it. */
export function labelRoom(box: { readonly kind: string; readonly width: number }): number {
  return box.kind === 'panel' || box.kind === 'group' || box.kind === 'pod' || box.kind === 'folder' ? box.width - 16 : box.width - 12;
}
