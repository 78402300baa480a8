/**
 * The loader that makes a page start fetching its JavaScript only after its first paint (put in every page by post-render.ts). Its JavaScript is the islands entry (app/islands/entry.ts, decision 041) and the
 * chunks of the islands it holds, given by postbuild from the islands build's manifest (build/page-boot.json).
 *
 * Every page arrives as complete HTML with its CSS (its own sheet, linked render-blocking:
 * decision 085), so nothing visible depends on
 * JavaScript; hydration only adds behaviour. As React Router emits it, though, the page asks for
 * all its modules at once from <head> (a modulepreload link each, ~150 KB gzip) and on a slow
 * phone link those downloads share the line with everything the first paint needs. Here the
 * modulepreload links and the route-module script leave the initial parse: the script is kept
 * inert (a non-executing type) and a small inline loader, run once the browser has painted,
 * adds the script and then the preloads, one link per task (all of them before any module needs
 * them, so there is no import waterfall). Starting a fetch costs a phone's main thread a few
 * milliseconds at 4× CPU throttling: ten in one task were a long task of 45 to 100 ms after the
 * paint (decision 082), and before that, in one task with the script's, another.
 * Browsers without JavaScript never needed either.
 *
 * Until decision 061 the loader also enabled the full stylesheet after the first paint; each page's
 * CSS is now all there by the first paint (page-css.ts), so there is no stylesheet to wait for.
 */
/** The type the route-module script carries until the loader runs it. */
export const INERT_MODULE_TYPE = "text/x-module-after-paint";

/*
 * Runs once the browser reports its first paint (a paint-timing entry is delivered only after the
 * frame is presented, which an animation-frame callback is not). A tab opened in the background
 * paints, and so boots, when it is first shown. Browsers without paint timing boot after one frame.
 */
export const LOADER = `(function(){var done=false;function start(){if(done)return;done=true;var b=document.getElementById("rr-boot"),s=document.createElement("script");s.type="module";s.textContent=b.textContent;document.body.appendChild(s);var q=JSON.parse(b.getAttribute("data-preload"));function n(){var h=q.shift();if(h){var l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.appendChild(l);setTimeout(n,0)}}setTimeout(n,0)}var P=window.PerformanceObserver,t=P&&P.supportedEntryTypes;if(t&&t.indexOf("paint")>=0)new P(function(l,o){o.disconnect();setTimeout(start,0)}).observe({type:"paint",buffered:true});else requestAnimationFrame(function(){setTimeout(start,0)})})()`;
