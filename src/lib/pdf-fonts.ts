// The PDF kit's faces (server-only): BIZ UDPGothic, a font npm brings (@expo-google-fonts/biz-udpgothic, SIL Open
// Font License 1.1), so no system font is needed, and for a character it has no glyph for (a kanji outside JIS such as
// 𠮷) Noto Sans JP (@expo-google-fonts/noto-sans-jp, the same licence), read only when a text needs it. Both are
// parsed at first use and dropped a minute after the last; `charactersWithoutGlyph` says what neither can draw, and
// `runsOf` cuts a text where it changes face (src/lib/pdf-text.ts writes the runs).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';

/** The two faces every document registers: `doc.font(PDF_FONT.bold)`. */
export const PDF_FONT = { regular: 'jp', bold: 'jp-bold' } as const;

export type Weight = keyof typeof PDF_FONT;

/** The fallback faces' names in a document (registered by the first text that needs one). */
export const FALLBACK_FONT = { regular: 'jp-fallback', bold: 'jp-fallback-bold' } as const;

const FONT_FILES = {
  regular: '@expo-google-fonts/biz-udpgothic/400Regular/BIZUDPGothic_400Regular.ttf',
  bold: '@expo-google-fonts/biz-udpgothic/700Bold/BIZUDPGothic_700Bold.ttf',
} as const;

/** The same weights of Noto Sans JP, for the characters BIZ UDPGothic lacks. */
const FALLBACK_FILES = {
  regular: '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf',
} as const;

/**
 * How long the faces stay parsed after the last document or check that used them. Kept, they are about 9 MB of
 * file bytes outside the JavaScript heap (11 MB more with the fallback faces) plus fontkit's glyph tables inside it,
 * for a document a guest or host asks for now and then; reading them again costs the next document some tens of
 * milliseconds.
 */
const FONTS_KEPT_MS = 60_000;

let fonts: Record<Weight, fontkit.Font> | null = null;
let fallbackFonts: Record<Weight, fontkit.Font> | null = null;
/** Drops the faces FONTS_KEPT_MS after their last use (unref'd: it never keeps a process alive). */
let dropFonts: NodeJS.Timeout | null = null;

function openFont(file: string): fontkit.Font {
  const font = fontkit.create(readFileSync(createRequire(import.meta.url).resolve(file)));
  if (!('layout' in font)) throw new Error(`${file} is a font collection, not one font`);
  return font;
}

/** Starts or restarts the FONTS_KEPT_MS before the faces are dropped. */
function keepFonts(): void {
  if (dropFonts) dropFonts.refresh();
  else dropFonts = setTimeout(dropPdfFonts, FONTS_KEPT_MS).unref();
}

/**
 * The two faces, read and parsed at the first use and shared by every document until FONTS_KEPT_MS pass without one
 * (about 4.5 MB each, outside the JavaScript heap): fontkit keeps the glyphs it has read, so a document made while
 * they are kept only lays out and subsets. Each document still embeds its own subset.
 */
export function fontData(): Record<Weight, fontkit.Font> {
  keepFonts();
  fonts ??= { regular: openFont(FONT_FILES.regular), bold: openFont(FONT_FILES.bold) };
  return fonts;
}

/**
 * `font` as PDFKit reads it, with the ascent, descent and line gap of `like` (in `font`'s units): PDFKit places a
 * run's baseline one ascent below the line's top and makes a line one ascent plus descent tall, so with these a run
 * in Noto Sans JP sits on BIZ UDPGothic's baseline, at the same size (both draw a kanji in the same em box, 0.88 of
 * it above the baseline), and a line holding one is as tall as a line without. Noto Sans JP's own ascent and descent
 * (1.16 and 0.288 em) would drop its run 0.28 em below its neighbours and make its line taller.
 */
function withVerticalMetricsOf(font: fontkit.Font, like: fontkit.Font): fontkit.Font {
  const scale = font.unitsPerEm / like.unitsPerEm;
  const metrics: Record<string, number> = { ascent: like.ascent * scale, descent: like.descent * scale, lineGap: like.lineGap * scale };
  return new Proxy(font, {
    get: (target, key, _receiver) => (typeof key === 'string' && key in metrics ? metrics[key] : Reflect.get(target, key, target)),
  });
}

/** The fallback faces, read at the first text that needs one and kept and dropped with the two faces. */
export function fallbackData(): Record<Weight, fontkit.Font> {
  const primary = fontData();
  fallbackFonts ??= {
    regular: withVerticalMetricsOf(openFont(FALLBACK_FILES.regular), primary.regular),
    bold: withVerticalMetricsOf(openFont(FALLBACK_FILES.bold), primary.bold),
  };
  return fallbackFonts;
}

/** Drops the parsed faces now and stops their timer (what the timer does; a test starts from here). */
export function dropPdfFonts(): void {
  if (dropFonts) clearTimeout(dropFonts);
  dropFonts = null;
  fonts = null;
  fallbackFonts = null;
}

/** Whether the faces are parsed and kept now (tests). */
export function fontsKept(): boolean {
  return fonts !== null;
}

/** Whether the fallback faces are parsed and kept now (tests). */
export function fallbackFontsKept(): boolean {
  return fallbackFonts !== null;
}

/**
 * The characters of `text` neither BIZ UDPGothic nor the fallback face can draw in both weights, each once, in order
 * (emoji, Hangul, invisible joiners): what a person typed is checked with this before it is printed, since a missing
 * glyph prints as an empty box. The fallback faces are read only when the text has a character BIZ UDPGothic lacks.
 */
export function charactersWithoutGlyph(text: string): string[] {
  const { regular, bold } = fontData();
  const missing = new Set<string>();
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    const inRegular = regular.hasGlyphForCodePoint(code);
    const inBold = bold.hasGlyphForCodePoint(code);
    if (inRegular && inBold) continue;
    const fallback = fallbackData();
    if (!(inRegular || fallback.regular.hasGlyphForCodePoint(code)) || !(inBold || fallback.bold.hasGlyphForCodePoint(code))) {
      missing.add(character);
    }
  }
  return [...missing];
}

/** A stretch of text drawn in one face: the weight's own, or its fallback. */
export interface Run {
  text: string;
  fallback: boolean;
}

/**
 * `text` cut where it changes face: each character BIZ UDPGothic lacks and the fallback has goes into a fallback run.
 * A character neither has stays in BIZ UDPGothic's run (it prints as the face's empty box, as it would without a
 * fallback). The fallback faces are read only when a character needs them.
 */
export function runsOf(text: string, weight: Weight): Run[] {
  const face = fontData()[weight];
  const runs: Run[] = [];
  let current: Run | null = null;
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    const fallback = !face.hasGlyphForCodePoint(code) && fallbackData()[weight].hasGlyphForCodePoint(code);
    if (current && current.fallback === fallback) current.text += character;
    else {
      current = { text: character, fallback };
      runs.push(current);
    }
  }
  return runs;
}
