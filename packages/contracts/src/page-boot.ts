/**
 * The events that mean a visitor is acting on a public page: each comes before
 * the click, key or typing it announces (frontends/public-shell/src/pages/hydration.ts).
 */
export const INTERACTION_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

/** The attribute the loader puts on a button pressed before the page was live; the page presses it again once it is. */
export const REPLAY_CLICK_ATTRIBUTE = 'data-replay-click';

/**
 * Every public page loads its script with this inline loader instead of a
 * `<script type="module">` tag:
 * - with `data-now` (a page that changes by itself) it runs the entry
 *   (`data-src`) as soon as the document is parsed, like a module script tag;
 * - otherwise, at the window's `load` event (after the first paint and the
 *   hero image) it preloads the entry and the page's modules (`data-preload`,
 *   space-separated), one a task so none blocks a tap for long: fetched and
 *   compiled, not run; at the visitor's first touch, key press or focus it
 *   runs the entry and marks `<html data-acted>`, so the page hydrates at once.
 * Until the page is live (`<html data-live>`), nothing the visitor does is lost
 * or sent the wrong way: a form's submission is held (never sent natively,
 * which would put the fields in a URL) and its button, like a button that
 * does nothing without script, gets REPLAY_CLICK_ATTRIBUTE; the live page
 * presses it again. The addresses are attributes, so the text is the same for
 * every build, and the gateway allows exactly this script by its hash
 * (gateway/src/plugins/security.ts). Change it and the hash follows.
 */
export const PAGE_BOOT_SCRIPT =
  '(function(){var s=document.currentScript,h=document.documentElement,o={capture:true,passive:true},' +
  `t=${JSON.stringify(INTERACTION_EVENTS)},p=0,d=0;` +
  'function add(e){document.head.appendChild(e)}' +
  'function live(){return h.hasAttribute("data-live")}' +
  'function mark(b){if(b)b.setAttribute(' + JSON.stringify(REPLAY_CLICK_ATTRIBUTE) + ',"")}' +
  'function preload(){if(p)return;p=1;var q=(s.getAttribute("data-src")+" "+(s.getAttribute("data-preload")||"")).split(" ");' +
  '(function next(){var u=q.shift();if(u){var l=document.createElement("link");l.rel="modulepreload";l.href=u;add(l)}if(q.length)setTimeout(next)})()}' +
  'function run(){var m=document.createElement("script");m.type="module";m.src=s.getAttribute("data-src");add(m)}' +
  'function go(e){if(e)h.setAttribute("data-acted","");if(d)return;d=1;t.forEach(function(n){removeEventListener(n,go,o)});' +
  'if(document.readyState==="loading")addEventListener("DOMContentLoaded",run);else run()}' +
  'function k(e){if(live())return removeEventListener("click",k,true);' +
  'var b=e.target instanceof Element&&e.target.closest("button");if(b&&(b.type==="button"||!b.form))mark(b)}' +
  'function f(e){if(live())return removeEventListener("submit",f,true);e.preventDefault();mark(e.submitter);go(e)}' +
  't.forEach(function(n){addEventListener(n,go,o)});addEventListener("click",k,true);addEventListener("submit",f,true);' +
  'if(s.hasAttribute("data-now"))go();else if(document.readyState==="complete")preload();else addEventListener("load",preload)})()';
