/**
 * Word lists for the synthetic article texts (English, German, French, Chinese) and the template
 * chrome strings of each language. Real words, so function-word and prose features behave as on
 * real pages; the lists are long enough that two articles share few content words.
 */

export type SynthLang = 'en' | 'de' | 'fr' | 'zh';
export const SYNTH_LANGS: readonly SynthLang[] = ['en', 'de', 'fr', 'zh'];

export interface Lexicon {
  nouns: string[];
  verbs: string[];        // third person past (en) / present (de, fr)
  adjectives: string[];
  places: string[];
  names: string[];
  months: string[];
  /** Connectives that open a clause. */
  openers: string[];
  /**
   * Sentences are composed, not picked: a clause, zero to two phrases, sometimes a second clause.
   * Slots: {A} adjective, {N} noun, {V} verb, {P} place, {X} name, {D} date, {Q} quantity,
   * {T} determiner, {U} unit. Few literal words, so articles share only short strings, as real ones do.
   */
  clauses: string[];
  phrases: string[];
  /** Joins a second clause. */
  conjunctions: string[];
  dets: string[];
  units: string[];
  /** A quotation: {C} is a clause. */
  quote: string;
}

const split = (s: string): string[] => s.trim().split(/\s+/);

export const LEXICON: Record<Exclude<SynthLang, 'zh'>, Lexicon> = {
  en: {
    nouns: split(`council budget river bridge school museum harvest railway election hospital library orchestra
      festival factory vaccine satellite glacier volcano forest harbour airport reservoir vineyard bakery
      laboratory committee referendum airline startup battery telescope archive cathedral stadium market
      village province coastline highway tunnel pipeline reactor turbine orchard dairy fishery mine quarry
      theatre gallery novelist composer surgeon engineer farmer teacher senator mayor architect chemist
      striker goalkeeper coach referee season tournament league transfer contract verdict lawsuit inquiry
      report survey census forecast drought flood storm earthquake wildfire heatwave migration tariff
      subsidy pension mortgage salary dividend merger auction exhibition premiere manuscript sculpture
      recipe vintage ferry tram bicycle scooter highway clinic ward vaccine protocol algorithm dataset
      telescope rover probe comet asteroid meteorite fossil skeleton dinosaur glacier canyon lagoon`),
    verbs: split(`approved rejected announced delayed opened closed expanded reduced doubled measured restored
      discovered launched cancelled funded criticised praised questioned revealed confirmed denied unveiled
      postponed finished replaced repaired designed tested published recorded overtook defended signed
      negotiated won lost reached crossed flooded dried inspected surveyed mapped counted planted harvested`),
    adjectives: split(`new old local regional national rural coastal northern southern eastern western annual
      historic modest ambitious controversial unexpected remote crowded quiet rapid gradual temporary permanent
      public private independent experimental traditional digital electric wooden medieval tiny vast narrow
      steep fragile sturdy popular rare costly cheap efficient bold cautious`),
    places: split(`Lisbon Oslo Tallinn Porto Ghent Bergen Turin Lyon Utrecht Aarhus Cork Krakow Seville Graz
      Brno Tartu Leeds Nantes Basel Malmo Bilbao Verona Split Riga Vilnius Halifax Dunedin Perth Quebec Tromso`),
    names: split(`Ana Bruno Chiara Dmitri Elena Farid Greta Hannah Ivan Jonas Keiko Lukas Marta Nadia Oskar
      Priya Rafael Sofia Tomas Ulla Viktor Wen Yusuf Zofia`),
    months: split(`January February March April May June July August September October November December`),
    openers: ['However,', 'Meanwhile,', 'In contrast,', 'As a result,', 'According to officials,', 'Last year,', 'Since then,', 'For now,'],
    clauses: ['{T} {A} {N} {V} {T} {N}', '{X} {V} {T} {N}', '{T} {N} {V} {T} {A} {N}', '{T} {N} of {P} {V} {T} {N}', '{Q} {U} {V} {T} {N}'],
    phrases: ['in {P}', 'on {D}', 'with {Q} {U}', 'for {Q} euros', 'near {P}', 'after {T} {N}', 'before {T} {A} {N}', 'during {T} {N}', 'despite {T} {N}', 'by {Q} percent', 'since {D}'],
    conjunctions: [', and', ', but', ', while', ' because', ', so'],
    dets: ['the', 'the', 'the', 'a', 'this', 'its', 'their', 'every', 'another'],
    units: ['people', 'visitors', 'tonnes', 'kilometres', 'workers', 'households', 'members', 'pupils', 'flights', 'trees'],
    quote: '"{C}," said {X}.',
  },
  de: {
    nouns: split(`Rathaus Haushalt Brücke Schule Museum Ernte Bahnstrecke Wahl Krankenhaus Bibliothek Orchester
      Festival Fabrik Impfstoff Gletscher Wald Hafen Flughafen Weinberg Bäckerei Labor Ausschuss Volksabstimmung
      Batterie Archiv Stadion Markt Dorf Provinz Autobahn Tunnel Kraftwerk Obstgarten Theater Galerie Trainer
      Saison Vertrag Urteil Umfrage Prognose Dürre Hochwasser Sturm Rente Gehalt Ausstellung Fähre Straßenbahn`),
    verbs: split(`genehmigt verschiebt eröffnet schließt erweitert verringert verdoppelt misst restauriert entdeckt
      startet finanziert kritisiert lobt bestätigt prüft veröffentlicht unterzeichnet gewinnt verliert erreicht`),
    adjectives: split(`neue alte lokale regionale nationale ländliche nördliche südliche jährliche historische
      bescheidene ehrgeizige umstrittene unerwartete ruhige schnelle vorläufige öffentliche private digitale`),
    places: split(`Leipzig Bremen Kassel Freiburg Rostock Augsburg Erfurt Mainz Lübeck Konstanz Passau Würzburg`),
    names: split(`Anna Bernd Claudia Dieter Eva Frank Gisela Heinz Ingrid Jürgen Karin Lothar Monika Norbert`),
    months: split(`Januar Februar März April Mai Juni Juli August September Oktober November Dezember`),
    openers: ['Allerdings', 'Inzwischen', 'Dagegen', 'Deshalb', 'Im vergangenen Jahr', 'Seitdem'],
    clauses: ['{T} {A} {N} {V} {T} {N}', '{X} {V} {T} {N}', '{T} {N} {V} {T} {A} {N}', '{T} {N} aus {P} {V} {T} {N}'],
    phrases: ['in {P}', 'am {D}', 'mit {Q} {U}', 'für {Q} Euro', 'bei {P}', 'nach {T} {N}', 'trotz {T} {N}', 'um {Q} Prozent', 'seit {D}'],
    conjunctions: [', und', ', aber', ', während', ', denn'],
    dets: ['der', 'die', 'das', 'ein', 'eine', 'jeder', 'ihr'],
    units: ['Menschen', 'Besucher', 'Tonnen', 'Kilometer', 'Beschäftigte', 'Haushalte', 'Mitglieder', 'Schüler'],
    quote: '„{C}“, sagte {X}.',
  },
  fr: {
    nouns: split(`mairie budget pont école musée récolte ligne élection hôpital bibliothèque orchestre festival
      usine vaccin glacier forêt port aéroport vignoble boulangerie laboratoire comité référendum batterie
      archive stade marché village province autoroute tunnel centrale verger théâtre galerie entraîneur saison
      contrat verdict enquête prévision sécheresse inondation tempête retraite salaire exposition traversier tramway`),
    verbs: split(`approuve reporte inaugure ferme agrandit réduit double mesure restaure découvre lance finance
      critique salue confirme examine publie signe gagne perd atteint annonce`),
    adjectives: split(`nouveau ancien local régional national rural côtier annuel historique modeste ambitieux
      controversé inattendu calme rapide provisoire public privé numérique`),
    places: split(`Lyon Nantes Rennes Lille Dijon Grenoble Angers Tours Brest Nancy Rouen Limoges Annecy`),
    names: split(`Amélie Bernard Camille Denis Élise François Gaëlle Hugo Inès Julien Léa Mathieu Nathalie`),
    months: split(`janvier février mars avril mai juin juillet août septembre octobre novembre décembre`),
    openers: ['Cependant,', 'Entre-temps,', 'En revanche,', 'Par conséquent,', "L'an dernier,", 'Depuis,'],
    clauses: ['{T} {N} {A} {V} {T} {N}', '{X} {V} {T} {N}', '{T} {N} {V} {T} {N} {A}', '{T} {N} de {P} {V} {T} {N}'],
    phrases: ['à {P}', 'le {D}', 'avec {Q} {U}', 'pour {Q} euros', 'près de {P}', 'après {T} {N}', 'malgré {T} {N}', 'de {Q} pour cent', 'depuis le {D}'],
    conjunctions: [', et', ', mais', ', alors que', ', car'],
    dets: ['le', 'la', 'le', 'un', 'une', 'ce', 'chaque', 'leur'],
    units: ['personnes', 'visiteurs', 'tonnes', 'kilomètres', 'salariés', 'ménages', 'membres', 'élèves'],
    quote: '« {C} », affirme {X}.',
  },
};

