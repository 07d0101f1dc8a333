/** The golden-file format for extractor fixtures: a ```json head, then the expected text. */
export function renderExpected(r: { pageType: string; title: string; text: string }): string {
  return '```json\n' + JSON.stringify({ pageType: r.pageType, title: r.title }, null, 1) + '\n```\n' + r.text + '\n';
}
