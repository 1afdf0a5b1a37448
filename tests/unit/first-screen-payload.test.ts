/**
 * The first-screen payload and page (docs/first-visit.md): what the server embeds must come back
 * as it was (Maps and Sets included), record text must never end the <script> element or open
 * markup, and the page template must take any text ($ signs, quotes, markup) literally.
 */
import { describe, expect, it } from 'vitest';
import { decodePayload, encodePayload, readKey } from '@/data/live/payload.ts';
import { fillTemplate, routeAssets, type Manifest } from '../../server/ssr/page.ts';

describe('the payload', () => {
  it('round-trips reads, Maps and Sets, the clock and the day', () => {
    const payload = {
      reads: {
        [readKey('photoCards', [{ sort: 'latest', limit: 20 }])]: [{ id: 'a', likeCount: 3 }],
        [readKey('publicProfiles', [['u1']])]: new Map([['u1', { id: 'u1', name: '팬' }]]),
        [readKey('pendingKeys', [])]: new Set(['likes/x']),
        [readKey('photoCard', ['missing'])]: null,
      },
      now: 1_790_000_000_000,
      today: '2026-11-24',
    };
    const back = decodePayload(encodePayload(payload));
    expect(back).toEqual(payload);
    expect(back?.reads[readKey('publicProfiles', [['u1']])]).toBeInstanceOf(Map);
    expect(back?.reads[readKey('pendingKeys', [])]).toBeInstanceOf(Set);
  });

  it('cannot end its script element or open markup, whatever a post says', () => {
    const text = '</script><script>alert(1)</script><!-- \u2028';
    const encoded = encodePayload({ reads: { k: [{ description: text }] }, now: 0, today: '' });
    expect(encoded).not.toMatch(/<\/script|<!--|<script/i);
    expect(encoded).not.toContain('\u2028');
    const back = decodePayload(encoded);
    expect((back?.reads.k as Array<{ description: string }>)[0]!.description).toBe(text);
  });

  it('refuses what is not a payload', () => {
    expect(decodePayload('not json')).toBeNull();
    expect(decodePayload('{"reads":{}}')).toBeNull();
    expect(decodePayload('[]')).toBeNull();
  });
});

const TEMPLATE = `<!doctype html><html><head>
<title>포카마켓</title>
<meta
  name="description"
  content="old"
/>
</head><body><div id="root"></div></body></html>`;

