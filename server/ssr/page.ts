/**
 * Puts a rendered first screen into the built app's index.html: the markup inside #root, the
 * payload the client hydrates from, and the page's own title, description and share preview
 * (Open Graph and Twitter cards, so a link pasted into KakaoTalk or X shows what it points to).
 */
export interface RenderedPage {
  html: string;
  payload: string;
  /** `noindex`: a page kept out of search engines (a public book nobody may see). */
  preview: { title: string; description: string; image: string; noindex?: boolean };
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
 * markup is styled at first paint) and its JS with the chunks it imports (loaded with the entry,
 * so hydration need not wait for a second round of requests). The entry's own are in index.html.
 */
export function routeAssets(
  manifest: Manifest,
  module: string | null,
): { css: string[]; js: string[] } {
  const entry = manifest['index.html'];
  if (!module || !manifest[module] || !entry) return { css: [], js: [] };
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
    js.push(`/${manifest[key]!.file}`);
    for (const file of manifest[key]!.css ?? []) css.add(`/${file}`);
  }
  return { css: [...css], js };
}

const escapeAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/g;
const PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/**
 * The page paints from its HTML and CSS alone; its scripts only attach to what is already on
 * screen. So they are not in the way of the first paint: the entry and the chunks it needs are
 * requested by a small inline loader once the page has loaded (its stylesheets and first images)
 * and its first contentful paint is on screen (with its images at hand, a page can fire `load`
 * before it paints). A second after `load` at the latest: a tab in the background paints nothing,
 * and a browser without paint timing says nothing. Until then the page works as plain HTML
 * (links navigate). The entry goes first, its preloads follow four at a time, each batch a task
 * of its own (starting a fetch is not free on a phone). The precached shell the service worker
 * serves keeps Vite's tags as they are.
 */
function deferScripts(html: string, routeJs: string[]): string {
  const modules: string[] = [];
  const out = html
    .replace(SCRIPT, (_m, src: string) => {
      modules.unshift(src);
      return '';
    })
    .replace(PRELOAD, (_m, href: string) => {
      modules.push(href);
      return '';
    });
  if (!modules.length) return html;
  const [entry, ...preload] = [...modules, ...routeJs];
  const loader =
    `<script>addEventListener('load',function(){var d=0;function go(){if(d)return;d=1;` +
    `var s=document.createElement('script');s.type='module';s.crossOrigin='';` +
    `s.src=${JSON.stringify(entry)};document.head.appendChild(s);` +
    `var p=${JSON.stringify(preload)};(function more(){p.splice(0,4).forEach(function(h){` +
    `var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;` +
    `document.head.appendChild(l)});if(p.length)setTimeout(more,0)})()}` +
    `var f='first-contentful-paint';try{if(performance.getEntriesByName(f).length)go();` +
    `else new PerformanceObserver(function(l){l.getEntriesByName(f).length&&go()})` +
    `.observe({type:'paint'})}catch(e){}setTimeout(go,1000)},{once:true})</script>`;
  return out.replace('</body>', () => `  ${loader}\n  </body>`);
}

const ENTRY_CSS = /<link rel="stylesheet" crossorigin href="([^"]+)">\s*/g;

/** A stylesheet's text inside a <style> element: nothing in it may close the element. */
const styleText = (css: string) => css.replace(/<\/style/gi, '<\\/style');

/**
 * `origin` is the app's public origin (APP_URL), for the absolute URLs previews need.
 *
 * With `readCss` (a built file's text by its URL path, null when missing), the page's stylesheets
 * come inside the HTML (`<style>`), not as files: on a phone network each linked stylesheet is a
 * request the first paint waits for (ten of them on `/exchange`). The entry's stylesheet is then
 * not linked at all; each route stylesheet keeps a link that does not block the paint and does
 * not apply (`media="print"`): it is there so that the client, loading the route's chunk, finds
 * its CSS already on the page and does not add it a second time.
 */
export function fillTemplate(
  template: string,
  page: RenderedPage,
  origin: string,
  path: string,
  manifest: Manifest = {},
  readCss?: (href: string) => string | null,
): string {
  const { title, description, image } = page.preview;
  const assets = routeAssets(manifest, page.module);
  // React puts the resources it wants early (the LCP image's preload) at the start of the markup;
  // they belong in <head>, where the browser finds them before anything else.
  const hoisted = /^(?:<link [^>]*>)+/.exec(page.html)?.[0] ?? '';
  const markup = page.html.slice(hoisted.length);
  const imageUrl = image ? new URL(image, origin).href : '';
  const url = new URL(path, origin).href;
  const meta = [
    ...(page.preview.noindex ? ['<meta name="robots" content="noindex" />'] : []),
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
    ...assets.css.map((f) => {
      const css = readCss?.(f);
      return css == null
        ? `<link rel="stylesheet" crossorigin href="${f}">`
        : `<style>${styleText(css)}</style><link rel="stylesheet" crossorigin href="${f}" media="print">`;
    }),
    ...(hoisted ? [hoisted] : []),
  ].join('\n    ');
  const inlined = readCss
    ? template.replace(ENTRY_CSS, (tag: string, href: string) => {
        const css = readCss(href);
        return css == null ? tag : `<style>${styleText(css)}</style>\n    `;
      })
    : template;
  let out = deferScripts(inlined, assets.js)
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