/** Chinese: two-character words, joined without spaces (the CJK case). */
export const ZH = {
  nouns: split(`城市 政府 学校 医院 图书馆 博物馆 铁路 机场 港口 工厂 农民 工程师 研究 报告 数据 项目 市场 公司
    经济 教育 文化 环境 能源 交通 旅游 科技 社区 居民 专家 学生 老师 河流 森林 水库 桥梁 隧道 电池 卫星 疫苗
    预算 合同 调查 展览 音乐会 比赛 球队 教练 赛季 天气 暴雨 干旱 地震 收入 价格 工资 养老金 码头 渔业 茶园
    果园 牧场 湿地 草原 沙漠 冰川 火山 海岸 湖泊 公园 广场 车站 地铁 高铁 航班 港区 仓库 物流 快递 超市 银行
    保险 债券 股市 汇率 税收 补贴 贷款 房价 租金 医生 护士 病人 药品 诊所 疫情 实验室 论文 期刊 教授 院士
    作家 诗人 画家 演员 导演 电影 小说 戏剧 歌剧 博览会 运动员 冠军 联赛 球场 马拉松 机器人 芯片 软件 网络
    平台 算法 数据库 无人机 火箭 探测器 望远镜 化石 恐龙 考古 遗址 古城 寺庙 村庄 乡镇 农田 水稻 小麦 玉米`),
  verbs: split(`宣布 批准 推迟 开放 关闭 扩大 减少 增加 发现 启动 资助 批评 称赞 确认 发布 签署 完成 修复 测试 建设
    调整 改造 评估 监测 升级 取消 恢复 引进 出口 进口 收购 合并 投资 培训 招聘 支持 反对 讨论 考察 参观`),
  adjectives: split(`新的 当地的 全国的 传统的 现代的 重要的 大型的 小型的 公共的 私人的 临时的 长期的 国际的 地方的
    年度的 历史的 智能的 绿色的 数字的 农村的 城市的 沿海的`),
  places: split(`杭州 成都 西安 南京 苏州 青岛 厦门 昆明 大连 武汉 长沙 哈尔滨`),
  names: split(`王伟 李娜 张敏 刘洋 陈静 杨帆 赵磊 黄丽 周杰 吴芳`),
  clauses: ['{N}{V}了{A}{N}', '{P}的{N}{V}了{N}', '{X}{V}了{P}的{N}', '{A}{N}{V}{N}', '{Q}名{N}{V}了{N}'],
  phrases: ['在{P}', '{D}', '据{N}介绍', '今年', '目前', '近日'],
  conjunctions: ['，同时', '，但是', '，因此', '，并且'],
  dets: [''],
  units: ['人', '名游客', '吨', '公里', '户'],
  quote: '{X}说：“{C}。”',
};

