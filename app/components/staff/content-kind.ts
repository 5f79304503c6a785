// Which content tab a URL is: /staff/content (banners), .../announcements, .../testimonials.
export type ContentKind = 'banner' | 'announcementModal' | 'testimonial';

export function contentKindOf(url: URL): ContentKind {
  if (url.pathname.endsWith('/announcements')) return 'announcementModal';
  if (url.pathname.endsWith('/testimonials')) return 'testimonial';
  return 'banner';
}
