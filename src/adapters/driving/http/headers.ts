import type { RequestHandler } from 'express';
import helmet from 'helmet';
import { routeOf } from './routes.js';

const EXPOSED_HEADERS = 'Retry-After, RateLimit, RateLimit-Policy';

const HTML_ONLY = {
  // Headers that only steer how browsers treat HTML documents say nothing for JSON.
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
} as const;

// A JSON API loads nothing, so its answers may load nothing either.
const apiHelmet = helmet({
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  crossOriginResourcePolicy: { policy: 'cross-origin' },
  referrerPolicy: { policy: 'no-referrer' },
  ...HTML_ONLY,
});

// The pages load their own scripts, styles, images and fonts, and call their own origin; nothing from elsewhere.
const pageHelmet = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'none'"],
      scriptSrc: ["'self'"],
      // Swagger UI sets style attributes.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      frameAncestors: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'none'"],
    },
  },
  crossOriginResourcePolicy: { policy: 'cross-origin' },
  referrerPolicy: { policy: 'no-referrer' },
  ...HTML_ONLY,
});

/**
 * The headers step: helmet's security headers (the pages' policy on static
 * pages, the API's everywhere else), CORS for any origin, and no caching; the
 * static step sets its own caching.
 */
export const headers: RequestHandler = (req, res, next) => {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
  res.setHeader('Cache-Control', 'no-store');
  (routeOf(res).kind === 'docs' ? pageHelmet : apiHelmet)(req, res, next);
};