/** The strings of the template chrome, per language. */
export interface Chrome {
  home: string; nav: string[]; search: string; login: string; subscribe: string;
  related: string; advertisement: string; share: string; shareTargets: string[];
  cookie: string; accept: string; reject: string; updated: (n: number, unit: 'h' | 'm') => string;
  views: (n: string) => string; comments: (n: number) => string; readMore: string; mostRead: string;
  newsletter: string; footer: (year: number) => string; footerLinks: string[]; by: string; published: string;
  tags: string; prev: string; next: string; helpful: string; edit: string; replies: (n: number) => string;
  addToCart: string; inStock: string; price: string; reviews: (n: number) => string;
}

export const CHROME: Record<SynthLang, Chrome> = {
  en: {
    home: 'Home', nav: ['World', 'Politics', 'Business', 'Science', 'Culture', 'Sport', 'Travel'], search: 'Search',
    login: 'Sign in', subscribe: 'Subscribe', related: 'Related articles', advertisement: 'Advertisement',
    share: 'Share this', shareTargets: ['Facebook', 'X', 'LinkedIn', 'Email', 'Copy link'],
    cookie: 'We use cookies to improve your experience and to show you personalised ads. By continuing to browse you agree to our cookie policy.',
    accept: 'Accept all', reject: 'Manage settings',
    updated: (n, u) => `Updated ${n} ${u === 'h' ? (n === 1 ? 'hour' : 'hours') : 'minutes'} ago`,
    views: (n) => `${n} views`, comments: (n) => `${n} comments`, readMore: 'Read more', mostRead: 'Most read',
    newsletter: 'Get the best stories in your inbox every morning.',
    footer: (y) => `© ${y} Example Media Ltd. All rights reserved.`,
    footerLinks: ['About us', 'Contact', 'Privacy policy', 'Terms of use', 'Careers', 'Advertise'],
    by: 'By', published: 'Published', tags: 'Tags', prev: 'Previous', next: 'Next', helpful: 'Was this page helpful?',
    edit: 'Edit this page', replies: (n) => `${n} replies`, addToCart: 'Add to cart', inStock: 'In stock',
    price: 'Price', reviews: (n) => `${n} reviews`,
  },
  de: {
    home: 'Startseite', nav: ['Welt', 'Politik', 'Wirtschaft', 'Wissen', 'Kultur', 'Sport', 'Reisen'], search: 'Suche',
    login: 'Anmelden', subscribe: 'Abonnieren', related: 'Das könnte Sie auch interessieren', advertisement: 'Anzeige',
    share: 'Teilen', shareTargets: ['Facebook', 'X', 'WhatsApp', 'E-Mail', 'Link kopieren'],
    cookie: 'Wir verwenden Cookies, um Ihnen ein besseres Erlebnis zu bieten. Mit der Nutzung der Seite stimmen Sie der Datenschutzerklärung zu.',
    accept: 'Alle akzeptieren', reject: 'Einstellungen',
    updated: (n, u) => `Aktualisiert vor ${n} ${u === 'h' ? (n === 1 ? 'Stunde' : 'Stunden') : 'Minuten'}`,
    views: (n) => `${n} Aufrufe`, comments: (n) => `${n} Kommentare`, readMore: 'Weiterlesen', mostRead: 'Meistgelesen',
    newsletter: 'Die wichtigsten Nachrichten jeden Morgen in Ihrem Postfach.',
    footer: (y) => `© ${y} Beispiel Medien GmbH. Alle Rechte vorbehalten.`,
    footerLinks: ['Über uns', 'Kontakt', 'Datenschutz', 'Impressum', 'Karriere', 'Werbung'],
    by: 'Von', published: 'Veröffentlicht', tags: 'Schlagworte', prev: 'Zurück', next: 'Weiter', helpful: 'War diese Seite hilfreich?',
    edit: 'Seite bearbeiten', replies: (n) => `${n} Antworten`, addToCart: 'In den Warenkorb', inStock: 'Auf Lager',
    price: 'Preis', reviews: (n) => `${n} Bewertungen`,
  },
  fr: {
    home: 'Accueil', nav: ['Monde', 'Politique', 'Économie', 'Sciences', 'Culture', 'Sport', 'Voyage'], search: 'Rechercher',
    login: 'Se connecter', subscribe: "S'abonner", related: 'À lire aussi', advertisement: 'Publicité',
    share: 'Partager', shareTargets: ['Facebook', 'X', 'LinkedIn', 'E-mail', 'Copier le lien'],
    cookie: 'Nous utilisons des cookies pour améliorer votre expérience. En poursuivant votre navigation, vous acceptez notre politique de confidentialité.',
    accept: 'Tout accepter', reject: 'Paramétrer',
    updated: (n, u) => `Mis à jour il y a ${n} ${u === 'h' ? (n === 1 ? 'heure' : 'heures') : 'minutes'}`,
    views: (n) => `${n} vues`, comments: (n) => `${n} commentaires`, readMore: 'Lire la suite', mostRead: 'Les plus lus',
    newsletter: 'Recevez chaque matin l’essentiel de l’actualité.',
    footer: (y) => `© ${y} Exemple Médias SA. Tous droits réservés.`,
    footerLinks: ['Qui sommes-nous', 'Contact', 'Confidentialité', 'Mentions légales', 'Recrutement', 'Publicité'],
    by: 'Par', published: 'Publié le', tags: 'Mots-clés', prev: 'Précédent', next: 'Suivant', helpful: 'Cette page vous a-t-elle aidé ?',
    edit: 'Modifier cette page', replies: (n) => `${n} réponses`, addToCart: 'Ajouter au panier', inStock: 'En stock',
    price: 'Prix', reviews: (n) => `${n} avis`,
  },
  zh: {
    home: '首页', nav: ['国际', '政治', '财经', '科技', '文化', '体育', '旅游'], search: '搜索',
    login: '登录', subscribe: '订阅', related: '相关文章', advertisement: '广告',
    share: '分享到', shareTargets: ['微信', '微博', 'QQ空间', '邮件', '复制链接'],
    cookie: '本网站使用Cookie来改善您的浏览体验。继续浏览即表示您同意我们的隐私政策。',
    accept: '全部接受', reject: '管理设置',
    updated: (n, u) => `${n}${u === 'h' ? '小时' : '分钟'}前更新`,
    views: (n) => `阅读 ${n}`, comments: (n) => `评论 ${n}`, readMore: '阅读全文', mostRead: '热门排行',
    newsletter: '每天早上把精选新闻发送到您的邮箱。',
    footer: (y) => `© ${y} 示例传媒有限公司 版权所有`,
    footerLinks: ['关于我们', '联系我们', '隐私政策', '用户协议', '加入我们', '广告服务'],
    by: '作者', published: '发布于', tags: '标签', prev: '上一页', next: '下一页', helpful: '本页内容对您有帮助吗？',
    edit: '编辑本页', replies: (n) => `${n} 条回复`, addToCart: '加入购物车', inStock: '有货',
    price: '价格', reviews: (n) => `${n} 条评价`,
  },
};
