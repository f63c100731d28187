import { createHash } from 'node:crypto';

/**
 * Server-rendered pages are readable before any script runs, so their scripts wait for the first
 * paint (decision 109): until then the stylesheet, the font and the hero picture have the connection to
 * themselves, and a phone on a slow network shows the page sooner. The client's entry and its
 * `modulepreload`s leave the head and are listed in a JSON element; this inline script adds them to the
 * head once the first contentful paint is recorded (or after 2 s, for a tab that paints nothing because
 * it is in the background).
 */
export const SCRIPTS_DATA_ID = 'app-scripts';

export interface AfterPaintScripts {
  /** the module entry, e.g. `/assets/index-AbCd12_-.js` */
  entry: string;
  /** chunks it imports, fetched alongside it */
  preload: string[];
}

// Plain ES5 in one line: it runs as written, before any bundle. Its hash is allowed by the
// Content-Security-Policy (an inline script is refused otherwise).
export const AFTER_PAINT_LOADER =
  '(function(){var d=JSON.parse(document.getElementById("' +
  SCRIPTS_DATA_ID +
  '").textContent),s=0;' +
  'function add(t,p){var e=document.createElement(t);e.crossOrigin="";for(var k in p)e[k]=p[k];document.head.appendChild(e)}' +
  'function load(){if(s)return;s=1;d.preload.forEach(function(h){add("link",{rel:"modulepreload",href:h})});add("script",{type:"module",src:d.entry})}' +
  'function later(){setTimeout(load,0)}' +
  'try{new PerformanceObserver(function(l,o){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();later()}}).observe({type:"paint",buffered:true})}' +
  'catch(e){requestAnimationFrame(later)}' +
  'setTimeout(load,2000)})();';

/** `'sha256-…'`: the source expression that lets the loader run under `script-src`. */
export const AFTER_PAINT_LOADER_HASH = `'sha256-${createHash('sha256').update(AFTER_PAINT_LOADER).digest('base64')}'`;
