/* global document, getComputedStyle -- boxedCharacters' callback runs in the page */
// Whether text in Chromium is drawn as glyphs or as boxes ("tofu"): without a CJK font (Debian's
// fonts-noto-cjk) every Japanese character is the font's missing-glyph box.
//   node test/integration/screenshot/glyphs.mjs   checks this machine's Chromium, then the check itself
//                                                  against a font set without CJK (it must see the boxes)
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { selectHosts } from '../../../scripts/vscode-host/hosts.mjs';

/** A sample of the Japanese the product shows: kana, kanji and the long-vowel mark. */
export const japaneseSample = 'クラスタのコントロールプレーンとノード構成図';

/**
 * The characters of `text` that `page` draws as a missing-glyph box in `fontFamily` (by default the page
 * body's font). Each character is drawn alone on a canvas and compared with what an unassigned code point
 * draws; characters that all draw the same picture are boxes too, whatever the box looks like.
 */
export async function boxedCharacters(page, text = japaneseSample, fontFamily) {
  return page.evaluate(
    ({ text, fontFamily }) => {
      const family = fontFamily ?? getComputedStyle(document.body).fontFamily;
      const canvas = document.createElement('canvas');
      canvas.width = 48;
      canvas.height = 48;
      const context = canvas.getContext('2d', { willReadFrequently: true });
      const picture = (character) => {
        context.clearRect(0, 0, 48, 48);
        context.font = `32px ${family}`;
        context.textBaseline = 'top';
        context.fillText(character, 8, 8);
        const alpha = context.getImageData(0, 0, 48, 48).data.filter((_, index) => index % 4 === 3);
        return alpha.join(',');
      };
      const missing = new Set([picture('\u0378'), picture('\u{10FFFD}')]);
      const characters = [...new Set(text)].filter((character) => character.trim() !== '');
      const pictures = characters.map(picture);
      const count = new Map();
      for (const drawn of pictures) count.set(drawn, (count.get(drawn) ?? 0) + 1);
      return characters.filter(
        (_, index) => missing.has(pictures[index]) || count.get(pictures[index]) > 1 || !/[1-9]/.test(pictures[index]),
      );
    },
    { text, fontFamily },
  );
}

/** A fontconfig file that offers DejaVu only: what a machine without a CJK font has. */
export function fontConfigWithoutCjk(folder) {
  const file = join(folder, 'fonts-without-cjk.conf');
  writeFileSync(
    file,
    `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <dir>/usr/share/fonts/truetype/dejavu</dir>
  <cachedir>${join(folder, 'fontconfig-cache')}</cachedir>
</fontconfig>
`,
  );
  return file;
}

async function selfTest() {
  const [host] = selectHosts('newest');
  const { chromium } = createRequire(import.meta.url)(host.playwrightCore);
  const folder = mkdtempSync(join(tmpdir(), 'cluster-anatomy-glyphs-'));
  const check = async (env) => {
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox'], env });
    try {
      const page = await browser.newPage();
      await page.setContent('<body style="font-family: system-ui, sans-serif"></body>');
      return await boxedCharacters(page);
    } finally {
      await browser.close();
    }
  };
  try {
    const withFonts = await check(process.env);
    console.log(
      `[glyphs] this machine: ${withFonts.length === 0 ? 'Japanese is drawn as glyphs' : `boxes for ${withFonts.join('')}: install fonts-noto-cjk`}`,
    );
    const withoutCjk = await check({ ...process.env, FONTCONFIG_FILE: fontConfigWithoutCjk(folder) });
    const seesBoxes = withoutCjk.length === [...new Set(japaneseSample)].length;
    console.log(
      `[glyphs] without a CJK font the check ${seesBoxes ? 'sees every character as a box' : `missed boxes: it saw only ${withoutCjk.join('')}`}`,
    );
    const ok = withFonts.length === 0 && seesBoxes;
    const passed = [withFonts.length === 0, seesBoxes].filter(Boolean).length;
    console.log(`${passed} passed, ${2 - passed} failed`);
    process.exitCode = ok ? 0 : 1;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await selfTest();
