// What makes a message spam: measured on the messages in test/data/ (test/submissions/spam-rule.test.ts prints
// the rates). Links alone never do it. A message is read as a reader would see it (fullwidth letters
// folded, invisible characters dropped, "hxxp" and "[.]" undone), its links are counted (scheme,
// www., bare domains, markdown, HTML and BBCode links alike), and it is weighed: what spam says
// (offers of SEO, loans, casinos…), links to the sender's own sites, and tricks no customer uses,
// against what customers write about (their car, its noises, an appointment). Decision record 031.

/** A score at or above this is spam. */
export const SPAM_SCORE = 4;

/** Where customers share photos, videos, maps and parts from: a link there is not a sign of spam. */
const SHARING_HOSTS =
  /(?:^|\.)(?:google\.com|goo\.gl|app\.goo\.gl|youtube\.com|youtu\.be|imgur\.com|dropbox\.com|icloud\.com|amazon\.com|ebay\.com|rockauto\.com|autozone\.com|advanceautoparts\.com|oreillyauto\.com|nhtsa\.gov|carfax\.com|carmax\.com|facebook\.com|instagram\.com|tiktok\.com|vimeo\.com|flickr\.com|onedrive\.live\.com|1drv\.ms)$/;

/** Top-level domains that spam uses far more than the businesses and people a customer links to. */
const SPAMMY_TLDS =
  /\.(?:xyz|top|online|site|shop|store|club|click|link|live|ru|cn|tk|ml|ga|cf|gq|pw|bid|loan|win|vip|icu|buzz|work)$/;

