/**
 * `npm run icons`: writes app/components/icon/sprite.svg, one <symbol> per name of
 * app/components/icon/names.ts, drawn from Font Awesome 6 (react-icons, a build-time
 * dependency only). A unit test fails when the committed sprite and this table disagree.
 */
import fs from "node:fs";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { IconType } from "react-icons";
import {
  FaArrowUp,
  FaArrowsRotate,
  FaBars,
  FaBell,
  FaBolt,
  FaBrain,
  FaCartShopping,
  FaCircleHalfStroke,
  FaChartLine,
  FaCloud,
  FaCode,
  FaCodeBranch,
  FaCubes,
  FaDatabase,
  FaDocker,
  FaEnvelope,
  FaEye,
  FaFacebookF,
  FaFileCode,
  FaGaugeHigh,
  FaGears,
  FaHeadset,
  FaInstagram,
  FaLaptopCode,
  FaLayerGroup,
  FaLinkedin,
  FaLinkedinIn,
  FaLock,
  FaMoon,
  FaMagnifyingGlassChart,
  FaMobileScreen,
  FaPhone,
  FaPlug,
  FaRightLeft,
  FaRobot,
  FaRocket,
  FaServer,
  FaShieldHalved,
  FaSun,
  FaTags,
  FaUsers,
  FaWhatsapp,
  FaWrench,
  FaXTwitter,
  FaXmark,
} from "react-icons/fa6";
import type { IconName } from "../app/components/icon/names";

const drawings: Record<IconName, IconType> = {
  "arrows-rotate": FaArrowsRotate,
  bell: FaBell,
  bolt: FaBolt,
  brain: FaBrain,
  cart: FaCartShopping,
  chart: FaChartLine,
  cloud: FaCloud,
  code: FaCode,
  branch: FaCodeBranch,
  cubes: FaCubes,
  database: FaDatabase,
  docker: FaDocker,
  eye: FaEye,
  "file-code": FaFileCode,
  gauge: FaGaugeHigh,
  gears: FaGears,
  headset: FaHeadset,
  laptop: FaLaptopCode,
  layers: FaLayerGroup,
  lock: FaLock,
  analytics: FaMagnifyingGlassChart,
  mobile: FaMobileScreen,
  plug: FaPlug,
  migrate: FaRightLeft,
  robot: FaRobot,
  rocket: FaRocket,
  server: FaServer,
  shield: FaShieldHalved,
  tags: FaTags,
  users: FaUsers,
  wrench: FaWrench,
  menu: FaBars,
  close: FaXmark,
  "arrow-up": FaArrowUp,
  envelope: FaEnvelope,
  phone: FaPhone,
  whatsapp: FaWhatsapp,
  facebook: FaFacebookF,
  instagram: FaInstagram,
  linkedin: FaLinkedin,
  "linkedin-in": FaLinkedinIn,
  "x-twitter": FaXTwitter,
  sun: FaSun,
  moon: FaMoon,
  "half-circle": FaCircleHalfStroke,
};

export const spritePath = path.resolve("app/components/icon/sprite.svg");

export function iconSprite(): string {
  const symbols = Object.entries(drawings).map(([name, drawing]) => {
    const svg = renderToStaticMarkup(createElement(drawing));
    const viewBox = /viewBox="([^"]+)"/.exec(svg)?.[1];
    const inner = /^<svg[^>]*>([\s\S]*)<\/svg>$/.exec(svg)?.[1];
    if (!viewBox || !inner) throw new Error(`icon-sprite: cannot read the drawing of "${name}"`);
    return `<symbol id="${name}" viewBox="${viewBox}">${inner}</symbol>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join("\n")}\n</svg>\n`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  fs.writeFileSync(spritePath, iconSprite());
  console.log(`icon-sprite: ${Object.keys(drawings).length} icons written to ${path.relative(".", spritePath)}`);
}
