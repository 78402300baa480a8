/**
 * The loader that makes a page start fetching its JavaScript and its full stylesheet only after its
 * first paint (put in every page by post-render.ts). Its JavaScript is the islands entry (app/islands/entry.ts, decision 041) and the
 * chunks of the islands it holds, given by postbuild from the islands build's manifest (build/page-boot.json).
 *
 * Every page arrives as complete HTML with its critical CSS inline, so nothing visible depends on
 * JavaScript; hydration only adds behaviour. As React Router emits it, though, the page asks for
 * all its modules at once from <head> (a modulepreload link each, ~150 KB gzip) and on a slow
 * phone link those downloads share the line with everything the first paint needs. Here the
 * modulepreload links and the route-module script leave the initial parse: the script is kept
 * inert (a non-executing type) and a small inline loader, run once the browser has painted,
 * adds the script and, in the next task, the preloads (all at once, so there is no import
 * waterfall). Starting ten fetches costs a phone's main thread tens of milliseconds (measured at
 * 4× CPU throttling): in one task with the script's, and the stylesheet's load event they run
 * in, it was one of the page's long tasks.
 * Browsers without JavaScript never needed either.
 *
 * The full stylesheet is the same story: the page's inline critical CSS already styles every
 * element it holds, and the sheet is there for widget states and client-side navigation. As
 * Beasties leaves it (media="print", switched on by a script of its own) it is still fetched at
 * once and shares the line with the document; here it is marked `disabled`, which a browser does
 * not fetch, and the loader enables it first and starts the modules once it has arrived (or after
 * 3 s), so that on a slow line the sheet does not share it with 150 KB of modules either: the
 * page's menus are styled before they are scripted. Its <noscript> twin serves browsers without
 * JavaScript.
 */
/** The type the route-module script carries until the loader runs it. */
export const INERT_MODULE_TYPE = "text/x-module-after-paint";

/*
 * Runs once the browser reports its first paint (a paint-timing entry is delivered only after the
 * frame is presented, which an animation-frame callback is not). A tab opened in the background
 * paints, and so boots, when it is first shown. Browsers without paint timing boot after one frame.
 */
export const LOADER = `(function(){var done=false;function start(){var b=document.getElementById("rr-boot"),s=document.createElement("script");s.type="module";s.textContent=b.textContent;document.body.appendChild(s);setTimeout(function(){JSON.parse(b.getAttribute("data-preload")).forEach(function(h){var l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.appendChild(l)})},0)}function boot(){if(done)return;done=true;var ls=document.querySelectorAll("link[data-after-paint]"),n=ls.length,go=false;function once(){if(!go){go=true;start()}}function one(){if(--n>0)return;once()}if(!n)return once();ls.forEach(function(l){l.onload=l.onerror=one;l.disabled=false;if(l.sheet)one()});setTimeout(once,3000)}var P=window.PerformanceObserver,t=P&&P.supportedEntryTypes;if(t&&t.indexOf("paint")>=0)new P(function(l,o){o.disconnect();setTimeout(boot,0)}).observe({type:"paint",buffered:true});else requestAnimationFrame(function(){setTimeout(boot,0)})})()`;
