/**
 * CSS colours as a browser serialises a computed `background-color`: `rgb(r, g, b)`,
 * `rgba(r, g, b, a)`, `transparent`, and (Chromium for colours given in CSS Color 4 syntax)
 * `color(srgb r g b / a)`; `#rgb`/`#rrggbb` too, for hand-written snapshots. Paper 002 compares
 * the background colours of blocks (Table 1, rule 3) and the property difference across a
 * separator (§3.3): both read the colour a reader sees, so colours are composited over what lies
 * behind them (computeEffective in layout.ts).
 */

export interface Rgba { r: number; g: number; b: number; a: number }

export const TRANSPARENT: Readonly<Rgba> = Object.freeze({ r: 0, g: 0, b: 0, a: 0 });
/** The canvas a browser paints behind a page that sets no background. */
export const CANVAS_WHITE: Readonly<Rgba> = Object.freeze({ r: 255, g: 255, b: 255, a: 1 });

const NAMED: Record<string, Rgba> = {
  transparent: TRANSPARENT, white: CANVAS_WHITE, black: { r: 0, g: 0, b: 0, a: 1 },
  red: { r: 255, g: 0, b: 0, a: 1 }, green: { r: 0, g: 128, b: 0, a: 1 }, blue: { r: 0, g: 0, b: 255, a: 1 },
  gray: { r: 128, g: 128, b: 128, a: 1 }, grey: { r: 128, g: 128, b: 128, a: 1 },
  silver: { r: 192, g: 192, b: 192, a: 1 }, yellow: { r: 255, g: 255, b: 0, a: 1 },
};

const FUNC = /^(rgba?|color)\(\s*(srgb\s+)?([^)]*)\)$/;

function clamp(v: number, lo: number, hi: number): number {
  return v < lo ? lo : v > hi ? hi : v;
}

/** Parses one computed colour; null when the syntax is not one of those above (oklch, lab, ...). */
export function parseColour(s: string): Rgba | null {
  const t = s.trim().toLowerCase();
  if (t in NAMED) return NAMED[t];
  if (t.startsWith('#')) {
    const h = t.slice(1);
    if (!/^[0-9a-f]+$/.test(h) || (h.length !== 3 && h.length !== 6)) return null;
    const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h;
    return { r: parseInt(full.slice(0, 2), 16), g: parseInt(full.slice(2, 4), 16), b: parseInt(full.slice(4, 6), 16), a: 1 };
  }
  const m = FUNC.exec(t);
  if (!m) return null;
  const srgb = m[1] === 'color';
  if (srgb && !m[2]) return null; // color(display-p3 ...) and other spaces: not compared
  const parts = m[3].split(/[\s,/]+/).filter((p) => p.length > 0);
  if (parts.length !== 3 && parts.length !== 4) return null;
  const nums = parts.map((p) => (p.endsWith('%') ? Number(p.slice(0, -1)) / 100 : Number(p)));
  if (nums.some((n) => !Number.isFinite(n))) return null;
  // color(srgb ...) channels are 0..1; rgb() channels 0..255 (a percentage is a share of 255).
  const ch = (i: number): number => clamp(srgb || parts[i].endsWith('%') ? nums[i] * 255 : nums[i], 0, 255);
  return { r: ch(0), g: ch(1), b: ch(2), a: nums.length === 4 ? clamp(nums[3], 0, 1) : 1 };
}

/** `top` painted over `below` (source-over); the result is opaque when `below` is. */
export function composite(top: Rgba, below: Rgba): Rgba {
  if (top.a >= 1) return top;
  if (top.a <= 0) return below;
  const a = top.a + below.a * (1 - top.a);
  const mix = (t: number, b: number): number => (t * top.a + b * below.a * (1 - top.a)) / a;
  return { r: mix(top.r, below.r), g: mix(top.g, below.g), b: mix(top.b, below.b), a };
}

/** Euclidean RGB distance of two opaque colours, scaled to [0, 1]. */
export function colourDistance(x: Rgba, y: Rgba): number {
  const dr = x.r - y.r, dg = x.g - y.g, db = x.b - y.b;
  return Math.sqrt(dr * dr + dg * dg + db * db) / (255 * Math.sqrt(3));
}

/** Colours a reader cannot tell apart (under 1% of the RGB cube's diagonal: #ffffff and #fdfdfd). */
export function sameColour(x: Rgba, y: Rgba): boolean {
  return colourDistance(x, y) < 0.01;
}

export function colourKey(c: Rgba): string {
  return `rgb(${Math.round(c.r)}, ${Math.round(c.g)}, ${Math.round(c.b)})`;
}
