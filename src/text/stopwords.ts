/**
 * Generic stop words: the closed-class words (articles, pronouns, prepositions, conjunctions,
 * auxiliaries, particles) of the languages most web text is written in. Paper 000 §3.2 removes
 * them before building a page's feature vector ("a stop-word list is necessary here"), and its
 * keyword fingerprint (§5) and keywords (§6) read that vector; the corpus-learned "aggressive"
 * list of §3.2 is a separate, later step.
 *
 * The lists are written for thresher (not taken from another project): small and "safe" in the
 * paper's sense — words that carry no topic in any domain. Entries are in the form terms.ts
 * produces (NFKC, lower case), and, for Chinese and Japanese, in the units Intl.Segmenter's
 * dictionary gives (ICU cuts 住んでいます into 住 | んで | い | ます, so the list holds
 * んで, い and ます, not the dictionary form).
 */

/** Stop words by language (BCP 47 primary subtag). */
export const STOP_WORD_LISTS: Readonly<Record<string, string>> = {
  en: `a about above after again against all also am an and any are aren't as at be because been before being below
    between both but by can can't cannot could couldn't did didn't do does doesn't doing don't down during each either
    etc few for from further had hadn't has hasn't have haven't having he he'd he'll he's her here here's hers herself
    him himself his how how's however i i'd i'll i'm i've if in into is isn't it it's its itself just let's may me
    might more most must mustn't my myself no nor not now of off on once only or other ought our ours ourselves out
    over own per same shall shan't she she'd she'll she's should shouldn't so some such than that that's the their
    theirs them themselves then there there's these they they'd they'll they're they've this those though through
    thus to too under until up upon us very via was wasn't we we'd we'll we're we've were weren't what what's when
    when's where where's whether which while who who's whom whose why why's will with within without won't would
    wouldn't yet you you'd you'll you're you've your yours yourself yourselves`,
  de: `aber alle allem allen aller alles als also am an ander andere anderem anderen anderer anderes auch auf aus bei
    beim bin bis bist da damit dann das dass dein deine deinem deinen deiner dem den denn der des dessen dich die dies
    diese diesem diesen dieser dieses dir doch dort du durch ein eine einem einen einer eines er es etwas euch euer
    eure für gegen hab habe haben hat hatte hatten hier hin hinter ich ihm ihn ihnen ihr ihre ihrem ihren ihrer im in
    ins ist ja jede jedem jeden jeder jedes jene jenem jenen jener jenes kann kein keine keinem keinen keiner können
    könnte man manche mein meine meinem meinen meiner mich mir mit muss musste nach nicht nichts noch nun nur ob oder
    ohne sehr sein seine seinem seinen seiner seit sich sie sind so solche soll sollte sondern sonst über um und uns
    unser unsere unter vom von vor war waren warst was weil welche welchem welchen welcher welches wenn wer werde
    werden wie wieder will wir wird wirst wo wollen wollte würde würden zu zum zur zwar zwischen`,
  fr: `à ai aie aient ainsi as au aucun aucune aura aurait aussi autre aux avaient avais avait avec avez avoir avons
    ce ceci cela celle celles celui ces cet cette chaque chez comme comment d' dans de des donc dont du elle elles en
    encore entre es est et été étaient était être eu eux fait il ils j' je l' la le les leur leurs lui m' ma mais me
    même mes moi mon n' ne ni nos notre nous on ont ou où par pas peu peut plus pour pourquoi qu' quand que quel
    quelle quelles quels qui s' sa sans se selon ses si son sont sous sur t' ta te tes toi ton tous tout toute toutes
    très tu un une vos votre vous y`,
  es: `a al algo algunas algunos ante antes como con contra cual cuando de del desde donde durante e el él ella ellas
    ellos en entre era eran es esa esas ese eso esos esta está estaba estado están estar este esto estos fue fueron
    ha había han has hasta hay la las le les lo los más me mi mis mucho muy nada ni no nos nosotros o otra otras otro
    otros para pero poco por porque que qué quien se sea ser si sí sin sobre son su sus también tan tanto te tiene
    tienen todo todos tu tus un una uno unos y ya yo`,
  pt: `a ao aos aquela aquele aqueles as às até com como da das de dela dele deles depois do dos e é ela elas ele
    eles em entre era eram essa esse esta está estão este eu foi foram há isso isto já lhe lhes mais mas me mesmo meu
    minha muito na nas não nem no nos nós o os ou para pela pelas pelo pelos por qual quando que quem se sem seu seus
    sua suas também te tem têm um uma umas uns você vocês`,
  it: `a ad agli ai al alla alle allo anche avere aveva c' che chi ci come con cui da dal dalla dalle degli dei del
    della delle dello di dopo e è ed era erano essere gli ha hanno i il in io l' la le lei loro lo ma mi mio molto
    ne nei nel nella nelle noi non o per perché più poi quale quando quella quelle quello questa queste questo se si
    sia sono su sua sue sui sul sulla suo tra tu tutti tutto un una uno vi voi all' dell' dall' nell' sull' quell' un'`,
  nl: `aan al alle als bij dan dat de der deze die dit doch door dus een en er geen had heb hebben heeft het hier hij
    hoe hun ik in is je kan kon maar me meer men met mij mijn moet na naar niet niets nog nu of om omdat ons ook op
    over te tegen toch toen tot u uit van veel voor want waren was wat we wel werd wie wij wil worden wordt zal ze
    zelf zich zij zijn zo zonder zou`,
  ru: `а без более бы был была были было быть в вам вас весь во вот все всё всех вы где да даже для до его ее её ей
    если есть еще ещё же за и из или им их к как ко когда кто ли либо меня мне может мы на над нас не него нее неё
    нет ни них но ну о об однако он она они оно от очень по под после при с со так также такой там те тем то того
    тоже той только том ты у уже хотя чего чей чем что чтобы эта эти это этого этой этом этот я`,
  zh: `的 了 是 在 和 与 及 或 而 也 都 就 还 又 但 但是 而且 并且 并 如果 因为 所以 虽然 然而 于是 那么 这 那 这个 那个
    这些 那些 这里 那里 这样 那样 我 你 您 他 她 它 我们 你们 他们 她们 它们 自己 之 其 此 该 各 每 某 本 着 过 吗 呢 吧 啊
    呀 把 被 让 给 对 从 向 往 到 于 以 为 为了 由 由于 关于 对于 之一 一个 一些 一种 没有 不 没 很 更 最 已 已经 将 会 能
    可以 可 要 应 应该 得 地 所 等 等等 个 中 上 下 里 后 前 时 时候 什么 怎么 为什么 哪 哪里 谁 多 少 有 无`,
  ja: `の に は を た が で て と し れ さ ある いる も する から な こと として い や れる など なっ ない この ため その
    あっ よう また もの という あり まで られ なる へ か だ これ によって により おり より による ず なり られる において
    ば なかっ なく しかし について せ だっ できる それ う ので なお のみ でき き つ における および いう さらに でも ら
    たり に関する たち ます ん なら です でし ました ません んで ている あの どの ここ そこ あそこ 私 僕 彼 彼女 我々`,
};

const cache = new Map<string, ReadonlySet<string>>();

/** The stop words of one language (primary subtag, e.g. `zh` for `zh-Hant-TW`), empty for others. */
export function stopWordsFor(lang: string): ReadonlySet<string> {
  const key = lang.toLowerCase().split(/[-_]/)[0];
  let set = cache.get(key);
  if (!set) {
    const list = STOP_WORD_LISTS[key];
    set = new Set(list ? list.split(/\s+/).filter(Boolean) : []);
    cache.set(key, set);
  }
  return set;
}

/**
 * Every list at once. Pages mix languages (an English navigation on a Chinese article) and a
 * page's declared language is often wrong, so by default a word is a stop word in any language
 * thresher knows. The lists are small and closed-class, so a content word of one language that
 * is a function word of another (German `die`, English `die`) costs little.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  Object.keys(STOP_WORD_LISTS).flatMap((k) => [...stopWordsFor(k)]),
);

export function isStopWord(term: string): boolean {
  return STOP_WORDS.has(term);
}
