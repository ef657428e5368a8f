/**
 * Mail HTML is hostile: it is sanitised once, when stored, so no reader can forget it.
 * Gone: script/style/iframe/object/form and their content, every on* attribute, style
 * attributes (CSS can fetch and overlay), and any URL scheme but http(s)/mailto/tel
 * (images also cid: and data:). Links open in a new tab without the opener.
 */
import sanitizeHtml from 'sanitize-html';

const cell = ['colspan', 'rowspan', 'align', 'valign', 'width', 'height', 'bgcolor'];

const options: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'font', 'center', 'span', 'u', 's', 'h1', 'h2', 'del', 'ins'],
  allowedAttributes: {
    a: ['href', 'name', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    font: ['color', 'face', 'size'],
    table: ['border', 'cellpadding', 'cellspacing', 'width', 'align', 'bgcolor'],
    td: cell,
    th: cell,
    tr: ['align', 'valign', 'bgcolor'],
    p: ['align'],
    div: ['align'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'cid', 'data'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'head', 'iframe', 'object', 'template'],
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' } }),
  },
};

export const sanitizeMailHtml = (html: string): string => sanitizeHtml(html, options);

/** Plain text of (sanitised) HTML, for snippets and search. */
export const htmlToText = (html: string): string =>
  sanitizeHtml(html.replace(/<\/(p|div|br|li|tr|h\d)>/gi, '$&\n').replace(/<br\s*\/?>/gi, '\n'), {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'head'],
  })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\n{3,}/g, '\n\n')
    .trim();
