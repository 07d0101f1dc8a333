/**
 * A page of our own, parsed once per process before its second real page, so that V8 has seen
 * the parser take its common paths before it optimises them (parse.ts, parseHtml).
 *
 * Why: V8 optimises parse5's tokenizer and tree construction on the type feedback of the pages
 * parsed so far. Markup those pages lacked (a named entity, a table in a paragraph, a comment
 * after the body) is a branch the optimised code has no feedback for, so reaching it throws the
 * code away ("insufficient type feedback"), and the function is compiled again. On the 990
 * trafilatura pages, after 20 pages of warm-up, that happened 95 times (`startTagInBody` and
 * `_callState` 7 times each); the parser's compilations took about 0.8 s of one core, half of
 * them recompilations (`node --trace-opt --trace-deopt`). This page holds the markup of an
 * ordinary article page: head elements, navigation, entities, misnested formatting, lists, tables
 * with foster-parented text, forms, media, svg and math, comments, scripts with markup in strings,
 * upper-case and unquoted attributes, CRLF.
 *
 * Measured (docs/performance.md, "A warm-up page for the parser"): a batch runs faster from its
 * start, the page's own cost included, and the steady state is unchanged. Odder markup
 * (frameset, plaintext) made no further difference; feedback that real pages do not need would
 * widen the optimised code.
 * The page is our own text, written for this purpose.
 */
