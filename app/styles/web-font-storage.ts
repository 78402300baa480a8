/**
 * Names the brand face's head script shares with the page and the tests (web-font.ts), apart from
 * the font file's import so that Node can read them.
 */

/** The id of the <style> that holds the face, off (`media="not all"`) until the head script switches it on. */
export const webFontStyleId = "brand-face";
/** localStorage key: the hashed name of the face's file once this browser has fetched it. */
export const webFontStorageKey = "altiva.brandFace";
