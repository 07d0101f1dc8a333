/**
 * Pages for the inspector's tests (issue 27, part 2): an article with a menu, a sidebar, user
 * comments and a footer; a page whose article its script writes (for `render: true`); and hostile
 * pages, each of which sets `top.PWNED` (and changes the title) if any of its script ever runs.
 */

const PROSE = [
  'The harbour at Ness was rebuilt in 1884, when the old timber pier gave way to a stone quay long enough for three steamers at once.',
  'Fishermen still land their catch at dawn, and the auction in the shed beside the quay is open to anyone who gets up early enough to watch it.',
  'A small museum in the former customs house keeps the logbooks of the harbour masters, with entries on storms, wrecks and the price of herring.',
  'Volunteers repaint the lighthouse every second summer; the work takes three weeks, and the scaffolding is a sight the town turns out to see.',
];

/** An article with nav, a sidebar, comments and a footer: the inspector's main fixture. */
export function articleWithChrome(): string {
  const nav = '<nav class="menu"><ul><li><a href="/">Home</a></li><li><a href="/news">News</a></li><li><a href="/sport">Sport</a></li><li><a href="/about">About us</a></li></ul></nav>';
  const aside = '<aside class="sidebar"><h3>Most read</h3><ul><li><a href="/a">Storm closes the coast road</a></li><li><a href="/b">New ferry timetable</a></li><li><a href="/c">Town council votes on parking</a></li></ul></aside>';
  const comments = '<section id="comments" class="comments"><h3>2 comments</h3><ol class="comment-list">' +
    '<li class="comment"><p class="comment-author">Mary Ellis says:</p><p>My grandfather worked on that quay in the fifties, and he always said the stone came from the quarry up the glen. Lovely to read this.</p></li>' +
    '<li class="comment"><p class="comment-author">Tom Reid says:</p><p>The museum is well worth a visit, especially the logbook from the winter of 1953, when the harbour froze over for a week.</p></li>' +
    '</ol></section>';
  const footer = '<footer class="site-footer"><p>© 2024 The Ness Gazette · <a href="/privacy">Privacy</a> · <a href="/contact">Contact</a></p></footer>';
  const article = `<article><h1>The harbour at Ness</h1><p class="byline">By Ada Miller</p>${PROSE.map((p) => `<p>${p}</p>`).join('')}</article>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>The harbour at Ness | The Ness Gazette</title>
<meta property="og:site_name" content="The Ness Gazette"></head><body>${nav}<div class="layout"><main>${article}${comments}</main>${aside}</div>${footer}</body></html>`;
}

/** The paragraph a page's script writes: the static page holds only a loading notice. */
export const SCRIPTED_PARAGRAPH = 'This paragraph was written by the page script after load, and only a browser that runs scripts shows it to the extractor at all.';

export function scriptedArticle(): string {
  const paras = [...PROSE, SCRIPTED_PARAGRAPH].map((p) => `<p>${p}</p>`).join('');
  return `<!doctype html><html><head><title>Scripted harbour</title></head><body><nav><a href="/">Home</a></nav><div id="app">Loading…</div>
<script>document.getElementById('app').outerHTML = ${JSON.stringify(`<article><h1>Scripted harbour</h1>${paras}</article>`)};</script></body></html>`;
}

/** What each hostile trick does if it runs: marks the top window and its title. */
const HIT = (n: number) => `top.PWNED=(top.PWNED||[]).concat(${n});top.document.title='PWNED ${n}'`;

/**
 * A page that tries every way in: scripts (plain, in SVG, in a srcdoc iframe, after a textarea
 * break-out), event handlers, javascript: URLs, a meta refresh, a base href, a form, an object,
 * and hostile strings in the places the inspector shows as text (title, og:title, description).
 */
export function hostilePage(): string {
  const title = `</title><script>${HIT(1)}</script><img src=x onerror="${HIT(2)}">`;
  return `<!doctype html><html><head><title>${title.replace(/</g, '&lt;')}</title>
<meta http-equiv="refresh" content="0; url=javascript:${HIT(3)}">
<meta http-equiv="refresh" content="1; url=https://evil.example/">
<meta property="og:title" content="&lt;img src=x onerror=&quot;${HIT(4)}&quot;&gt;">
<meta name="description" content="&lt;script&gt;${HIT(5)}&lt;/script&gt;">
<base href="https://evil.example/">
<script>${HIT(6)}</script>
<link rel="stylesheet" href="https://evil.example/s.css">
</head><body onload="${HIT(7)}">
<article><h1>An ordinary looking article</h1>
${PROSE.map((p) => `<p>${p}</p>`).join('\n')}
<p>Read <a id="js-link" href="javascript:${HIT(8)}">the whole story</a> or <a href="  jav&#x09;ascript:${HIT(9)}">this</a>.</p>
<p><img src="x" onerror="${HIT(10)}" alt="a picture"> <img src="data:image/svg+xml,&lt;svg onload='${HIT(11)}'/&gt;" alt="svg"></p>
<textarea></textarea><script>${HIT(12)}</script></textarea>
<p>The harbour master's log for 1884 ends with a line a prankster added much later, &lt;/textarea&gt;&lt;script&gt;${HIT(13)}&lt;/script&gt;, and the museum keeps it as it is: it is text, not markup, and it runs nowhere.</p>
<svg width="10" height="10" onload="${HIT(14)}"><script>${HIT(15)}</script><a href="javascript:${HIT(16)}"><text y="10">svg link</text></a></svg>
<iframe srcdoc="&lt;script&gt;${HIT(17)}&lt;/script&gt;"></iframe>
<object data="javascript:${HIT(18)}"></object>
<form action="javascript:${HIT(19)}"><button id="hostile-submit" formaction="javascript:${HIT(20)}">Send</button></form>
<details open ontoggle="${HIT(21)}"><summary>More</summary><p>Hidden details of the harbour, kept for the record.</p></details>
<div style="background:url(javascript:${HIT(22)})" onmouseover="${HIT(23)}" data-thresher-label="content" data-thresher-reason="spoofed">A block that claims its own label.</div>
<noscript><p>Scripts are off, so this notice shows; <img src=x onerror="${HIT(24)}"></p></noscript>
</article></body></html>`;
}

/** How many tricks hostilePage() holds (its HIT numbers run 1..HOSTILE_TRICKS). */
export const HOSTILE_TRICKS = 24;
