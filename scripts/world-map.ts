/**
 * `npm run world-map`: draws the land of the world (Natural Earth 1:110m from world-atlas,
 * a build-time dependency only) in the Natural Earth projection and writes
 *  - public/images/world-map.svg: the land as one path, a static image the page loads lazily;
 *  - app/components/sections/world-map-offices.ts: each office's pin, projected the same way.
 * No map code or map data reaches the browser as JavaScript. A unit test fails when the
 * committed files and this script disagree.
 */
import fs from "node:fs";
import path from "node:path";
import { geoNaturalEarth1, geoPath } from "d3-geo";
import { feature } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import type { MultiPolygon, Polygon } from "geojson";
import { contactPage, officeCity } from "../app/content/company-pages";

export const mapSize = { width: 1000, height: 440 } as const;
export const mapSvgPath = path.resolve("public/images/world-map.svg");
export const officesModulePath = path.resolve("app/components/sections/world-map-offices.ts");

function projection() {
  // Fitted to the inhabited latitudes: Antarctica and the high Arctic would only take room.
  return geoNaturalEarth1().fitExtent(
    [
      [8, 8],
      [mapSize.width - 8, mapSize.height - 8],
    ],
    {
      type: "Polygon",
      coordinates: [
        [
          [-179.9, -57],
          [179.9, -57],
          [179.9, 84],
          [0, 84],
          [-179.9, 84],
          [-179.9, -57],
        ],
      ],
    },
  );
}

function land(): MultiPolygon {
  const file = path.resolve("node_modules/world-atlas/land-110m.json");
  const topology = JSON.parse(fs.readFileSync(file, "utf8")) as Topology<{ land: GeometryCollection }>;
  const collection = feature(topology, topology.objects.land);
  const polygons = collection.features.flatMap((f) => {
    const g = f.geometry as Polygon | MultiPolygon;
    return g.type === "Polygon" ? [g.coordinates] : g.coordinates;
  });
  // Antarctica (every point south of 60° S) is left out.
  return {
    type: "MultiPolygon",
    coordinates: polygons.filter((rings) => rings[0]!.some(([, lat]) => lat! > -60)),
  };
}

export function worldMapSvg(): string {
  const d = geoPath(projection()).digits(0)(land());
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${mapSize.width} ${mapSize.height}" ` +
    `width="${mapSize.width}" height="${mapSize.height}">` +
    `<path fill="#9fb8dc" d="${d}"/></svg>\n`
  );
}

export function officesModule(): string {
  const project = projection();
  const pins = contactPage.offices.map((o) => {
    const [x, y] = project([o.coordinates.lon, o.coordinates.lat])!;
    return `  { city: ${JSON.stringify(officeCity(o.city))}, x: ${x.toFixed(1)}, y: ${y.toFixed(1)} },`;
  });
  return [
    "// Written by `npm run world-map` (scripts/world-map.ts) from the offices in app/content/company-pages.ts.",
    `export const mapSize = { width: ${mapSize.width}, height: ${mapSize.height} } as const;`,
    "",
    "export const officePins = [",
    ...pins,
    "] as const;",
    "",
  ].join("\n");
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  fs.writeFileSync(mapSvgPath, worldMapSvg());
  fs.writeFileSync(officesModulePath, officesModule());
  console.log(`${mapSvgPath}: ${fs.statSync(mapSvgPath).size} bytes`);
}
