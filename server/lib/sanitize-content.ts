// Rich text written by staff (content pages, product and category descriptions) in an editor:
// keep structure and links, drop scripts, styles, event handlers and anything that could run in
// the shopper's browser. Shared by content and catalogue, so it belongs to neither.
import sanitizeHtml from 'sanitize-html';
import { CONTENT_ALLOWED_ATTRIBUTES, CONTENT_ALLOWED_SCHEMES, CONTENT_ALLOWED_TAGS } from '../../common/content/content-rules';

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...CONTENT_ALLOWED_TAGS],
  allowedAttributes: Object.fromEntries(Object.entries(CONTENT_ALLOWED_ATTRIBUTES).map(([tag, names]) => [tag, [...names]])),
  allowedSchemes: [...CONTENT_ALLOWED_SCHEMES],
  transformTags: {
    // Links that open a new tab must not give the new page a handle on this one.
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
};

export function sanitizeContent(html: string): string {
  return sanitizeHtml(html, SANITIZE_OPTIONS);
}
