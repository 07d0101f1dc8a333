// Benchmark tools: name → async factory returning { run, note? }.
//   run(html: string, url: string | undefined) => string | Promise<string>
// The returned string's length is summed as a checksum (so no work can be optimised away).
// Add a row here to benchmark something new (site-model apply, suffix array, ...).
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DIST_INDEX = join(ROOT, process.env.THRESHER_DIST ?? 'dist', 'src', 'index.js');

async function thresher() {
  if (!existsSync(DIST_INDEX)) throw new Error(`${DIST_INDEX} is missing: run \`npm run build\` first`);
  return import(pathToFileURL(DIST_INDEX).href);
}

/** extract() with a given algorithm (undefined = the library default). */
function thresherTool(algorithm) {
  return async () => {
    const { extract } = await thresher();
    if (typeof extract !== 'function') throw new Error('dist/src/index.js does not export extract()');
    const opts = algorithm ? { algorithm } : {};
    return {
      run: (html, url) => extract(html, { ...opts, url }).text,
      note: algorithm ? `extract({ algorithm: '${algorithm}' })` : 'extract() default algorithm',
    };
  };
}

/** linkedom document with the two polyfills defuddle's own linkedom path applies. */
async function linkedomParser() {
  const { parseHTML } = await import('linkedom');
  return (html, url) => {
    const { document } = parseHTML(html);
    if (!document.styleSheets) document.styleSheets = [];
    if (document.defaultView && !document.defaultView.getComputedStyle) {
      document.defaultView.getComputedStyle = () => ({ display: '' });
    }
    if (url) {
      try { document.URL = url; } catch { /* read-only in some builds: fine */ }
    }
    return document;
  };
}

export const TOOLS = {
  /** The floor: thresher's own parser (parseHtml) if exported, else parse5's parse(). */
  'parse-only': async () => {
    const mod = await thresher().catch(() => ({}));
    if (typeof mod.parseHtml === 'function') {
      const parseHtml = mod.parseHtml;
      return {
        run: (html) => {
          const doc = parseHtml(html);
          // Touch the result so the call is not dead code; return a small string.
          return doc && typeof doc === 'object' ? 'x' : String(doc);
        },
        note: 'thresher parseHtml()',
      };
    }
    const { parse } = await import('parse5');
    return {
      run: (html) => (parse(html).childNodes.length ? 'x' : ''),
      note: 'parse5 parse() fallback (thresher exports no parseHtml yet)',
    };
  },

  thresher: thresherTool(undefined),
  'thresher:tagtree': thresherTool('tagtree'),
  'thresher:satisfiable': thresherTool('satisfiable'),

  'readability+linkedom': async () => {
    const mod = await import('@mozilla/readability');
    const Readability = mod.Readability ?? mod.default?.Readability;
    const parse = await linkedomParser();
    return {
      run: (html, url) => {
        const article = new Readability(parse(html, url)).parse();
        return article?.textContent ?? '';
      },
      note: '@mozilla/readability 0.6.0 on linkedom 0.18.14 parseHTML',
    };
  },

  'defuddle+linkedom': async () => {
    const { Defuddle } = await import('defuddle/node');
    const parse = await linkedomParser();
    return {
      // useAsync: false: no network extractors (YouTube transcripts etc.); markdown off (default).
      run: async (html, url) => {
        const res = await Defuddle(parse(html, url), url, { useAsync: false });
        return res?.content ?? '';
      },
      note: 'defuddle/node 0.19.4 on linkedom 0.18.14 parseHTML, useAsync:false',
    };
  },
};

/** Ratios in the table are taken against these rows when they ran. */
export const BASELINES = { readability: 'readability+linkedom', floor: 'parse-only' };

export const DEFAULT_TOOLS = Object.keys(TOOLS);
