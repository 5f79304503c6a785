// Refuses cross-site form posts to the storefront (a form on another site
// posting to /auth signed the victim into the attacker's account). Browsers say where a
// request comes from in Sec-Fetch-Site, and older ones in Origin; a request with neither is
// not from a browser form on another site.
import type { NextFunction, Request, Response } from 'express';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * `exemptPrefixes`: paths that other sites post to on purpose (payment providers' webhooks and
 * returns) or that guard themselves (/graphql has its own CSRF prevention).
 */
export function refuseCrossSitePosts(options: { publicUrl: string; exemptPrefixes: string[] }) {
  const publicOrigin = new URL(options.publicUrl).origin;
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method) || options.exemptPrefixes.some((prefix) => req.path.startsWith(prefix))) {
      return next();
    }
    const site = req.get('sec-fetch-site');
    const origin = req.get('origin');
    const ownOrigin = `${req.protocol}://${req.get('host')}`;
    const crossSite = site
      ? site !== 'same-origin' && site !== 'none'
      : origin !== undefined && origin !== publicOrigin && origin !== ownOrigin;
    if (!crossSite) return next();
    res.status(403).type('text/plain').send('Cross-site form posts are not accepted.');
  };
}
