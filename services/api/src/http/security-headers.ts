/**
 * The Content-Security-Policy the server sends with every answer (page and API). The built page
 * loads only its own scripts, styles and fonts, talks only to its own origin, and shows perfume
 * pictures from the catalogue's many image hosts (any https address) and the scanner's preview
 * (blob: and data: URLs). Nothing may frame the page. Checked in Chromium by
 * `e2e/security.e2e.spec.ts`.
 */
export const CONTENT_SECURITY_POLICY: Record<string, string[]> = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  // Style attributes set from script (chart tooltips, virtualised grid offsets) are allowed; style
  // and script elements still come only from the site's own files.
  'style-src-elem': ["'self'"],
  'style-src-attr': ["'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'worker-src': ["'self'", 'blob:'],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};
