/**
 * Every icon the site draws, by the name content and components use. The drawings live in one
 * SVG sprite (sprite.svg, made from Font Awesome 6 by scripts/icon-sprite.ts), so no icon adds
 * to any page's JavaScript.
 */
export const iconNames = [
  // Content icons (services, technologies, the home grid).
  "arrows-rotate",
  "bell",
  "bolt",
  "brain",
  "cart",
  "chart",
  "cloud",
  "code",
  "branch",
  "cubes",
  "database",
  "docker",
  "eye",
  "file-code",
  "gauge",
  "gears",
  "headset",
  "laptop",
  "layers",
  "lock",
  "analytics",
  "mobile",
  "plug",
  "migrate",
  "robot",
  "rocket",
  "server",
  "shield",
  "tags",
  "users",
  "wrench",
  // Interface icons.
  "menu",
  "close",
  "arrow-up",
  "envelope",
  "phone",
  "whatsapp",
  "facebook",
  "instagram",
  "linkedin",
  "linkedin-in",
  "x-twitter",
  // The colour theme toggle: light, dark, system.
  "sun",
  "moon",
  "half-circle",
] as const;

export type IconName = (typeof iconNames)[number];