const PAGE = String.raw`<!doctype html>
<html lang="en" class="no-js">
<head>
<meta charset="utf-8">
<meta http-equiv="X-UA-Compatible" content="IE=edge">
<meta name="description" content="A page of every common construct &amp; entity &#8212; for the parser">
<meta property="og:title" content='Warm &quot;up&quot;'>
<title>Warm-up page &#8211; thresher &raquo; parser</title>
<link rel="stylesheet" href="/css/site.css?v=1&amp;x=2" type="text/css" media="all" />
<link rel=icon href=/favicon.ico>
<style type="text/css">body { margin: 0 } a:hover { color: #333 }</style>
<script type="text/javascript">var x = 1 < 2 && "</div>"; /* <!-- */ window.dataLayer = [];</script>
<script async src="https://example.org/a.js"></script>
<script>if (a) { document.write('<scr' + 'ipt src="b.js"><\/script>'); } <!-- x --></script>
<script type="application/ld+json">{"@context": "https://schema.org", "name": "A &amp; B"}</script>
<!--[if lt IE 9]><script src="html5shiv.js"></script><![endif]-->
<noscript><img src="pixel.gif" height="1" width="1" style="display:none"></noscript>
<base target="_blank">
</head>
<body class="post-template-default single single-post postid-1234 wp-embed-responsive" data-spy=scroll>
<!-- Google Tag Manager (noscript) -->
<noscript><iframe src="https://example.org/ns.html" height="0" width="0" style="display:none;visibility:hidden"></iframe></noscript>
<div id="page" class="site"><a class="skip-link screen-reader-text" href="#content">Skip to content</a>
<header id="masthead" class="site-header" role="banner"><div class="site-branding"><p class="site-title"><a href="/" rel="home">Site &amp; Name</a></p></div>
<nav id="site-navigation" class="main-navigation" aria-label="Primary"><button class="menu-toggle" aria-controls="primary-menu" aria-expanded="false">Menu</button>
<ul id="primary-menu" class="menu"><li id="menu-item-1" class="menu-item current-menu-item"><a href="/news/" aria-current="page">News</a></li><li class="menu-item menu-item-has-children"><a href="/about/">About</a>
<ul class="sub-menu"><li><a href="/about/team">Team</a><li><a href="/about/jobs">Jobs</a></ul></li></ul></nav>
<form role="search" method="get" class="search-form" action="/"><label><span class="screen-reader-text">Search for:</span><input type="search" class="search-field" placeholder="Search &hellip;" value="" name="s"></label><input type="submit" class="search-submit" value="Search"></form>
</header>
<div id="content" class="site-content"><main id="main" class="site-main"><article id="post-1234" class="post-1234 post type-post status-publish format-standard hentry category-news">
<header class="entry-header"><h1 class="entry-title">The headline of the article</h1><div class="entry-meta"><span class="posted-on">Posted on <a href="/2020/01/" rel="bookmark"><time class="entry-date published" datetime="2020-01-01T10:00:00+00:00">January 1, 2020</time></a></span> <span class="byline"> by <span class="author vcard"><a class="url fn n" href="/author/a/">Author</a></span></span></div></header>
<div class="entry-content">
<p>The first paragraph has <strong>strong</strong>, <em>emphasis</em>, <b>bold</b>, <i>italic</i>, <u>u</u>, <small>small</small>, <sup>1</sup>, <sub>2</sub>, <code>code()</code>, <kbd>Ctrl</kbd>, <abbr title="abbreviation">abbr</abbr>, <mark>mark</mark>, <q>quote</q>, <cite>cite</cite>, <span style="color: #000;">span</span>, <font face="Arial" size=2>font</font> and a <a href="https://example.org/a?b=1&c=2&amp;d=3" target="_blank" rel="noopener noreferrer">link</a>.</p>
<p>Entities: &amp; &lt; &gt; &quot; &#39; &#039; &apos; &nbsp; &copy; &reg; &trade; &hellip; &mdash; &ndash; &lsquo; &rsquo; &ldquo; &rdquo; &laquo; &raquo; &bull; &middot; &euro; &pound; &deg; &times; &eacute; &uuml; &szlig; &#8217; &#x2019; &#X201C; &#160; &#xa0; &#128512; &#0; &#150; &copy &amp &nbsp; &notin; &noti; &AMP; &unknown; & and &#; &#x; &#xZ;</p>
<p>Misnested <b>bold <i>both</b> italic</i>; <a href="#1">link <div>block in link</div> after</a>; <b><p>bold across</p> paragraphs</b>; <p><b>open bold<p>reopened</p></b></p><a href=#2>outer<a href=#3>inner</a></a>
<p>Line one<br>Line two<br/>Line three<br />
<img src="/img/a.jpg" alt="An image &amp; caption" width="640" height="480" loading="lazy" srcset="/img/a-300.jpg 300w, /img/a-640.jpg 640w" sizes="(max-width: 640px) 100vw, 640px"></p>
<figure class="wp-block-image"><picture><source srcset="a.webp" type="image/webp"><img src="a.jpg" alt=""></picture><figcaption>A caption</figcaption></figure>
<h2 id="section-1">Section one</h2><h3>Sub-section</h3><h4>h4</h4><h5>h5</h5><h6>h6</h6>
<ul><li>Item one</li><li>Item two<ul><li>Nested</li></ul></li><li>Item three</ul>
<ol start="3"><li><p>Para in item</p><li>Implicitly closed</ol>
<dl><dt>Term</dt><dd>Definition</dd><dt>Term 2<dd>Definition 2</dl>
<blockquote class="wp-block-quote"><p>A quote.</p><cite>Someone</cite></blockquote>
<pre class="wp-block-code"><code>if (a &lt; b) {
  return "x";
}</code></pre>
<table class="data"><caption>Table caption</caption><colgroup><col><col span="2"></colgroup><thead><tr><th scope="col">H1</th><th>H2</th><th>H3</th></tr></thead>
<tbody><tr><td>1</td><td>2</td><td><a href="/c">3</a></td></tr><tr class="odd"><td colspan="2">wide<td>x</tr>
<tr><td><table><tr><td>nested</td></tr></table></td><td><p>para</p></td><th>h</th></tr></tbody><tfoot><tr><td>f</td></tr></tfoot></table>
<table border=0 cellpadding=0><tr><td>no tbody<td>second</table><table> stray text <b>fostered</b><tr><td>c</td></tr><tr><th>h</table>
<table><form action=/x><tr><td><input name=q></td></tr></form><script>var t;</script><style>td{}</style><td>direct cell</table>
<hr class="sep"><center>centred</center><address>address</address><details open><summary>More</summary><p>Hidden text</p></details>
<div class="video"><iframe width="560" height="315" src="https://example.org/embed/x" frameborder="0" allowfullscreen></iframe></div>
<video controls poster="p.jpg"><source src="v.mp4" type="video/mp4"><track kind=captions src=c.vtt>Your browser does not support video.</video><audio src=a.mp3></audio>
<object data="x.swf"><param name="movie" value="x.swf"><embed src="x.swf"></object><canvas id=c></canvas><map name=m><area shape=rect coords="0,0,1,1" href=#></map>
<svg class="icon" width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><use xlink:href="#icon-x"></use><path fill="none" d="M0 0h24v24H0z"/><g><circle cx=1 cy=1 r=1 /></g><text x=0>t</text><foreignObject><div>fo</div></foreignObject><title>Icon</title></svg>
<svg><linearGradient id=g><stop offset=0 /></linearGradient><clipPath id=cp><rect/></clipPath><p>breaks out of svg</svg>
<math><mi>x</mi><mo>+</mo><mn>1</mn><msup><mi>y</mi><mn>2</mn></msup><annotation-xml encoding="text/html"><b>b</b></annotation-xml></math>
<ruby>漢字<rp>(</rp><rt>kanji</rt><rp>)</rp></ruby> unicode: é ü 日本語 😀
<form class="comment-form" method=post><p><label for="author">Name <span class="required">*</span></label><input id="author" name="author" type="text" value="" size="30" required="required"></p>
<p><textarea id="comment" name="comment" cols="45" rows="8">
Default &amp; text <b>not markup</b></textarea></p><select name=s><option value=1>One<option value=2 selected>Two</option><optgroup label=G><option>Three</optgroup></select>
<input type=checkbox checked disabled><input type="hidden" name="n" value="v"><button type="submit" class="btn btn-primary">Post <span>comment</span></button></form>
<P CLASS="Legacy" ALIGN=center>UPPER CASE <FONT COLOR="red">markup</FONT> <A HREF="/x">LINK</A></P><DIV ID=Old><TABLE WIDTH=100%><TR><TD VALIGN=top>cell</TD></TR></TABLE></DIV>
<p class=unquoted data-a=1 data-b='single' data-c="double" data-d data-e="" data-json='{"a":[1,2],"b":"&lt;"}' data-url="/a?x=1&amp;y=2&z=3" a=1 a=2 onclick="return false;">attributes</p>
<p>CRLF line endings
are here	and tabs</p>
<div/><span/>self-closing non-void<p>unclosed paragraph<div>closes it</div></p></p><li>stray item<dd>stray dd
<h1>heading<h2>nested heading</h2></h1><h3>bad close</h4>
<b><i><u>deep formatting<p>across block</p></u></i></b>
<nobr>a</nobr><nobr>b<nobr>c</nobr></nobr><marquee>m</marquee><xmp><b>raw</b></xmp><listing>listing</listing><plaintext-not>x</plaintext-not>
<template><p>template content</p></template><dialog>d</dialog><menu><li>m</menu>
<meta itemprop=name content=x><link rel=preload href=x><style>.late{}</style><title>second title</title><script>late()</script><noscript><p>no script</p></noscript>
<!-- a comment -- with dashes --><!----><!-- --!><!--><!---><!--<!-- nested --><!-- trailing -- -->
<![CDATA[ not cdata in html ]]><?xml version="1.0"?>
</div><!-- .entry-content --><footer class="entry-footer"><span class="cat-links">Posted in <a href="/c/news/" rel="category tag">News</a></span><span class="tags-links">Tagged <a href="/t/a/" rel="tag">a</a>, <a href="/t/b/" rel="tag">b</a></span></footer>
</article><nav class="navigation post-navigation"><div class="nav-links"><div class="nav-previous"><a href="/p/" rel="prev">&larr; Previous</a></div><div class="nav-next"><a href="/n/" rel="next">Next &rarr;</a></div></div></nav>
<div id="comments" class="comments-area"><h2 class="comments-title">2 comments</h2><ol class="comment-list"><li id="comment-1" class="comment even thread-even"><article class="comment-body"><footer class="comment-meta"><b class="fn">Reader</b> <span class="says">says:</span></footer><div class="comment-content"><p>Nice post!</p></div></article></li></ol></div>
</main><aside id="secondary" class="widget-area" role="complementary"><section id="recent-posts-2" class="widget widget_recent_entries"><h2 class="widget-title">Recent Posts</h2><ul><li><a href="/a/">A post</a></li></ul></section></aside></div>
<footer id="colophon" class="site-footer"><div class="site-info">&copy; 2020 Site Name. All rights reserved. | <a href="/privacy/">Privacy Policy</a></div></footer></div>
<div class="cookie-banner" hidden><p>We use cookies. <button>Accept</button></p></div><div style="display: none">hidden</div><div aria-hidden="true">aria</div>
<script>
  (function(){ var s = "<!--<script>"; })();
</script>
<script><!--
document.write("<script>inner</script>");
//--></script>
<script type="text/template"><div class="tpl">{{ x }}</div></script>
</body>
</html>
<p>after html</p>
`;

// One CR LF: the tokenizer reads CR apart from every other character.
export const WARM_UP_PAGE = PAGE.replace('CRLF line endings\n', 'CRLF line endings\r\n');