describe('the page', () => {
  const page = {
    html: '<p>$& $1 $$ price</p>',
    payload: '{"reads":{}}',
    preview: {
      title: 'A "quoted" <b>card</b> $&',
      description: 'x & y',
      image: '/api/files/a/b/c.png',
    },
    module: null,
  };

  it('puts the markup, payload and preview in, taking every text literally', () => {
    const out = fillTemplate(TEMPLATE, page, 'https://poca.example', '/exchangeDetail/abc');
    expect(out).toContain('<div id="root"><p>$& $1 $$ price</p></div>');
    expect(out).toContain(
      '<script type="application/json" id="first-screen">{"reads":{}}</script>',
    );
    expect(out).toContain('<title>A &quot;quoted&quot; &lt;b&gt;card&lt;/b&gt; $&amp;</title>');
    expect(out).toContain('<meta name="description" content="x &amp; y" />');
    expect(out).not.toContain('content="old"');
    expect(out).toContain(
      '<meta property="og:image" content="https://poca.example/api/files/a/b/c.png" />',
    );
    expect(out).toContain(
      '<link rel="canonical" href="https://poca.example/exchangeDetail/abc" />',
    );
  });

  it('keeps a page nobody may see out of search (noindex), and only that one', () => {
    const hidden = fillTemplate(
      TEMPLATE,
      { ...page, preview: { ...page.preview, noindex: true } },
      'https://a.b',
      '/publicBook/abc',
    );
    expect(hidden).toContain('<meta name="robots" content="noindex" />');
    expect(fillTemplate(TEMPLATE, page, 'https://a.b', '/')).not.toContain('name="robots"');
  });

  it('moves the resources React hoists (an image preload) from the markup into <head>', () => {
    const preload = '<link rel="preload" as="image" href="/a.png" fetchPriority="high"/>';
    const out = fillTemplate(
      TEMPLATE,
      { ...page, html: `${preload}<main>x</main>` },
      'https://a.b',
      '/',
    );
    expect(out).toContain('<div id="root"><main>x</main></div>');
    expect(out.indexOf(preload)).toBeLessThan(out.indexOf('</head>'));
  });

  it("links the route chunk's CSS and loads its JS with the entry, not what the entry has", () => {
    const manifest: Manifest = {
      'index.html': { file: 'assets/index.js', imports: ['_shared.js'], css: ['assets/index.css'] },
      '_shared.js': { file: 'assets/shared.js' },
      'src/home.tsx': {
        file: 'assets/home.js',
        imports: ['_shared.js', '_tile.js'],
        css: ['assets/home.css'],
      },
      '_tile.js': { file: 'assets/tile.js', css: ['assets/tile.css'] },
    };
    expect(routeAssets(manifest, 'src/home.tsx')).toEqual({
      css: ['/assets/home.css', '/assets/tile.css'],
      js: ['/assets/home.js', '/assets/tile.js'],
    });
    expect(routeAssets(manifest, null)).toEqual({ css: [], js: [] });
    expect(routeAssets(manifest, 'src/unknown.tsx')).toEqual({ css: [], js: [] });
  });

  it('requests the scripts only once the page has loaded, the entry last', () => {
    const template = TEMPLATE.replace(
      '</head>',
      '<script type="module" crossorigin src="/assets/index.js"></script>\n<link rel="modulepreload" crossorigin href="/assets/shared.js">\n</head>',
    );
    const manifest: Manifest = {
      'index.html': { file: 'assets/index.js', imports: ['_shared.js'] },
      '_shared.js': { file: 'assets/shared.js' },
      'src/home.tsx': { file: 'assets/home.js', css: ['assets/home.css'] },
    };
    const out = fillTemplate(
      template,
      { ...page, module: 'src/home.tsx' },
      'https://a.b',
      '/',
      manifest,
    );
    expect(out).not.toContain('<script type="module"');
    expect(out).not.toContain('rel="modulepreload"');
    expect(out).toContain('<link rel="stylesheet" crossorigin href="/assets/home.css">');
    const loader = /<script>addEventListener\('load',[\s\S]*?<\/script>/.exec(out)?.[0] ?? '';
    expect(loader).toContain('["/assets/shared.js","/assets/home.js"]');
    expect(loader).toContain('s.src="/assets/index.js"');
    // and once the first contentful paint is on screen (a page can load before it paints)
    expect(loader).toContain("'first-contentful-paint'");
    expect(out.indexOf(loader)).toBeGreaterThan(out.indexOf('<div id="root">'));
  });

  it('puts the stylesheets in the page when it can read them, the route ones linked without applying', () => {
    const template = TEMPLATE.replace(
      '</head>',
      '<link rel="stylesheet" crossorigin href="/assets/index.css">\n</head>',
    );
    const manifest: Manifest = {
      'index.html': { file: 'assets/index.js' },
      'src/home.tsx': { file: 'assets/home.js', css: ['assets/home.css', 'assets/gone.css'] },
    };
    const files: Record<string, string> = {
      '/assets/index.css': 'body{color:red}',
      '/assets/home.css': '.a::after{content:"</style><script>"}',
    };
    const out = fillTemplate(
      template,
      { ...page, module: 'src/home.tsx' },
      'https://a.b',
      '/',
      manifest,
      (href) => files[href] ?? null,
    );
    // the entry's: inline only
    expect(out).toContain('<style>body{color:red}</style>');
    expect(out).not.toContain('href="/assets/index.css"');
    // a route's: inline, and linked for print so the client does not load it again
    expect(out).toContain('<style>.a::after{content:"<\\/style><script>"}</style>');
    expect(out).toContain(
      '<link rel="stylesheet" crossorigin href="/assets/home.css" media="print">',
    );
    // one that cannot be read stays a plain link
    expect(out).toContain('<link rel="stylesheet" crossorigin href="/assets/gone.css">');
    expect(out.match(/<\/style>/g)).toHaveLength(2);
  });
});
