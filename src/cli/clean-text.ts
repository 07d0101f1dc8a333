/**
 * `thresher clean-text --site model.json [file|-]`: a site's text templates applied to plain text
 * (paper 004's second use: cleaning text that template-unaware tools already flattened).
 */
import { parseArgs } from 'node:util';
import { ThresherError } from '../errors.js';
import { readInput } from '../io/read-input.js';
import { cleanText } from '../site/clean.js';
import { normalizeHost } from '../site/model.js';
import { loadModels } from './site-models.js';
import { terminalJson, terminalText } from './terminal-text.js';
import { writeOutFile } from './output.js';

export const CLEAN_TEXT_USAGE = `usage: thresher clean-text --site MODEL [--host H] [--html] [file|-] [--out FILE] [--json]
  Removes the site's template text from plain text (stdin when no file). MODEL is a model file,
  or a folder of them with --host naming the site. --html: the input is raw HTML; removed
  stretches then never begin or end inside a tag, a comment or a script. --json prints
  {text, removed, stats}.`;

export async function cleanTextCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv, allowPositionals: true,
    options: {
      site: { type: 'string' },
      host: { type: 'string' },
      out: { type: 'string', short: 'o' },
      json: { type: 'boolean', default: false },
      html: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) { process.stdout.write(CLEAN_TEXT_USAGE + '\n'); return 0; }
  if (!values.site || positionals.length > 1) { process.stderr.write(CLEAN_TEXT_USAGE + '\n'); return 2; }
  const models = loadModels(values.site);
  let model;
  if (values.host) {
    model = models.get(normalizeHost(values.host));
    if (!model) throw new ThresherError('E_BAD_OPTION', `no site model for ${values.host} in ${values.site} (it has ${[...models.keys()].join(', ')})`);
  } else if (models.size === 1) {
    model = [...models.values()][0];
  } else {
    throw new ThresherError('E_BAD_OPTION', `${values.site} holds ${models.size} site models; name one with --host`);
  }
  const input = await readInput(positionals[0] ?? '-');
  const text = new TextDecoder('utf-8').decode(input.bytes);
  const r = cleanText(text, model.textTemplates, { markup: values.html });
  // The text comes from pages: its control characters never reach the output (terminal-text.ts).
  const cleaned = terminalText(r.text);
  const out = values.json ? terminalJson({ host: model.host, ...r }) + '\n' : cleaned.endsWith('\n') || !cleaned ? cleaned : cleaned + '\n';
  if (values.out) writeOutFile(values.out, out); else process.stdout.write(out);
  return 0;
}
