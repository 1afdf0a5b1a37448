/**
 * Puts a rendered first screen into the built app's index.html: the markup inside #root, the
 * payload the client hydrates from, and the page's own title, description and share preview
 * (Open Graph and Twitter cards, so a link pasted into KakaoTalk or X shows what it points to).
 */
export interface RenderedPage {
  html: string;
  payload: string;
  preview: { title: string; description: string; image: string };
  /** The route chunk's source module (the build manifest's key), or null. */
  module: string | null;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/**
 * What the page needs of a route chunk beyond the entry: its stylesheets (linked, so the server's
 * markup is styled at first paint) and its JS with the chunks it imports (preloaded, so hydration
 * need not wait for a second round of requests). The entry's own are in index.html already.
 */
export function routeAssets(manifest: Manifest, module: string | null): string[] {
  const entry = manifest['index.html'];
  if (!module || !manifest[module] || !entry) return [];
  const loaded = new Set<string>();
  const walk = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const dep of manifest[key]!.imports ?? []) walk(dep, into);
  };
  walk('index.html', loaded);
  const needed = new Set<string>();
  walk(module, needed);
  const css = new Set<string>();
  const js: string[] = [];
  for (const key of needed) {
    if (loaded.has(key)) continue;
    js.push(manifest[key]!.file);
    for (const file of manifest[key]!.css ?? []) css.add(file);
  }
  return [
    ...[...css].map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
    ...js.map((f) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${f}">`),
  ];
}

const escapeAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The page paints from its HTML and CSS alone; its scripts only hydrate what is already on screen.
 * They are fetched at low priority so they never compete with the stylesheets and the first card
 * image (a high-priority script also counts as blocking the first paint in Lighthouse's model).
 */
function lowerScriptPriority(html: string): string {
  return html
    .replace(
      /<script type="module" crossorigin src=/g,
      '<script type="module" crossorigin fetchpriority="low" src=',
    )
    .replace(
      /<link rel="modulepreload" crossorigin href=/g,
      '<link rel="modulepreload" crossorigin fetchpriority="low" href=',
    );
}

/** `origin` is the app's public origin (APP_URL), for the absolute URLs previews need. */
export function fillTemplate(
  template: string,
  page: RenderedPage,
  origin: string,
  path: string,
  manifest: Manifest = {},
): string {
  const { title, description, image } = page.preview;
  // React puts the resources it wants early (the LCP image's preload) at the start of the markup;
  // they belong in <head>, where the browser finds them before anything else.
  const hoisted = /^(?:<link [^>]*>)+/.exec(page.html)?.[0] ?? '';
  const markup = page.html.slice(hoisted.length);
  const imageUrl = image ? new URL(image, origin).href : '';
  const url = new URL(path, origin).href;
  const meta = [
    `<link rel="canonical" href="${escapeAttr(url)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="포카마켓" />`,
    `<meta property="og:locale" content="ko_KR" />`,
    `<meta property="og:title" content="${escapeAttr(title)}" />`,
    `<meta property="og:description" content="${escapeAttr(description)}" />`,
    `<meta property="og:url" content="${escapeAttr(url)}" />`,
    ...(imageUrl ? [`<meta property="og:image" content="${escapeAttr(imageUrl)}" />`] : []),
    `<meta name="twitter:card" content="${imageUrl ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${escapeAttr(title)}" />`,
    `<meta name="twitter:description" content="${escapeAttr(description)}" />`,
    ...(imageUrl ? [`<meta name="twitter:image" content="${escapeAttr(imageUrl)}" />`] : []),
    ...routeAssets(manifest, page.module),
    ...(hoisted ? [hoisted] : []),
  ].join('\n    ');
  let out = lowerScriptPriority(template)
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeAttr(title)}</title>`)
    .replace(
      /<meta\s+name="description"[\s\S]*?\/>/,
      () => `<meta name="description" content="${escapeAttr(description)}" />`,
    )
    .replace('</head>', () => `    ${meta}\n  </head>`);
  const root = '<div id="root"></div>';
  if (!out.includes(root)) throw new Error('index.html has no empty #root');
  out = out.replace(
    root,
    () =>
      `<div id="root">${markup}</div>\n    <script type="application/json" id="first-screen">${page.payload}</script>`,
  );
  return out;
}
