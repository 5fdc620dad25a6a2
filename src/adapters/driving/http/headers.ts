import type { RequestHandler } from 'express';
import helmet from 'helmet';

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

// The API reference loads its own scripts, styles, images and fonts, and calls its own origin; nothing from elsewhere.
const docsHelmet = helmet({
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

// The playground (contract §10): its own origin only, and no inline script or style at all.
const playgroundHelmet = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'"],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'none'"],
    },
  },
  crossOriginResourcePolicy: { policy: 'same-origin' },
  referrerPolicy: { policy: 'no-referrer' },
});

/** Which security policy a route's answers carry. */
export type HeaderPolicy = 'api' | 'docs' | 'playground';

const HELMET_OF: Readonly<Record<HeaderPolicy, RequestHandler>> = { api: apiHelmet, docs: docsHelmet, playground: playgroundHelmet };

/**
 * The headers step, for a route of the given policy: helmet's security headers
 * (each page's own policy on the static pages, the API's everywhere else), CORS
 * for any origin, and no caching; the static step sets its own caching.
 */
export function headers(policy: HeaderPolicy): RequestHandler {
  const secure = HELMET_OF[policy];
  return (req, res, next) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    res.setHeader('Cache-Control', 'no-store');
    secure(req, res, next);
  };
}
