/**
 * Reports a form embed's height to the page that frames it (docs/public-site.md#states-and-fallbacks:
 * the frame grows past 600 px): the body's own height, not the viewport's, so
 * a frame never grows because it grew. It runs inside the sandboxed srcdoc
 * frame with the embed; such a document inherits the page's
 * Content-Security-Policy, so the gateway allows exactly this script by its
 * hash (gateway/src/plugins/security.ts). Change it and the hash follows.
 */
export const EMBED_HEIGHT_SCRIPT =
  '(function(){var b=document.body;function s(){parent.postMessage({height:Math.ceil(b.getBoundingClientRect().height)},"*")}' +
  'if(window.ResizeObserver)new ResizeObserver(s).observe(b);addEventListener("load",s);s()})()';
