import { mapSize, officePins } from "./world-map-offices";

/**
 * Our offices on a map of the world. The land is a static SVG drawn at build time from Natural
 * Earth data (scripts/world-map.ts), loaded lazily as an image and described by the list of
 * cities, which is real text placed over each office's position.
 */
export function WorldMap() {
  return (
    <figure className="world-map">
      <div className="world-map__canvas">
        <img
          src="/images/world-map.svg"
          alt=""
          width={mapSize.width}
          height={mapSize.height}
          loading="lazy"
          decoding="async"
          className="world-map__land"
        />
        <ul className="world-map__pins list-unstyled">
          {officePins.map((pin) => (
            <li
              key={pin.city}
              className={`world-map__pin${pin.x > mapSize.width * 0.7 ? " world-map__pin--left" : ""}`}
              style={{ left: `${(pin.x / mapSize.width) * 100}%`, top: `${(pin.y / mapSize.height) * 100}%` }}
            >
              {pin.city}
            </li>
          ))}
        </ul>
      </div>
      <figcaption className="world-map__caption">
        Our offices in{" "}
        {officePins
          .map((p) => p.city)
          .join(", ")
          .replace(/, ([^,]*)$/, " and $1")}
      </figcaption>
    </figure>
  );
}
