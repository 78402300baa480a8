/** The colour theme: the visitor's choice, stored and put on <html> (see theme-toggle.tsx for the control). */

/** The visitor's colour theme: a fixed one, or the system's (nothing stored). */
export type ThemeChoice = "light" | "dark" | "system";

export const themeStorageKey = "colorTheme";

/** Fired on window when the choice changes, so every toggle on the page shows it. */
export const themeChangeEvent = "themechange";

/**
 * Runs in <head> before the first paint (hashed into the page's CSP like every inline script):
 * a stored light or dark choice goes on <html> as data-bs-theme, which the stylesheet's colour
 * rules follow, so the first paint already has the chosen theme. With no choice, or no
 * JavaScript, the stylesheet follows prefers-color-scheme by itself. data-theme-choice shows
 * the toggle (useless without JavaScript) and marks its current button from the first paint.
 */
export const themeHeadScript = `(function(){var d=document.documentElement,t;try{t=localStorage.getItem("${themeStorageKey}")}catch(e){}if(t==="light"||t==="dark")d.setAttribute("data-bs-theme",t);else t="system";d.setAttribute("data-theme-choice",t)})()`;

export function storedChoice(): ThemeChoice {
  try {
    const value = localStorage.getItem(themeStorageKey);
    return value === "light" || value === "dark" ? value : "system";
  } catch {
    return "system";
  }
}

/** Puts a choice on <html> and remembers it; "system" forgets the choice. */
export function applyTheme(choice: ThemeChoice) {
  const root = document.documentElement;
  if (choice === "system") root.removeAttribute("data-bs-theme");
  else root.setAttribute("data-bs-theme", choice);
  root.setAttribute("data-theme-choice", choice);
  try {
    if (choice === "system") localStorage.removeItem(themeStorageKey);
    else localStorage.setItem(themeStorageKey, choice);
  } catch {
    // Storage disabled: the choice lasts for this page only.
  }
  window.dispatchEvent(new Event(themeChangeEvent));
}
