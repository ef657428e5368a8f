/**
 * Marketplace buyer-seller messaging rules as a linter: what the marketplaces forbid in a
 * message to a buyer is found, named by a rule code and shown with the offending excerpt.
 * Errors refuse a template; warnings are shown and may be saved. Pure: the server runs it on
 * save, the web on every keystroke, auto-mails before every send.
 */
import { htmlLinkTargets, htmlToText } from './template-html';

export type LintLevel = 'error' | 'warning';
export type LintField = 'subject' | 'body';

export const LINT_RULES = {
  link: {
    name: { zh: '链接', en: 'Links' },
    level: 'error',
    zh: '不得包含链接或网址（任何站外或站内链接都会被平台拦截）',
    en: 'No links or web addresses: the marketplace blocks messages with any URL',
  },
  email: {
    name: { zh: '邮箱地址', en: 'E-mail addresses' },
    level: 'error',
    zh: '不得包含电子邮箱地址，请通过平台消息联系买家',
    en: 'No e-mail addresses: buyers are contacted through the marketplace only',
  },
  phone: {
    name: { zh: '电话号码', en: 'Phone numbers' },
    level: 'error',
    zh: '不得包含电话号码',
    en: 'No phone numbers',
  },
  externalContact: {
    name: { zh: '站外联系方式', en: 'Off-marketplace contact' },
    level: 'error',
    zh: '不得引导买家通过社交软件或站外渠道联系（WhatsApp、微信、Facebook 等）',
    en: 'No off-marketplace contact channels (WhatsApp, WeChat, Facebook, …)',
  },
  optOut: {
    name: { zh: '退订说明', en: 'Opt-out instructions' },
    level: 'error',
    zh: '不得包含退订或“不想收到邮件”等选择退出说明，退订由平台管理',
    en: 'No opt-out or unsubscribe instructions: the marketplace manages opt-outs',
  },
  positiveReview: {
    name: { zh: '索要好评', en: 'Asking for a positive review' },
    level: 'error',
    zh: '不得索要好评、五星或只邀请满意的买家评价',
    en: 'No asking for a positive or 5-star review, nor inviting only happy buyers to review',
  },
  reviewIncentive: {
    name: { zh: '以利益换评价', en: 'Review incentives' },
    level: 'error',
    zh: '不得以赠品、退款、折扣等换取评价',
    en: 'No gift, refund, discount or other incentive in exchange for a review',
  },
  removeReview: {
    name: { zh: '要求删改评价', en: 'Asking to remove a review' },
    level: 'error',
    zh: '不得要求买家删除或修改评价',
    en: 'No asking the buyer to remove or change a review',
  },
  externalMarketing: {
    name: { zh: '站外引流', en: 'Outside marketing' },
    level: 'error',
    zh: '不得引导买家访问站外网站、店铺或社交媒体',
    en: 'No sending buyers to an outside website, store or social media',
  },
  promotion: {
    name: { zh: '营销内容', en: 'Marketing content' },
    level: 'warning',
    zh: '疑似营销内容（促销、优惠码、新品推荐），买卖家消息仅限订单相关内容',
    en: 'Looks like marketing (promotions, coupon codes, other products): messages must be about the order',
  },
} as const satisfies Record<string, { name: { zh: string; en: string }; level: LintLevel; zh: string; en: string }>;

export type LintRule = keyof typeof LINT_RULES;
export const LINT_RULE_CODES = Object.keys(LINT_RULES) as LintRule[];

export interface LintIssue {
  rule: LintRule;
  level: LintLevel;
  field: LintField;
  /** The offending words with a little context, as the reader sees them. */
  excerpt: string;
  /** The match itself. */
  match: string;
}

/** The short name of a rule, shown where the rule code would otherwise be. */
export const lintRuleName = (issue: Pick<LintIssue, 'rule'>, lang: 'zh-CN' | 'en-US') =>
  lang === 'zh-CN' ? LINT_RULES[issue.rule].name.zh : LINT_RULES[issue.rule].name.en;

export const lintMessage = (issue: Pick<LintIssue, 'rule'>, lang: 'zh-CN' | 'en-US') =>
  lang === 'zh-CN' ? LINT_RULES[issue.rule].zh : LINT_RULES[issue.rule].en;

const TLD =
  'com|net|org|io|co|ly|me|info|biz|shop|store|site|online|app|link|page|xyz|top|club|us|uk|de|fr|it|es|nl|se|pl|jp|ca|au|sg|cn|eu|in|mx|br|tv|gl|gg';