// A bare domain: labels, then one of the top-level domains people actually see in messages.
const BARE_DOMAIN =
  /(?<![@\w.-])(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:com|net|org|info|biz|io|co|me|us|ly|gl|app|dev|xyz|top|online|site|shop|store|club|click|link|live|ru|cn|tk|ml|ga|cf|gq|pw|bid|loan|win|vip|icu|buzz|work|uk|ca|de|in|example)(?![\w-])(?:\/[^\s<>"'\])]*)?/g;
const SCHEME_OR_WWW = /\b(?:https?:\/\/|www\.)[^\s<>"'\])]+/g;

/** Markup a contact form's visitor never types: HTML anchors and forum (BBCode) links. */
const FORUM_OR_HTML_LINK = /<a\s[^>]*href|\[url[=\]]/i;

type WeightedTerm = [pattern: RegExp, weight: number];

// What spam offers or asks, as it says it. Weight 3: nearly only spam says it; 1: a hint. Each
// group counts once per different phrase of it, twice at most ("loans… no collateral" is two).
const SPAM_TERMS: WeightedTerm[] = [
  [/\bseo\b/, 3],
  [/\bback ?links?\b|\bdo-?follow\b|\bguest post|\bsponsored (?:article|post)/, 3],
  [/\brank(?:ing)? (?:#?1|on (?:the )?first page|strategy)|\bfirst page of google\b|\brank #?1\b/, 3],
  [
    /\b(?:digital|email|video) marketing\b|\bmarketing (?:agency|campaigns?)\b|\blead generation\b|\bqualified leads\b/,
    3,
  ],
  [/\bweb ?design|\bredesign your (?:web)?site\b|\bmobile apps?\b|\bchatbot\b|\bplugin\b|\blogo\b/, 3],
  [/\bcasino|\bfree spins\b|\bslots?\b|\bbetting\b|\bjackpot\b/, 3],
  [/\bbitcoin|\bcrypto|\bforex\b|\bdouble your money\b|\binvest(?:ors?|ment)?\b/, 3],
  [/\bloans?\b|\bpayday\b|\bcredit check\b|\bmerchant cash\b|\bfunding\b|\bcollateral\b/, 3],
  [/\bviagra|\bcialis|\bpills?\b|\bpharmacy\b|\bweight loss\b|\bketo\b/, 3],
  [/\bsingles\b|\bdating\b|\bhook ?up\b/, 3],
  [/\bfollowers\b|\binstagram likes\b|\b(?:google )?reviews? to 5 stars\b|\bincrease your (?:google )?reviews\b/, 3],
  [
    /\bgift card\b|\bcongratulations\b|\byou have been selected\b|\bclaim (?:here|now|your)\b|\binheritance\b|\bmillion usd\b/,
    3,
  ],
  [/\bdear (?:sir|madam|business owner|webmaster)|\bdear sir\/madam\b|\bhello dear\b/, 3],
  [/\bmanufacturer\b|\bsupplier\b|\bquotation\b|\bmoq\b|\bprice list\b|\bcatalog(?:ue)?\b/, 3],
  [/\breplica\b|\bjerseys\b|\bsunglasses\b|\bessays?\b|\bfree movies\b|\bwatch series\b/, 3],
  [/\bvirtual assistant\b|\bemails? (?:list|for sale)\b|\bdomain name\b|\bada compliant\b|\blawsuit\b/, 3],
  [/\bwhats ?app\b|\btelegram\b|\bt\.me\//, 2],
  [/\bverify your (?:listing|account)\b|\bsuspended\b|\bconfirm your bank\b|\bpending payment\b|\bbank details\b/, 3],
  [/\bearn \$|\$\d[\d,]* (?:a|per) (?:week|day|hour|review)\b|\bget paid\b|\bfrom home\b/, 3],
  [/\bfree (?:trial|audit|report)\b|\bproposal\b|\bsend (?:you )?examples\b|\bportfolio\b/, 2],
  // How a pitch introduces itself; customers ask ("can you…"), sellers offer.
  [
    /\bour (?:developers|agency|team of|services|company|experts)\b|\bwe (?:offer|help|build|provide|specialize|are (?:a|an) (?:leading|professional))\b|\bwould you be interested\b|\bfor (?:auto repair |small )?(?:shops|businesses)\b/,
    2,
  ],
  [
    /\b(?:your|this) (?:web)?site\b|\byour business\b|\bwebsite traffic\b|\bmore traffic\b|\bmore (?:customers|leads|sales)\b/,
    1,
  ],
  [
    /\bclick (?:here|now)\b|\bbest (?:prices|deals)\b|\bbuy now\b|\border now\b|\bapply now\b|\blimited (?:time|spots)\b|\b\d+% off\b|!!!/,
    2,
  ],
  [/\bguaranteed\b|\b100% real\b|\bundetectable\b|\bno credit\b|\binstant delivery\b/, 2],
  [/\bdeals?\b|\bdiscount\b|\bfree shipping\b|\bcheap\b|\bbonus\b|\boffers?\b/, 1],
];

// What customers of a repair shop write about. Each distinct one counts against spam, up to a cap:
// the vocabulary is there to keep customers' messages safe, not to excuse a sales pitch.
const CUSTOMER_TERMS: RegExp[] = [
  /\b(?:car|cars|vehicle|van|truck|suv|pickup|minivan)\b/,
  /\bbrakes?\b|\brotors?\b|\bpads\b|\bcalipers?\b/,
  /\boil (?:change|leak)\b|\bsynthetic\b|\bfilter\b/,
  /\bengine\b|\btransmission\b|\bbattery\b|\balternator\b|\bstarter\b|\bradiator\b|\bcoolant\b|\bthermostat\b/,
  /\btires?\b|\balignment\b|\bsteering\b|\bsuspension\b|\bstruts?\b|\bshocks?\b|\bwheel\b/,
  /\bexhaust\b|\bmuffler\b|\bcatalytic\b|\bemissions\b|\binspection\b|\bmva\b|\brecall\b/,
  /\bnoise\b|\bsqueal|\bgrind|\bclunk|\bwhine|\brattle|\bleak|\bshakes?\b|\bpulls?\b|\bwon'?t start\b|\bdied\b/,
  /\bcheck engine\b|\bdash(?:board)?\b|\blight (?:came|is|keeps)\b|\btpms\b|\bac\b|\ba\/c\b|\bheater\b/,
  /\bmiles\b|\bmileage\b|\bmph\b|\b\d{2,3}k\b/,
  /\b(?:19[89]\d|20[0-3]\d)\b/,
  /\b(?:honda|toyota|ford|chevy|chevrolet|nissan|subaru|jeep|kia|hyundai|mazda|vw|volkswagen|ram|dodge|gmc|bmw|audi|lexus|acura|buick|prius|camry|corolla|civic|accord|odyssey|pilot|silverado|escape|explorer|focus|altima|outback|sorento|elantra|jetta|sienna|rav4|cr-v)\b/,
  /\bappointment\b|\bschedule\b|\bdrop (?:it )?off\b|\bpick (?:it )?up\b|\btow(?:ed|ing)?\b|\bwait while\b|\bloaner\b|\bshuttle\b/,
  /\bestimate\b|\bquote\b|\bdiagnos|\brepair\b|\bfix(?:ed|ing)?\b|\bmechanic\b|\bdealer(?:ship)?\b|\blabor\b|\bparts?\b/,
  /\bphotos?\b|\bpictures?\b|\bpics\b|\bvideo\b|\bmap\b|\blisting\b|\bpart number\b/,
];
const CUSTOMER_TERMS_CAP = 4;

/** The message as a reader sees it: fullwidth folded (NFKC), invisible characters gone, defanged links undone. */
function asRead(message: string): string {
  return message
    .normalize("NFKC")
    .replace(/[\p{Default_Ignorable_Code_Point}]/gu, "")
    .toLowerCase()
    .replace(/\bhxxp(s?):\/\//g, "http$1://")
    .replace(/\[\.\]|\(\.\)|\{\.\}/g, ".");
}

/** Every link in text already read (asRead): with a scheme or www., and bare domains outside those. */
function linksIn(text: string): string[] {
  const withScheme = text.match(SCHEME_OR_WWW) ?? [];
  const bare = text.replace(SCHEME_OR_WWW, " ").match(BARE_DOMAIN) ?? [];
  return [...withScheme, ...bare];
}

function hostOf(link: string): string {
  const withoutScheme = link.replace(/^https?:\/\//, "");
  return withoutScheme.split(/[/?#:]/, 1)[0]!.replace(/^www\./, "");
}

export type SpamAssessment = {
  score: number;
  links: number;
  /** Links to hosts other than the big sharing sites customers use. */
  ownSiteLinks: number;
  /** Links only visible once the message is read as a reader sees it (fullwidth, hxxp, zero-width). */
  disguisedLinks: boolean;
};

/** How much a message reads like spam; `score >= SPAM_SCORE` is spam. */
export function assessMessage(message: string): SpamAssessment {
  const read = asRead(message);
  const links = linksIn(read);
  const plainLinks = linksIn(message.normalize("NFC").toLowerCase()).length;
  const disguisedLinks = links.length > plainLinks;
  const ownSite = links.filter((link) => !SHARING_HOSTS.test(hostOf(link)));
  const words = read
    .replace(SCHEME_OR_WWW, " ")
    .replace(BARE_DOMAIN, " ")
    .split(/[^\p{L}\p{N}'-]+/u)
    .filter((word) => /\p{L}/u.test(word));

  let score = 0;
  for (const [pattern, weight] of SPAM_TERMS) {
    const phrases = new Set(read.match(new RegExp(pattern.source, "g")) ?? []);
    score += weight * Math.min(phrases.size, 2);
  }
  // Links to the sender's own sites: one is a hint, many are a pitch, and a wall of them with fewer
  // than three words each is a link dump whatever the words (30 links padded with 10 words).
  score += Math.min(ownSite.length, 4);
  if (ownSite.length >= 3 && words.length < 3 * ownSite.length) score += 4;
  score += Math.min(ownSite.filter((link) => SPAMMY_TLDS.test(hostOf(link))).length, 3);
  if (disguisedLinks) score += 4;
  if (FORUM_OR_HTML_LINK.test(read)) score += 4;
  const customer = CUSTOMER_TERMS.filter((pattern) => pattern.test(read)).length;
  score -= Math.min(customer, CUSTOMER_TERMS_CAP);
  return { score, links: links.length, ownSiteLinks: ownSite.length, disguisedLinks };
}

export const isSpamMessage = (message: string) => assessMessage(message).score >= SPAM_SCORE;
