/**
 * Paint first, then fetch and run the JavaScript (ADR 020).
 *
 * Remix's `<Scripts>` writes `<link rel="modulepreload">` for every chunk of the page and an async module
 * script that imports them and hydrates. A browser fetches those at high priority next to the stylesheet and
 * the fonts, and when the chunks arrive before it has painted (a fast link, or a repeat visit served from the
 * cache) it evaluates ~115 KB of JavaScript and hydrates before the first paint: on a slow phone that is a
 * blank screen for the length of the hydration. The server-rendered HTML is complete without JavaScript, so
 * the page does not need it to be seen.
 *
 * `paintFirst` rewrites that part of the server's HTML: the modulepreload links and the module script go into
 * two inert `<template>`s (nothing in a template is fetched or run), kept exactly where they were, and a small
 * nonce'd loader puts their content back in place after the first contentful paint (PerformanceObserver
 * "paint"; a frame later where paint timing is missing; at once in a hidden tab; at the latest after
 * `BOOT_TIMEOUT_MS`, or at the first key or pointer press). The DOM is then exactly what Remix rendered, so
 * hydration matches, and the inline context script (which the streamed loader data needs while the page
 * parses) stays outside the templates and runs as before.
 */

export const BOOT_LINKS_ID = "dalil-boot-links";
export const BOOT_MODULE_ID = "dalil-boot-module";
/** The latest the loader waits for a paint that never comes (a page with nothing contentful). */
export const BOOT_TIMEOUT_MS = 4000;

const LOADER =
  `(function(){var me=document.currentScript,done=!1;function ` +
  `boot(){if(done)return;done=!0;["${BOOT_LINKS_ID}","${BOOT_MODULE_ID}"].forEach(function(id){var ` +
  `t=document.getElementById(id);t&&t.replaceWith(document.importNode(t.content,!0))});me&&me.remove()}` +
  `["pointerdown","keydown"].forEach(function(e){addEventListener(e,boot,{once:!0,capture:!0})});` +
  `setTimeout(boot,${BOOT_TIMEOUT_MS});if(document.visibilityState==="hidden")return ` +
  `boot();try{if(PerformanceObserver.supportedEntryTypes.indexOf("paint")<0)throw 0;new ` +
  `PerformanceObserver(function(l){l.getEntriesByName("first-contentful-paint").length&&boot()})` +
  `.observe({type:"paint",buffered:!0})}catch(e){requestAnimationFrame(function(){setTimeout(boot,0)})}})();`;

const FIRST_PRELOAD = '<link rel="modulepreload"';
const MODULE_MARKER = 'type="module"';
const MODULE_SCRIPT = /<script\b[^>]*\btype="module"[^>]*>[\s\S]*?<\/script>/;
const ONLY_LINKS = /^(?:<link rel="modulepreload"[^>]*\/?>)+$/;

/**
 * The rewritten HTML, or null when `html` does not (yet) hold the whole of Remix's script block: the
 * modulepreload links, immediately followed by the context `<script>`, then the module script.
 */
export function paintFirst(html: string, nonce: string | undefined): string | null {
  const linksStart = html.indexOf(FIRST_PRELOAD);
  if (linksStart < 0) return null;
  const contextStart = html.indexOf("<script", linksStart);
  if (contextStart < 0) return null;
  const links = html.slice(linksStart, contextStart);
  if (!ONLY_LINKS.test(links)) return null;
  const contextEnd = html.indexOf("</script>", contextStart);
  if (contextEnd < 0) return null;
  const afterContext = contextEnd + "</script>".length;
  const module = MODULE_SCRIPT.exec(html.slice(afterContext));
  if (!module || module.index !== 0) return null;
  const moduleEnd = afterContext + module[0].length;
  const nonceAttr = nonce ? ` nonce="${nonce}"` : "";
  return (
    html.slice(0, linksStart) +
    `<template id="${BOOT_LINKS_ID}">${links}</template>` +
    html.slice(contextStart, afterContext) +
    `<template id="${BOOT_MODULE_ID}">${module[0]}</template>` +
    `<script${nonceAttr}>${LOADER}</script>` +
    html.slice(moduleEnd)
  );
}

/** Upper bound on what is held back while looking for the script block; past it the page passes unchanged. */
const MAX_BUFFER = 1 << 21;

/**
 * `paintFirst` over a streamed page: decodes and holds the text back until the script block has gone by (it
 * is in the shell, which React writes in one go), rewrites it, then passes the rest through as bytes.
 */
export function paintFirstStream(
  body: ReadableStream<Uint8Array>,
  nonce: string | undefined,
): ReadableStream<Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let pending = "";
  let bytesIn = 0;
  let tail: Uint8Array = new Uint8Array(0); // the last few input bytes: a character the decoder has not finished
  let passing = false;
  // where to look next: each chunk is scanned once, not the whole page again
  let scanFrom = 0;
  let moduleAt = -1;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        if (passing) {
          controller.enqueue(chunk);
          return;
        }
        bytesIn += chunk.length;
        tail = chunk.length >= 4 ? chunk.slice(chunk.length - 4) : concat(tail, chunk).slice(-4);
        pending += decoder.decode(chunk, { stream: true });
        if (moduleAt < 0) {
          moduleAt = pending.indexOf(MODULE_MARKER, Math.max(0, scanFrom - MODULE_MARKER.length));
          scanFrom = moduleAt < 0 ? pending.length : moduleAt;
        }
        let ready = false;
        if (moduleAt >= 0) {
          ready = pending.indexOf("</script>", Math.max(moduleAt, scanFrom - 9)) >= 0;
          scanFrom = pending.length;
        }
        if (!ready && pending.length <= MAX_BUFFER) return;
        const rewritten = (ready && paintFirst(pending, nonce)) || pending;
        const out = encoder.encode(rewritten);
        controller.enqueue(out);
        // what we added is ASCII (one byte a character): the input bytes the decoder still holds (the start
        // of a character cut by the chunk's end) are those not accounted for by the text, sent on as they are
        const held = bytesIn - (out.length - (rewritten.length - pending.length));
        if (held > 0) controller.enqueue(tail.slice(tail.length - held));
        pending = "";
        passing = true;
      },
      flush(controller) {
        if (passing) return;
        const rest = pending + decoder.decode();
        if (rest) controller.enqueue(encoder.encode(rest));
      },
    }),
  );
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