interface Pattern {
  rule: LintRule;
  re: RegExp;
  /** A match is kept only when this answers true (e.g. enough digits for a phone number). */
  keep?: (m: string) => boolean;
}

const REVIEW = '(?:reviews?|feedback|ratings?|stars?|评价|评论|好评|留评)';
const INCENTIVE = String.raw`(?:free|gifts?|coupons?|discounts?|refunds?|rebates?|cash|vouchers?|rewards?|compensat\w*|gift\s*cards?|paypal|赠品|礼物|返现|退款|优惠券|折扣|红包)`;

/*
 * Backtracking: the text is linted with whitespace runs collapsed (see `normalise`), every
 * repeated group starts with a literal that ends the previous one, matches start only at the
 * beginning of a run (lookbehinds), and free-text gaps are bounded ({0,60}); a 20,000-character
 * adversarial body lints in milliseconds (messaging-rules.test.ts). The patterns are built
 * from the constant strings above, never from input.
 */
/* eslint-disable security/detect-unsafe-regex, security/detect-non-literal-regexp -- bounded and tested, see above */
const PATTERNS: Pattern[] = [
  { rule: 'email', re: /(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+/gi },
  {
    rule: 'link',
    re: new RegExp(
      String.raw`(?:\b(?:https?|ftp):\/\/\S+|\bwww\.\S+|(?<![\w.-])[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.(?:${TLD})\b(?:\/[^\s<]*)?)`,
      'gi',
    ),
    // "order.It ships": a mixed-case ending after a missing space is a sentence, not a domain.
    keep: (m) => {
      if (/^(?:https?|ftp):|^www\./i.test(m)) return true;
      const host = m.replace(/\/.*$/, '');
      const tld = host.slice(host.lastIndexOf('.') + 1);
      return tld === tld.toLowerCase() || tld === tld.toUpperCase();
    },
  },
  {
    rule: 'phone',
    re: /(?<![\d().+-])(?:\+|\b)\d[\d ().-]{5,22}\d\b/g,
    keep: (m) => {
      const digits = m.replace(/\D/g, '').length;
      return digits >= 7 && digits <= 15 && (m.startsWith('+') || /[ ().-]/.test(m) || digits >= 10);
    },
  },
  {
    rule: 'externalContact',
    re: /\b(?:whats\s?app|wechat|telegram|skype|viber|line\s+id|messenger|signal\s+app|text\s+us|call\s+us|dm\s+us)\b|微信|加我|私信/gi,
  },
  {
    rule: 'optOut',
    re: /\b(?:unsubscribe|opt[\s-]?out|reply\s+["']?stop|to\s+stop\s+receiving|no\s+longer\s+(?:wish|want)\s+to\s+receive|remove\s+you\s+from\s+(?:our|the)\s+(?:list|mailing))\b|退订|取消订阅/gi,
  },
  {
    rule: 'positiveReview',
    re: new RegExp(
      String.raw`\b(?:5|five)[\s-]*stars?\b|\b(?:positive|good|great|excellent|nice|favorable|favourable|glowing|5[\s-]?star)\s+(?:product\s+)?${REVIEW}|\bif\s+you\s+(?:are|were|feel)\s+(?:happy|satisfied|pleased)\b[^.!?\n]{0,80}\b${REVIEW}|\b${REVIEW}\b[^.!?\n]{0,60}\bif\s+you\s+(?:are|were)\s+(?:happy|satisfied|pleased)|五星|好评`,
      'gi',
    ),
  },
  {
    rule: 'reviewIncentive',
    re: new RegExp(
      String.raw`\b${INCENTIVE}\b[^.!?\n]{0,60}\b(?:for|in\s+exchange\s+for|after|once\s+you\s+(?:leave|write|post))\b[^.!?\n]{0,30}${REVIEW}|(?:in\s+exchange\s+for|after\s+(?:you\s+)?(?:leave|leaving|write|writing|post|posting))\s+(?:a\s+|an\s+|your\s+)?(?:honest\s+)?${REVIEW}[^.!?\n]{0,60}\b${INCENTIVE}\b|\b${REVIEW}\b[^.!?\n]{0,40}\b(?:and|to)\s+(?:get|receive|claim|enjoy)\b[^.!?\n]{0,30}\b${INCENTIVE}\b|(?:评价|好评|留评)[^。！？\n]{0,20}${INCENTIVE}|${INCENTIVE}[^。！？\n]{0,20}(?:评价|好评|留评)`,
      'gi',
    ),
  },
  {
    rule: 'removeReview',
    re: new RegExp(
      String.raw`\b(?:remov\w*|delet\w*|take\sdown|withdraw\w*|chang\w*|updat\w*|revis\w*|edit\w*|modif\w*|amend\w*|reconsider\w*)\s(?:(?:your|the|this|that|a|its)\s)?(?:(?:negative|bad|1[\s-]star|one[\s-]star|low)\s)?${REVIEW}|(?:删除|修改|撤销|撤回)(?:您的|你的)?(?:差评|评价|评论)`,
      'gi',
    ),
  },
  {
    rule: 'externalMarketing',
    re: /\b(?:visit|check\s+out|go\s+to|follow)\s+(?:us\s+on|our\s+(?:official\s+)?(?:website|web\s*site|site|online\s+store|store|shop|page|blog|instagram|facebook|channel))\b|\b(?:follow|like|join)\s+us\s+on\b|\b(?:facebook|instagram|twitter|tiktok|youtube|pinterest)\b|\b(?:newsletter|mailing\s+list)\b|官网|独立站/gi,
  },
  {
    rule: 'promotion',
    re: /\b(?:promo(?:tion(?:al)?)?\s*codes?|coupon\s*codes?|discount\s*codes?|\d{1,2}\s*%\s*off|flash\s+sale|black\s+friday|new\s+arrivals?|our\s+other\s+products|you\s+may\s+also\s+like|buy\s+(?:one|1)\s+get)\b|优惠码|折扣码|新品推荐/gi,
  },
];
/* eslint-enable security/detect-unsafe-regex, security/detect-non-literal-regexp */

/** Whitespace runs as one character (a line break wins), so no `\s+` ever backtracks far. */
const normalise = (s: string) => s.replace(/[^\S\n]+/g, ' ').replace(/ ?\n[\s]*/g, '\n');

/** Masks merge tags and order ids (3-7-7 digits) so they are never taken for phone numbers. */
const mask = (s: string) =>
  s
    .replace(/\{\{[^{}]*\}\}/g, (t) => ' '.repeat(t.length))
    .replace(/\b\d{3}-\d{7}-\d{7}\b/g, (t) => '#'.repeat(t.length))
    .replace(/\b\d{2}-\d{5}-\d{5}\b/g, (t) => '#'.repeat(t.length))
    .replace(/\b\d{4}[-./]\d{1,2}[-./]\d{1,2}\b|\b\d{1,2}[-./]\d{1,2}[-./]\d{4}\b/g, (t) => '#'.repeat(t.length));

const excerptOf = (text: string, start: number, end: number) => {
  const a = Math.max(0, start - 25);
  const b = Math.min(text.length, end + 25);
  return `${a > 0 ? '…' : ''}${text.slice(a, b).replace(/\s+/g, ' ').trim()}${b < text.length ? '…' : ''}`;
};

function lintText(raw: string, field: LintField): LintIssue[] {
  const text = normalise(raw);
  const masked = mask(text);
  const out: LintIssue[] = [];
  const taken: [number, number][] = [];
  for (const p of PATTERNS) {
    for (const m of masked.matchAll(p.re)) {
      const start = m.index;
      const end = start + m[0].length;
      if (p.keep && !p.keep(m[0])) continue;
      // An e-mail address is not also a link; a link's digits are not also a phone number.
      if ((p.rule === 'link' || p.rule === 'phone') && taken.some(([a, b]) => start < b && end > a)) continue;
      if (p.rule === 'email' || p.rule === 'link') taken.push([start, end]);
      const match = text.slice(start, end).trim();
      if (out.some((i) => i.rule === p.rule && i.match === match)) continue;
      out.push({ rule: p.rule, level: LINT_RULES[p.rule].level, field, excerpt: excerptOf(text, start, end), match });
    }
  }
  return out;
}

/**
 * Lints a template or message. `body` is the editor's HTML (links hidden in attributes count);
 * merge tags are ignored (their values are checked where they are rendered).
 */
export function lintTemplate(input: { subject?: string; body: string }): LintIssue[] {
  const issues = [...lintText(input.subject ?? '', 'subject'), ...lintText(htmlToText(input.body), 'body')];
  for (const href of htmlLinkTargets(input.body)) {
    if (href && !issues.some((i) => i.rule === 'link' && i.match === href))
      issues.push({ rule: 'link', level: 'error', field: 'body', excerpt: href.slice(0, 80), match: href });
  }
  const order = LINT_RULE_CODES;
  return issues.sort((a, b) =>
    a.level === b.level ? order.indexOf(a.rule) - order.indexOf(b.rule) : a.level === 'error' ? -1 : 1,
  );
}

export const lintErrors = (issues: LintIssue[]) => issues.filter((i) => i.level === 'error');
